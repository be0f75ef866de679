const fs = require("fs");

const HEX = "0123456789abcdefABCDEF";

function macValid(s) {
  if (s.length !== 17) return false;
  const sep = s[2];
  if (sep !== ":" && sep !== "-") return false;
  for (let i = 0; i < s.length; i++) {
    if (i % 3 === 2) {
      if (s[i] !== sep) return false;
    } else if (!HEX.includes(s[i])) {
      return false;
    }
  }
  return true;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  if (line !== "") out.push(macValid(line) ? "valid" : "invalid");
}
if (out.length) console.log(out.join("\n"));
