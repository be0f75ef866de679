const fs = require("fs");

function encodeLabels(labels, minCount) {
  const counts = new Map();
  for (const label of labels) counts.set(label, (counts.get(label) || 0) + 1);
  const mapping = new Map();
  const codes = labels.map((label) => {
    if (counts.get(label) < minCount) return -1;
    if (!mapping.has(label)) mapping.set(label, mapping.size);
    return mapping.get(label);
  });
  return [codes, [...mapping.keys()]];
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean);
const n = Number(data[0]);
const [codes, kept] = encodeLabels(data.slice(2, 2 + n), Number(data[1]));
console.log(codes.join(" "));
console.log(kept.join(" "));
