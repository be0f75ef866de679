const fs = require("fs");

function binIndices(values, edges) {
  return values.map((v) => {
    let index = -1;
    edges.forEach((edge, i) => {
      if (v >= edge) index = i;
    });
    return index;
  });
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const [n, m] = data;
const values = data.slice(2, 2 + n);
const edges = data.slice(2 + n, 2 + n + m);
console.log(m < 2 ? "invalid" : binIndices(values, edges).join(" "));
