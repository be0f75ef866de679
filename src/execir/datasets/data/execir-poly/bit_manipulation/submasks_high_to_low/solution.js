const fs = require("fs");

function submasks(mask) {
  if (mask < 0) return [];
  const result = [];
  let sub = mask;
  while (true) {
    result.push(sub);
    if (sub === 0) return result;
    sub = (sub - 1) & mask;
  }
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const out = [];
for (let i = 1; i <= data[0]; i++) {
  const subs = submasks(data[i]);
  out.push(subs.length ? subs.join(" ") : "none");
}
if (out.length) console.log(out.join("\n"));
