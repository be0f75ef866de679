const fs = require("fs");

function portValid(s) {
  if (s.length === 0 || s.length > 5) return false;
  for (const ch of s) {
    if (ch < "0" || ch > "9") return false;
  }
  if (s[0] === "0") return false;
  return Number(s) <= 65535;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  if (line !== "") out.push(portValid(line) ? "valid" : "invalid");
}
if (out.length) console.log(out.join("\n"));
