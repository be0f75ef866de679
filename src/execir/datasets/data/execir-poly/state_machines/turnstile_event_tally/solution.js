const fs = require("fs");

function tally(events) {
  let locked = true;
  let passes = 0;
  let alarms = 0;
  let wasted = 0;
  for (const event of events) {
    if (event === "coin") {
      if (locked) locked = false;
      else wasted++;
    } else if (event === "push") {
      if (locked) {
        alarms++;
      } else {
        passes++;
        locked = true;
      }
    }
  }
  return [passes, alarms, wasted];
}

const events = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean);
console.log(tally(events).join(" "));
