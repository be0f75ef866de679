const fs = require("fs");

function isSquare(points) {
  const dists = [];
  for (let i = 0; i < 4; i++) {
    for (let j = i + 1; j < 4; j++) {
      const dx = points[i][0] - points[j][0];
      const dy = points[i][1] - points[j][1];
      dists.push(dx * dx + dy * dy);
    }
  }
  dists.sort((a, b) => a - b);
  const side = dists[0];
  return side > 0 && dists[3] === side && dists[4] === dists[5] && dists[4] === 2 * side;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const out = [];
for (let i = 0; i < data[0]; i++) {
  const v = data.slice(1 + 8 * i, 9 + 8 * i);
  out.push(isSquare([[v[0], v[1]], [v[2], v[3]], [v[4], v[5]], [v[6], v[7]]]) ? "yes" : "no");
}
if (out.length) console.log(out.join("\n"));
