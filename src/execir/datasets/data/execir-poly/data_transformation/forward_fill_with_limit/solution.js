const fs = require("fs");

function forwardFill(values, limit) {
  let last = null;
  let gap = 0;
  return values.map((v) => {
    if (v === null) {
      gap++;
      return gap <= limit ? last : null;
    }
    last = v;
    gap = 0;
    return v;
  });
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean);
const n = Number(data[0]);
const limit = Number(data[1]);
const values = data.slice(2, 2 + n).map((tok) => (tok === "_" ? null : Number(tok)));
console.log(limit < 0 ? "invalid" : forwardFill(values, limit).map((v) => (v === null ? "_" : String(v))).join(" "));
