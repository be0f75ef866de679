const fs = require("fs");

function dayClock(seconds) {
  if (seconds < 0) return "invalid";
  const days = Math.floor(seconds / 86400);
  const rest = seconds % 86400;
  const p = (v) => String(v).padStart(2, "0");
  const clock = `${p(Math.floor(rest / 3600))}:${p(Math.floor(rest / 60) % 60)}:${p(rest % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean);
const out = [];
for (let i = 1; i <= Number(data[0]); i++) out.push(dayClock(Number(data[i])));
if (out.length) console.log(out.join("\n"));
