const fs = require("fs");

function majority(items) {
  let candidate = null;
  let votes = 0;
  for (const item of items) {
    if (votes === 0) {
      candidate = item;
      votes = 1;
    } else if (item === candidate) {
      votes++;
    } else {
      votes--;
    }
  }
  const count = items.filter((item) => item === candidate).length;
  return count * 2 > items.length ? candidate : null;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const result = majority(data.slice(1, 1 + data[0]));
console.log(result === null ? "none" : String(result));
