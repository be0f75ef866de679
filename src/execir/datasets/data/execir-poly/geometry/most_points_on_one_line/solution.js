const fs = require("fs");

function gcd(a, b) {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

function maxCollinear(points) {
  if (points.length < 2) return points.length;
  let best = 1;
  for (let i = 0; i < points.length; i++) {
    const counts = new Map();
    for (let j = i + 1; j < points.length; j++) {
      let dx = points[j][0] - points[i][0];
      let dy = points[j][1] - points[i][1];
      const g = gcd(Math.abs(dx), Math.abs(dy));
      dx /= g;
      dy /= g;
      if (dx < 0 || (dx === 0 && dy < 0)) [dx, dy] = [-dx, -dy];
      const key = `${dx},${dy}`;
      counts.set(key, (counts.get(key) || 0) + 1);
      best = Math.max(best, counts.get(key) + 1);
    }
  }
  return best;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const points = [];
for (let i = 0; i < data[0]; i++) points.push([data[1 + 2 * i], data[2 + 2 * i]]);
console.log(maxCollinear(points));
