const fs = require("fs");

function rotateClockwise(grid, rows, cols) {
  const out = [];
  for (let i = 0; i < cols; i++) {
    const row = [];
    for (let j = 0; j < rows; j++) row.push(grid[rows - 1 - j][i]);
    out.push(row);
  }
  return out;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const [rows, cols] = data;
const grid = [];
for (let r = 0; r < rows; r++) grid.push(data.slice(2 + r * cols, 2 + (r + 1) * cols));
console.log(rotateClockwise(grid, rows, cols).map((row) => row.join(" ")).join("\n"));
