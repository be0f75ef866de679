const fs = require("fs");

function checksum16(words) {
  let total = 0;
  for (const word of words) {
    if (word < 0 || word > 0xffff) return null;
    total += word;
    while (total > 0xffff) total = (total & 0xffff) + (total >> 16);
  }
  return ~total & 0xffff;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const result = checksum16(data.slice(1, 1 + data[0]));
console.log(result === null ? "invalid" : result.toString(16).toUpperCase().padStart(4, "0"));
