const fs = require("fs");

function snakeFlatten(grid) {
  const out = [];
  grid.forEach((row, r) => {
    out.push(...(r % 2 === 0 ? row : row.slice().reverse()));
  });
  return out;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const [rows, cols] = data;
const grid = [];
for (let r = 0; r < rows; r++) grid.push(data.slice(2 + r * cols, 2 + (r + 1) * cols));
console.log(snakeFlatten(grid).join(" "));
