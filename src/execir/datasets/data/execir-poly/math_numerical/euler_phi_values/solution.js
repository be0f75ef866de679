const fs = require("fs");

function phi(n) {
  if (n < 1) return 0;
  let result = n;
  for (let p = 2; p * p <= n; p++) {
    if (n % p === 0) {
      while (n % p === 0) n /= p;
      result -= Math.floor(result / p);
    }
  }
  if (n > 1) result -= Math.floor(result / n);
  return result;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  if (line.trim() === "") continue;
  out.push(String(phi(Number(line))));
}
if (out.length) console.log(out.join("\n"));
