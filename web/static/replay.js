import { el, botLink, namesIn } from './ui.js';
import { actionSquares, lessBoard, lessNames, lessSpent, morrisBoard, parseLess, parseMorris, parseMove } from './boards.js';

// A game replayed move by move on its board, with each seat's clock, the
// move list, the record and (for an owner) its bots' stderr and
// conversations with the referee: a
// competition's game or a ladder's alike (the API's game of either).

const seatNames = game => game === 'less' ? lessNames : ['White', 'Black'];
const secs = ms => (ms / 1000).toFixed(ms < 10000 ? 2 : 1) + ' s';

// showReplay draws game g (of game "less" or "morris") into main; label
// names a seat's bot; clock is the event's ({game_ms} or {move_ms}), each
// seat's time shown against it. A game being played (g.live) is asked for
// again by refetch every watchEvery ms, and the board follows its new
// moves while the reader is at the last one (as lichess's live games). It
// returns what ends the page's key handling and watching.
export function showReplay(main, game, g, subtitle, label, clock = {}, refetch = null) {
  // A game lost before its first move (a bot out of time at turn 1, the
  // game its author most needs to see) comes with no moves at all.
  const complete = x => Object.assign(x, { moves: x.moves || [], times_ms: x.times_ms || [], score: x.score || [] });
  complete(g);
  const names = seatNames(game);
  const boardBox = el('div', { id: 'replay-board' });
  const clocks = el('table', { id: 'replay-clocks' });
  const where = el('div', { class: 'status', id: 'replay-ply' });
  const slider = el('input', { type: 'range', min: 0, max: g.moves.length, value: 0, id: 'replay-slider' });
  const moves = el('ol', { class: 'moves mono', id: 'replay-moves' });
  const result = el('p', { id: 'replay-result' });
  const stderr = el('div', { id: 'replay-stderr' });
  const record = el('pre');
  let k = 0;
  const mover = i => game === 'less' ? i % 4 : i % 2;
  // show draws the game after its first `to` moves, with the clocks then.
  const show = to => {
    k = Math.max(0, Math.min(g.moves.length, to));
    slider.value = k;
    const pos = g.positions ? g.positions[k] : null;
    if (game === 'less') {
      const p = pos ? parseLess(pos) : null;
      boardBox.replaceChildren(lessBoard(p, { id: 'replay-svg', last: k ? actionSquares(g.moves[k - 1]) : new Set() }));
      // The teams' points spent so far (their totals at the end add each
      // piece's distance home).
      const spent = p ? lessSpent(p) : null;
      if (p) boardBox.append(el('div', { class: 'muted', id: 'replay-spent' },
        `Points spent so far: Yellow and White ${spent[0] + spent[2]}, Black and Red ${spent[1] + spent[3]}`));
    }
    else if (pos) boardBox.replaceChildren(morrisBoard(parseMorris(pos), { id: 'replay-svg', last: k ? parseMove(g.moves[k - 1]) : null }));
    let used = names.map(() => 0);
    for (let i = 0; i < k; i++) used[mover(i)] += g.times_ms[i] || 0;
    // At the end, each clock as the referee read it: a seat out of time
    // spent its time on a move it never made.
    if (k === g.moves.length && !g.live && g.think_ms && g.think_ms.length === used.length) used = g.think_ms.map((t, s) => Math.max(t, used[s]));
    const outOfTime = s => k === g.moves.length && g.fault && g.fault.kind === 'time' && g.fault.seat === s;
    const toMove = k < g.moves.length || g.live ? mover(k) : -1;
    clocks.replaceChildren(el('tbody', {}, g.seats.map((b, s) => el('tr', { class: toMove === s ? 'to-move' : '' },
      el('th', {}, names[s]), el('td', {}, botLink(b, label(b), game)), el('td', { class: outOfTime(s) ? 'clock bad' : 'clock', 'data-seat': s }, secs(used[s]), outOfTime(s) ? ' (out of time)' : ''),
      el('td', { class: 'muted budget' }, clock.game_ms ? `of ${secs(clock.game_ms)}` : clock.move_ms ? `${clock.move_ms} ms a move` : '')))));
    where.textContent = k === 0 ? 'The start.'
      : `Move ${k} of ${g.moves.length}${g.live ? ' so far' : ''}: ${names[mover(k - 1)]} ${g.moves[k - 1]} (${g.times_ms[k - 1]} ms)`;
    where.dataset.ply = k;
    [...moves.children].forEach((li, i) => li.classList.toggle('current', i === k - 1));
    // The move list follows the current move (the list scrolls, not the
    // page).
    const cur = moves.children[k - 1];
    if (cur) {
      const r = cur.getBoundingClientRect(), m = moves.getBoundingClientRect();
      if (r.top < m.top || r.bottom > m.bottom) moves.scrollTop += r.top - m.top - m.height / 2;
    }
  };
  // fill writes what the game has so far: moves, result, the owner's
  // bots' words, record.
  const fill = () => {
    slider.max = g.moves.length;
    moves.replaceChildren(...g.moves.map((m, i) => el('li', { onclick: () => show(i + 1) }, `${names[mover(i)]} ${m}`,
      el('span', { class: 'muted' }, ` ${g.times_ms[i]} ms`))));
    result.className = g.fault ? 'bad' : '';
    result.replaceChildren(...(g.live
      ? [el('span', { class: 'live', id: 'replay-live' }, 'Live'), ` Being played: ${g.moves.length} moves so far.`]
      : [resultWords(game, g, label), el('br'), el('span', { class: 'muted' }, `Points: ${g.score.map((s, i) => `${names[i]} ${s}`).join(', ')}`)]));
    // An owner's bots' words: what each wrote on stderr, and its whole
    // conversation with the referee folded under it (where a protocol
    // mistake shows).
    const said = (g.stderr || g.transcripts || []).map((_, i) => [(g.stderr || [])[i], (g.transcripts || [])[i]]);
    stderr.hidden = !said.some(([e, t]) => e || t);
    stderr.replaceChildren(el('h2', {}, 'Standard error (your bots only)'),
      ...said.map(([e, t], i) => e || t ? el('div', {}, el('strong', {}, names[i]), el('pre', {}, e || '(nothing on stderr)'),
        t ? el('details', { class: 'transcript' }, el('summary', {}, 'Its conversation with the referee'), el('pre', { class: 'mono' }, t)) : null) : null).filter(Boolean));
    record.textContent = g.record || '';
  };
  slider.addEventListener('input', () => show(Number(slider.value)));
  const btn = (text, to, bid, title) => el('button', { class: 'secondary', id: bid, title, onclick: () => show(to()) }, text);
  main.append(el('h1', {}, `Game ${g.n} `, el('span', { class: 'muted' }, subtitle)), result,
    el('div', { class: 'cols' },
      el('div', {}, boardBox, el('div', { class: 'row' }, btn('Start', () => 0, 'replay-first', 'the start (Home)'), btn('◀', () => k - 1, 'replay-prev', 'back a move (←)'),
        btn('▶', () => k + 1, 'replay-next', 'on a move (→)'), btn('End', () => g.moves.length, 'replay-last', 'the end (End)'), slider), where),
      el('div', {}, el('h2', {}, 'Clocks'), clocks, el('h2', {}, 'Moves'), moves)),
    stderr, el('details', {}, el('summary', {}, 'The record'), record));
  const onKey = e => {
    if (e.target.tagName === 'INPUT' && e.target.type !== 'range') return;
    if (e.key === 'ArrowRight') show(k + 1);
    if (e.key === 'ArrowLeft') show(k - 1);
    if (e.key === 'Home') show(0);
    if (e.key === 'End') show(g.moves.length);
  };
  document.addEventListener('keydown', onKey);
  fill();
  // A live game opens at its latest move; a played one at the start.
  show(g.live ? g.moves.length : 0);
  let timer = null, stopped = false;
  const watch = async () => {
    if (stopped || !g.live || !refetch) return;
    try {
      const next = await refetch();
      if (stopped) return;
      const following = k === g.moves.length;
      g = complete(next);
      fill();
      show(following ? g.moves.length : k);
    } catch (e) {
      if (!(e.problem && e.problem.status === 404)) {
        timer = setTimeout(watch, 2 * watchEvery); // the server away a moment: ask again
        return;
      }
      // Gone from the live games and not among the played: stopped
      // before its end (its event was stopped, or whoever played it).
      g = { ...g, live: false };
      result.replaceChildren(el('span', { class: 'bad', id: 'replay-stopped' }, 'The game stopped before its end.'));
      show(k);
      return;
    }
    if (g.live) timer = setTimeout(watch, watchEvery);
  };
  if (g.live) timer = setTimeout(watch, watchEvery);
  return () => { stopped = true; clearTimeout(timer); document.removeEventListener('keydown', onKey); };
}

// watchEvery is how often a live game is asked for again.
export const watchEvery = 1500;

// resultWords says how a game ended in its bots' names: "a and b beat c
// and d, 66 to 75" (Less: the lower total wins), "x (white) beat y", a
// draw, or who lost irregularly and why (the API's reason names it).
export function resultWords(game, g, label) {
  if (g.fault) return namesIn(g.reason);
  const names = g.seats.map(label);
  if (game === 'less') {
    const [yw, br] = [`${names[0]} and ${names[2]}`, `${names[1]} and ${names[3]}`];
    const pts = g.points || [];
    const [a, b] = [pts[0], pts[1]];
    if (g.score[0] === 0.5) return `${yw} drew with ${br}` + (a !== undefined ? `, ${a} all` : '');
    const [w, l, wp, lp] = g.score[0] === 1 ? [yw, br, a, b] : [br, yw, b, a];
    return `${w} beat ${l}` + (wp !== undefined ? `, ${wp} to ${lp}` : '');
  }
  if (g.score[0] === 0.5) return `${names[0]} (white) and ${names[1]} (black) drew: ${g.reason}`;
  const [w, l] = g.score[0] === 1 ? [`${names[0]} (white)`, names[1]] : [`${names[1]} (black)`, names[0]];
  return `${w} beat ${l}: ${g.reason}`;
}
