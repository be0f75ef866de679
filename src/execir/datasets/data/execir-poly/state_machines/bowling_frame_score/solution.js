const fs = require("fs");

function bowlingScore(rolls) {
  const roll = (i) => (i < rolls.length ? rolls[i] : 0);
  let total = 0;
  let i = 0;
  for (let frame = 0; frame < 10 && i < rolls.length; frame++) {
    if (rolls[i] === 10) {
      total += 10 + roll(i + 1) + roll(i + 2);
      i += 1;
    } else if (roll(i) + roll(i + 1) === 10) {
      total += 10 + roll(i + 2);
      i += 2;
    } else {
      total += roll(i) + roll(i + 1);
      i += 2;
    }
  }
  return total;
}

const rolls = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
console.log(String(bowlingScore(rolls)));
