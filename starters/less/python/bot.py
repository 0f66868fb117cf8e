# A starter bot for Less (CodeCup 2017) on gameai: it reads the protocol
# and plays a legal greedy turn. Protocol: /protocol/less on the server,
# docs/protocol/less.md in the repository.
import sys

COLOURS = ["Yellow", "Black", "White", "Red"]
# Each colour's pieces start in one 2x2 corner and go to the opposite one:
# (first row, first column) of the start and of the target (rows a..h are
# 0..7 from the top, columns 1..8 are 0..7 from the left).
START = [(6, 0), (0, 0), (6, 6), (0, 6)]
TARGET = [(0, 6), (6, 6), (0, 0), (6, 0)]
STEPS = [(-1, 0), (0, 1), (1, 0), (0, -1)]


def read():
    line = sys.stdin.readline()
    if not line or line.strip() == "Quit":
        sys.exit(0)
    return line.strip()


def parse_walls(layout):
    """right[r][c]: walls between (r,c) and (r,c+1); down[r][c]: between (r,c) and (r+1,c)."""
    right = [[0] * 8 for _ in range(8)]
    down = [[0] * 8 for _ in range(8)]
    i = 0
    for r in range(8):
        for c in range(7):
            right[r][c] = int(layout[i]); i += 1
        if r < 7:
            for c in range(8):
                down[r][c] = int(layout[i]); i += 1
    return right, down


def walls(r, c, dr, dc):
    """The walls on the edge from (r,c) one step in direction (dr,dc)."""
    if dr == 0:
        return RIGHT[r][min(c, c + dc)]
    return DOWN[min(r, r + dr)][c]


def square(r, c):
    return "abcdefgh"[r] + str(c + 1)


def home(player):
    tr, tc = TARGET[player]
    return all(tr <= r < tr + 2 and tc <= c < tc + 2 for (r, c), p in BOARD.items() if p == player)


def distance(player, r, c):
    """Steps to the player's target corner, walls and pieces aside."""
    tr, tc = TARGET[player]
    return max(tr - r, 0, r - tr - 1) + max(tc - c, 0, c - tc - 1)


def moves(player, points):
    """Every legal move of player's pieces costing at most points, with its cost."""
    out = []
    for (r, c), p in sorted(BOARD.items()):  # row by row, as the other starters
        if p != player:
            continue
        for dr, dc in STEPS:
            r1, c1 = r + dr, c + dc
            if not (0 <= r1 < 8 and 0 <= c1 < 8):
                continue
            w = walls(r, c, dr, dc)
            if (r1, c1) not in BOARD:
                if 1 + w <= points:
                    out.append(((r, c), (r1, c1), 1 + w))
                continue
            r2, c2 = r1 + dr, c1 + dc  # a jump over the piece on (r1, c1)
            if 0 <= r2 < 8 and 0 <= c2 < 8 and (r2, c2) not in BOARD and w == 0 and walls(r1, c1, dr, dc) == 0:
                out.append(((r, c), (r2, c2), 1))
    return out


def play(a, b):
    BOARD[b] = BOARD.pop(a)


def my_turn(me):
    """Up to three moves, each the one that gains most towards home."""
    mover = me if not home(me) else (me + 2) % 4
    if home(mover):
        return "Nil"  # the team is home: its turns pass
    done, points = [], 3
    while points > 0 and not home(mover):
        best, gain = None, 0
        for a, b, cost in moves(mover, points):
            g = (distance(mover, *a) - distance(mover, *b)) / cost
            if best is None and not done or g > gain:
                best, gain = (a, b, cost), g
        if best is None:
            break
        a, b, cost = best
        play(a, b)
        done.append(square(*a) + square(*b))
        points -= cost
        if gain <= 0:
            break  # no move gains: end the turn rather than walk back
    return ":".join(done) if done else "Nil"


def apply(action):
    if action == "Nil":
        return
    for m in action.split(":"):
        a = ("abcdefgh".index(m[0]), int(m[1]) - 1)
        b = ("abcdefgh".index(m[2]), int(m[3]) - 1)
        play(a, b)


RIGHT, DOWN = parse_walls(read())
me = COLOURS.index(read())
# Standard error is yours: each game's first 64 KiB are kept for you on
# your bot's page; the referee never reads it.
print("starter: playing", COLOURS[me], file=sys.stderr, flush=True)
BOARD = {}
for player, (r0, c0) in enumerate(START):
    for r in range(r0, r0 + 2):
        for c in range(c0, c0 + 2):
            BOARD[(r, c)] = player
turn = 0
while True:
    if turn % 4 == me:
        action = my_turn(me)
        print(action, flush=True)
    else:
        apply(read())
    turn += 1
