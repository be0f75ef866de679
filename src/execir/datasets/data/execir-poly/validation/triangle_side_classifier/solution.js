const fs = require("fs");

function triangleKind(a, b, c) {
  if (!(a + b > c && a + c > b && b + c > a)) return "invalid";
  if (a === b && b === c) return "equilateral";
  if (a === b || b === c || a === c) return "isosceles";
  return "scalene";
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  const p = line.trim().split(/\s+/);
  if (p.length === 3) out.push(triangleKind(Number(p[0]), Number(p[1]), Number(p[2])));
}
if (out.length) console.log(out.join("\n"));
