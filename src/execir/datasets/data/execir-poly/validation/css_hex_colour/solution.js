const fs = require("fs");

const HEX = "0123456789abcdefABCDEF";

function hexColourValid(s) {
  if (s.length !== 4 && s.length !== 7) return false;
  if (s[0] !== "#") return false;
  for (const ch of s.slice(1)) {
    if (!HEX.includes(ch)) return false;
  }
  return true;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  if (line !== "") out.push(hexColourValid(line) ? "valid" : "invalid");
}
if (out.length) console.log(out.join("\n"));
