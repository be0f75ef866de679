const fs = require("fs");

const NAMES = ["green", "yellow", "red"];

function colourAt(t, lengths) {
  if (t < 0) return "invalid";
  let cycle = 0;
  for (const length of lengths) cycle += length;
  t %= cycle;
  for (let i = 0; i < 3; i++) {
    if (t < lengths[i]) return NAMES[i];
    t -= lengths[i];
  }
  return "invalid";
}

const tokens = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const lengths = tokens.slice(0, 3);
const out = tokens.slice(3).map((t) => colourAt(t, lengths));
if (out.length) console.log(out.join("\n"));
