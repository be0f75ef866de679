const fs = require("fs");

function daysFromCivil(y, m, d) {
  if (m <= 2) y -= 1;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * ((m + 9) % 12) + 2) / 5) + d - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}

function civilFromDays(z) {
  z += 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const pad = (v, w) => String(v).padStart(w, "0");
  return `${pad(yoe + era * 400 + (m <= 2 ? 1 : 0), 4)}-${pad(m, 2)}-${pad(d, 2)}`;
}

function addWorkingDays(start, n) {
  let day = daysFromCivil(...start.split("-").map(Number));
  while (n > 0) {
    day++;
    if ((((day + 3) % 7) + 7) % 7 < 5) n--;
  }
  return civilFromDays(day);
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean);
const out = [];
for (let i = 0; i < Number(data[0]); i++) out.push(addWorkingDays(data[1 + 2 * i], Number(data[2 + 2 * i])));
if (out.length) console.log(out.join("\n"));
