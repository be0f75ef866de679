const fs = require("fs");

function totalHamming(nums) {
  let total = 0;
  for (let bit = 0; bit < 31; bit++) {
    let ones = 0;
    for (const x of nums) ones += (x >> bit) & 1;
    total += ones * (nums.length - ones);
  }
  return total;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
console.log(totalHamming(data.slice(1, 1 + data[0])));
