const fs = require("fs");

function reverseWords(s) {
  let out = "";
  let i = 0;
  const n = s.length;
  while (i < n) {
    if (s[i] === " ") {
      out += " ";
      i++;
      continue;
    }
    let j = i;
    while (j < n && s[j] !== " ") j++;
    out += s.slice(i, j).split("").reverse().join("");
    i = j;
  }
  return out;
}

const line = fs.readFileSync(0, "utf8").split("\n")[0];
console.log(reverseWords(line));
