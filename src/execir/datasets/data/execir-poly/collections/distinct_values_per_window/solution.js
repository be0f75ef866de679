const fs = require("fs");

function distinctPerWindow(items, k) {
  if (k < 1 || k > items.length) return null;
  const counts = new Map();
  const result = [];
  items.forEach((item, i) => {
    counts.set(item, (counts.get(item) || 0) + 1);
    if (i >= k) {
      const old = items[i - k];
      counts.set(old, counts.get(old) - 1);
      if (counts.get(old) === 0) counts.delete(old);
    }
    if (i >= k - 1) result.push(counts.size);
  });
  return result;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const [n, k] = data;
const result = distinctPerWindow(data.slice(2, 2 + n), k);
console.log(result === null ? "none" : result.join(" "));
