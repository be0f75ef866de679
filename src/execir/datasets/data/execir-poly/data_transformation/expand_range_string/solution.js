const fs = require("fs");

function parseNumber(text) {
  return /^-?[0-9]+$/.test(text) ? Number(text) : null;
}

function expand(text) {
  if (text.replace(/ /g, "") === "") return [];
  const values = new Set();
  for (const raw of text.split(",")) {
    const part = raw.replace(/^ +| +$/g, "");
    const cut = part.indexOf("-", 1);
    const low = parseNumber(cut > 0 ? part.slice(0, cut) : part);
    const high = parseNumber(cut > 0 ? part.slice(cut + 1) : part);
    if (low === null || high === null || low > high) return null;
    for (let v = low; v <= high; v++) values.add(v);
  }
  return [...values].sort((a, b) => a - b);
}

const line = fs.readFileSync(0, "utf8").split("\n")[0];
const result = expand(line);
console.log(result === null ? "invalid" : result.join(" "));
