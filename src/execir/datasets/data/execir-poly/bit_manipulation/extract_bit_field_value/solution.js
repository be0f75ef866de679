const fs = require("fs");

function extractField(n, start, length) {
  if (start < 0 || length < 0) return null;
  const shifted = Math.floor(n / 2 ** start);
  return shifted % 2 ** length;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const out = [];
for (let i = 0; i < data[0]; i++) {
  const result = extractField(data[1 + 3 * i], data[2 + 3 * i], data[3 + 3 * i]);
  out.push(result === null ? "invalid" : String(result));
}
if (out.length) console.log(out.join("\n"));
