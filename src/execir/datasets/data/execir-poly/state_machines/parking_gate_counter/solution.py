import sys


def track_gate(events, capacity):
    occupancy = turned_away = peak = 0
    for event in events:
        if event == "in":
            if occupancy < capacity:
                occupancy += 1
                if occupancy > peak:
                    peak = occupancy
            else:
                turned_away += 1
        elif event == "out" and occupancy > 0:
            occupancy -= 1
    return occupancy, turned_away, peak


tokens = sys.stdin.read().split()
print(*track_gate(tokens[1:], int(tokens[0])))
