const fs = require("fs");

const NAMES = ["love", "fifteen", "thirty", "forty"];

function scoreCall(points) {
  let a = 0;
  let b = 0;
  for (const p of points) {
    if (p === "A") a++;
    else b++;
    if ((a >= 4 || b >= 4) && Math.abs(a - b) >= 2) return a > b ? "game A" : "game B";
  }
  if (a >= 3 && b >= 3) {
    if (a === b) return "deuce";
    return a > b ? "advantage A" : "advantage B";
  }
  return `${NAMES[a]}-${NAMES[b]}`;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  const game = line.trim();
  if (game) out.push(scoreCall(game));
}
if (out.length) console.log(out.join("\n"));
