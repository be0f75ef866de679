const fs = require("fs");

const ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
  "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
  "eighteen", "nineteen"];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

function belowHundred(m) {
  if (m < 20) return ONES[m];
  let word = TENS[Math.floor(m / 10)];
  if (m % 10 !== 0) word += "-" + ONES[m % 10];
  return word;
}

function numberWords(n) {
  if (n < 0 || n > 999) return "invalid";
  if (n < 100) return belowHundred(n);
  let word = ONES[Math.floor(n / 100)] + " hundred";
  if (n % 100 !== 0) word += " and " + belowHundred(n % 100);
  return word;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  if (line.trim()) out.push(numberWords(Number(line)));
}
if (out.length) console.log(out.join("\n"));
