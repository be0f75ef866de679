const fs = require("fs");

const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

function halfHull(points) {
  const chain = [];
  for (const p of points) {
    while (chain.length >= 2 && cross(chain[chain.length - 2], chain[chain.length - 1], p) <= 0) chain.pop();
    chain.push(p);
  }
  chain.pop();
  return chain;
}

function convexHull(points) {
  const sorted = points.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const pts = sorted.filter((p, i) => i === 0 || p[0] !== sorted[i - 1][0] || p[1] !== sorted[i - 1][1]);
  if (pts.length <= 2) return pts;
  return halfHull(pts).concat(halfHull(pts.slice().reverse()));
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const points = [];
for (let i = 0; i < data[0]; i++) points.push([data[1 + 2 * i], data[2 + 2 * i]]);
const hull = convexHull(points);
console.log([String(hull.length), ...hull.map((p) => p.join(" "))].join("\n"));
