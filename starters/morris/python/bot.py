# A starter bot for Nine Men's Morris on gameai: it speaks Sanmill's engine
# protocol (uci, isready, position, go, quit) and plays a legal greedy move.
# Protocol: /protocol/morris on the server, docs/protocol/morris.md in the
# repository.
import sys

# The 16 mills; two points are adjacent when they follow each other in one.
MILLS = [l.split() for l in [
    "a7 d7 g7", "b6 d6 f6", "c5 d5 e5", "a4 b4 c4", "e4 f4 g4", "c3 d3 e3", "b2 d2 f2", "a1 d1 g1",
    "a1 a4 a7", "b2 b4 b6", "c3 c4 c5", "d1 d2 d3", "d5 d6 d7", "e3 e4 e5", "f2 f4 f6", "g1 g4 g7"]]
POINTS = sorted({p for m in MILLS for p in m})
NEXT = {p: set() for p in POINTS}
for m in MILLS:
    for a, b in zip(m, m[1:]):
        NEXT[a].add(b)
        NEXT[b].add(a)


class Game:
    """The position after the moves the referee sent."""

    def __init__(self):
        self.board = {}  # point -> "w" or "b"
        self.side = "w"  # White moves first
        self.placed = {"w": 0, "b": 0}
        self.removing = False  # the side to move closed a mill: it removes next

    def in_mill(self, point, side):
        return any(point in m and all(self.board.get(q) == side for q in m) for m in MILLS)

    def play(self, token):
        if token.startswith("x"):
            del self.board[token[1:]]
            self.removing = False
        else:
            if "-" in token:
                src, dst = token.split("-")
                del self.board[src]
            else:
                dst = token
                self.placed[self.side] += 1
            self.board[dst] = self.side
            self.removing = self.in_mill(dst, self.side)
        if not self.removing:
            self.side = "b" if self.side == "w" else "w"

    def moves(self):
        """Every legal token for the side to move."""
        me, them = self.side, "b" if self.side == "w" else "w"
        empty = [p for p in POINTS if p not in self.board]
        if self.removing:
            theirs = [p for p in POINTS if self.board.get(p) == them]
            free = [p for p in theirs if not self.in_mill(p, them)]
            return ["x" + p for p in (free or theirs)]
        if self.placed[me] < 9:
            return empty
        mine = [p for p in POINTS if self.board.get(p) == me]
        flying = len(mine) == 3
        return [a + "-" + b for a in mine for b in (empty if flying else sorted(NEXT[a])) if b not in self.board]

    def closes_mill(self, token, side):
        """Whether side, playing token's destination, would close a mill."""
        src, _, dst = token.rpartition("-")
        saved = dict(self.board)
        self.board.pop(src, None)
        self.board[dst] = side
        closes = self.in_mill(dst, side)
        self.board = saved
        return closes


def best(game):
    moves = game.moves()
    if not moves:
        return "none"
    them = "b" if game.side == "w" else "w"
    for m in moves:  # close a mill
        if not m.startswith("x") and game.closes_mill(m, game.side):
            return m
    for m in moves:  # stand where the opponent would close one
        if not m.startswith("x") and game.closes_mill(m.rpartition("-")[2], them):
            return m
    return moves[0]


def main():
    game = Game()
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            print("id name starter")
            print("uciok")
            # Standard error is yours: each game's first 64 KiB are kept for
            # you on your bot's page; the referee never reads it.
            print("starter: ready", file=sys.stderr, flush=True)
        elif words[0] == "isready":
            print("readyok")
        elif words[0] == "position":  # position startpos [moves t1 t2 ...]
            game = Game()
            for token in words[3:]:
                game.play(token)
        elif words[0] == "go":
            print("bestmove " + best(game))
        elif words[0] == "quit":
            return
        sys.stdout.flush()


main()
