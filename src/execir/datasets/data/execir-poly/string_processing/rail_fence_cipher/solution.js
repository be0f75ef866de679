const fs = require("fs");

function railFence(message, rails) {
  if (rails <= 1) return message;
  const rows = new Array(rails).fill("");
  const cycle = 2 * (rails - 1);
  for (let i = 0; i < message.length; i++) {
    const pos = i % cycle;
    const row = pos < rails ? pos : cycle - pos;
    rows[row] += message[i];
  }
  return rows.join("");
}

const lines = fs.readFileSync(0, "utf8").split("\n");
console.log(railFence(lines[1] || "", Number(lines[0])));
