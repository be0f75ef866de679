const fs = require("fs");

function countSetBits(n) {
  if (n < 0) return -1;
  let count = 0;
  while (n !== 0) {
    n &= n - 1;
    count++;
  }
  return count;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean);
const q = Number(data[0]);
const out = [];
for (let i = 1; i <= q; i++) out.push(countSetBits(Number(data[i])));
if (out.length) console.log(out.join("\n"));
