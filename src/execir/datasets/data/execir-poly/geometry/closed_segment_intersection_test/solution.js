const fs = require("fs");

function orient(a, b, c) {
  return Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
}

function onBox(a, b, c) {
  return Math.min(a[0], b[0]) <= c[0] && c[0] <= Math.max(a[0], b[0])
    && Math.min(a[1], b[1]) <= c[1] && c[1] <= Math.max(a[1], b[1]);
}

function intersect(p1, p2, p3, p4) {
  const d1 = orient(p3, p4, p1);
  const d2 = orient(p3, p4, p2);
  const d3 = orient(p1, p2, p3);
  const d4 = orient(p1, p2, p4);
  if (d1 * d2 < 0 && d3 * d4 < 0) return true;
  return (d1 === 0 && onBox(p3, p4, p1)) || (d2 === 0 && onBox(p3, p4, p2))
    || (d3 === 0 && onBox(p1, p2, p3)) || (d4 === 0 && onBox(p1, p2, p4));
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const out = [];
for (let i = 0; i < data[0]; i++) {
  const v = data.slice(1 + 8 * i, 9 + 8 * i);
  out.push(intersect([v[0], v[1]], [v[2], v[3]], [v[4], v[5]], [v[6], v[7]]) ? "yes" : "no");
}
if (out.length) console.log(out.join("\n"));
