const fs = require("fs");

function classify(x1, y1, r1, x2, y2, r2) {
  const d2 = (x1 - x2) ** 2 + (y1 - y2) ** 2;
  const outer = (r1 + r2) ** 2;
  const inner = (r1 - r2) ** 2;
  if (d2 === 0 && r1 === r2) return "identical";
  if (d2 > outer) return "separate";
  if (d2 === outer) return "external";
  if (d2 > inner) return "intersecting";
  if (d2 === inner) return "internal";
  return "contained";
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const out = [];
for (let i = 0; i < data[0]; i++) out.push(classify(...data.slice(1 + 6 * i, 7 + 6 * i)));
if (out.length) console.log(out.join("\n"));
