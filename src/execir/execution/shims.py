"""Source text of the harnesses and stand-in libraries the non-Python runners compile.

Kept as Python strings (no package data): each is written into the sandbox by the worker and
built once per worker (the "prelude", see :mod:`execir.execution.programs`). The harnesses
write records on fd 3 -- ``<nonce> T`` (the test starts), ``R <code>`` (it returned),
``F <name>`` (it failed; ``-`` for a failed assertion), ``E <name>`` (the program did not
load) -- which the worker reads to classify each test (:mod:`execir.execution.outcomes`).
"""

from __future__ import annotations


#: C++ harness (``execir_harness.o``, linked with ``-Wl,--wrap=main``).
CPP_HARNESS = r'''// execir's C++ harness, linked with -Wl,--wrap=main: records on fd 3 ("<nonce> T" when main
// starts, "R <code>" when it returns, "F <name>" for a failed assert or an uncaught exception).
#include <assert.h>
#include <cxxabi.h>
#include <exception>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <typeinfo>
#include <unistd.h>

static char execir_nonce[80];

static void execir_record(const char* kind, const char* detail) {
    char line[200];
    int n = snprintf(line, sizeof line, "%s %s%s%s\n", execir_nonce, kind, detail ? " " : "",
                     detail ? detail : "");
    if (n > 0 && n < (int)sizeof line) {
        ssize_t ignored = write(3, line, (size_t)n);
        (void)ignored;
    }
}

static void execir_name(const char* mangled, char* out, size_t size) {
    int status = 0;
    char* readable = abi::__cxa_demangle(mangled, 0, 0, &status);
    const char* src = status == 0 && readable ? readable : mangled;
    size_t j = 0;
    for (size_t i = 0; src[i] && j + 1 < size && j < 80; i++) {
        char c = src[i];
        if (c == ':' && src[i + 1] == ':') { out[j++] = '.'; i++; }
        else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.') out[j++] = c;
        else out[j++] = '_';
    }
    out[j] = 0;
    if (!j) snprintf(out, size, "Exception");
    free(readable);
}

extern "C" int __real_main(int, char**, char**);

extern "C" int __wrap_main(int argc, char** argv, char** envp) {
    const char* nonce = getenv("EXECIR_NONCE");
    snprintf(execir_nonce, sizeof execir_nonce, "%s", nonce ? nonce : "");
    execir_record("T", 0);
    int code;
    char name[96];
    try {
        code = __real_main(argc, argv, envp);
    } catch (const std::exception& e) {
        execir_name(typeid(e).name(), name, sizeof name);
        fprintf(stderr, "uncaught exception %s: %s\n", name, e.what());
        execir_record("F", name);
        fflush(0);
        _exit(1);
    } catch (...) {
        std::type_info* t = abi::__cxa_current_exception_type();
        execir_name(t ? t->name() : "Exception", name, sizeof name);
        fprintf(stderr, "uncaught exception %s\n", name);
        execir_record("F", name);
        fflush(0);
        _exit(1);
    }
    char text[16];
    snprintf(text, sizeof text, "%d", code);
    execir_record("R", text);
    return code;
}

extern "C" void __assert_fail(const char* assertion, const char* file, unsigned int line,
                              const char* function) noexcept {
    fprintf(stderr, "%s:%u: %s: Assertion `%s' failed.\n", file, line, function, assertion);
    execir_record("F", "-");
    fflush(0);
    _exit(134);
}
'''


#: Java harness (``ExecirHarness <class> [args]``).
JAVA_HARNESS = r'''// execir's Java harness: runs <class>.main(args) and records on fd 3 ("<nonce> T" once the class
// is loaded, "R 0" when main returns, "F <name>" for an uncaught throwable, "E <name>" when the
// class cannot be loaded or initialised).
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

public final class ExecirHarness {
    private static OutputStream records;
    private static String nonce = "";

    private static void record(String line) {
        try {
            records.write((nonce + " " + line + "\n").getBytes(StandardCharsets.UTF_8));
            records.flush();
        } catch (Exception e) {
            // the channel is gone: the outcome says so
        }
    }

    private static String name(Throwable t) {
        String raw = t.getClass().getSimpleName();
        if (raw.isEmpty()) raw = t.getClass().getName();
        StringBuilder out = new StringBuilder();
        for (char c : raw.toCharArray()) {
            if (out.length() >= 80) break;
            out.append(Character.isLetterOrDigit(c) && c < 128 || c == '_' || c == '.' ? c : '_');
        }
        return out.length() == 0 ? "Throwable" : out.toString();
    }

    private static void die(String kind, Throwable t) {
        record(kind + " " + (kind.equals("F") && t.getClass() == AssertionError.class ? "-" : name(t)));
        t.printStackTrace();
        System.out.flush();
        System.err.flush();
        Runtime.getRuntime().halt(1);
    }

    public static void main(String[] args) {
        String given = System.getenv("EXECIR_NONCE");
        nonce = given == null ? "" : given;
        try {
            records = new FileOutputStream("/proc/self/fd/3", true);
        } catch (Exception e) {
            records = OutputStream.nullOutputStream();
        }
        Method main;
        try {
            Class<?> cls = Class.forName(args[0], true, ExecirHarness.class.getClassLoader());
            main = cls.getMethod("main", String[].class);
            main.setAccessible(true);
        } catch (ExceptionInInitializerError e) {
            die("E", e.getCause() == null ? e : e.getCause());
            return;
        } catch (Throwable t) {
            die("E", t);
            return;
        }
        record("T");
        try {
            main.invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
        } catch (InvocationTargetException e) {
            die("F", e.getCause() == null ? e : e.getCause());
        } catch (Throwable t) {
            die("F", t);
        }
        System.out.flush();
        record("R 0");
    }
}
'''


#: JavaScript harness (``node harness.js <io|func> program.js [test.js]``).
JS_HARNESS = r'''// execir's JavaScript harness: node harness.js <io|func> <program.js> [<test.js>]. Loads the
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
'''


#: Ruby harness (``ruby harness.rb <io|func> program.rb [test.rb]``).
RUBY_HARNESS = r'''# execir's Ruby harness: ruby harness.rb <io|func> <program.rb> [<test.rb>]. Evaluates the
# program at top level, then the test; records on fd 3: "<nonce> E <name>" (program does not
# load), "T" (test starts), "F <name>" (test raised; "-" for a failed assertion), "R 0".
$execir_nonce = ENV.delete('EXECIR_NONCE') || ''
$execir_records = begin
  IO.new(3, 'w').tap { |io| io.sync = true }
rescue StandardError
  nil
end

def __execir_record(line)
  $execir_records&.write("#{$execir_nonce} #{line}\n")
rescue StandardError
  nil
end

# The assertion type of the test helpers below; a test that raises it is FAIL.
class AssertionError < StandardError; end

def assert(condition, message = 'Assertion failed')
  raise AssertionError, message unless condition
end

def assert_equal(expected, actual, message = nil)
  raise AssertionError, (message || "expected #{expected.inspect}, got #{actual.inspect}") unless expected == actual
end

def __execir_report(kind, error)
  name = error.class.name.to_s.gsub('::', '.').gsub(/[^A-Za-z0-9_.]/, '_')[0, 80]
  name = 'Exception' if name.empty?
  name = '-' if kind == 'F' && error.is_a?(AssertionError)
  __execir_record("#{kind} #{name}")
  begin
    warn error.full_message(highlight: false)
  rescue StandardError
    nil
  end
  $stdout.flush
  exit!(1)
end

__execir_mode, __execir_program, __execir_test = ARGV.shift(3)
__execir_source = File.read(__execir_program)
begin
  RubyVM::InstructionSequence.compile(__execir_source, 'program.rb')
rescue SyntaxError => e
  __execir_report('E', e)
end
if __execir_mode == 'io'
  __execir_record('T')
  begin
    TOPLEVEL_BINDING.eval(__execir_source, 'program.rb')
  rescue SystemExit
    raise
  rescue Exception => e # rubocop:disable Lint/RescueException
    __execir_report('F', e)
  end
else
  begin
    TOPLEVEL_BINDING.eval(__execir_source, 'program.rb')
  rescue SystemExit
    raise
  rescue Exception => e # rubocop:disable Lint/RescueException
    __execir_report('E', e)
  end
  __execir_test_source = File.read(__execir_test)
  __execir_record('T')
  begin
    TOPLEVEL_BINDING.eval(__execir_test_source, 'test.rb')
  rescue SystemExit
    raise
  rescue Exception => e # rubocop:disable Lint/RescueException
    __execir_report('F', e)
  end
  __execir_record('R 0')
end
'''


#: Python harness for stdin/stdout programs (``python harness.py io program.py``).
PYTHON_HARNESS = r'''"""execir's Python harness for stdin/stdout programs: python harness.py io <program.py>.

Compiles the program (a failure is recorded as "<nonce> E <name>" on fd 3), records "T", then
runs it as ``__main__``; an uncaught exception is recorded as "F <name>". ``sys.exit`` ends the
program normally with its status.
"""
import os
import sys


def _main():
    nonce = os.environ.pop("EXECIR_NONCE", "")

    def record(line):
        try:
            os.write(3, f"{nonce} {line}\n".encode())
        except OSError:
            pass

    def name(exc):
        raw = type(exc).__name__
        clean = "".join(c if (c.isalnum() or c in "_.") and c.isascii() else "_" for c in raw)[:80]
        return clean or "Exception"

    path = sys.argv[2]
    with open(path, "rb") as fh:
        source = fh.read()
    try:
        code = compile(source, "program.py", "exec", dont_inherit=True)
    except BaseException as exc:
        record("E " + name(exc))
        import traceback
        traceback.print_exc()
        sys.stderr.flush()
        os._exit(1)
    sys.argv = ["program.py"]
    namespace = {"__name__": "__main__", "__builtins__": __builtins__, "__file__": "program.py"}
    record("T")
    try:
        exec(code, namespace)
    except SystemExit:
        raise
    except BaseException as exc:
        record("F " + name(exc))
        import traceback
        traceback.print_exc()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(1)


_main()
'''


#: Go harness: a ``TestMain`` added next to the test file.
GO_TEST_MAIN = r'''package main

// execir's Go harness: records on fd 3 ("<nonce> T" before the tests run, "R <code>" after).

import (
	"os"
	"strconv"
	"testing"
)

func TestMain(m *testing.M) {
	nonce := os.Getenv("EXECIR_NONCE")
	os.Unsetenv("EXECIR_NONCE")
	records := os.NewFile(3, "execir-records")
	if records != nil {
		records.WriteString(nonce + " T\n")
	}
	code := m.Run()
	if records != nil {
		records.WriteString(nonce + " R " + strconv.Itoa(code) + "\n")
	}
	os.Exit(code)
}
'''


#: Stand-in for ``github.com/stretchr/testify/assert``.
GO_ASSERT = r'''// Package assert is execir's stand-in for github.com/stretchr/testify/assert: the common
// assertions, with testify's equality rule (bytes.Equal for []byte, else reflect.DeepEqual).
package assert

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
)

// TestingT is what the assertions need from *testing.T.
type TestingT interface {
	Errorf(format string, args ...interface{})
}

type helper interface{ Helper() }

func fail(t TestingT, text string, msgAndArgs ...interface{}) bool {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	if len(msgAndArgs) > 0 {
		if format, ok := msgAndArgs[0].(string); ok && len(msgAndArgs) > 1 {
			text += ": " + fmt.Sprintf(format, msgAndArgs[1:]...)
		} else {
			text += ": " + fmt.Sprint(msgAndArgs...)
		}
	}
	t.Errorf("%s", text)
	return false
}

// ObjectsAreEqual is testify's equality: bytes.Equal for two []byte, else reflect.DeepEqual.
func ObjectsAreEqual(expected, actual interface{}) bool {
	if expected == nil || actual == nil {
		return expected == actual
	}
	exp, ok := expected.([]byte)
	if !ok {
		return reflect.DeepEqual(expected, actual)
	}
	act, ok := actual.([]byte)
	if !ok {
		return false
	}
	if exp == nil || act == nil {
		return exp == nil && act == nil
	}
	return bytes.Equal(exp, act)
}

// ObjectsAreEqualValues is ObjectsAreEqual, or equal after converting actual to expected's type.
func ObjectsAreEqualValues(expected, actual interface{}) bool {
	if ObjectsAreEqual(expected, actual) {
		return true
	}
	if expected == nil || actual == nil {
		return false
	}
	et := reflect.TypeOf(expected)
	av := reflect.ValueOf(actual)
	if av.Type().ConvertibleTo(et) {
		return reflect.DeepEqual(expected, av.Convert(et).Interface())
	}
	return false
}

func isNil(object interface{}) bool {
	if object == nil {
		return true
	}
	v := reflect.ValueOf(object)
	switch v.Kind() {
	case reflect.Chan, reflect.Func, reflect.Interface, reflect.Map, reflect.Ptr, reflect.Slice,
		reflect.UnsafePointer:
		return v.IsNil()
	}
	return false
}

func isEmpty(object interface{}) bool {
	if object == nil {
		return true
	}
	v := reflect.ValueOf(object)
	switch v.Kind() {
	case reflect.Array, reflect.Chan, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Ptr:
		if v.IsNil() {
			return true
		}
		return isEmpty(v.Elem().Interface())
	}
	return reflect.DeepEqual(object, reflect.Zero(v.Type()).Interface())
}

func length(object interface{}) (int, bool) {
	v := reflect.ValueOf(object)
	switch v.Kind() {
	case reflect.Array, reflect.Chan, reflect.Map, reflect.Slice, reflect.String:
		return v.Len(), true
	}
	return 0, false
}

func contains(list, element interface{}) (found, ok bool) {
	v := reflect.ValueOf(list)
	switch v.Kind() {
	case reflect.String:
		e, isString := element.(string)
		if !isString {
			return false, false
		}
		return strings.Contains(v.String(), e), true
	case reflect.Map:
		for _, k := range v.MapKeys() {
			if ObjectsAreEqual(k.Interface(), element) {
				return true, true
			}
		}
		return false, true
	case reflect.Array, reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			if ObjectsAreEqual(v.Index(i).Interface(), element) {
				return true, true
			}
		}
		return false, true
	}
	return false, false
}

func toFloat(x interface{}) (float64, bool) {
	v := reflect.ValueOf(x)
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(v.Int()), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return float64(v.Uint()), true
	case reflect.Float32, reflect.Float64:
		return v.Float(), true
	}
	return 0, false
}

// compare returns -1, 0 or 1 for two numbers or two strings of the same kind; ok false otherwise.
func compare(a, b interface{}) (int, bool) {
	if sa, ok := a.(string); ok {
		sb, ok := b.(string)
		if !ok {
			return 0, false
		}
		return strings.Compare(sa, sb), true
	}
	if reflect.TypeOf(a) != reflect.TypeOf(b) {
		return 0, false
	}
	fa, ok1 := toFloat(a)
	fb, ok2 := toFloat(b)
	if !ok1 || !ok2 {
		return 0, false
	}
	switch {
	case fa < fb:
		return -1, true
	case fa > fb:
		return 1, true
	}
	return 0, true
}

func didPanic(f func()) (panicked bool) {
	defer func() {
		if recover() != nil {
			panicked = true
		}
	}()
	f()
	return false
}

func Equal(t TestingT, expected, actual interface{}, msgAndArgs ...interface{}) bool {
	if !ObjectsAreEqual(expected, actual) {
		return fail(t, fmt.Sprintf("Not equal:\nexpected: %#v\nactual  : %#v", expected, actual), msgAndArgs...)
	}
	return true
}

func NotEqual(t TestingT, expected, actual interface{}, msgAndArgs ...interface{}) bool {
	if ObjectsAreEqual(expected, actual) {
		return fail(t, fmt.Sprintf("Should not be: %#v", actual), msgAndArgs...)
	}
	return true
}

func EqualValues(t TestingT, expected, actual interface{}, msgAndArgs ...interface{}) bool {
	if !ObjectsAreEqualValues(expected, actual) {
		return fail(t, fmt.Sprintf("Not equal:\nexpected: %#v\nactual  : %#v", expected, actual), msgAndArgs...)
	}
	return true
}

func Exactly(t TestingT, expected, actual interface{}, msgAndArgs ...interface{}) bool {
	if reflect.TypeOf(expected) != reflect.TypeOf(actual) {
		return fail(t, fmt.Sprintf("Types expected to match exactly: %T != %T", expected, actual), msgAndArgs...)
	}
	return Equal(t, expected, actual, msgAndArgs...)
}

func True(t TestingT, value bool, msgAndArgs ...interface{}) bool {
	if !value {
		return fail(t, "Should be true", msgAndArgs...)
	}
	return true
}

func False(t TestingT, value bool, msgAndArgs ...interface{}) bool {
	if value {
		return fail(t, "Should be false", msgAndArgs...)
	}
	return true
}

func Nil(t TestingT, object interface{}, msgAndArgs ...interface{}) bool {
	if !isNil(object) {
		return fail(t, fmt.Sprintf("Expected nil, but got: %#v", object), msgAndArgs...)
	}
	return true
}

func NotNil(t TestingT, object interface{}, msgAndArgs ...interface{}) bool {
	if isNil(object) {
		return fail(t, "Expected value not to be nil.", msgAndArgs...)
	}
	return true
}

func Empty(t TestingT, object interface{}, msgAndArgs ...interface{}) bool {
	if !isEmpty(object) {
		return fail(t, fmt.Sprintf("Should be empty, but was %v", object), msgAndArgs...)
	}
	return true
}

func NotEmpty(t TestingT, object interface{}, msgAndArgs ...interface{}) bool {
	if isEmpty(object) {
		return fail(t, fmt.Sprintf("Should NOT be empty, but was %v", object), msgAndArgs...)
	}
	return true
}

func Zero(t TestingT, i interface{}, msgAndArgs ...interface{}) bool {
	if i != nil && !reflect.DeepEqual(i, reflect.Zero(reflect.TypeOf(i)).Interface()) {
		return fail(t, fmt.Sprintf("Should be zero, but was %v", i), msgAndArgs...)
	}
	return true
}

func Len(t TestingT, object interface{}, n int, msgAndArgs ...interface{}) bool {
	l, ok := length(object)
	if !ok {
		return fail(t, fmt.Sprintf("\"%v\" could not be applied builtin len()", object), msgAndArgs...)
	}
	if l != n {
		return fail(t, fmt.Sprintf("\"%v\" should have %d item(s), but has %d", object, n, l), msgAndArgs...)
	}
	return true
}

func Contains(t TestingT, s, contained interface{}, msgAndArgs ...interface{}) bool {
	found, ok := contains(s, contained)
	if !ok {
		return fail(t, fmt.Sprintf("%#v could not be applied builtin len()", s), msgAndArgs...)
	}
	if !found {
		return fail(t, fmt.Sprintf("%#v does not contain %#v", s, contained), msgAndArgs...)
	}
	return true
}

func NotContains(t TestingT, s, contained interface{}, msgAndArgs ...interface{}) bool {
	found, ok := contains(s, contained)
	if !ok {
		return fail(t, fmt.Sprintf("%#v could not be applied builtin len()", s), msgAndArgs...)
	}
	if found {
		return fail(t, fmt.Sprintf("%#v should not contain %#v", s, contained), msgAndArgs...)
	}
	return true
}

func ElementsMatch(t TestingT, listA, listB interface{}, msgAndArgs ...interface{}) bool {
	if isEmpty(listA) && isEmpty(listB) {
		return true
	}
	a, b := reflect.ValueOf(listA), reflect.ValueOf(listB)
	okA := a.Kind() == reflect.Slice || a.Kind() == reflect.Array
	okB := b.Kind() == reflect.Slice || b.Kind() == reflect.Array
	if !okA || !okB || a.Len() != b.Len() {
		return fail(t, fmt.Sprintf("elements differ: %#v vs %#v", listA, listB), msgAndArgs...)
	}
	used := make([]bool, b.Len())
	for i := 0; i < a.Len(); i++ {
		found := false
		for j := 0; j < b.Len(); j++ {
			if !used[j] && ObjectsAreEqual(a.Index(i).Interface(), b.Index(j).Interface()) {
				used[j], found = true, true
				break
			}
		}
		if !found {
			return fail(t, fmt.Sprintf("elements differ: %#v vs %#v", listA, listB), msgAndArgs...)
		}
	}
	return true
}

func InDelta(t TestingT, expected, actual interface{}, delta float64, msgAndArgs ...interface{}) bool {
	e, ok1 := toFloat(expected)
	a, ok2 := toFloat(actual)
	if !ok1 || !ok2 {
		return fail(t, "Parameters must be numerical", msgAndArgs...)
	}
	if d := e - a; d < -delta || d > delta || d != d {
		return fail(t, fmt.Sprintf("Max difference between %v and %v allowed is %v", expected, actual, delta), msgAndArgs...)
	}
	return true
}

func InEpsilon(t TestingT, expected, actual interface{}, epsilon float64, msgAndArgs ...interface{}) bool {
	e, ok1 := toFloat(expected)
	a, ok2 := toFloat(actual)
	if !ok1 || !ok2 || e == 0 {
		return fail(t, "Parameters must be numerical and expected non-zero", msgAndArgs...)
	}
	rel := (e - a) / e
	if rel < 0 {
		rel = -rel
	}
	if rel > epsilon || rel != rel {
		return fail(t, fmt.Sprintf("Relative error is too high: %v (allowed %v)", rel, epsilon), msgAndArgs...)
	}
	return true
}

func ordered(t TestingT, a, b interface{}, want func(int) bool, what string, msgAndArgs ...interface{}) bool {
	c, ok := compare(a, b)
	if !ok {
		return fail(t, fmt.Sprintf("Elements should be the same type: %T, %T", a, b), msgAndArgs...)
	}
	if !want(c) {
		return fail(t, fmt.Sprintf("\"%v\" is not %s \"%v\"", a, what, b), msgAndArgs...)
	}
	return true
}

func Greater(t TestingT, e1, e2 interface{}, msgAndArgs ...interface{}) bool {
	return ordered(t, e1, e2, func(c int) bool { return c > 0 }, "greater than", msgAndArgs...)
}

func GreaterOrEqual(t TestingT, e1, e2 interface{}, msgAndArgs ...interface{}) bool {
	return ordered(t, e1, e2, func(c int) bool { return c >= 0 }, "greater than or equal to", msgAndArgs...)
}

func Less(t TestingT, e1, e2 interface{}, msgAndArgs ...interface{}) bool {
	return ordered(t, e1, e2, func(c int) bool { return c < 0 }, "less than", msgAndArgs...)
}

func LessOrEqual(t TestingT, e1, e2 interface{}, msgAndArgs ...interface{}) bool {
	return ordered(t, e1, e2, func(c int) bool { return c <= 0 }, "less than or equal to", msgAndArgs...)
}

func NoError(t TestingT, err error, msgAndArgs ...interface{}) bool {
	if err != nil {
		return fail(t, fmt.Sprintf("Received unexpected error: %v", err), msgAndArgs...)
	}
	return true
}

func Error(t TestingT, err error, msgAndArgs ...interface{}) bool {
	if err == nil {
		return fail(t, "An error is expected but got nil.", msgAndArgs...)
	}
	return true
}

func Panics(t TestingT, f func(), msgAndArgs ...interface{}) bool {
	if !didPanic(f) {
		return fail(t, "func should panic", msgAndArgs...)
	}
	return true
}

func NotPanics(t TestingT, f func(), msgAndArgs ...interface{}) bool {
	if didPanic(f) {
		return fail(t, "func should not panic", msgAndArgs...)
	}
	return true
}

// Assertions is what assert.New(t) returns: the same assertions bound to t.
type Assertions struct{ t TestingT }

func New(t TestingT) *Assertions { return &Assertions{t} }

func (a *Assertions) Equal(expected, actual interface{}, msgAndArgs ...interface{}) bool {
	return Equal(a.t, expected, actual, msgAndArgs...)
}
func (a *Assertions) NotEqual(expected, actual interface{}, msgAndArgs ...interface{}) bool {
	return NotEqual(a.t, expected, actual, msgAndArgs...)
}
func (a *Assertions) EqualValues(expected, actual interface{}, msgAndArgs ...interface{}) bool {
	return EqualValues(a.t, expected, actual, msgAndArgs...)
}
func (a *Assertions) Exactly(expected, actual interface{}, msgAndArgs ...interface{}) bool {
	return Exactly(a.t, expected, actual, msgAndArgs...)
}
func (a *Assertions) True(value bool, msgAndArgs ...interface{}) bool {
	return True(a.t, value, msgAndArgs...)
}
func (a *Assertions) False(value bool, msgAndArgs ...interface{}) bool {
	return False(a.t, value, msgAndArgs...)
}
func (a *Assertions) Nil(object interface{}, msgAndArgs ...interface{}) bool {
	return Nil(a.t, object, msgAndArgs...)
}
func (a *Assertions) NotNil(object interface{}, msgAndArgs ...interface{}) bool {
	return NotNil(a.t, object, msgAndArgs...)
}
func (a *Assertions) Empty(object interface{}, msgAndArgs ...interface{}) bool {
	return Empty(a.t, object, msgAndArgs...)
}
func (a *Assertions) NotEmpty(object interface{}, msgAndArgs ...interface{}) bool {
	return NotEmpty(a.t, object, msgAndArgs...)
}
func (a *Assertions) Zero(i interface{}, msgAndArgs ...interface{}) bool {
	return Zero(a.t, i, msgAndArgs...)
}
func (a *Assertions) Len(object interface{}, n int, msgAndArgs ...interface{}) bool {
	return Len(a.t, object, n, msgAndArgs...)
}
func (a *Assertions) Contains(s, contained interface{}, msgAndArgs ...interface{}) bool {
	return Contains(a.t, s, contained, msgAndArgs...)
}
func (a *Assertions) NotContains(s, contained interface{}, msgAndArgs ...interface{}) bool {
	return NotContains(a.t, s, contained, msgAndArgs...)
}
func (a *Assertions) ElementsMatch(listA, listB interface{}, msgAndArgs ...interface{}) bool {
	return ElementsMatch(a.t, listA, listB, msgAndArgs...)
}
func (a *Assertions) InDelta(expected, actual interface{}, delta float64, msgAndArgs ...interface{}) bool {
	return InDelta(a.t, expected, actual, delta, msgAndArgs...)
}
func (a *Assertions) InEpsilon(expected, actual interface{}, epsilon float64, msgAndArgs ...interface{}) bool {
	return InEpsilon(a.t, expected, actual, epsilon, msgAndArgs...)
}
func (a *Assertions) Greater(e1, e2 interface{}, msgAndArgs ...interface{}) bool {
	return Greater(a.t, e1, e2, msgAndArgs...)
}
func (a *Assertions) GreaterOrEqual(e1, e2 interface{}, msgAndArgs ...interface{}) bool {
	return GreaterOrEqual(a.t, e1, e2, msgAndArgs...)
}
func (a *Assertions) Less(e1, e2 interface{}, msgAndArgs ...interface{}) bool {
	return Less(a.t, e1, e2, msgAndArgs...)
}
func (a *Assertions) LessOrEqual(e1, e2 interface{}, msgAndArgs ...interface{}) bool {
	return LessOrEqual(a.t, e1, e2, msgAndArgs...)
}
func (a *Assertions) NoError(err error, msgAndArgs ...interface{}) bool {
	return NoError(a.t, err, msgAndArgs...)
}
func (a *Assertions) Error(err error, msgAndArgs ...interface{}) bool {
	return Error(a.t, err, msgAndArgs...)
}
func (a *Assertions) Panics(f func(), msgAndArgs ...interface{}) bool {
	return Panics(a.t, f, msgAndArgs...)
}
func (a *Assertions) NotPanics(f func(), msgAndArgs ...interface{}) bool {
	return NotPanics(a.t, f, msgAndArgs...)
}
'''


#: Stand-in for ``github.com/stretchr/testify/require``.
GO_REQUIRE = r'''// Package require is execir's stand-in for github.com/stretchr/testify/require: the assertions
// of package assert that stop the test (t.FailNow) when they fail.
package require

import "github.com/stretchr/testify/assert"

// TestingT is what the assertions need from *testing.T.
type TestingT interface {
	Errorf(format string, args ...interface{})
	FailNow()
}

func stop(t TestingT, ok bool) {
	if !ok {
		t.FailNow()
	}
}

func Equal(t TestingT, expected, actual interface{}, msgAndArgs ...interface{}) {
	stop(t, assert.Equal(t, expected, actual, msgAndArgs...))
}
func NotEqual(t TestingT, expected, actual interface{}, msgAndArgs ...interface{}) {
	stop(t, assert.NotEqual(t, expected, actual, msgAndArgs...))
}
func EqualValues(t TestingT, expected, actual interface{}, msgAndArgs ...interface{}) {
	stop(t, assert.EqualValues(t, expected, actual, msgAndArgs...))
}
func True(t TestingT, value bool, msgAndArgs ...interface{}) {
	stop(t, assert.True(t, value, msgAndArgs...))
}
func False(t TestingT, value bool, msgAndArgs ...interface{}) {
	stop(t, assert.False(t, value, msgAndArgs...))
}
func Nil(t TestingT, object interface{}, msgAndArgs ...interface{}) {
	stop(t, assert.Nil(t, object, msgAndArgs...))
}
func NotNil(t TestingT, object interface{}, msgAndArgs ...interface{}) {
	stop(t, assert.NotNil(t, object, msgAndArgs...))
}
func Len(t TestingT, object interface{}, n int, msgAndArgs ...interface{}) {
	stop(t, assert.Len(t, object, n, msgAndArgs...))
}
func Contains(t TestingT, s, contained interface{}, msgAndArgs ...interface{}) {
	stop(t, assert.Contains(t, s, contained, msgAndArgs...))
}
func ElementsMatch(t TestingT, listA, listB interface{}, msgAndArgs ...interface{}) {
	stop(t, assert.ElementsMatch(t, listA, listB, msgAndArgs...))
}
func InDelta(t TestingT, expected, actual interface{}, delta float64, msgAndArgs ...interface{}) {
	stop(t, assert.InDelta(t, expected, actual, delta, msgAndArgs...))
}
func NoError(t TestingT, err error, msgAndArgs ...interface{}) {
	stop(t, assert.NoError(t, err, msgAndArgs...))
}
func Error(t TestingT, err error, msgAndArgs ...interface{}) {
	stop(t, assert.Error(t, err, msgAndArgs...))
}
func Empty(t TestingT, object interface{}, msgAndArgs ...interface{}) {
	stop(t, assert.Empty(t, object, msgAndArgs...))
}
func NotEmpty(t TestingT, object interface{}, msgAndArgs ...interface{}) {
	stop(t, assert.NotEmpty(t, object, msgAndArgs...))
}

// Assertions is what require.New(t) returns.
type Assertions struct{ t TestingT }

func New(t TestingT) *Assertions { return &Assertions{t} }

func (a *Assertions) Equal(expected, actual interface{}, msgAndArgs ...interface{}) {
	Equal(a.t, expected, actual, msgAndArgs...)
}
func (a *Assertions) NotEqual(expected, actual interface{}, msgAndArgs ...interface{}) {
	NotEqual(a.t, expected, actual, msgAndArgs...)
}
func (a *Assertions) True(value bool, msgAndArgs ...interface{}) { True(a.t, value, msgAndArgs...) }
func (a *Assertions) False(value bool, msgAndArgs ...interface{}) { False(a.t, value, msgAndArgs...) }
func (a *Assertions) Nil(object interface{}, msgAndArgs ...interface{}) { Nil(a.t, object, msgAndArgs...) }
func (a *Assertions) NotNil(object interface{}, msgAndArgs ...interface{}) {
	NotNil(a.t, object, msgAndArgs...)
}
func (a *Assertions) Len(object interface{}, n int, msgAndArgs ...interface{}) {
	Len(a.t, object, n, msgAndArgs...)
}
func (a *Assertions) NoError(err error, msgAndArgs ...interface{}) { NoError(a.t, err, msgAndArgs...) }
func (a *Assertions) Error(err error, msgAndArgs ...interface{}) { Error(a.t, err, msgAndArgs...) }
'''


#: Stand-in for the ``rand`` crate (0.7 API subset, fixed seed).
RUST_RAND = r'''//! execir's stand-in for the `rand` crate (0.7 API subset): deterministic, seeded per process.
use std::cell::Cell;

thread_local! { static STATE: Cell<u64> = Cell::new(0x9E37_79B9_7F4A_7C15); }

fn next() -> u64 {
    STATE.with(|s| {
        let mut x = s.get();
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        s.set(x);
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    })
}

pub trait SampleUniform: Copy {
    fn sample_between(low: Self, high: Self) -> Self;
}

macro_rules! uniform_int {
    ($($t:ty),*) => {$(
        impl SampleUniform for $t {
            fn sample_between(low: Self, high: Self) -> Self {
                assert!(low < high, "gen_range: low must be below high");
                let span = (high as i128 - low as i128) as u128;
                (low as i128 + (next() as u128 % span) as i128) as $t
            }
        }
    )*};
}
uniform_int!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

macro_rules! uniform_float {
    ($($t:ty),*) => {$(
        impl SampleUniform for $t {
            fn sample_between(low: Self, high: Self) -> Self {
                assert!(low < high, "gen_range: low must be below high");
                let unit = (next() >> 11) as f64 / (1u64 << 53) as f64;
                low + (high - low) * unit as $t
            }
        }
    )*};
}
uniform_float!(f32, f64);

pub trait Standard: Sized {
    fn standard() -> Self;
}

macro_rules! standard_int {
    ($($t:ty),*) => {$( impl Standard for $t { fn standard() -> Self { next() as $t } } )*};
}
standard_int!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);
impl Standard for f64 { fn standard() -> Self { (next() >> 11) as f64 / (1u64 << 53) as f64 } }
impl Standard for f32 { fn standard() -> Self { (next() >> 40) as f32 / (1u32 << 24) as f32 } }
impl Standard for bool { fn standard() -> Self { next() & 1 == 1 } }
impl Standard for char {
    fn standard() -> Self { std::char::from_u32((next() % 0xD800) as u32).unwrap_or('a') }
}

pub trait RngCore {
    fn next_u64(&mut self) -> u64;
    fn next_u32(&mut self) -> u32 { self.next_u64() as u32 }
}

pub trait Rng: RngCore {
    fn gen<T: Standard>(&mut self) -> T { T::standard() }
    fn gen_range<T: SampleUniform>(&mut self, low: T, high: T) -> T { T::sample_between(low, high) }
    fn gen_bool(&mut self, p: f64) -> bool { f64::standard() < p }
}

impl<R: RngCore + ?Sized> Rng for R {}

#[derive(Clone, Debug, Default)]
pub struct ThreadRng;

impl RngCore for ThreadRng {
    fn next_u64(&mut self) -> u64 { next() }
}

pub fn thread_rng() -> ThreadRng { ThreadRng }

pub fn random<T: Standard>() -> T { T::standard() }

pub mod rngs { pub use super::ThreadRng; }
pub mod prelude { pub use super::{random, thread_rng, Rng, RngCore}; }
'''


#: Stand-in for the ``regex`` crate (small backtracking engine, no captures).
RUST_REGEX = r'''//! execir's stand-in for the `regex` crate: a small backtracking engine (no captures) with
//! `Regex::new`, `is_match`, `find`, `find_iter`, `split`, `replace_all`; classes, `\d\w\s`,
//! `. ^ $ \b`, groups, `|`, `* + ? {m,n}` (greedy or lazy).
use std::borrow::Cow;
use std::fmt;

#[derive(Clone, Debug)]
enum Node {
    Char(char),
    Any,
    Class(Vec<(char, char)>, bool),
    Start,
    End,
    WordBoundary(bool),
    Concat(Vec<Node>),
    Alt(Vec<Node>),
    Repeat(Box<Node>, usize, Option<usize>, bool),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { write!(f, "regex parse error: {}", self.0) }
}
impl std::error::Error for Error {}

struct Parser { chars: Vec<char>, pos: usize }

fn class_of(c: char) -> Option<(Vec<(char, char)>, bool)> {
    let digit = vec![('0', '9')];
    let word = vec![('0', '9'), ('A', 'Z'), ('_', '_'), ('a', 'z')];
    let space = vec![('\t', '\r'), (' ', ' ')];
    match c {
        'd' => Some((digit, false)), 'D' => Some((digit, true)),
        'w' => Some((word, false)), 'W' => Some((word, true)),
        's' => Some((space, false)), 'S' => Some((space, true)),
        _ => None,
    }
}

fn escaped(c: char) -> char {
    match c { 'n' => '\n', 't' => '\t', 'r' => '\r', 'f' => '\x0c', 'v' => '\x0b', '0' => '\0', other => other }
}

impl Parser {
    fn peek(&self) -> Option<char> { self.chars.get(self.pos).copied() }
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) { self.pos += 1; true } else { false }
    }
    fn alt(&mut self) -> Result<Node, Error> {
        let mut branches = vec![self.concat()?];
        while self.eat('|') { branches.push(self.concat()?); }
        Ok(if branches.len() == 1 { branches.pop().unwrap() } else { Node::Alt(branches) })
    }
    fn concat(&mut self) -> Result<Node, Error> {
        let mut items = Vec::new();
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' { break; }
            let atom = self.atom()?;
            items.push(self.repeat(atom)?);
        }
        Ok(Node::Concat(items))
    }
    fn number(&mut self) -> Option<usize> {
        let start = self.pos;
        while matches!(self.peek(), Some(c) if c.is_ascii_digit()) { self.pos += 1; }
        if self.pos == start { None } else { self.chars[start..self.pos].iter().collect::<String>().parse().ok() }
    }
    fn repeat(&mut self, atom: Node) -> Result<Node, Error> {
        let mut node = atom;
        loop {
            let (min, max) = match self.peek() {
                Some('*') => { self.pos += 1; (0, None) }
                Some('+') => { self.pos += 1; (1, None) }
                Some('?') => { self.pos += 1; (0, Some(1)) }
                Some('{') => {
                    let save = self.pos;
                    self.pos += 1;
                    match self.number() {
                        Some(lo) => {
                            let hi = if self.eat(',') { self.number() } else { Some(lo) };
                            if !self.eat('}') { return Err(Error("unclosed counted repetition".into())); }
                            (lo, hi)
                        }
                        None => { self.pos = save; return Ok(node); }
                    }
                }
                _ => return Ok(node),
            };
            let greedy = !self.eat('?');
            node = Node::Repeat(Box::new(node), min, max, greedy);
        }
    }
    fn atom(&mut self) -> Result<Node, Error> {
        let c = self.peek().ok_or_else(|| Error("unexpected end".into()))?;
        self.pos += 1;
        Ok(match c {
            '(' => {
                if self.eat('?') {
                    if !self.eat(':') { return Err(Error("unsupported group flag".into())); }
                }
                let inner = self.alt()?;
                if !self.eat(')') { return Err(Error("unclosed group".into())); }
                inner
            }
            '[' => self.class()?,
            '.' => Node::Any,
            '^' => Node::Start,
            '$' => Node::End,
            '*' | '+' | '?' => return Err(Error("repetition operator missing expression".into())),
            '\\' => {
                let e = self.peek().ok_or_else(|| Error("trailing backslash".into()))?;
                self.pos += 1;
                match e {
                    'b' => Node::WordBoundary(true),
                    'B' => Node::WordBoundary(false),
                    _ => match class_of(e) {
                        Some((ranges, neg)) => Node::Class(ranges, neg),
                        None => Node::Char(escaped(e)),
                    },
                }
            }
            other => Node::Char(other),
        })
    }
    fn class(&mut self) -> Result<Node, Error> {
        let negated = self.eat('^');
        let mut ranges = Vec::new();
        let mut first = true;
        loop {
            let c = self.peek().ok_or_else(|| Error("unclosed character class".into()))?;
            self.pos += 1;
            if c == ']' && !first { break; }
            first = false;
            let lo = if c == '\\' {
                let e = self.peek().ok_or_else(|| Error("trailing backslash".into()))?;
                self.pos += 1;
                if let Some((set, neg)) = class_of(e) {
                    if neg { return Err(Error("negated class inside a class is not supported".into())); }
                    ranges.extend(set);
                    continue;
                }
                escaped(e)
            } else { c };
            if self.peek() == Some('-') && self.chars.get(self.pos + 1).map_or(false, |&n| n != ']') {
                self.pos += 1;
                let mut hi = self.peek().unwrap();
                self.pos += 1;
                if hi == '\\' { hi = escaped(self.peek().unwrap_or('\\')); self.pos += 1; }
                ranges.push((lo, hi));
            } else {
                ranges.push((lo, lo));
            }
        }
        Ok(Node::Class(ranges, negated))
    }
}

fn is_word(c: char) -> bool { c.is_alphanumeric() || c == '_' }

fn mat(n: &Node, s: &[char], i: usize, k: &mut dyn FnMut(usize) -> bool) -> bool {
    match n {
        Node::Char(c) => i < s.len() && s[i] == *c && k(i + 1),
        Node::Any => i < s.len() && s[i] != '\n' && k(i + 1),
        Node::Class(r, neg) => {
            i < s.len() && (r.iter().any(|&(a, b)| a <= s[i] && s[i] <= b) != *neg) && k(i + 1)
        }
        Node::Start => i == 0 && k(i),
        Node::End => i == s.len() && k(i),
        Node::WordBoundary(want) => {
            let before = i > 0 && is_word(s[i - 1]);
            let after = i < s.len() && is_word(s[i]);
            ((before != after) == *want) && k(i)
        }
        Node::Concat(v) => concat(v, s, i, k),
        Node::Alt(v) => v.iter().any(|x| mat(x, s, i, k)),
        Node::Repeat(x, min, max, greedy) => rep(x, *min, *max, *greedy, s, i, 0, k),
    }
}

fn concat(v: &[Node], s: &[char], i: usize, k: &mut dyn FnMut(usize) -> bool) -> bool {
    match v.split_first() {
        None => k(i),
        Some((head, rest)) => mat(head, s, i, &mut |p| concat(rest, s, p, k)),
    }
}

fn rep(x: &Node, min: usize, max: Option<usize>, greedy: bool, s: &[char], i: usize, count: usize,
       k: &mut dyn FnMut(usize) -> bool) -> bool {
    if count < min {
        return mat(x, s, i, &mut |p| rep(x, min, max, greedy, s, p, count + 1, k));
    }
    let more = max.map_or(true, |m| count < m);
    if greedy {
        if more && mat(x, s, i, &mut |p| p != i && rep(x, min, max, greedy, s, p, count + 1, k)) {
            return true;
        }
        k(i)
    } else {
        if k(i) { return true; }
        more && mat(x, s, i, &mut |p| p != i && rep(x, min, max, greedy, s, p, count + 1, k))
    }
}

#[derive(Clone, Debug)]
pub struct Regex { source: String, root: Node }

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Match<'t> { text: &'t str, start: usize, end: usize }

impl<'t> Match<'t> {
    pub fn start(&self) -> usize { self.start }
    pub fn end(&self) -> usize { self.end }
    pub fn as_str(&self) -> &'t str { &self.text[self.start..self.end] }
    pub fn range(&self) -> std::ops::Range<usize> { self.start..self.end }
}

impl Regex {
    pub fn new(pattern: &str) -> Result<Regex, Error> {
        let mut p = Parser { chars: pattern.chars().collect(), pos: 0 };
        let root = p.alt()?;
        if p.pos != p.chars.len() { return Err(Error("unopened group".into())); }
        Ok(Regex { source: pattern.to_string(), root })
    }
    pub fn as_str(&self) -> &str { &self.source }

    fn spans(&self, text: &str, limit: usize) -> Vec<(usize, usize)> {
        let chars: Vec<char> = text.chars().collect();
        let mut offsets: Vec<usize> = text.char_indices().map(|(b, _)| b).collect();
        offsets.push(text.len());
        let mut out = Vec::new();
        let mut i = 0;
        let mut last_end: Option<usize> = None;
        while i <= chars.len() && out.len() < limit {
            let mut end = None;
            mat(&self.root, &chars, i, &mut |p| { end = Some(p); true });
            match end {
                Some(e) if e == i && last_end == Some(i) => { i += 1; }
                Some(e) => {
                    out.push((offsets[i], offsets[e]));
                    last_end = Some(e);
                    i = if e > i { e } else { i + 1 };
                }
                None => { i += 1; }
            }
        }
        out
    }
    pub fn is_match(&self, text: &str) -> bool { !self.spans(text, 1).is_empty() }
    pub fn find<'t>(&self, text: &'t str) -> Option<Match<'t>> {
        self.spans(text, 1).first().map(|&(start, end)| Match { text, start, end })
    }
    pub fn find_iter<'t>(&self, text: &'t str) -> std::vec::IntoIter<Match<'t>> {
        self.spans(text, usize::MAX).into_iter().map(|(start, end)| Match { text, start, end })
            .collect::<Vec<_>>().into_iter()
    }
    pub fn split<'t>(&self, text: &'t str) -> std::vec::IntoIter<&'t str> {
        let mut out = Vec::new();
        let mut last = 0;
        for (start, end) in self.spans(text, usize::MAX) {
            if end == 0 && start == 0 { continue; }
            out.push(&text[last..start]);
            last = end;
        }
        out.push(&text[last..]);
        out.into_iter()
    }
    pub fn replace_all<'t>(&self, text: &'t str, rep: &str) -> Cow<'t, str> {
        let spans = self.spans(text, usize::MAX);
        if spans.is_empty() { return Cow::Borrowed(text); }
        let mut out = String::new();
        let mut last = 0;
        for (start, end) in spans {
            out.push_str(&text[last..start]);
            out.push_str(rep);
            last = end;
        }
        out.push_str(&text[last..]);
        Cow::Owned(out)
    }
    pub fn replace<'t>(&self, text: &'t str, rep: &str) -> Cow<'t, str> {
        match self.find(text) {
            None => Cow::Borrowed(text),
            Some(m) => Cow::Owned(format!("{}{}{}", &text[..m.start], rep, &text[m.end..])),
        }
    }
}
'''


#: Stand-in for the ``md5`` crate.
RUST_MD5 = r'''//! execir's stand-in for the `md5` crate: `md5::compute(bytes)` -> `Digest` (`{:x}` is the hex digest).
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Digest(pub [u8; 16]);

impl fmt::LowerHex for Digest {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        for b in &self.0 { write!(f, "{:02x}", b)?; }
        Ok(())
    }
}
impl fmt::UpperHex for Digest {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        for b in &self.0 { write!(f, "{:02X}", b)?; }
        Ok(())
    }
}
impl fmt::Debug for Digest {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { fmt::LowerHex::fmt(self, f) }
}
impl std::ops::Deref for Digest {
    type Target = [u8; 16];
    fn deref(&self) -> &[u8; 16] { &self.0 }
}
impl From<Digest> for [u8; 16] { fn from(d: Digest) -> [u8; 16] { d.0 } }

const S: [u32; 64] = [7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
    5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
    4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
    6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21];

pub fn compute<T: AsRef<[u8]>>(data: T) -> Digest {
    let data = data.as_ref();
    let k: Vec<u32> = (0..64).map(|i| ((i as f64 + 1.0).sin().abs() * 4294967296.0) as u32).collect();
    let mut msg = data.to_vec();
    let bits = (data.len() as u64).wrapping_mul(8);
    msg.push(0x80);
    while msg.len() % 64 != 56 { msg.push(0); }
    msg.extend_from_slice(&bits.to_le_bytes());
    let (mut a0, mut b0, mut c0, mut d0) = (0x67452301u32, 0xefcdab89u32, 0x98badcfeu32, 0x10325476u32);
    for chunk in msg.chunks(64) {
        let m: Vec<u32> = chunk.chunks(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])).collect();
        let (mut a, mut b, mut c, mut d) = (a0, b0, c0, d0);
        for i in 0..64 {
            let (f, g) = match i / 16 {
                0 => ((b & c) | (!b & d), i),
                1 => ((d & b) | (!d & c), (5 * i + 1) % 16),
                2 => (b ^ c ^ d, (3 * i + 5) % 16),
                _ => (c ^ (b | !d), (7 * i) % 16),
            };
            let f2 = f.wrapping_add(a).wrapping_add(k[i]).wrapping_add(m[g]);
            a = d;
            d = c;
            c = b;
            b = b.wrapping_add(f2.rotate_left(S[i]));
        }
        a0 = a0.wrapping_add(a);
        b0 = b0.wrapping_add(b);
        c0 = c0.wrapping_add(c);
        d0 = d0.wrapping_add(d);
    }
    let mut out = [0u8; 16];
    for (i, v) in [a0, b0, c0, d0].iter().enumerate() {
        out[i * 4..i * 4 + 4].copy_from_slice(&v.to_le_bytes());
    }
    Digest(out)
}
'''


#: ``go.mod`` of the testify stand-in module (wired in with a ``replace`` directive).
GO_TESTIFY_MOD = 'module github.com/stretchr/testify\n\ngo 1.18\n'
