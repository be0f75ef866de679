"""Hostile programs in every non-Python language (and Python stdin/stdout programs): each is one
program that misbehaves as its stdin asks, so a language costs one compile. Every case is checked
like tests/execution/test_hostile.py: the outcome, the evaluator surviving within its budget, no
stray process, nothing written outside the sandbox."""

from __future__ import annotations

import dataclasses
import os

import pytest

from execir.execution import Limits, languages

# 0.5 s per test (1 s for the JVM, whose start alone costs 0.1-0.3 s), the suite budget large
# enough for every case; small memory and file limits so the bombs hit them quickly.
LIMITS = Limits(timeout=30.0, test_timeout=0.5, memory_mb=256, fsize_mb=4, nproc=32,
                wall_factor=1.0, wall_slack=10.0)
JVM_LIMITS = dataclasses.replace(LIMITS, test_timeout=1.0)

PROGRAMS = {
    "cpp": r'''
#include <bits/stdc++.h>
#include <fcntl.h>
#include <unistd.h>
using namespace std;
int main() {
    string cmd, path;
    getline(cin, cmd);
    getline(cin, path);
    if (cmd == "loop") { volatile unsigned long x = 0; while (true) x++; }
    if (cmd == "sleep") { sleep(1000000); }
    if (cmd == "alloc") {
        vector<char*> v;
        while (true) { char* p = new char[1 << 24]; memset(p, 1, 1 << 24); v.push_back(p); }
    }
    if (cmd == "fork") { while (true) fork(); }
    if (cmd == "flood") { string s(1 << 16, 'x'); while (true) fwrite(s.data(), 1, s.size(), stdout); }
    if (cmd == "stdin") { char buf[16]; while (true) { ssize_t n = read(0, buf, sizeof buf); (void)n; } }
    if (cmd == "write") {
        int a = open(path.c_str(), O_WRONLY | O_TRUNC);
        int b = open((path + ".new").c_str(), O_WRONLY | O_CREAT, 0666);
        int c = open("/etc/execir-canary", O_WRONLY | O_CREAT, 0666);
        int d = open("inside.txt", O_WRONLY | O_CREAT, 0666);
        cout << (a < 0 && b < 0 && c < 0 && d >= 0 ? "blocked" : "written") << endl;
        return 0;
    }
    if (cmd == "exit0") return 0;
    if (cmd == "crash") { cout << "42" << endl; abort(); }
    cout << "42" << endl;
}
''',
    "java": r'''
import java.io.*;
import java.util.*;

public class Main {
    static long sink;
    static void loop() { while (true) sink++; }
    static void alloc() { List<long[]> v = new ArrayList<>(); while (true) v.add(new long[1 << 20]); }
    static void fork() throws Exception { while (true) new ProcessBuilder("/bin/sleep", "1000").start(); }
    static void flood() { byte[] b = new byte[65536]; while (true) System.out.write(b, 0, b.length); }
    static void stdin() throws IOException { while (true) System.in.read(); }
    static boolean opens(String path, boolean append) {
        try (FileOutputStream out = new FileOutputStream(path, append)) { return true; } catch (IOException e) { return false; }
    }
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String cmd = in.readLine(), path = in.readLine();
        switch (cmd) {
            case "loop": loop(); break;
            case "sleep": Thread.sleep(Long.MAX_VALUE); break;
            case "alloc": alloc(); break;
            case "fork": fork(); break;
            case "flood": flood(); break;
            case "stdin": stdin(); break;
            case "write":
                boolean out = opens(path, true) || opens(path + ".new", false) || opens("/etc/execir-canary", false);
                System.out.println(!out && opens("inside.txt", false) ? "blocked" : "written");
                return;
            case "exit0": System.exit(0); break;
            case "crash": System.out.println("42"); System.out.flush(); throw new RuntimeException("boom");
            default: break;
        }
        System.out.println("42");
    }
}
''',
    "go": r'''
package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

var sink int

func opens(path string, flags int) bool {
	f, err := os.OpenFile(path, flags, 0666)
	if err == nil {
		f.Close()
	}
	return err == nil
}

func main() {
	r := bufio.NewReader(os.Stdin)
	cmd, _ := r.ReadString('\n')
	path, _ := r.ReadString('\n')
	cmd, path = strings.TrimSpace(cmd), strings.TrimSpace(path)
	switch cmd {
	case "loop":
		for {
			sink++
		}
	case "sleep":
		time.Sleep(1000 * time.Hour)
	case "alloc":
		var v [][]byte
		for {
			b := make([]byte, 1<<24)
			for i := range b {
				b[i] = 1
			}
			v = append(v, b)
		}
	case "fork":
		for {
			exec.Command("/bin/sleep", "1000").Start()
		}
	case "flood":
		b := make([]byte, 65536)
		for {
			os.Stdout.Write(b)
		}
	case "stdin":
		buf := make([]byte, 16)
		for {
			os.Stdin.Read(buf)
		}
	case "write":
		out := opens(path, os.O_WRONLY|os.O_TRUNC) || opens(path+".new", os.O_WRONLY|os.O_CREATE) ||
			opens("/etc/execir-canary", os.O_WRONLY|os.O_CREATE)
		if !out && opens("inside.txt", os.O_WRONLY|os.O_CREATE) {
			fmt.Println("blocked")
		} else {
			fmt.Println("written")
		}
		return
	case "exit0":
		os.Exit(0)
	case "crash":
		fmt.Println("42")
		var m map[string]int
		m["x"] = 1
	}
	fmt.Println("42")
}
''',
    "rust": r'''
use std::fs::OpenOptions;
use std::io::{self, BufRead, Read, Write};

fn opens(path: &str, create: bool) -> bool {
    OpenOptions::new().write(true).create(create).open(path).is_ok()
}

fn main() {
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let cmd = lines.next().and_then(|l| l.ok()).unwrap_or_default();
    let path = lines.next().and_then(|l| l.ok()).unwrap_or_default();
    drop(lines);
    match cmd.as_str() {
        "loop" => { let mut x: u64 = 0; loop { x = std::hint::black_box(x.wrapping_add(1)); } }
        "sleep" => std::thread::sleep(std::time::Duration::from_secs(1 << 30)),
        "alloc" => { let mut v = Vec::new(); loop { v.push(vec![1u8; 1 << 24]); std::hint::black_box(&v); } }
        "fork" => loop { let _ = std::process::Command::new("/bin/sleep").arg("1000").spawn(); },
        "flood" => { let b = [b'x'; 65536]; let mut out = io::stdout(); loop { let _ = out.write_all(&b); } }
        "stdin" => { let mut buf = [0u8; 16]; loop { let _ = io::stdin().read(&mut buf); } }
        "write" => {
            let out = opens(&path, false) || opens(&format!("{}.new", path), true) || opens("/etc/execir-canary", true);
            println!("{}", if !out && opens("inside.txt", true) { "blocked" } else { "written" });
            return;
        }
        "exit0" => std::process::exit(0),
        "crash" => { println!("42"); io::stdout().flush().unwrap(); let v: Vec<i32> = Vec::new(); println!("{}", v[v.len() + 3]); }
        _ => {}
    }
    println!("42");
}
''',
    "javascript": r'''
const fs = require('fs');
const [cmd, path] = fs.readFileSync(0, 'utf8').split('\n');
function opens(p, flags) { try { fs.closeSync(fs.openSync(p, flags)); return true; } catch (e) { return false; } }
if (cmd === 'loop') { for (;;) {} }
if (cmd === 'sleep') { Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); }
if (cmd === 'alloc') { const a = []; for (;;) a.push(Buffer.alloc(1 << 24, 1)); }
if (cmd === 'fork') { const cp = require('child_process'); for (;;) { try { cp.spawn('/bin/sleep', ['1000']); } catch (e) {} } }
if (cmd === 'flood') { const b = 'x'.repeat(65536); for (;;) fs.writeSync(1, b); }
if (cmd === 'stdin') { const b = Buffer.alloc(16); for (;;) { try { fs.readSync(0, b); } catch (e) {} } }
if (cmd === 'write') {
  const out = opens(path, 'r+') || opens(path + '.new', 'w') || opens('/etc/execir-canary', 'w');
  console.log(!out && opens('inside.txt', 'w') ? 'blocked' : 'written');
  process.exit(0);
}
if (cmd === 'exit0') process.exit(0);
if (cmd === 'crash') { console.log('42'); null.x; }
console.log('42');
''',
    "ruby": r'''
cmd = ($stdin.gets || '').strip
path = ($stdin.gets || '').strip
def opens(path, mode)
  File.open(path, mode) {}
  true
rescue SystemCallError
  false
end
case cmd
when 'loop' then loop {}
when 'sleep' then sleep
when 'alloc' then a = []; loop { a << ('x' * (1 << 24)) }
when 'fork' then loop { fork { sleep 1000 } rescue nil }
when 'flood' then s = 'x' * 65536; loop { $stdout.write(s) }
when 'stdin' then loop { $stdin.read }
when 'write'
  out = opens(path, 'r+') || opens(path + '.new', 'w') || opens('/etc/execir-canary', 'w')
  puts(!out && opens('inside.txt', 'w') ? 'blocked' : 'written')
  exit 0
when 'exit0' then exit 0
when 'crash' then puts 42; $stdout.flush; raise 'boom'
end
puts 42
''',
    "python": r'''
import os, sys, time
cmd, path = (sys.stdin.read().split("\n") + ["", ""])[:2]
def opens(p, mode):
    try:
        open(p, mode).close()
        return True
    except OSError:
        return False
if cmd == "loop":
    while True:
        pass
if cmd == "sleep":
    time.sleep(10 ** 6)
if cmd == "alloc":
    a = []
    while True:
        a.append(b"x" * (1 << 24))
if cmd == "fork":
    while True:
        try:
            os.fork()
        except OSError:
            pass
if cmd == "flood":
    while True:
        os.write(1, b"x" * 65536)
if cmd == "stdin":
    while True:
        sys.stdin.read()
if cmd == "write":
    out = opens(path, "r+") or opens(path + ".new", "w") or opens("/etc/execir-canary", "w")
    print("blocked" if not out and opens("inside.txt", "w") else "written")
    sys.exit(0)
if cmd == "exit0":
    sys.exit(0)
if cmd == "crash":
    print(42, flush=True)
    os.abort()
print(42)
''',
}

CASES = ("ok", "loop", "sleep", "alloc", "fork", "flood", "stdin", "write", "exit0", "crash")


def _check(language: str, outcomes: tuple[str, ...], features: dict) -> None:
    got = dict(zip(CASES, outcomes))
    assert got["ok"] == "pass"
    for case in ("loop", "sleep", "stdin"):
        assert got[case] == "TIMEOUT", (case, got[case])
    for case in ("alloc", "fork", "flood"):  # contained, never a pass, never a load error
        assert got[case] == "TIMEOUT" or got[case].startswith("FAIL"), (case, got[case])
    if features["mountns"] and features["uid_switch"]:
        assert got["write"] == "pass"
    assert got["exit0"] == "FAIL"  # exits 0 without the expected output
    assert got["crash"].startswith("FAIL:"), got["crash"]  # right output, then a crash


@pytest.mark.slow
@pytest.mark.parametrize("language", sorted(PROGRAMS))
def test_hostile_program(language, hostile, features, tmp_path):
    if languages.toolchain(language, warn=False) is None:
        pytest.skip(f"no {language} toolchain installed")
    canary = tmp_path / "canary.txt"
    canary.write_text("original")
    os.chmod(tmp_path, 0o777)
    os.chmod(canary, 0o666)  # even a world-writable file must stay untouched
    tests = [{"input": f"{case}\n{canary}\n", "output": "blocked" if case == "write" else "42"}
             for case in CASES]
    r = hostile(PROGRAMS[language], tests, JVM_LIMITS if language == "java" else LIMITS,
                language=language)
    _check(language, r.outcomes, features)
    assert canary.read_text() == "original"
    assert sorted(os.listdir(tmp_path)) == ["canary.txt"]


COMPILE_ERRORS = {"cpp": "int main() { return undefined_name; }",
                  "java": "public class Main { public static void main(String[] a) { int x = \"s\"; } }",
                  "go": "package main\n\nfunc main() { x := 1 }\n",
                  "rust": "fn main() { let x: u8 = 300; }\n"}


@pytest.mark.parametrize("language", sorted(COMPILE_ERRORS))
def test_compile_error_is_contained(language, hostile):
    if languages.toolchain(language, warn=False) is None:
        pytest.skip(f"no {language} toolchain installed")
    r = hostile(COMPILE_ERRORS[language], [{"input": "", "output": ""}], LIMITS, language=language)
    assert r.outcomes == ("ERROR:CompileError",)
    assert r.output


def test_compiler_reading_private_files_learns_nothing(hostile, features, tmp_path):
    """A snippet that #includes a root-only file (mode 0600 in a 0700 folder, made now): the
    compiler runs as the sandbox uid."""
    if languages.toolchain("cpp", warn=False) is None or not features["uid_switch"]:
        pytest.skip("needs g++ and the uid switch")
    private = tmp_path / "private"
    private.mkdir(mode=0o700)
    os.chmod(private, 0o700)
    secret = str(private / ".execir-test-secret")
    try:
        fd = os.open(secret, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as fh:
            fh.write("TOPSECRET-LINE\n")
        os.chmod(secret, 0o600)
        r = hostile(f'#include "{secret}"\nint main() {{}}\n', [{"input": "", "output": ""}], LIMITS,
                    language="cpp")
    finally:
        os.unlink(secret)
    assert r.outcomes == ("ERROR:CompileError",)
    assert "TOPSECRET" not in r.output
