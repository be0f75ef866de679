const fs = require("fs");

const MOVES = {
  pay: { created: "paid" },
  ship: { paid: "shipped" },
  deliver: { shipped: "delivered" },
  cancel: { created: "cancelled", paid: "cancelled" },
};

function runWorkflow(actions) {
  let status = "created";
  let rejected = 0;
  for (const action of actions) {
    const table = Object.prototype.hasOwnProperty.call(MOVES, action) ? MOVES[action] : {};
    const target = table[status];
    if (target === undefined) rejected++;
    else status = target;
  }
  return [status, rejected];
}

const actions = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean);
console.log(runWorkflow(actions).join(" "));
