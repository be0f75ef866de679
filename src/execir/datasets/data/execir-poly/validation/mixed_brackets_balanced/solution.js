const fs = require("fs");

const PAIRS = { ")": "(", "]": "[", "}": "{" };

function balanced(s) {
  const stack = [];
  for (const ch of s) {
    if (ch === "(" || ch === "[" || ch === "{") {
      stack.push(ch);
    } else if (ch === ")" || ch === "]" || ch === "}") {
      if (stack.length === 0 || stack[stack.length - 1] !== PAIRS[ch]) return false;
      stack.pop();
    }
  }
  return stack.length === 0;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  if (line !== "") out.push(balanced(line) ? "balanced" : "unbalanced");
}
if (out.length) console.log(out.join("\n"));
