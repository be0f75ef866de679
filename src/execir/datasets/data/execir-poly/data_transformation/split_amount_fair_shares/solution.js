const fs = require("fs");

function splitAmount(amount, parts) {
  if (parts < 1 || amount < 0) return null;
  const base = Math.floor(amount / parts);
  const extra = amount % parts;
  return Array.from({ length: parts }, (_, i) => (i < extra ? base + 1 : base));
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const out = [];
for (let i = 0; i < data[0]; i++) {
  const shares = splitAmount(data[1 + 2 * i], data[2 + 2 * i]);
  out.push(shares === null ? "invalid" : shares.join(" "));
}
if (out.length) console.log(out.join("\n"));
