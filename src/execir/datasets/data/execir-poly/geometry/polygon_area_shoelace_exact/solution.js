const fs = require("fs");

function twiceArea(points) {
  let total = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i];
    const [x2, y2] = points[(i + 1) % points.length];
    total += x1 * y2 - x2 * y1;
  }
  return Math.abs(total);
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const n = data[0];
const points = [];
for (let i = 0; i < n; i++) points.push([data[1 + 2 * i], data[2 + 2 * i]]);
const doubled = n >= 3 ? twiceArea(points) : 0;
console.log(`${Math.floor(doubled / 2)}.${doubled % 2 ? 5 : 0}`);
