import sys


def tally(events):
    locked = True
    passes = alarms = wasted = 0
    for event in events:
        if event == "coin":
            if locked:
                locked = False
            else:
                wasted += 1
        elif event == "push":
            if locked:
                alarms += 1
            else:
                passes += 1
                locked = True
    return passes, alarms, wasted


print(*tally(sys.stdin.read().split()))
