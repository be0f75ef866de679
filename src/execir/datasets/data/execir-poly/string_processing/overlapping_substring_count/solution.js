const fs = require("fs");

function countOverlapping(text, sub) {
  if (sub.length === 0) return 0;
  let count = 0;
  for (let i = 0; i + sub.length <= text.length; i++) {
    let matched = true;
    for (let j = 0; j < sub.length; j++) {
      if (text[i + j] !== sub[j]) {
        matched = false;
        break;
      }
    }
    if (matched) count++;
  }
  return count;
}

const lines = fs.readFileSync(0, "utf8").split("\n");
console.log(String(countOverlapping(lines[1] || "", lines[0] || "")));
