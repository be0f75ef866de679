const fs = require("fs");

function mergeSegments(segments) {
  const merged = [];
  for (const [start, end, label] of segments) {
    const last = merged[merged.length - 1];
    if (last && last[1] === start && last[2] === label) {
      last[1] = end;
    } else {
      merged.push([start, end, label]);
    }
  }
  return merged;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean);
const n = Number(data[0]);
const segments = [];
for (let i = 0; i < n; i++) segments.push([Number(data[1 + 3 * i]), Number(data[2 + 3 * i]), data[3 + 3 * i]]);
const merged = mergeSegments(segments);
console.log(merged.length ? merged.map((s) => s.join(" ")).join("\n") : "none");
