import sys


def keypad_state(keys, code, max_failures):
    state = "locked"
    entry = ""
    failures = 0
    for key in keys:
        if state != "locked":
            break
        if key == "#":
            if entry == code:
                state = "open"
            else:
                failures += 1
                if failures >= max_failures:
                    state = "blocked"
            entry = ""
        else:
            entry += key
    return state


lines = sys.stdin.read().split("\n")
code, limit = lines[0].split()
keys = lines[1].strip() if len(lines) > 1 else ""
print(keypad_state(keys, code, int(limit)))
