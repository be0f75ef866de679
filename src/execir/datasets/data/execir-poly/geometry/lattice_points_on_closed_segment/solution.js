const fs = require("fs");

function gcd(a, b) {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

function latticeCount(x1, y1, x2, y2) {
  return gcd(Math.abs(x2 - x1), Math.abs(y2 - y1)) + 1;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const out = [];
for (let i = 0; i < data[0]; i++) out.push(latticeCount(...data.slice(1 + 4 * i, 5 + 4 * i)));
if (out.length) console.log(out.join("\n"));
