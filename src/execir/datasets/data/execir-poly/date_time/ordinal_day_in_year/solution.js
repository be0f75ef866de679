const fs = require("fs");

function dayOfYear(year, month, day) {
  const lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) lengths[1] = 29;
  if (month < 1 || month > 12 || day < 1 || day > lengths[month - 1]) return null;
  let total = 0;
  for (let i = 0; i < month - 1; i++) total += lengths[i];
  return total + day;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const out = [];
for (let i = 0; i < data[0]; i++) {
  const result = dayOfYear(data[1 + 3 * i], data[2 + 3 * i], data[3 + 3 * i]);
  out.push(result === null ? "invalid" : String(result));
}
if (out.length) console.log(out.join("\n"));
