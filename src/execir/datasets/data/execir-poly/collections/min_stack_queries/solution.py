import sys


def run(ops):
    stack, mins, answers = [], [], []
    for op in ops:
        if op[0] == "push":
            value = int(op[1])
            stack.append(value)
            mins.append(value if not mins or value < mins[-1] else mins[-1])
        elif op[0] == "pop":
            if stack:
                stack.pop()
                mins.pop()
        else:
            answers.append(str(mins[-1]) if mins else "empty")
    return answers


lines = sys.stdin.read().split("\n")
q = int(lines[0])
for answer in run([line.split() for line in lines[1:1 + q]]):
    print(answer)
