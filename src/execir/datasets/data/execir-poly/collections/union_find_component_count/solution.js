const fs = require("fs");

function countComponents(n, edges) {
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (x) => {
    while (parent[x] !== x) x = parent[x];
    return x;
  };
  let components = n;
  for (const [u, v] of edges) {
    if (u < 0 || v < 0 || u >= n || v >= n) continue;
    const ru = find(u);
    const rv = find(v);
    if (ru !== rv) {
      parent[ru] = rv;
      components--;
    }
  }
  return components;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const [n, m] = data;
const edges = [];
for (let i = 0; i < m; i++) edges.push([data[2 + 2 * i], data[3 + 2 * i]]);
console.log(countComponents(n, edges));
