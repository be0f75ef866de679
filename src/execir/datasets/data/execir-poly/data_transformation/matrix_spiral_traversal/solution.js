const fs = require("fs");

function spiral(m, rows, cols) {
  const out = [];
  let [top, bottom, left, right] = [0, rows - 1, 0, cols - 1];
  while (top <= bottom && left <= right) {
    for (let c = left; c <= right; c++) out.push(m[top][c]);
    for (let r = top + 1; r <= bottom; r++) out.push(m[r][right]);
    if (top < bottom) for (let c = right - 1; c >= left; c--) out.push(m[bottom][c]);
    if (left < right) for (let r = bottom - 1; r > top; r--) out.push(m[r][left]);
    [top, bottom, left, right] = [top + 1, bottom - 1, left + 1, right - 1];
  }
  return out;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const [rows, cols] = data;
const m = [];
for (let r = 0; r < rows; r++) m.push(data.slice(2 + r * cols, 2 + (r + 1) * cols));
console.log(spiral(m, rows, cols).join(" "));
