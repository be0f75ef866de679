const fs = require("fs");

function sortCount(arr) {
  if (arr.length < 2) return [arr, 0];
  const mid = Math.floor(arr.length / 2);
  const [left, a] = sortCount(arr.slice(0, mid));
  const [right, b] = sortCount(arr.slice(mid));
  const merged = [];
  let count = a + b;
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    if (left[i] <= right[j]) {
      merged.push(left[i++]);
    } else {
      merged.push(right[j++]);
      count += left.length - i;
    }
  }
  return [merged.concat(left.slice(i), right.slice(j)), count];
}

const tokens = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
console.log(String(sortCount(tokens.slice(1, 1 + tokens[0]))[1]));
