const fs = require("fs");

function reverseDigits(n) {
  const sign = n < 0 ? -1 : 1;
  n *= sign;
  let result = 0;
  while (n > 0) {
    result = result * 10 + (n % 10);
    n = Math.floor(n / 10);
  }
  return sign * result;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  if (line.trim() !== "") out.push(String(reverseDigits(Number(line))));
}
if (out.length) console.log(out.join("\n"));
