const fs = require("fs");

function selectionSwaps(data) {
  let swaps = 0;
  for (let i = 0; i + 1 < data.length; i++) {
    let smallest = i;
    for (let j = i + 1; j < data.length; j++) {
      if (data[j] < data[smallest]) smallest = j;
    }
    if (smallest !== i) {
      [data[i], data[smallest]] = [data[smallest], data[i]];
      swaps++;
    }
  }
  return swaps;
}

const tokens = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const values = tokens.slice(1, 1 + tokens[0]);
console.log(String(selectionSwaps(values)));
console.log(values.join(" "));
