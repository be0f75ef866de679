const fs = require("fs");

function antiDiagonals(matrix, rows, cols) {
  const groups = Array.from({ length: rows + cols - 1 }, () => []);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) groups[r + c].push(matrix[r][c]);
  }
  return groups;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const [rows, cols] = data;
const matrix = [];
for (let r = 0; r < rows; r++) matrix.push(data.slice(2 + r * cols, 2 + (r + 1) * cols));
console.log(antiDiagonals(matrix, rows, cols).map((g) => g.join(" ")).join("\n"));
