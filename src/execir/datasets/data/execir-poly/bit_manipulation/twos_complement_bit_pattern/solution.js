const fs = require("fs");

function twosPattern(value, width) {
  const low = -(2 ** (width - 1));
  const high = 2 ** (width - 1) - 1;
  if (value < low || value > high) return "overflow";
  if (value < 0) value += 2 ** width;
  return value.toString(2).padStart(width, "0");
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const out = [];
for (let i = 0; i < data[0]; i++) out.push(twosPattern(data[1 + 2 * i], data[2 + 2 * i]));
if (out.length) console.log(out.join("\n"));
