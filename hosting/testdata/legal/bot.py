# A legal Less bot in Python for the admission tests: each turn it steps
# one piece (its own, or its teammate's once its own are home) to the
# empty neighbour that brings it nearest its target corner.
import sys

NAMES = ["Yellow", "Black", "White", "Red"]


def corner(r, c):
    s = r * 8 + c
    return {s, s + 1, s + 8, s + 9}


STARTS = [corner(6, 0), corner(0, 0), corner(6, 6), corner(0, 6)]
TARGETS = [corner(0, 6), corner(6, 6), corner(0, 0), corner(6, 0)]


def square(t):
    return (ord(t[0]) - ord("a")) * 8 + ord(t[1]) - ord("1")


def name(s):
    return chr(ord("a") + s // 8) + chr(ord("1") + s % 8)


def distance(s, target):
    rows = [x // 8 for x in target]
    cols = [x % 8 for x in target]
    r, c = s // 8, s % 8
    return max(0, min(rows) - r, r - max(rows)) + max(0, min(cols) - c, c - max(cols))


layout = sys.stdin.readline().strip()
me = NAMES.index(sys.stdin.readline().strip())
walls = {}
i = 0
for r in range(8):
    for c in range(7):
        a = r * 8 + c
        walls[(a, a + 1)] = walls[(a + 1, a)] = int(layout[i])
        i += 1
    if r < 7:
        for c in range(8):
            a = r * 8 + c
            walls[(a, a + 8)] = walls[(a + 8, a)] = int(layout[i])
            i += 1
pieces = [set(s) for s in STARTS]


def apply(action):
    if action == "Nil":
        return
    for m in action.split(":"):
        f, t = square(m[:2]), square(m[2:4])
        for p in pieces:
            if f in p:
                p.remove(f)
                p.add(t)
                break


def choose():
    mate = (me + 2) % 4
    if pieces[me] == TARGETS[me] and pieces[mate] == TARGETS[mate]:
        return "Nil"
    p = mate if pieces[me] == TARGETS[me] else me
    taken = set().union(*pieces)
    best = None
    for s in sorted(pieces[p]):
        for d in (-8, 8, -1, 1):
            t = s + d
            if t < 0 or t >= 64 or (d in (-1, 1) and t // 8 != s // 8):
                continue
            if t in taken or 1 + walls[(s, t)] > 3:
                continue
            gain = distance(s, TARGETS[p]) - distance(t, TARGETS[p])
            if best is None or gain > best[0]:
                best = (gain, s, t)
    return "Nil" if best is None else name(best[1]) + name(best[2])


turn = 0
while True:
    if turn % 4 == me:
        action = choose()
        apply(action)
        print(action, flush=True)
    else:
        line = sys.stdin.readline()
        if not line or line.strip() == "Quit":
            break
        apply(line.strip())
    turn += 1
