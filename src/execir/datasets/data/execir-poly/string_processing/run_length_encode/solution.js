const fs = require("fs");

function encode(text) {
  let out = "";
  let i = 0;
  while (i < text.length) {
    let j = i;
    while (j < text.length && text[j] === text[i]) j++;
    out += text[i] + String(j - i);
    i = j;
  }
  return out;
}

const data = fs.readFileSync(0, "utf8");
const line = data.split("\n")[0];
console.log(encode(line));
