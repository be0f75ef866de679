const fs = require("fs");

function unionArea(x1, y1, x2, y2, x3, y3, x4, y4) {
  const [ax1, ax2] = [Math.min(x1, x2), Math.max(x1, x2)];
  const [ay1, ay2] = [Math.min(y1, y2), Math.max(y1, y2)];
  const [bx1, bx2] = [Math.min(x3, x4), Math.max(x3, x4)];
  const [by1, by2] = [Math.min(y3, y4), Math.max(y3, y4)];
  const width = Math.max(0, Math.min(ax2, bx2) - Math.max(ax1, bx1));
  const height = Math.max(0, Math.min(ay2, by2) - Math.max(ay1, by1));
  return (ax2 - ax1) * (ay2 - ay1) + (bx2 - bx1) * (by2 - by1) - width * height;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const out = [];
for (let i = 0; i < data[0]; i++) out.push(unionArea(...data.slice(1 + 8 * i, 9 + 8 * i)));
if (out.length) console.log(out.join("\n"));
