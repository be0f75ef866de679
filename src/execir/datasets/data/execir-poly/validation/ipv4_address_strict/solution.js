const fs = require("fs");

function ipv4Valid(s) {
  const parts = s.split(".");
  if (parts.length !== 4) return false;
  for (const p of parts) {
    if (p === "" || p.length > 3) return false;
    for (const ch of p) {
      if (ch < "0" || ch > "9") return false;
    }
    if (p.length > 1 && p[0] === "0") return false;
    if (Number(p) > 255) return false;
  }
  return true;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  if (line !== "") out.push(ipv4Valid(line) ? "valid" : "invalid");
}
if (out.length) console.log(out.join("\n"));
