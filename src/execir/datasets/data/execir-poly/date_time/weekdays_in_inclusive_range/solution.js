const fs = require("fs");

function daysFromCivil(y, m, d) {
  if (m <= 2) y -= 1;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * ((m + 9) % 12) + 2) / 5) + d - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}

function businessDays(start, end) {
  const first = daysFromCivil(...start.split("-").map(Number));
  const last = daysFromCivil(...end.split("-").map(Number));
  let count = 0;
  for (let day = first; day <= last; day++) {
    if ((((day + 3) % 7) + 7) % 7 < 5) count++;
  }
  return count;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean);
const out = [];
for (let i = 0; i < Number(data[0]); i++) out.push(businessDays(data[1 + 2 * i], data[2 + 2 * i]));
if (out.length) console.log(out.join("\n"));
