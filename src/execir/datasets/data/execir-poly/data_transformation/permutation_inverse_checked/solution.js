const fs = require("fs");

function invert(perm) {
  const n = perm.length;
  const inverse = new Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const p = perm[i];
    if (p < 0 || p >= n || inverse[p] !== -1) return null;
    inverse[p] = i;
  }
  return inverse;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const result = invert(data.slice(1, 1 + data[0]));
console.log(result === null ? "invalid" : result.join(" "));
