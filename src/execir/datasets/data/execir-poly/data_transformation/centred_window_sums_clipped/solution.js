const fs = require("fs");

function centredSums(values, radius) {
  const prefix = [0];
  for (const v of values) prefix.push(prefix[prefix.length - 1] + v);
  const n = values.length;
  const sums = [];
  for (let i = 0; i < n; i++) {
    const lo = Math.max(0, i - radius);
    const hi = Math.min(n - 1, i + radius);
    sums.push(prefix[hi + 1] - prefix[lo]);
  }
  return sums;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const [n, radius] = data;
console.log(radius < 0 ? "invalid" : centredSums(data.slice(2, 2 + n), radius).join(" "));
