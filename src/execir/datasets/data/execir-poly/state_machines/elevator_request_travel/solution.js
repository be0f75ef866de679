const fs = require("fs");

function totalTravel(start, requests, lo, hi) {
  let current = start;
  let travelled = 0;
  for (const floor of requests) {
    if (floor < lo || floor > hi) continue;
    travelled += Math.abs(floor - current);
    current = floor;
  }
  return [travelled, current];
}

const tokens = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const [travelled, final] = totalTravel(tokens[0], tokens.slice(3), tokens[1], tokens[2]);
console.log(String(travelled));
console.log(String(final));
