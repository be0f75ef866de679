const fs = require("fs");

function modPow(base, exponent, modulus) {
  let result = 1 % modulus;
  base %= modulus;
  if (base < 0) base += modulus;
  while (exponent > 0) {
    if (exponent % 2 === 1) result = (result * base) % modulus;
    base = (base * base) % modulus;
    exponent = Math.floor(exponent / 2);
  }
  return result;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  const p = line.trim().split(/\s+/);
  if (p.length !== 3) continue;
  out.push(String(modPow(Number(p[0]), Number(p[1]), Number(p[2]))));
}
if (out.length) console.log(out.join("\n"));
