const fs = require("fs");

function wrap(words, width) {
  const lines = [];
  let current = "";
  for (const word of words) {
    if (current === "") {
      current = word;
    } else if (current.length + 1 + word.length <= width) {
      current += " " + word;
    } else {
      lines.push(current);
      current = word;
    }
  }
  if (current !== "") lines.push(current);
  return lines;
}

const tokens = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean);
console.log(wrap(tokens.slice(1), Number(tokens[0])).join("\n"));
