const fs = require("fs");

function nextGreaterCircular(values) {
  const n = values.length;
  const result = new Array(n).fill(-1);
  const stack = [];
  for (let i = 0; i < 2 * n; i++) {
    const value = values[i % n];
    while (stack.length && values[stack[stack.length - 1]] < value) result[stack.pop()] = value;
    if (i < n) stack.push(i);
  }
  return result;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
console.log(nextGreaterCircular(data.slice(1, 1 + data[0])).join(" "));
