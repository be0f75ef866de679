const fs = require("fs");

function windowMaximums(values, k) {
  if (k < 1 || k > values.length) return null;
  const window = [];
  const result = [];
  values.forEach((value, i) => {
    while (window.length && window[0] <= i - k) window.shift();
    while (window.length && values[window[window.length - 1]] <= value) window.pop();
    window.push(i);
    if (i >= k - 1) result.push(values[window[0]]);
  });
  return result;
}

const data = fs.readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const [n, k] = data;
const result = windowMaximums(data.slice(2, 2 + n), k);
console.log(result === null ? "none" : result.join(" "));
