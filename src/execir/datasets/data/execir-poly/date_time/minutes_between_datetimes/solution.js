const fs = require("fs");

function daysFromCivil(y, m, d) {
  if (m <= 2) y -= 1;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * ((m + 9) % 12) + 2) / 5) + d - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}

function toMinutes(date, clock) {
  const days = daysFromCivil(...date.split("-").map(Number));
  return days * 1440 + Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean);
const out = [];
for (let i = 0; i < Number(data[0]); i++) {
  const [a, b, c, d] = data.slice(1 + 4 * i, 5 + 4 * i);
  out.push(toMinutes(c, d) - toMinutes(a, b));
}
if (out.length) console.log(out.join("\n"));
