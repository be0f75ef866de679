const fs = require("fs");

function closestSquared(points) {
  let best = -1;
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const dx = points[i][0] - points[j][0];
      const dy = points[i][1] - points[j][1];
      const d = dx * dx + dy * dy;
      if (best < 0 || d < best) best = d;
    }
  }
  return best;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const points = [];
for (let i = 0; i < data[0]; i++) points.push([data[1 + 2 * i], data[2 + 2 * i]]);
console.log(closestSquared(points));
