const fs = require("fs");

function utcText(t) {
  const days = Math.floor(t / 86400);
  const secs = t - days * 86400;
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const p = (v, w = 2) => String(v).padStart(w, "0");
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${p(y, 4)}-${p(m)}-${p(d)} ${p(Math.floor(secs / 3600))}:${p(Math.floor(secs / 60) % 60)}:${p(secs % 60)}`;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean);
const out = [];
for (let i = 1; i <= Number(data[0]); i++) out.push(utcText(Number(data[i])));
if (out.length) console.log(out.join("\n"));
