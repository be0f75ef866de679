const fs = require("fs");

function leb128(value) {
  if (value < 0) return null;
  const out = [];
  while (true) {
    const byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value !== 0) {
      out.push(byte | 0x80);
    } else {
      out.push(byte);
      return out;
    }
  }
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const lines = [];
for (let i = 1; i <= data[0]; i++) {
  const encoded = leb128(data[i]);
  lines.push(encoded === null ? "invalid"
    : encoded.map((b) => b.toString(16).toUpperCase().padStart(2, "0")).join(" "));
}
if (lines.length) console.log(lines.join("\n"));
