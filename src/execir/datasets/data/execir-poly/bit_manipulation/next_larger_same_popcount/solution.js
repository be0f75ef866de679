const fs = require("fs");

function nextSamePopcount(n) {
  if (n <= 0) return 0;
  const lowest = n & -n;
  const ripple = n + lowest;
  const ones = ((ripple ^ n) >>> 2) / lowest;
  return (ripple | ones) >>> 0;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const out = [];
for (let i = 1; i <= data[0]; i++) out.push(nextSamePopcount(data[i]));
if (out.length) console.log(out.join("\n"));
