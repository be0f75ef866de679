const fs = require("fs");

function rotateLeft(n, k, width) {
  if (width <= 0) return 0;
  const mask = (1 << width) - 1;
  n &= mask;
  k %= width;
  return ((n << k) | (n >>> (width - k))) & mask;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const out = [];
for (let i = 0; i < data[0]; i++) {
  out.push(rotateLeft(data[1 + 3 * i], data[2 + 3 * i], data[3 + 3 * i]));
}
if (out.length) console.log(out.join("\n"));
