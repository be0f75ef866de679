const fs = require("fs");

function longestConsecutive(values) {
  const present = new Set(values);
  let best = 0;
  for (const v of present) {
    if (present.has(v - 1)) continue;
    let length = 1;
    while (present.has(v + length)) length++;
    best = Math.max(best, length);
  }
  return best;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
console.log(longestConsecutive(data.slice(1, 1 + data[0])));
