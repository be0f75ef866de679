const fs = require("fs");

function loneValue(nums) {
  let result = 0;
  for (let bit = 0; bit < 31; bit++) {
    let count = 0;
    for (const x of nums) count += (x >> bit) & 1;
    if (count % 3 === 1) result |= 1 << bit;
  }
  return result;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
console.log(loneValue(data.slice(1, 1 + data[0])));
