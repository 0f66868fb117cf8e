// A starter bot for Less (CodeCup 2017) on gameai: it reads the protocol
// and plays a legal greedy turn. Protocol: /protocol/less on the server,
// docs/protocol/less.md in the repository.
'use strict';
const readline = require('readline');

const COLOURS = ['Yellow', 'Black', 'White', 'Red'];
// Each colour's pieces start in one 2x2 corner and go to the opposite one:
// the corner's first row and column (rows a..h are 0..7 from the top,
// columns 1..8 are 0..7 from the left).
const START = [[6, 0], [0, 0], [6, 6], [0, 6]];
const TARGET = [[0, 6], [6, 6], [0, 0], [6, 0]];
const STEPS = [[-1, 0], [0, 1], [1, 0], [0, -1]];

const right = [], down = []; // walls east of (r,c), and south of it
const board = [];            // the player on a square, -1 when empty
for (let r = 0; r < 8; r++) {
  right.push(new Array(8).fill(0));
  down.push(new Array(8).fill(0));
  board.push(new Array(8).fill(-1));
}

const walls = (r, c, dr, dc) => (dr === 0 ? right[r][Math.min(c, c + dc)] : down[Math.min(r, r + dr)][c]);
const inside = (r, c) => r >= 0 && r < 8 && c >= 0 && c < 8;
const square = (r, c) => 'abcdefgh'[r] + (c + 1);

function home(pl) {
  const [tr, tc] = TARGET[pl];
  for (let r = 0; r < 8; r++)
    for (let c = 0; c < 8; c++)
      if (board[r][c] === pl && (r < tr || r > tr + 1 || c < tc || c > tc + 1)) return false;
  return true;
}

// The steps to pl's target corner, walls and pieces aside.
function distance(pl, r, c) {
  const [tr, tc] = TARGET[pl];
  return Math.max(tr - r, 0, r - tr - 1) + Math.max(tc - c, 0, c - tc - 1);
}

// pl's legal moves costing at most points.
function moves(pl, points) {
  const out = [];
  for (let r = 0; r < 8; r++)
    for (let c = 0; c < 8; c++) {
      if (board[r][c] !== pl) continue;
      for (const [dr, dc] of STEPS) {
        const r1 = r + dr, c1 = c + dc;
        if (!inside(r1, c1)) continue;
        const w = walls(r, c, dr, dc);
        if (board[r1][c1] < 0) {
          if (1 + w <= points) out.push({ r, c, r2: r1, c2: c1, cost: 1 + w });
          continue;
        }
        const r2 = r1 + dr, c2 = c1 + dc; // a jump over the piece on (r1,c1)
        if (inside(r2, c2) && board[r2][c2] < 0 && w === 0 && walls(r1, c1, dr, dc) === 0)
          out.push({ r, c, r2, c2, cost: 1 });
      }
    }
  return out;
}

function play(m) {
  board[m.r2][m.c2] = board[m.r][m.c];
  board[m.r][m.c] = -1;
}

// Up to three moves, each the one that gains most towards home.
function myTurn(me) {
  const mover = home(me) ? (me + 2) % 4 : me;
  if (home(mover)) return 'Nil'; // the team is home: its turns pass
  const done = [];
  for (let points = 3; points > 0 && !home(mover);) {
    let best = null, gain = 0;
    for (const m of moves(mover, points)) {
      const g = (distance(mover, m.r, m.c) - distance(mover, m.r2, m.c2)) / m.cost;
      if ((best === null && done.length === 0) || g > gain) { best = m; gain = g; }
    }
    if (best === null) break;
    play(best);
    done.push(square(best.r, best.c) + square(best.r2, best.c2));
    points -= best.cost;
    if (gain <= 0) break; // no move gains: end the turn rather than walk back
  }
  return done.length ? done.join(':') : 'Nil';
}

function apply(action) {
  if (action === 'Nil') return;
  for (const m of action.split(':')) {
    const at = (i) => (i % 2 === 0 ? m.charCodeAt(i) - 97 : m.charCodeAt(i) - 49);
    play({ r: at(0), c: at(1), r2: at(2), c2: at(3) });
  }
}

let me = -1, turn = 0, lines = 0;
const input = readline.createInterface({ input: process.stdin });
input.on('line', (raw) => {
  const line = raw.trim();
  if (line === '') return;
  if (line === 'Quit') process.exit(0);
  lines++;
  if (lines === 1) { // the layout
    for (let r = 0, i = 0; r < 8; r++) {
      for (let c = 0; c < 7; c++) right[r][c] = +line[i++];
      for (let c = 0; r < 7 && c < 8; c++) down[r][c] = +line[i++];
    }
    return;
  }
  if (lines === 2) { // the colour
    me = COLOURS.indexOf(line);
    // Standard error is yours: each game's first 64 KiB are kept for you on
    // your bot's page; the referee never reads it.
    console.error(`starter: playing ${COLOURS[me]}`);
    START.forEach(([r0, c0], pl) => {
      for (let r = r0; r < r0 + 2; r++) for (let c = c0; c < c0 + 2; c++) board[r][c] = pl;
    });
  } else { // another player's action
    apply(line);
    turn++;
  }
  while (turn % 4 === me) { // it is our turn: answer at once
    process.stdout.write(myTurn(me) + '\n');
    turn++;
  }
});
input.on('close', () => process.exit(0));
