const fs = require("fs");

function toCamel(name) {
  const parts = name.split("_").filter((p) => p.length > 0);
  if (parts.length === 0) return "";
  let out = parts[0].toLowerCase();
  for (const p of parts.slice(1)) {
    out += p[0].toUpperCase() + p.slice(1).toLowerCase();
  }
  return out;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  const name = line.trim();
  if (name) out.push(toCamel(name));
}
if (out.length) console.log(out.join("\n"));
