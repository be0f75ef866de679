const fs = require("fs");

function cancelPairs(items) {
  const stack = [];
  let cancelled = 0;
  for (const item of items) {
    if (stack.length && stack[stack.length - 1] === item) {
      stack.pop();
      cancelled++;
    } else {
      stack.push(item);
    }
  }
  return [stack, cancelled];
}

const line = fs.readFileSync(0, "utf8").split("\n")[0];
const [remaining, cancelled] = cancelPairs(line.split(/\s+/).filter(Boolean));
console.log(remaining.join(" "));
console.log(cancelled);
