const fs = require("fs");

function collatzSteps(n) {
  if (n < 1) return null;
  let steps = 0;
  while (n !== 1) {
    n = n % 2 === 0 ? n / 2 : 3 * n + 1;
    steps++;
  }
  return steps;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  if (line.trim() === "") continue;
  const steps = collatzSteps(Number(line));
  out.push(steps === null ? "invalid" : String(steps));
}
if (out.length) console.log(out.join("\n"));
