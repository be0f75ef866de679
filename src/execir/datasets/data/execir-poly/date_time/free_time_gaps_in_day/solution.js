const fs = require("fs");

function freeGaps(busy, dayStart, dayEnd, minLength) {
  busy.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const gaps = [];
  let cursor = dayStart;
  for (const [start, end] of busy) {
    if (start - cursor >= minLength) gaps.push([cursor, start]);
    cursor = Math.max(cursor, end);
  }
  if (dayEnd - cursor >= minLength) gaps.push([cursor, dayEnd]);
  return gaps;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const [dayStart, dayEnd, minLength, n] = data;
const busy = [];
for (let i = 0; i < n; i++) busy.push([data[4 + 2 * i], data[5 + 2 * i]]);
const gaps = freeGaps(busy, dayStart, dayEnd, minLength);
console.log(gaps.length ? gaps.map((g) => g.join(" ")).join("\n") : "none");
