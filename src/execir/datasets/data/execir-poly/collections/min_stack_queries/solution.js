const fs = require("fs");

function run(ops) {
  const stack = [];
  const mins = [];
  const answers = [];
  for (const op of ops) {
    if (op[0] === "push") {
      const value = Number(op[1]);
      stack.push(value);
      mins.push(mins.length === 0 || value < mins[mins.length - 1] ? value : mins[mins.length - 1]);
    } else if (op[0] === "pop") {
      if (stack.length > 0) {
        stack.pop();
        mins.pop();
      }
    } else {
      answers.push(mins.length ? String(mins[mins.length - 1]) : "empty");
    }
  }
  return answers;
}

const lines = fs.readFileSync(0, "utf8").split("\n");
const q = Number(lines[0]);
const answers = run(lines.slice(1, 1 + q).map((line) => line.trim().split(/\s+/)));
if (answers.length) console.log(answers.join("\n"));
