const fs = require("fs");

const FACTORS = { h: 3600, m: 60, s: 1 };

function parseDuration(text) {
  let total = 0;
  let digits = "";
  let last = -1;
  for (const ch of text) {
    if (ch >= "0" && ch <= "9") {
      digits += ch;
    } else if ("hms".includes(ch)) {
      const pos = "hms".indexOf(ch);
      if (!digits || pos <= last) return null;
      total += Number(digits) * FACTORS[ch];
      digits = "";
      last = pos;
    } else {
      return null;
    }
  }
  if (digits || last < 0) return null;
  return total;
}

const lines = fs.readFileSync(0, "utf8").split("\n");
const out = [];
for (let i = 1; i <= Number(lines[0]); i++) {
  const seconds = parseDuration(lines[i] || "");
  out.push(seconds === null ? "invalid" : String(seconds));
}
if (out.length) console.log(out.join("\n"));
