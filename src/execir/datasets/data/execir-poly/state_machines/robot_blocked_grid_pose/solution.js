const fs = require("fs");

const DX = [0, 1, 0, -1];
const DY = [1, 0, -1, 0];

function finalPose(commands, blocked) {
  let x = 0;
  let y = 0;
  let h = 0;
  for (const c of commands) {
    if (c === "L") h = (h + 3) % 4;
    else if (c === "R") h = (h + 1) % 4;
    else if (c === "F" && !blocked.has(`${x + DX[h]} ${y + DY[h]}`)) {
      x += DX[h];
      y += DY[h];
    }
  }
  return [x, y, "NESW"[h]];
}

const lines = fs.readFileSync(0, "utf8").split("\n");
const blocked = new Set();
for (const line of lines.slice(1)) {
  const p = line.trim().split(/\s+/);
  if (p.length === 2) blocked.add(`${Number(p[0])} ${Number(p[1])}`);
}
console.log(finalPose(lines[0], blocked).join(" "));
