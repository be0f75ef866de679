const fs = require("fs");

function competitionRanks(scores) {
  const order = scores.map((_, i) => i).sort((a, b) => scores[b] - scores[a]);
  const ranks = new Array(scores.length).fill(0);
  order.forEach((idx, pos) => {
    if (pos > 0 && scores[idx] === scores[order[pos - 1]]) {
      ranks[idx] = ranks[order[pos - 1]];
    } else {
      ranks[idx] = pos + 1;
    }
  });
  return ranks;
}

const tokens = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
console.log(competitionRanks(tokens.slice(1, 1 + tokens[0])).join(" "));
