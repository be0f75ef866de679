const fs = require("fs");

function caesar(text, k) {
  const shift = ((k % 26) + 26) % 26;
  let out = "";
  for (const ch of text) {
    if (ch >= "a" && ch <= "z") {
      out += String.fromCharCode(97 + ((ch.charCodeAt(0) - 97 + shift) % 26));
    } else if (ch >= "A" && ch <= "Z") {
      out += String.fromCharCode(65 + ((ch.charCodeAt(0) - 65 + shift) % 26));
    } else {
      out += ch;
    }
  }
  return out;
}

const lines = fs.readFileSync(0, "utf8").split("\n");
console.log(caesar(lines[1] || "", Number(lines[0])));
