const fs = require("fs");

function fewestCoins(coins, amount) {
  const best = new Array(amount + 1).fill(-1);
  best[0] = 0;
  for (let total = 1; total <= amount; total++) {
    for (const coin of coins) {
      if (coin <= total && best[total - coin] >= 0) {
        const candidate = best[total - coin] + 1;
        if (best[total] < 0 || candidate < best[total]) best[total] = candidate;
      }
    }
  }
  return best[amount];
}

const lines = fs.readFileSync(0, "utf8").split("\n");
const coins = lines[0].trim().split(/\s+/).map(Number);
const out = [];
for (const line of lines.slice(1)) {
  if (line.trim() === "") continue;
  const count = fewestCoins(coins, Number(line));
  out.push(count < 0 ? "impossible" : String(count));
}
if (out.length) console.log(out.join("\n"));
