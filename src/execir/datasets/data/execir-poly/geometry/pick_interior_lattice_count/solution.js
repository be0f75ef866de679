const fs = require("fs");

function gcd(a, b) {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

function interiorPoints(points) {
  let twiceArea = 0;
  let boundary = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i];
    const [x2, y2] = points[(i + 1) % points.length];
    twiceArea += x1 * y2 - x2 * y1;
    boundary += gcd(Math.abs(x2 - x1), Math.abs(y2 - y1));
  }
  return (Math.abs(twiceArea) - boundary + 2) / 2;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const points = [];
for (let i = 0; i < data[0]; i++) points.push([data[1 + 2 * i], data[2 + 2 * i]]);
console.log(interiorPoints(points));
