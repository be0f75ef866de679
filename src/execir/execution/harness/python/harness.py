"""execir's Python harness for stdin/stdout programs: python harness.py io <program.py>.

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
