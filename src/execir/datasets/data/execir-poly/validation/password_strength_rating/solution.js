const fs = require("fs");

function strength(pw) {
  let upper = false;
  let lower = false;
  let digit = false;
  let symbol = false;
  for (const c of pw) {
    if (c >= "A" && c <= "Z") upper = true;
    else if (c >= "a" && c <= "z") lower = true;
    else if (c >= "0" && c <= "9") digit = true;
    else if (c !== " ") symbol = true;
  }
  const points = [pw.length >= 12, upper && lower, digit, symbol].filter(Boolean).length;
  if (points <= 1) return "weak";
  if (points <= 3) return "medium";
  return "strong";
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  if (line !== "") out.push(strength(line));
}
if (out.length) console.log(out.join("\n"));
