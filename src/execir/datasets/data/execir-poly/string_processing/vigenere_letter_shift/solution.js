const fs = require("fs");

function vigenere(text, key) {
  if (key.length === 0) return text;
  let out = "";
  let k = 0;
  for (const ch of text) {
    const lower = ch >= "a" && ch <= "z";
    const upper = ch >= "A" && ch <= "Z";
    if (lower || upper) {
      const shift = key.charCodeAt(k % key.length) - 97;
      const base = lower ? 97 : 65;
      out += String.fromCharCode(base + ((ch.charCodeAt(0) - base + shift) % 26));
      k++;
    } else {
      out += ch;
    }
  }
  return out;
}

const lines = fs.readFileSync(0, "utf8").split("\n");
console.log(vigenere(lines[1] || "", (lines[0] || "").trim()));
