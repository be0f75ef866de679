const fs = require("fs");

function parseSquare(name) {
  if (name.length !== 2 || !"abcdefgh".includes(name[0]) || !"12345678".includes(name[1])) return null;
  return [name.charCodeAt(0) - 97, Number(name[1])];
}

function kingMoves(a, b) {
  const start = parseSquare(a);
  const goal = parseSquare(b);
  if (start === null || goal === null) return null;
  return Math.max(Math.abs(start[0] - goal[0]), Math.abs(start[1] - goal[1]));
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean);
const out = [];
for (let i = 0; i < Number(data[0]); i++) {
  const moves = kingMoves(data[1 + 2 * i], data[2 + 2 * i]);
  out.push(moves === null ? "invalid" : String(moves));
}
if (out.length) console.log(out.join("\n"));
