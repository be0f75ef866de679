const fs = require("fs");

function daysFromCivil(y, m, d) {
  if (m <= 2) y -= 1;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * ((m + 9) % 12) + 2) / 5) + d - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}

function isoWeek(year, month, day) {
  const days = daysFromCivil(year, month, day);
  const thursday = days - ((((days + 3) % 7) + 7) % 7) + 3;
  let weekYear = year;
  if (thursday < daysFromCivil(year, 1, 1)) weekYear--;
  else if (thursday >= daysFromCivil(year + 1, 1, 1)) weekYear++;
  const week = Math.floor((thursday - daysFromCivil(weekYear, 1, 1)) / 7) + 1;
  return `${String(weekYear).padStart(4, "0")}-W${String(week).padStart(2, "0")}`;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const out = [];
for (let i = 0; i < data[0]; i++) out.push(isoWeek(data[1 + 3 * i], data[2 + 3 * i], data[3 + 3 * i]));
if (out.length) console.log(out.join("\n"));
