const fs = require("fs");

function pascalRow(n) {
  const row = [1];
  for (let k = 0; k < n; k++) {
    row.push((row[k] * (n - k)) / (k + 1));
  }
  return row;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  if (line.trim() === "") continue;
  const n = Number(line);
  out.push(n < 0 ? "invalid" : pascalRow(n).join(" "));
}
if (out.length) console.log(out.join("\n"));
