const fs = require("fs");

function digitalRoot(n) {
  while (n >= 10) {
    let total = 0;
    while (n > 0) {
      total += n % 10;
      n = Math.floor(n / 10);
    }
    n = total;
  }
  return n;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  if (line.trim() === "") continue;
  const n = Number(line);
  out.push(n < 0 ? "invalid" : String(digitalRoot(n)));
}
if (out.length) console.log(out.join("\n"));
