import sys

MOVES = {
    "pay": {"created": "paid"},
    "ship": {"paid": "shipped"},
    "deliver": {"shipped": "delivered"},
    "cancel": {"created": "cancelled", "paid": "cancelled"},
}


def run_workflow(actions):
    status = "created"
    rejected = 0
    for action in actions:
        target = MOVES.get(action, {}).get(status)
        if target is None:
            rejected += 1
        else:
            status = target
    return status, rejected


print(*run_workflow(sys.stdin.read().split()))
