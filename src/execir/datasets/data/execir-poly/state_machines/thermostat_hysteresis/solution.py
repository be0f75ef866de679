import sys


def thermostat(readings, low, high):
    heating = False
    activations = 0
    states = []
    for temp in readings:
        if temp < low:
            if not heating:
                activations += 1
            heating = True
        elif temp > high:
            heating = False
        states.append(heating)
    return states, activations


tokens = [int(x) for x in sys.stdin.read().split()]
states, activations = thermostat(tokens[2:], tokens[0], tokens[1])
print(" ".join("on" if s else "off" for s in states))
print(activations)
