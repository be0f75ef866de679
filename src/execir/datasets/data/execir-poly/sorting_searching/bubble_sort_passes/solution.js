const fs = require("fs");

function bubblePasses(data) {
  const n = data.length;
  if (n < 2) return 0;
  let passes = 0;
  for (let end = n - 1; end > 0; end--) {
    passes++;
    let swapped = false;
    for (let i = 0; i < end; i++) {
      if (data[i] > data[i + 1]) {
        [data[i], data[i + 1]] = [data[i + 1], data[i]];
        swapped = true;
      }
    }
    if (!swapped) break;
  }
  return passes;
}

const tokens = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const values = tokens.slice(1, 1 + tokens[0]);
console.log(String(bubblePasses(values)));
console.log(values.join(" "));
