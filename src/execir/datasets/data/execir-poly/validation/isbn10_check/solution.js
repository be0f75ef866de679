const fs = require("fs");

function isbn10Valid(isbn) {
  const s = isbn.split("-").join("");
  if (s.length !== 10) return false;
  let total = 0;
  for (let i = 0; i < 10; i++) {
    let value;
    if (s[i] >= "0" && s[i] <= "9") value = Number(s[i]);
    else if (s[i] === "X" && i === 9) value = 10;
    else return false;
    total += (10 - i) * value;
  }
  return total % 11 === 0;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  if (line !== "") out.push(isbn10Valid(line) ? "valid" : "invalid");
}
if (out.length) console.log(out.join("\n"));
