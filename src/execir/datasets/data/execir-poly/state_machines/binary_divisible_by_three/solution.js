const fs = require("fs");

function divisibleByThree(bits) {
  let remainder = 0;
  for (const ch of bits) {
    if (ch !== "0" && ch !== "1") return false;
    remainder = (remainder * 2 + Number(ch)) % 3;
  }
  return remainder === 0;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  const word = line.trim();
  if (word) out.push(divisibleByThree(word) ? "yes" : "no");
}
if (out.length) console.log(out.join("\n"));
