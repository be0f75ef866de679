const fs = require("fs");

const STEP = [[0, 1], [2, 1], [0, 3], [2, 4], [2, 1]];

function count1011(bits) {
  let state = 0;
  let count = 0;
  for (const ch of bits) {
    if (ch !== "0" && ch !== "1") {
      state = 0;
      continue;
    }
    state = STEP[state][Number(ch)];
    if (state === 4) count++;
  }
  return count;
}

const out = [];
for (const line of fs.readFileSync(0, "utf8").split("\n")) {
  const word = line.trim();
  if (word) out.push(String(count1011(word)));
}
if (out.length) console.log(out.join("\n"));
