const fs = require("fs");

function lruHits(capacity, accesses) {
  if (capacity <= 0) return 0;
  const cache = new Map();
  let hits = 0;
  for (const key of accesses) {
    if (cache.has(key)) {
      hits++;
      cache.delete(key);
    } else if (cache.size >= capacity) {
      cache.delete(cache.keys().next().value);
    }
    cache.set(key, true);
  }
  return hits;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean);
const capacity = Number(data[0]);
const n = Number(data[1]);
console.log(lruHits(capacity, data.slice(2, 2 + n)));
