const fs = require("fs");

function toRanges(nums) {
  const values = [...new Set(nums)].sort((a, b) => a - b);
  const parts = [];
  let i = 0;
  while (i < values.length) {
    let j = i;
    while (j + 1 < values.length && values[j + 1] === values[j] + 1) j++;
    parts.push(j > i ? `${values[i]}-${values[j]}` : String(values[i]));
    i = j + 1;
  }
  return parts.join(",");
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
console.log(toRanges(data.slice(1, 1 + data[0])));
