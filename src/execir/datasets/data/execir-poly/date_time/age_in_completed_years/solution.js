const fs = require("fs");

function ageInYears(birth, on) {
  if (on < birth) return null;
  const [by, bm, bd] = birth.split("-").map(Number);
  const [oy, om, od] = on.split("-").map(Number);
  let age = oy - by;
  if (om < bm || (om === bm && od < bd)) age--;
  return age;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean);
const out = [];
for (let i = 0; i < Number(data[0]); i++) {
  const age = ageInYears(data[1 + 2 * i], data[2 + 2 * i]);
  out.push(age === null ? "invalid" : String(age));
}
if (out.length) console.log(out.join("\n"));
