const fs = require("fs");

function mergeIntervals(intervals) {
  const ordered = [...intervals].sort((a, b) => a[0] - b[0]);
  const merged = [];
  for (const [start, end] of ordered) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) {
      if (end > last[1]) last[1] = end;
    } else {
      merged.push([start, end]);
    }
  }
  return merged;
}

const tokens = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const intervals = [];
for (let i = 0; i < tokens[0]; i++) intervals.push([tokens[1 + 2 * i], tokens[2 + 2 * i]]);
console.log(mergeIntervals(intervals).map(([s, e]) => `${s} ${e}`).join("\n"));
