const fs = require("fs");

const GROUPS = ["bfpv", "cgjkqsxz", "dt", "l", "mn", "r"];

function codeOf(ch) {
  const i = GROUPS.findIndex((g) => g.includes(ch));
  return i < 0 ? "" : String(i + 1);
}

function soundex(word) {
  const w = word.toLowerCase();
  let out = w[0].toUpperCase();
  let prev = codeOf(w[0]);
  for (const ch of w.slice(1)) {
    const digit = codeOf(ch);
    if (digit !== "" && digit !== prev) out += digit;
    if (ch !== "h" && ch !== "w") prev = digit;
  }
  return (out + "000").slice(0, 4);
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  const word = line.trim();
  if (word) out.push(soundex(word));
}
if (out.length) console.log(out.join("\n"));
