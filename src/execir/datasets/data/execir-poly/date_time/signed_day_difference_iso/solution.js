const fs = require("fs");

function daysFromCivil(y, m, d) {
  if (m <= 2) y -= 1;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * ((m + 9) % 12) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function parse(iso) {
  const [y, m, d] = iso.split("-").map(Number);
  return daysFromCivil(y, m, d);
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean);
const out = [];
for (let i = 0; i < Number(data[0]); i++) out.push(parse(data[2 + 2 * i]) - parse(data[1 + 2 * i]));
if (out.length) console.log(out.join("\n"));
