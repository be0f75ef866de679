const fs = require("fs");

function groupByGap(values, maxGap) {
  const groups = [];
  values.forEach((v, i) => {
    if (i === 0 || v - values[i - 1] > maxGap) groups.push([v]);
    else groups[groups.length - 1].push(v);
  });
  return groups;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const [n, maxGap] = data;
if (maxGap < 0) {
  console.log("invalid");
} else {
  const groups = groupByGap(data.slice(2, 2 + n), maxGap);
  console.log(groups.length ? groups.map((g) => g.join(" ")).join("\n") : "none");
}
