const fs = require("fs");

function daysFromCivil(y, m, d) {
  if (m <= 2) y -= 1;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * ((m + 9) % 12) + 2) / 5) + d - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}

function nthWeekday(year, month, weekday, n) {
  const lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) lengths[1] = 29;
  const first = (((daysFromCivil(year, month, 1) + 3) % 7) + 7) % 7;
  const day = 1 + (((weekday - first) % 7) + 7) % 7 + 7 * (n - 1);
  return day <= lengths[month - 1] ? day : null;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const out = [];
for (let i = 0; i < data[0]; i++) {
  const day = nthWeekday(data[1 + 4 * i], data[2 + 4 * i], data[3 + 4 * i], data[4 + 4 * i]);
  out.push(day === null ? "none" : String(day));
}
if (out.length) console.log(out.join("\n"));
