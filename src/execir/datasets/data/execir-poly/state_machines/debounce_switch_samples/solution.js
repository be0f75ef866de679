const fs = require("fs");

function debounce(samples, initial, stable) {
  let output = initial;
  let candidate = initial;
  let streak = 0;
  const levels = [];
  for (const s of samples) {
    if (s === output) {
      streak = 0;
    } else if (s === candidate) {
      streak++;
    } else {
      candidate = s;
      streak = 1;
    }
    if (streak >= stable) {
      output = s;
      streak = 0;
    }
    levels.push(output);
  }
  return levels;
}

const tokens = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
console.log(debounce(tokens.slice(2), tokens[0], tokens[1]).join(" "));
