const fs = require("fs");

function thermostat(readings, low, high) {
  let heating = false;
  let activations = 0;
  const states = [];
  for (const temp of readings) {
    if (temp < low) {
      if (!heating) activations++;
      heating = true;
    } else if (temp > high) {
      heating = false;
    }
    states.push(heating);
  }
  return [states, activations];
}

const tokens = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const [states, activations] = thermostat(tokens.slice(2), tokens[0], tokens[1]);
console.log(states.map((s) => (s ? "on" : "off")).join(" "));
console.log(String(activations));
