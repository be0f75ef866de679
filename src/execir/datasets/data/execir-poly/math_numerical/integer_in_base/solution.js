const fs = require("fs");

const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";

function toBase(n, base) {
  if (base < 2 || base > 36) return "invalid";
  if (n === 0) return "0";
  const sign = n < 0 ? "-" : "";
  n = Math.abs(n);
  let out = "";
  while (n > 0) {
    out = DIGITS[n % base] + out;
    n = Math.floor(n / base);
  }
  return sign + out;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  const p = line.trim().split(/\s+/);
  if (p.length === 2) out.push(toBase(Number(p[0]), Number(p[1])));
}
if (out.length) console.log(out.join("\n"));
