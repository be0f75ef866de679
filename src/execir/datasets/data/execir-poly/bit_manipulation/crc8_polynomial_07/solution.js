const fs = require("fs");

function crc8(data) {
  let crc = 0;
  for (const byte of data) {
    if (byte < 0 || byte > 255) return null;
    crc ^= byte;
    for (let i = 0; i < 8; i++) {
      if (crc & 0x80) crc = ((crc << 1) ^ 0x07) & 0xff;
      else crc = (crc << 1) & 0xff;
    }
  }
  return crc;
}

const tokens = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const result = crc8(tokens.slice(1, 1 + tokens[0]));
console.log(result === null ? "invalid" : result.toString(16).toUpperCase().padStart(2, "0"));
