const fs = require("fs");

function addMinutes(clock, offset) {
  const [hours, minutes] = clock.split(":").map(Number);
  const total = (((hours * 60 + minutes + offset) % 1440) + 1440) % 1440;
  const pad = (v) => String(v).padStart(2, "0");
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean);
const out = [];
for (let i = 0; i < Number(data[0]); i++) out.push(addMinutes(data[1 + 2 * i], Number(data[2 + 2 * i])));
if (out.length) console.log(out.join("\n"));
