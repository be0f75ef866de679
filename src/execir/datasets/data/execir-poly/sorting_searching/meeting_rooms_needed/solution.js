const fs = require("fs");

function roomsNeeded(meetings) {
  const starts = meetings.map((m) => m[0]).sort((a, b) => a - b);
  const ends = meetings.map((m) => m[1]).sort((a, b) => a - b);
  let rooms = 0;
  let best = 0;
  let j = 0;
  for (const s of starts) {
    while (j < ends.length && ends[j] <= s) {
      j++;
      rooms--;
    }
    rooms++;
    if (rooms > best) best = rooms;
  }
  return best;
}

const tokens = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const meetings = [];
for (let i = 0; i < tokens[0]; i++) meetings.push([tokens[1 + 2 * i], tokens[2 + 2 * i]]);
console.log(String(roomsNeeded(meetings)));
