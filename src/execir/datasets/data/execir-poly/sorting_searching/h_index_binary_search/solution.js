const fs = require("fs");

function hIndex(citations) {
  const n = citations.length;
  let lo = 0;
  let hi = n - 1;
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (citations[mid] >= n - mid) hi = mid - 1;
    else lo = mid + 1;
  }
  return n - lo;
}

const tokens = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
console.log(String(hIndex(tokens.slice(1, 1 + tokens[0]))));
