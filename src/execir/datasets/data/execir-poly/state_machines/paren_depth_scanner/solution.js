const fs = require("fs");

function maxDepth(text) {
  let depth = 0;
  let deepest = 0;
  for (const ch of text) {
    if (ch === "(") {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (ch === ")") {
      depth--;
      if (depth < 0) return -1;
    }
  }
  return depth === 0 ? deepest : -1;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  if (line.trim()) out.push(String(maxDepth(line)));
}
if (out.length) console.log(out.join("\n"));
