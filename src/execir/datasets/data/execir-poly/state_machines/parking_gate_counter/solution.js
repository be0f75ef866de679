const fs = require("fs");

function trackGate(events, capacity) {
  let occupancy = 0;
  let turnedAway = 0;
  let peak = 0;
  for (const event of events) {
    if (event === "in") {
      if (occupancy < capacity) {
        occupancy++;
        if (occupancy > peak) peak = occupancy;
      } else {
        turnedAway++;
      }
    } else if (event === "out" && occupancy > 0) {
      occupancy--;
    }
  }
  return [occupancy, turnedAway, peak];
}

const tokens = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean);
console.log(trackGate(tokens.slice(1), Number(tokens[0])).join(" "));
