const fs = require("fs");

function allDigits(s) {
  if (s.length === 0) return false;
  for (const ch of s) {
    if (ch < "0" || ch > "9") return false;
  }
  return true;
}

function zipValid(code) {
  if (code.length === 5) return allDigits(code);
  if (code.length === 10) {
    return code[5] === "-" && allDigits(code.slice(0, 5)) && allDigits(code.slice(6));
  }
  return false;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  if (line !== "") out.push(zipValid(line) ? "valid" : "invalid");
}
if (out.length) console.log(out.join("\n"));
