const fs = require("fs");

function isMagic(grid, n) {
  const seen = new Array(n * n + 1).fill(false);
  for (const row of grid) {
    for (const v of row) {
      if (v < 1 || v > n * n || seen[v]) return false;
      seen[v] = true;
    }
  }
  const target = (n * (n * n + 1)) / 2;
  let diag = 0;
  let anti = 0;
  for (let i = 0; i < n; i++) {
    let rowSum = 0;
    let colSum = 0;
    for (let j = 0; j < n; j++) {
      rowSum += grid[i][j];
      colSum += grid[j][i];
    }
    if (rowSum !== target || colSum !== target) return false;
    diag += grid[i][i];
    anti += grid[i][n - 1 - i];
  }
  return diag === target && anti === target;
}

const tokens = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const n = tokens[0];
const grid = [];
for (let r = 0; r < n; r++) grid.push(tokens.slice(1 + r * n, 1 + (r + 1) * n));
console.log(isMagic(grid, n) ? "magic" : "not magic");
