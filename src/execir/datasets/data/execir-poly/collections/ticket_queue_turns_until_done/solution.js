const fs = require("fs");

function turnsUntilDone(tickets, k) {
  if (k < 0 || k >= tickets.length) return null;
  const queue = tickets.map((t, i) => [i, t]);
  let time = 0;
  while (queue.length > 0) {
    const [i, t] = queue.shift();
    time++;
    if (t === 1) {
      if (i === k) return time;
    } else {
      queue.push([i, t - 1]);
    }
  }
  return time;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const [n, k] = data;
const result = turnsUntilDone(data.slice(2, 2 + n), k);
console.log(result === null ? "invalid" : String(result));
