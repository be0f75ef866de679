const fs = require("fs");

function daysUntilWarmer(temps) {
  const result = new Array(temps.length).fill(0);
  const waiting = [];
  temps.forEach((temp, i) => {
    while (waiting.length && temps[waiting[waiting.length - 1]] < temp) {
      const j = waiting.pop();
      result[j] = i - j;
    }
    waiting.push(i);
  });
  return result;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
console.log(daysUntilWarmer(data.slice(1, 1 + data[0])).join(" "));
