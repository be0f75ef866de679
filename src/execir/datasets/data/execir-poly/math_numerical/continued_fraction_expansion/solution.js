const fs = require("fs");

function continuedFraction(p, q) {
  const terms = [];
  while (q !== 0) {
    const a = Math.floor(p / q);
    terms.push(a);
    [p, q] = [q, p - a * q];
  }
  return terms;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  const parts = line.trim().split(/\s+/);
  if (parts.length !== 2) continue;
  const p = Number(parts[0]);
  const q = Number(parts[1]);
  out.push(q > 0 ? continuedFraction(p, q).join(" ") : "invalid");
}
if (out.length) console.log(out.join("\n"));
