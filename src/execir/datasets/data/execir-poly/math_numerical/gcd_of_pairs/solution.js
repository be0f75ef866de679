const fs = require("fs");

function gcd(a, b) {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b > 0) {
    [a, b] = [b, a % b];
  }
  return a;
}

const lines = fs.readFileSync(0, "utf8").split("\n");
const out = [];
for (const line of lines) {
  const parts = line.trim().split(/\s+/);
  if (parts.length !== 2) continue;
  out.push(String(gcd(Number(parts[0]), Number(parts[1]))));
}
if (out.length) console.log(out.join("\n"));
