const fs = require("fs");

function frequencyOrder(values) {
  const counts = new Map();
  for (const v of values) counts.set(v, (counts.get(v) || 0) + 1);
  const distinct = [...counts.keys()];
  distinct.sort((a, b) => {
    if (counts.get(a) !== counts.get(b)) return counts.get(b) - counts.get(a);
    return a - b;
  });
  const result = [];
  for (const v of distinct) {
    for (let c = 0; c < counts.get(v); c++) result.push(v);
  }
  return result;
}

const tokens = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
console.log(frequencyOrder(tokens.slice(1, 1 + tokens[0])).join(" "));
