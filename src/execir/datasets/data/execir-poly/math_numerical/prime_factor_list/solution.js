const fs = require("fs");

function primeFactors(n) {
  const factors = [];
  if (n < 2) return factors;
  for (let d = 2; d * d <= n; d++) {
    while (n % d === 0) {
      factors.push(d);
      n /= d;
    }
  }
  if (n > 1) factors.push(n);
  return factors;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  if (line.trim() === "") continue;
  const factors = primeFactors(Number(line));
  out.push(factors.length ? factors.join(" ") : "none");
}
if (out.length) console.log(out.join("\n"));
