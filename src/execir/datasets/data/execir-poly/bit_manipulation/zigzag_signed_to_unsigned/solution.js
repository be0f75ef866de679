const fs = require("fs");

function zigzag(value) {
  if (value >= 0) return value * 2;
  return -value * 2 - 1;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const out = [];
for (let i = 1; i <= data[0]; i++) out.push(zigzag(data[i]));
if (out.length) console.log(out.join("\n"));
