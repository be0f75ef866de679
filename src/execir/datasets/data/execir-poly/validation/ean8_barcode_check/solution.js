const fs = require("fs");

function ean8Valid(code) {
  if (code.length !== 8) return false;
  for (const ch of code) {
    if (ch < "0" || ch > "9") return false;
  }
  let total = 0;
  for (let i = 0; i < 7; i++) {
    const weight = i % 2 === 0 ? 3 : 1;
    total += Number(code[i]) * weight;
  }
  const check = (10 - (total % 10)) % 10;
  return check === Number(code[7]);
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  if (line !== "") out.push(ean8Valid(line) ? "valid" : "invalid");
}
if (out.length) console.log(out.join("\n"));
