const fs = require("fs");

function luhnValid(number) {
  const digits = number.split(" ").join("");
  if (digits.length < 2) return false;
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    const ch = digits[digits.length - 1 - i];
    if (ch < "0" || ch > "9") return false;
    let d = ch.charCodeAt(0) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    total += d;
  }
  return total % 10 === 0;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  if (line !== "") out.push(luhnValid(line) ? "valid" : "invalid");
}
if (out.length) console.log(out.join("\n"));
