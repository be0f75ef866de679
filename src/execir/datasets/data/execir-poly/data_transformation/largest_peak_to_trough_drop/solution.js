const fs = require("fs");

function maxDrawdown(values) {
  let best = 0;
  let peak = -Infinity;
  for (const v of values) {
    if (v > peak) peak = v;
    if (peak - v > best) best = peak - v;
  }
  return best;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
console.log(maxDrawdown(data.slice(1, 1 + data[0])));
