const fs = require("fs");

function decimalText(n, d) {
  const whole = Math.floor(n / d);
  let rest = n % d;
  if (rest === 0) return String(whole);
  let digits = "";
  const seen = new Map();
  while (rest !== 0 && !seen.has(rest)) {
    seen.set(rest, digits.length);
    rest *= 10;
    digits += String(Math.floor(rest / d));
    rest %= d;
  }
  if (rest === 0) return `${whole}.${digits}`;
  const start = seen.get(rest);
  return `${whole}.${digits.slice(0, start)}(${digits.slice(start)})`;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  const p = line.trim().split(/\s+/);
  if (p.length !== 2) continue;
  const n = Number(p[0]);
  const d = Number(p[1]);
  out.push(d > 0 && n >= 0 ? decimalText(n, d) : "invalid");
}
if (out.length) console.log(out.join("\n"));
