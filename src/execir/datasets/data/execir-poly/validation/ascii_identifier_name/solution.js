const fs = require("fs");

function isLetter(ch) {
  return (ch >= "a" && ch <= "z") || (ch >= "A" && ch <= "Z") || ch === "_";
}

function identifierValid(name) {
  if (name.length === 0 || !isLetter(name[0])) return false;
  for (const ch of name.slice(1)) {
    if (!isLetter(ch) && !(ch >= "0" && ch <= "9")) return false;
  }
  return true;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  if (line !== "") out.push(identifierValid(line) ? "valid" : "invalid");
}
if (out.length) console.log(out.join("\n"));
