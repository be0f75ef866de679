const fs = require("fs");

function semverValid(version) {
  const parts = version.split(".");
  if (parts.length !== 3) return false;
  for (const part of parts) {
    if (part === "") return false;
    for (const ch of part) {
      if (ch < "0" || ch > "9") return false;
    }
    if (part[0] === "0" && part.length > 1) return false;
  }
  return true;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  if (line !== "") out.push(semverValid(line) ? "valid" : "invalid");
}
if (out.length) console.log(out.join("\n"));
