const fs = require("fs");

function columnLabel(n) {
  let label = "";
  while (n > 0) {
    n -= 1;
    label = String.fromCharCode(65 + (n % 26)) + label;
    n = Math.floor(n / 26);
  }
  return label;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  if (line.trim() === "") continue;
  const n = Number(line);
  out.push(n >= 1 ? columnLabel(n) : "invalid");
}
if (out.length) console.log(out.join("\n"));
