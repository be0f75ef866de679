const fs = require("fs");

function maxPairXor(nums) {
  let best = -1;
  for (let i = 0; i < nums.length; i++) {
    for (let j = i + 1; j < nums.length; j++) {
      const value = (nums[i] ^ nums[j]) >>> 0;
      if (value > best) best = value;
    }
  }
  return best;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
console.log(maxPairXor(data.slice(1, 1 + data[0])));
