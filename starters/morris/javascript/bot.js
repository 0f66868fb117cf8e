// A starter bot for Nine Men's Morris on gameai: it speaks Sanmill's engine
// protocol (uci, isready, position, go, quit) and plays a legal greedy move.
// Protocol: /protocol/morris on the server, docs/protocol/morris.md in the
// repository.
'use strict';
const readline = require('readline');

// The 16 mills; two points are adjacent when they follow each other in one.
const MILLS = ['a7 d7 g7', 'b6 d6 f6', 'c5 d5 e5', 'a4 b4 c4', 'e4 f4 g4', 'c3 d3 e3', 'b2 d2 f2', 'a1 d1 g1',
  'a1 a4 a7', 'b2 b4 b6', 'c3 c4 c5', 'd1 d2 d3', 'd5 d6 d7', 'e3 e4 e5', 'f2 f4 f6', 'g1 g4 g7'].map((m) => m.split(' '));
const POINTS = [...new Set(MILLS.flat())].sort();
const NEXT = Object.fromEntries(POINTS.map((p) => [p, new Set()]));
for (const m of MILLS) for (let i = 1; i < 3; i++) { NEXT[m[i]].add(m[i - 1]); NEXT[m[i - 1]].add(m[i]); }

const other = (side) => (side === 'w' ? 'b' : 'w');

// The position after the moves the referee sent.
class Game {
  constructor() {
    this.board = {};  // point -> 'w' or 'b'
    this.side = 'w';  // to move; White first
    this.placed = { w: 0, b: 0 };
    this.removing = false;  // the side to move closed a mill: it removes next
  }

  inMill(p, side) {
    return MILLS.some((m) => m.includes(p) && m.every((q) => this.board[q] === side));
  }

  play(token) {
    if (token.startsWith('x')) {
      delete this.board[token.slice(1)];
      this.removing = false;
    } else {
      let dst = token;
      if (token.includes('-')) {
        const [src, to] = token.split('-');
        delete this.board[src];
        dst = to;
      } else {
        this.placed[this.side]++;
      }
      this.board[dst] = this.side;
      this.removing = this.inMill(dst, this.side);
    }
    if (!this.removing) this.side = other(this.side);
  }

  // Every legal token for the side to move.
  moves() {
    const me = this.side, them = other(me);
    const empty = POINTS.filter((p) => !this.board[p]);
    if (this.removing) {
      const theirs = POINTS.filter((p) => this.board[p] === them);
      const free = theirs.filter((p) => !this.inMill(p, them));
      return (free.length ? free : theirs).map((p) => 'x' + p);
    }
    if (this.placed[me] < 9) return empty;
    const mine = POINTS.filter((p) => this.board[p] === me);
    const out = [];
    for (const a of mine)  // three pieces fly
      for (const b of empty) if (mine.length === 3 || NEXT[a].has(b)) out.push(a + '-' + b);
    return out;
  }

  // Whether side, moving to token's destination, closes a mill.
  closesMill(token, side) {
    const saved = { ...this.board };
    const parts = token.split('-');
    if (parts.length === 2) delete this.board[parts[0]];
    this.board[parts[parts.length - 1]] = side;
    const closes = this.inMill(parts[parts.length - 1], side);
    this.board = saved;
    return closes;
  }

  best() {
    const moves = this.moves();
    if (moves.length === 0) return 'none';
    const placing = moves.filter((m) => !m.startsWith('x'));
    return placing.find((m) => this.closesMill(m, this.side))  // close a mill
      || placing.find((m) => this.closesMill(m.split('-').pop(), other(this.side)))  // or block one
      || moves[0];
  }
}

let game = new Game();
const input = readline.createInterface({ input: process.stdin });
input.on('line', (line) => {
  const words = line.trim().split(/\s+/);
  switch (words[0]) {
    case 'uci':
      process.stdout.write('id name starter\nuciok\n');
      // Standard error is yours: each game's first 64 KiB are kept for you
      // on your bot's page; the referee never reads it.
      console.error('starter: ready');
      break;
    case 'isready': process.stdout.write('readyok\n'); break;
    case 'position':  // position startpos [moves t1 t2 ...]
      game = new Game();
      for (const t of words.slice(3)) game.play(t);
      break;
    case 'go': process.stdout.write('bestmove ' + game.best() + '\n'); break;
    case 'quit': process.exit(0);
  }
});
input.on('close', () => process.exit(0));
