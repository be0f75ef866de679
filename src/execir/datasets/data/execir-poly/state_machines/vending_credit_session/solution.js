const fs = require("fs");

function session(coins, price) {
  let credit = 0;
  let items = 0;
  let rejected = 0;
  for (const coin of coins) {
    if (coin !== 5 && coin !== 10 && coin !== 25) {
      rejected += coin;
      continue;
    }
    credit += coin;
    if (credit >= price) {
      items++;
      credit -= price;
    }
  }
  return [items, credit, rejected];
}

const tokens = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
console.log(session(tokens.slice(1), tokens[0]).join(" "));
