const fs = require("fs");

function evaluate(tokens) {
  const stack = [];
  for (const tok of tokens) {
    if (["+", "-", "*", "/"].includes(tok)) {
      if (stack.length < 2) return null;
      const b = stack.pop();
      const a = stack.pop();
      if (tok === "+") stack.push(a + b);
      else if (tok === "-") stack.push(a - b);
      else if (tok === "*") stack.push(a * b);
      else {
        if (b === 0) return null;
        stack.push(Math.trunc(a / b));
      }
    } else {
      stack.push(Number(tok));
    }
  }
  return stack.length === 1 ? stack[0] : null;
}

const line = fs.readFileSync(0, "utf8").split("\n")[0];
const result = evaluate(line.split(/\s+/).filter(Boolean));
console.log(result === null ? "error" : String(result));
