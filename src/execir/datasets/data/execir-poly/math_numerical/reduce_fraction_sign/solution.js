const fs = require("fs");

function reduceFraction(num, den) {
  let a = Math.abs(num);
  let b = Math.abs(den);
  while (b !== 0) [a, b] = [b, a % b];
  num /= a;
  den /= a;
  if (den < 0) {
    num = -num;
    den = -den;
  }
  return [num, den];
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  const p = line.trim().split(/\s+/);
  if (p.length !== 2) continue;
  const num = Number(p[0]);
  const den = Number(p[1]);
  out.push(den === 0 ? "invalid" : reduceFraction(num, den).map(String).join("/"));
}
if (out.length) console.log(out.join("\n"));
