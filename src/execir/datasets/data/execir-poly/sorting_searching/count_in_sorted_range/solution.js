const fs = require("fs");

function boundary(values, x, inclusive) {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (values[mid] < x || (inclusive && values[mid] === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function countInRange(values, low, high) {
  if (low > high) return 0;
  return boundary(values, high, true) - boundary(values, low, false);
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const n = data[0];
const values = data.slice(1, 1 + n);
const out = [];
for (let i = 1 + n; i + 1 < data.length; i += 2) {
  out.push(String(countInRange(values, data[i], data[i + 1])));
}
if (out.length) console.log(out.join("\n"));
