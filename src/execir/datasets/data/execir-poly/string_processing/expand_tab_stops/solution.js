const fs = require("fs");

function expandTabs(line, tabsize) {
  let out = "";
  let col = 0;
  for (const ch of line) {
    if (ch === "\t") {
      const spaces = tabsize - (col % tabsize);
      out += " ".repeat(spaces);
      col += spaces;
    } else {
      out += ch;
      col++;
    }
  }
  return out;
}

const lines = fs.readFileSync(0, "utf8").split("\n");
if (lines[lines.length - 1] === "") lines.pop();
const tabsize = Number(lines[0]);
const out = lines.slice(1).map((line) => expandTabs(line, tabsize));
if (out.length) console.log(out.join("\n"));
