// execir's JavaScript harness: node harness.js <io|func> <program.js> [<test.js>]. Loads the
// program as a script (top-level declarations are shared with the test script), then runs the
// test; records on fd 3: "<nonce> E <name>" (program does not load), "T" (test starts),
// "F <name>" (test threw; "-" for a failed assertion), "R 0" (test finished).
'use strict';
const fs = require('fs');
const vm = require('vm');
const path = require('path');
const Module = require('module');

const nonce = process.env.EXECIR_NONCE || '';
delete process.env.EXECIR_NONCE;

function record(line) {
  try { fs.writeSync(3, nonce + ' ' + line + '\n'); } catch (e) { /* channel gone */ }
}

function errorName(e) {
  let raw;
  if (e !== null && (typeof e === 'object' || typeof e === 'function')) {
    try { raw = (e.constructor && e.constructor.name) || e.name || 'Error'; } catch (x) { raw = 'Error'; }
  } else {
    raw = typeof e;
    raw = raw.charAt(0).toUpperCase() + raw.slice(1);
  }
  const clean = String(raw).replace(/[^A-Za-z0-9_.]/g, '_').slice(0, 80);
  return clean || 'Error';
}

function report(kind, e) {
  const name = errorName(e);
  record(kind + ' ' + (kind === 'F' && name === 'AssertionError' ? '-' : name));
  try { process.stderr.write(String(e && e.stack ? e.stack : e) + '\n'); } catch (x) { /* ignore */ }
  process.exit(1);
}

class AssertionError extends Error {
  constructor(message) { super(message); this.name = 'AssertionError'; }
}
console.assert = (condition, ...message) => {
  if (!condition) throw new AssertionError(message.length ? message.join(' ') : 'Assertion failed');
};

// Stand-ins for the two npm packages benchmark tests use, when they are not installed.
const SHIMS = {
  'js-md5': () => {
    const crypto = require('crypto');
    const md5 = (s) => crypto.createHash('md5').update(s).digest('hex');
    md5.hex = md5;
    return md5;
  },
  lodash: () => {
    const util = require('util');
    const isEqual = (a, b) => {
      if (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b)) return true;
      return util.isDeepStrictEqual(a, b);
    };
    return { isEqual };
  },
};

const [mode, programPath, testPath] = process.argv.slice(2);
const realRequire = Module.createRequire(path.join(process.cwd(), 'program.js'));
globalThis.require = (name) => {
  try {
    return realRequire(name);
  } catch (e) {
    if (e && e.code === 'MODULE_NOT_FOUND' && Object.prototype.hasOwnProperty.call(SHIMS, name)) return SHIMS[name]();
    throw e;
  }
};
globalThis.module = { exports: {} };
globalThis.exports = globalThis.module.exports;
process.argv = [process.argv[0], programPath];

function load(file, name) {
  return new vm.Script(fs.readFileSync(file, 'utf8'), { filename: name });
}

let program;
try {
  program = load(programPath, 'program.js');
} catch (e) {
  report('E', e);
}
if (mode === 'io') {
  record('T');
  try { program.runInThisContext(); } catch (e) { report('F', e); }
} else {
  try { program.runInThisContext(); } catch (e) { report('E', e); }
  record('T');
  try { load(testPath, 'test.js').runInThisContext(); } catch (e) { report('F', e); }
  record('R 0');
}
