const fs = require("fs");

function dateExists(year, month, day) {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  let limit = 31;
  if (month === 2) limit = leap ? 29 : 28;
  else if ([4, 6, 9, 11].includes(month)) limit = 30;
  return day <= limit;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  const p = line.trim().split(/\s+/);
  if (p.length !== 3) continue;
  out.push(dateExists(Number(p[0]), Number(p[1]), Number(p[2])) ? "valid" : "invalid");
}
if (out.length) console.log(out.join("\n"));
