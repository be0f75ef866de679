const fs = require("fs");

function eliminationOrder(n, step) {
  if (n < 1 || step < 1) return [];
  const people = [];
  for (let i = 1; i <= n; i++) people.push(i);
  const order = [];
  let index = 0;
  while (people.length > 0) {
    index = (index + step - 1) % people.length;
    order.push(people.splice(index, 1)[0]);
  }
  return order;
}

const [n, step] = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const order = eliminationOrder(n, step);
console.log(order.length ? order.join(" ") : "none");
