const fs = require("fs");

function abbreviate(words, limit) {
  return words
    .map((word) => (word.length > limit ? word[0] + String(word.length - 2) + word[word.length - 1] : word))
    .join(" ");
}

const lines = fs.readFileSync(0, "utf8").split("\n");
const words = (lines[1] || "").split(/\s+/).filter(Boolean);
console.log(abbreviate(words, Number(lines[0])));
