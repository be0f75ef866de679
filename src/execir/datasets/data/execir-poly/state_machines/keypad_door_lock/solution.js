const fs = require("fs");

function keypadState(keys, code, maxFailures) {
  let state = "locked";
  let entry = "";
  let failures = 0;
  for (const key of keys) {
    if (state !== "locked") break;
    if (key === "#") {
      if (entry === code) {
        state = "open";
      } else {
        failures++;
        if (failures >= maxFailures) state = "blocked";
      }
      entry = "";
    } else {
      entry += key;
    }
  }
  return state;
}

const lines = fs.readFileSync(0, "utf8").split("\n");
const [code, limit] = lines[0].trim().split(/\s+/);
console.log(keypadState((lines[1] || "").trim(), code, Number(limit)));
