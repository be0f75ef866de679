const fs = require("fs");

function countTargetSubarrays(values, target) {
  const seen = new Map([[0, 1]]);
  let running = 0;
  let total = 0;
  for (const value of values) {
    running += value;
    total += seen.get(running - target) || 0;
    seen.set(running, (seen.get(running) || 0) + 1);
  }
  return total;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const [n, target] = data;
console.log(countTargetSubarrays(data.slice(2, 2 + n), target));
