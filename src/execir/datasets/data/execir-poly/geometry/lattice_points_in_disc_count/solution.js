const fs = require("fs");

function isqrtExact(v) {
  let h = Math.floor(Math.sqrt(v));
  while (h * h > v) h--;
  while ((h + 1) * (h + 1) <= v) h++;
  return h;
}

function discPoints(r) {
  if (r < 0) return null;
  let total = 0;
  for (let x = -r; x <= r; x++) total += 2 * isqrtExact(r * r - x * x) + 1;
  return total;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const out = [];
for (let i = 1; i <= data[0]; i++) {
  const count = discPoints(data[i]);
  out.push(count === null ? "invalid" : String(count));
}
if (out.length) console.log(out.join("\n"));
