const fs = require("fs");

function nextGreater(values) {
  const result = new Array(values.length).fill(-1);
  const waiting = [];
  values.forEach((v, i) => {
    while (waiting.length && values[waiting[waiting.length - 1]] < v) {
      result[waiting.pop()] = v;
    }
    waiting.push(i);
  });
  return result;
}

const tokens = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
console.log(nextGreater(tokens.slice(1, 1 + tokens[0])).join(" "));
