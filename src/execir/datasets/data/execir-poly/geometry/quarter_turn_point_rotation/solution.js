const fs = require("fs");

function rotateQuarters(x, y, k) {
  switch (((k % 4) + 4) % 4) {
    case 1: return [-y, x];
    case 2: return [-x, -y];
    case 3: return [y, -x];
    default: return [x, y];
  }
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const out = [];
for (let i = 0; i < data[0]; i++) {
  out.push(rotateQuarters(data[1 + 3 * i], data[2 + 3 * i], data[3 + 3 * i]).map((v) => String(v + 0)).join(" "));
}
if (out.length) console.log(out.join("\n"));
