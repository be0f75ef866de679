const fs = require("fs");

function widestGap(n) {
  let best = 0;
  let gap = -1;
  while (n > 0) {
    if (n & 1) {
      if (gap > best) best = gap;
      gap = 0;
    } else if (gap >= 0) {
      gap++;
    }
    n >>>= 1;
  }
  return best;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const out = [];
for (let i = 1; i <= data[0]; i++) out.push(widestGap(data[i]));
if (out.length) console.log(out.join("\n"));
