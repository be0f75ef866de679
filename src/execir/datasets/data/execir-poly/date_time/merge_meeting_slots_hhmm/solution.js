const fs = require("fs");

const toMinutes = (t) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const fmt = (m) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

function mergeSlots(slots) {
  slots.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged = [];
  for (const [start, end] of slots) {
    if (merged.length && start <= merged[merged.length - 1][1]) {
      merged[merged.length - 1][1] = Math.max(merged[merged.length - 1][1], end);
    } else {
      merged.push([start, end]);
    }
  }
  return merged;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean);
const n = Number(data[0]);
const slots = [];
for (let i = 0; i < n; i++) slots.push([toMinutes(data[1 + 2 * i]), toMinutes(data[2 + 2 * i])]);
const merged = mergeSlots(slots);
console.log(merged.length ? merged.map(([s, e]) => `${fmt(s)}-${fmt(e)}`).join("\n") : "none");
