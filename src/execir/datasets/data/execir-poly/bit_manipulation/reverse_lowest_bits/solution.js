const fs = require("fs");

function reverseLowBits(n, width) {
  if (width < 1) return null;
  let result = 0;
  for (let i = 0; i < width; i++) {
    result = result * 2 + (n % 2);
    n = Math.floor(n / 2);
  }
  return result;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const q = data[0];
const out = [];
for (let i = 0; i < q; i++) {
  const result = reverseLowBits(data[1 + 2 * i], data[2 + 2 * i]);
  out.push(result === null ? "invalid" : String(result));
}
if (out.length) console.log(out.join("\n"));
