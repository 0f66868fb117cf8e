import { svg } from './ui.js';

// The boards, drawn from a position: Less's eight by eight with its walls
// and Morris's three squares. The game pages draw them with a person's
// selection and targets; the competitions page replays games on them.

export const lessNames = ['Yellow', 'Black', 'White', 'Red'];
const lessColours = ['#eab308', '#222', '#f4f4f4', '#dc2626'];
export const sq = name => (name.charCodeAt(0) - 97) * 8 + Number(name.slice(1)) - 1;
export const sqName = s => String.fromCharCode(97 + Math.floor(s / 8)) + (s % 8 + 1);

// parseLess reads a Less position: walls, pieces, turn, points left,
// moves made and points used.
export function parseLess(text) {
  const f = text.split(' ');
  const walls = f[0];
  const right = [], down = [];
  let i = 0;
  for (let r = 0; r < 8; r++) {
    for (let c = 0; c < 7; c++) right[r * 8 + c] = Number(walls[i++]);
    if (r < 7) for (let c = 0; c < 8; c++) down[r * 8 + c] = Number(walls[i++]);
  }
  const pieces = f.slice(1, 5).map(p => p ? p.split(',').map(sq) : []);
  return { right, down, pieces, turn: Number(f[5] || 0), left: Number(f[6] || 3), used: (f[8] || '0,0,0,0').split(',').map(Number) };
}

// lessSpent is each player's points spent so far: the position charges a
// turn's 3 points when the turn starts (so a turn stopped early still
// costs them all), and this gives back the mover's points not yet spent.
export function lessSpent(pos) {
  return pos.used.map((u, pl) => pl === pos.turn % 4 ? Math.max(0, u - pos.left) : u);
}

// actionSquares are the squares a Less action (h2h3:h3f3, or Nil) moved
// pieces from and to: what the board marks as the last action.
export function actionSquares(action) {
  const out = new Set();
  if (!action || action === 'Nil') return out;
  for (const m of action.split(':')) if (m.length === 4) { out.add(sq(m.slice(0, 2))); out.add(sq(m.slice(2, 4))); }
  return out;
}

// lessBoard draws pos (parseLess; null: an empty board). at, when given,
// says who stands where instead of pos (a turn's moves not yet sent);
// selected and targets mark a person's choice, movable the pieces a click
// picks up; click(square) answers one.
export function lessBoard(pos, { id = 'less-board', at = null, selected = null, targets = new Set(), movable = new Set(), click = null, last = new Set() } = {}) {
  const C = 56, O = 20;
  const g = svg('svg', { class: 'board', id, viewBox: `0 0 ${8 * C + 2 * O} ${8 * C + 2 * O}` });
  if (!at) {
    at = {};
    if (pos) pos.pieces.forEach((ps, pl) => ps.forEach(p => { at[p] = pl; }));
  }
  for (let r = 0; r < 8; r++) for (let c = 0; c < 8; c++) {
    const q = r * 8 + c;
    const corner = (r < 2 || r > 5) && (c < 2 || c > 5);
    const cell = svg('g', { class: 'point', 'data-square': sqName(q), 'data-target': targets.has(q) ? 'yes' : null,
      'data-movable': movable.has(q) ? 'yes' : null,
      'data-piece': at[q] !== undefined ? lessNames[at[q]].toLowerCase() : 'empty', onclick: click ? () => click(q) : null },
      svg('rect', { x: O + c * C, y: O + r * C, width: C, height: C, fill: corner ? '#eef2f6' : '#fff', stroke: '#d4dbe2' }));
    if (at[q] !== undefined) cell.append(svg('circle', { cx: O + c * C + C / 2, cy: O + r * C + C / 2, r: C / 2 - 9,
      fill: lessColours[at[q]], stroke: selected === q ? '#16a34a' : '#555', 'stroke-width': selected === q ? 4 : 1.5 }));
    if (targets.has(q)) cell.append(svg('circle', { cx: O + c * C + C / 2, cy: O + r * C + C / 2, r: 7, fill: '#16a34a' }));
    if (last.has(q)) {
      cell.setAttribute('data-last', 'yes');
      cell.append(svg('rect', { x: O + c * C + 3, y: O + r * C + 3, width: C - 6, height: C - 6, fill: 'none', stroke: '#f59e0b', 'stroke-width': 3 }));
    }
    g.append(cell);
  }
  if (pos) for (let q = 0; q < 64; q++) {
    const r = Math.floor(q / 8), c = q % 8;
    const wall = (n, x1, y1, x2, y2) => n && g.append(svg('line', { x1, y1, x2, y2, stroke: '#7c2d12', 'stroke-width': n === 2 ? 9 : 4, 'stroke-linecap': 'round' }));
    if (c < 7) wall(pos.right[q], O + (c + 1) * C, O + r * C + 4, O + (c + 1) * C, O + (r + 1) * C - 4);
    if (r < 7) wall(pos.down[q], O + c * C + 4, O + (r + 1) * C, O + (c + 1) * C - 4, O + (r + 1) * C);
  }
  for (let i = 0; i < 8; i++) {
    g.append(svg('text', { x: 4, y: O + i * C + C / 2 + 4, 'font-size': 11, fill: '#888' }, String.fromCharCode(97 + i)),
      svg('text', { x: O + i * C + C / 2 - 3, y: 14, 'font-size': 11, fill: '#888' }, i + 1));
  }
  return g;
}

export const ranks = [['a7', 'd7', 'g7'], ['b6', 'd6', 'f6'], ['c5', 'd5', 'e5'], ['a4', 'b4', 'c4', 'e4', 'f4', 'g4'],
  ['c3', 'd3', 'e3'], ['b2', 'd2', 'f2'], ['a1', 'd1', 'g1']];
export const points = ranks.flat();
const xy = p => [p.charCodeAt(0) - 97, 7 - Number(p[1])];
const rows = ranks.flatMap(r => r.length === 6 ? [r.slice(0, 3), r.slice(3)] : [r]);
const cols = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].flatMap(f => {
  const c = points.filter(p => p[0] === f).sort((a, b) => b[1] - a[1]);
  return c.length === 6 ? [c.slice(0, 3), c.slice(3)] : [c];
});
const diagonals = [['a7', 'b6', 'c5'], ['g7', 'f6', 'e5'], ['a1', 'b2', 'c3'], ['g1', 'f2', 'e3']];
export const millLines = variant => [...rows, ...cols, ...(variant === 'twelve' ? diagonals : [])];

// parseMove reads a Morris move: d6, d6-d5, d5-c5xg7 (and a second
// removal: xg7xa1).
export function parseMove(text) {
  const m = /^([a-g][1-7])(?:-([a-g][1-7]))?((?:x[a-g][1-7])*)$/.exec(text);
  if (!m) return null;
  const removals = m[3] ? m[3].slice(1).split('x') : [];
  return m[2] ? { from: m[1], to: m[2], removals, text } : { from: null, to: m[1], removals, text };
}

// parseMorris reads the position text's first fields: who stands where,
// the side to move and the pieces in hand.
export function parseMorris(text) {
  const [board, side, handW, handB] = text.split(' ');
  const at = {};
  board.split('/').forEach((r, i) => [...r].forEach((ch, j) => { at[ranks[i][j]] = ch; }));
  return { at, side, hand: [Number(handW), Number(handB)] };
}

// morrisBoard draws pos (parseMorris) with the mills outlined and the last
// move marked (where it came from, where it went, what it took);
// selected (a point) and targets mark a person's choice, movable the pieces
// a click picks up.
export function morrisBoard(pos, { id = 'morris-board', variant = 'nine', last = null, selected = null, targets = new Set(), movable = new Set(), click = null } = {}) {
  const mills = new Set(millLines(variant).filter(l => pos.at[l[0]] !== '.' && pos.at[l[0]] && l.every(p => pos.at[p] === pos.at[l[0]])).flat());
  const S = 60, O = 40;
  const P = p => xy(p).map(v => O + v * S);
  const lines = [['a7', 'g7', 'g1', 'a1'], ['b6', 'f6', 'f2', 'b2'], ['c5', 'e5', 'e3', 'c3']].map(sq =>
    svg('polygon', { points: sq.map(p => P(p).join(',')).join(' '), fill: 'none', stroke: '#444', 'stroke-width': 2 }));
  const spokes = [['d7', 'd5'], ['d3', 'd1'], ['a4', 'c4'], ['e4', 'g4'], ...(variant === 'twelve' ? [['a7', 'c5'], ['g7', 'e5'], ['a1', 'c3'], ['g1', 'e3']] : [])]
    .map(([a, b]) => svg('line', { x1: P(a)[0], y1: P(a)[1], x2: P(b)[0], y2: P(b)[1], stroke: '#444', 'stroke-width': 2 }));
  const pts = points.map(p => {
    const [x, y] = P(p);
    const who = pos.at[p];
    const g = svg('g', { class: 'point', 'data-point': p, 'data-piece': who === 'W' ? 'white' : who === 'B' ? 'black' : 'empty',
      'data-target': targets.has(p) ? 'yes' : null, 'data-movable': movable.has(p) ? 'yes' : null, onclick: click ? () => click(p) : null },
      svg('circle', { cx: x, cy: y, r: 24, fill: 'transparent' }),
      svg('circle', { cx: x, cy: y, r: 5, fill: '#444' }));
    if (last && (last.to === p || last.from === p)) g.append(svg('circle', { cx: x, cy: y, r: 25, fill: 'none', stroke: '#2563eb', 'stroke-width': 3, 'stroke-dasharray': last.from === p ? '5 4' : null }));
    if (who === 'W' || who === 'B') {
      g.append(svg('circle', { cx: x, cy: y, r: 19, fill: who === 'W' ? 'var(--white)' : 'var(--black)', stroke: mills.has(p) ? 'var(--mill)' : '#333', 'stroke-width': mills.has(p) ? 4 : 1.5 }));
    }
    // A piece the last move took: a cross where it stood (the dotted ring
    // is where the moved piece came from).
    if (last && last.removals && last.removals.includes(p)) g.append(svg('g', { class: 'removed', 'data-removed': 'yes' },
      svg('line', { x1: x - 12, y1: y - 12, x2: x + 12, y2: y + 12, stroke: '#dc2626', 'stroke-width': 4, 'stroke-linecap': 'round' }),
      svg('line', { x1: x - 12, y1: y + 12, x2: x + 12, y2: y - 12, stroke: '#dc2626', 'stroke-width': 4, 'stroke-linecap': 'round' })));
    if (selected === p) g.append(svg('circle', { cx: x, cy: y, r: 22, fill: 'none', stroke: 'var(--target)', 'stroke-width': 3 }));
    if (targets.has(p)) g.append(svg('circle', { cx: x, cy: y, r: 8, fill: 'var(--target)', opacity: .75 }));
    return g;
  });
  const ranksText = [7, 6, 5, 4, 3, 2, 1].map((r, i) => svg('text', { x: 4, y: O + i * S + 4, 'font-size': 11, fill: '#888' }, r));
  const filesText = 'abcdefg'.split('').map((f, i) => svg('text', { x: O + i * S - 3, y: O + 6 * S + 34, 'font-size': 11, fill: '#888' }, f));
  return svg('svg', { class: 'board', id, viewBox: `0 0 ${6 * S + 2 * O} ${6 * S + 2 * O + 6}` },
    ...lines, ...spokes, ...ranksText, ...filesText, ...pts);
}
