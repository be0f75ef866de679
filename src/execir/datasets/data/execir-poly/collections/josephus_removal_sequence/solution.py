def elimination_order(n, step):
    if n < 1 or step < 1:
        return []
    people = list(range(1, n + 1))
    order = []
    index = 0
    while people:
        index = (index + step - 1) % len(people)
        order.append(people.pop(index))
    return order


n, step = (int(x) for x in input().split())
order = elimination_order(n, step)
print(" ".join(str(p) for p in order) if order else "none")
