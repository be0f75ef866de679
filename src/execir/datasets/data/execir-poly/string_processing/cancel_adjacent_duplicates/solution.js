const fs = require("fs");

function cancelPairs(s) {
  const stack = [];
  let removed = 0;
  for (const ch of s) {
    if (stack.length > 0 && stack[stack.length - 1] === ch) {
      stack.pop();
      removed++;
    } else {
      stack.push(ch);
    }
  }
  return [stack.join(""), removed];
}

const [rest, removed] = cancelPairs(fs.readFileSync(0, "utf8").split("\n")[0]);
console.log(rest);
console.log(String(removed));
