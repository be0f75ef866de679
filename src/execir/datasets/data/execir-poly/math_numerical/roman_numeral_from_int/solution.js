const fs = require("fs");

const TABLE = [[1000, "M"], [900, "CM"], [500, "D"], [400, "CD"], [100, "C"], [90, "XC"],
  [50, "L"], [40, "XL"], [10, "X"], [9, "IX"], [5, "V"], [4, "IV"], [1, "I"]];

function toRoman(n) {
  if (n < 1 || n > 3999) return "invalid";
  let out = "";
  for (const [value, symbol] of TABLE) {
    while (n >= value) {
      out += symbol;
      n -= value;
    }
  }
  return out;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  if (line.trim() !== "") out.push(toRoman(Number(line)));
}
if (out.length) console.log(out.join("\n"));
