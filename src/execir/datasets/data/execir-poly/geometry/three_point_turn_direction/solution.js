const fs = require("fs");

function turn(ax, ay, bx, by, cx, cy) {
  const cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx);
  if (cross > 0) return "left";
  if (cross < 0) return "right";
  return "straight";
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const out = [];
for (let i = 0; i < data[0]; i++) out.push(turn(...data.slice(1 + 6 * i, 7 + 6 * i)));
if (out.length) console.log(out.join("\n"));
