const fs = require("fs");

function firstIndex(values, target) {
  let lo = 0;
  let hi = values.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (values[mid] === target) {
      found = mid;
      hi = mid - 1;
    } else if (values[mid] < target) {
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const n = data[0];
const values = data.slice(1, 1 + n);
const out = data.slice(1 + n).map((target) => String(firstIndex(values, target)));
if (out.length) console.log(out.join("\n"));
