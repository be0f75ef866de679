const fs = require("fs");

function intersect(a, b) {
  const out = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push(a[i]);
      i++;
      j++;
    } else if (a[i] < b[j]) {
      i++;
    } else {
      j++;
    }
  }
  return out;
}

const tokens = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const n = tokens[0];
const a = tokens.slice(1, 1 + n);
const b = tokens.slice(2 + n, 2 + n + tokens[1 + n]);
console.log(intersect(a, b).join(" "));
