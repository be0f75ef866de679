const fs = require("fs");

function smallestFirstOrder(n, edges) {
  const indegree = new Array(n).fill(0);
  const children = Array.from({ length: n }, () => []);
  for (const [u, v] of edges) {
    children[u].push(v);
    indegree[v]++;
  }
  const ready = [];
  for (let i = 0; i < n; i++) if (indegree[i] === 0) ready.push(i);
  const order = [];
  while (ready.length > 0) {
    ready.sort((a, b) => a - b);
    const node = ready.shift();
    order.push(node);
    for (const child of children[node]) {
      indegree[child]--;
      if (indegree[child] === 0) ready.push(child);
    }
  }
  return order.length === n ? order : null;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const [n, m] = data;
const edges = [];
for (let i = 0; i < m; i++) edges.push([data[2 + 2 * i], data[3 + 2 * i]]);
const order = smallestFirstOrder(n, edges);
console.log(order === null ? "cycle" : order.join(" "));
