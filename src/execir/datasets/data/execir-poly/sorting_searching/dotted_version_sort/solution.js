const fs = require("fs");

function newer(a, b) {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    if (pa[i] !== pb[i]) return pa[i] > pb[i];
  }
  return pa.length > pb.length;
}

function sortVersions(versions) {
  const out = [...versions];
  for (let i = 1; i < out.length; i++) {
    const v = out[i];
    let j = i - 1;
    while (j >= 0 && newer(out[j], v)) {
      out[j + 1] = out[j];
      j--;
    }
    out[j + 1] = v;
  }
  return out;
}

const versions = fs.readFileSync(0, "utf8").split("\n").map((l) => l.trim()).filter(Boolean);
console.log(sortVersions(versions).join("\n"));
