import { api, el, optionFields, optionValues, ProblemError, seatsLine, showProblem } from './ui.js';
import { lessBoard, lessNames as names, lessSpent, parseLess as parsePosition, sq, sqName } from './boards.js';

// Less (CodeCup 2017): one person against three engines, or four engines
// to watch. Walls drawn, points left in the turn, points used by each team;
// a turn is played by clicking a piece and its target, up to three points,
// then "End turn". The session is in the URL (#/less/ID). The engines
// belong to the session: the server plays their turns after the person's,
// so opening the page (or a link to it) plays nothing. Four engines are
// watched turn by turn from the page that started them, or after a click
// on "Play on".

const split = a => a === 'Nil' ? [] : a.split(':');
// autoplayKey marks, for the next page only, a game of four engines just
// started by a click here; a link opened later waits for "Play on".
const autoplayKey = 'gameai.less.autoplay';

export async function render(main, [sessionID]) {
  const state = { session: null, partial: [], selected: null, busy: false, stopped: false, autoplay: false };
  const problemBox = el('div');
  const boardBox = el('div');
  const status = el('div', { class: 'status', id: 'less-status' });
  const scores = el('div', { class: 'muted', id: 'less-scores' });
  const endTurn = el('button', { id: 'less-end-turn', onclick: () => submit() }, 'End turn');
  const reset = el('button', { class: 'secondary', onclick: () => { state.partial = []; state.selected = null; draw(); } }, 'Start the turn again');
  const record = el('pre', { id: 'less-record' });
  const playOn = el('button', { id: 'less-play-on' }, 'Play on'); // its click is set by draw()
  const actionInput = el('input', { id: 'less-action-input', placeholder: 'h2h3:h1f1 or Nil', autocomplete: 'off', size: 16 });
  const seats = names.map((n, i) => el('label', {}, n, el('select', { name: 'seat' + i },
    el('option', { value: 'human', selected: i === 0 }, 'you'),
    ['uct', 'mcts', 'expectimax', 'greedy'].map(e => el('option', { value: e, selected: i !== 0 && e === 'uct' }, e)))));
  // The tree engines' settings, from their option table (GET /v1/games);
  // the teammate model is set by the seats, below.
  const treeOpts = el('span', { class: 'row', id: 'less-engine-options' });
  api('GET', '/v1/games').then(g => {
    const uct = g.games.find(x => x.name === 'less').engines.find(e => e.name === 'uct');
    treeOpts.replaceChildren(...optionFields(uct.options.filter(o => o.name !== 'teammate' && o.name !== 'seed'), 'tree:'));
  }).catch(e => showProblem(problemBox, e));
  const setup = el('form', { class: 'row', id: 'less-new' }, seats,
    el('label', {}, 'Engine time a turn (ms)', el('input', { type: 'number', name: 'time', value: 500, min: 10, max: 30000 })),
    treeOpts,
    el('label', {}, 'Wall layout (112 digits; empty: the CodeCup example)', el('input', { name: 'layout', size: 30, autocomplete: 'off' })),
    el('button', { id: 'less-start' }, 'Start'));
  const seatsBox = el('div');
  main.append(el('h1', {}, 'Less'), seatsBox, problemBox,
    el('div', { class: 'cols' },
      el('div', {}, boardBox, status, scores, el('div', { class: 'row' }, endTurn, reset, playOn),
        el('form', { class: 'row', onsubmit: e => { e.preventDefault(); if (human()) typed(actionInput.value.trim()); actionInput.value = ''; } },
          el('label', {}, 'Or type the turn', actionInput), el('button', {}, 'Play'))),
      // The new game's form, folded while a game is on the board: its
      // seats are the next game's, not this one's.
      el('div', {}, el('details', { class: 'panel', id: 'less-new-panel', open: !sessionID || undefined },
        el('summary', {}, sessionID ? 'Start another game' : 'New game'),
        el('p', { class: 'muted' }, 'Yellow and White play against Black and Red; each turn spends up to 3 points: a step 1, a jump over a piece 1, each wall crossed 1 more.'), setup),
        el('h2', {}, 'Turns'), record)));

  setup.addEventListener('submit', async e => {
    e.preventDefault();
    const f = new FormData(setup);
    const seats = names.map((_, i) => f.get('seat' + i));
    const time = Number(f.get('time'));
    // A tree engine plans an engine teammate's turns as its own
    // (teammate=max, the better measured even beside another program); a
    // person's are drawn as likely moves.
    const tree = optionValues(setup, 'tree:');
    const engines = seats.map((e, i) => e === 'human' ? null : { engine: e, limits: { time_ms: time },
      engine_options: e === 'uct' || e === 'mcts' ? { ...tree, teammate: seats[(i + 2) % 4] === 'human' ? 'chance' : 'max' } : undefined });
    try {
      const sess = await api('POST', '/v1/games/less/sessions?legal_moves=2000', { position: String(f.get('layout') || '').trim(), engines });
      if (engines.every(Boolean)) sessionStorage.setItem(autoplayKey, sess.id);
      location.hash = '#/less/' + sess.id;
    } catch (err) { showProblem(problemBox, err); }
  });

  if (sessionID) {
    state.autoplay = sessionStorage.getItem(autoplayKey) === sessionID;
    sessionStorage.removeItem(autoplayKey);
    await load(sessionID);
  } else draw();
  return () => { state.stopped = true; };

  async function load(id) {
    try {
      show(await api('GET', `/v1/sessions/${id}?legal_moves=2000`));
      engines();
    } catch (e) { showProblem(problemBox, e); }
  }

  function show(sess) {
    state.session = sess;
    state.partial = []; state.selected = null;
    draw();
  }

  // seatEngine is the session's engine in a seat, or null: a person's seat.
  function seatEngine(i) { const es = state.session && state.session.engines; return (es && es[i]) || null; }
  function human() { return state.session && !state.session.terminal && !seatEngine(state.session.to_move); }
  function allEngines() { return [0, 1, 2, 3].every(seatEngine); }

  // engines plays the next turn of a game of four engines while it is
  // watched with "Play on" (or just started here): one request a turn.
  async function engines() {
    const s = state.session;
    if (!s || s.terminal || human() || state.busy || state.stopped || !state.autoplay || !allEngines()) return;
    await engineMove();
    if (state.session && state.session.moves.length > s.moves.length) engines();
  }

  // engineMove asks the session's engine of the seat to move for its turn
  // (and the server then plays any engine seats after it).
  async function engineMove() {
    const s = state.session;
    state.busy = true; draw();
    try {
      const out = await api('POST', `/v1/sessions/${s.id}/engine-move?legal_moves=2000`, { ply: s.moves.length });
      showProblem(problemBox, null);
      state.busy = false;
      show(out.session);
    } catch (e) {
      showProblem(problemBox, e);
      state.busy = false;
      // A busy server (429, 503) says when to come back: a game being
      // watched goes on then; anything else stops it.
      const p = e.problem || {};
      if (state.autoplay && (p.status === 429 || p.status === 503) && p.retryAfter) {
        setTimeout(() => { draw(); engines(); }, 1000 * Number(p.retryAfter));
      } else state.autoplay = false;
      draw();
    }
  }

  async function submit(text) {
    const s = state.session;
    const action = text || (state.partial.length ? state.partial.join(':') : 'Nil');
    state.busy = true; draw();
    try {
      const out = await api('POST', `/v1/sessions/${s.id}/moves?legal_moves=2000`, { move: action, ply: s.moves.length });
      showProblem(problemBox, null);
      state.busy = false;
      show(out);
    } catch (e) { showProblem(problemBox, e); state.busy = false; draw(); }
  }

  // typed takes steps typed in the box as clicks would: a turn that could
  // go on waits for more steps or "End turn" (one step typed was once
  // played as the whole turn, its other points lost unasked); a turn
  // that cannot, or Nil, is played.
  function typed(text) {
    if (!text) return;
    if (text === 'Nil') { submit('Nil'); return; }
    const steps = split(text);
    const was = state.partial;
    state.partial = [...was, ...steps];
    const fits = continuing();
    if (!fits.length) {
      state.partial = was;
      showProblem(problemBox, new ProblemError({ title: 'Not a legal turn', detail: `${text} is not a legal ${was.length ? 'way on with the turn' : 'start of a turn'} here.` }));
      draw();
      return;
    }
    showProblem(problemBox, null);
    state.selected = null;
    if (!fits.some(a => a.length > state.partial.length)) { submit(); return; }
    draw();
  }

  // The legal actions that begin with the moves clicked so far.
  function continuing() {
    const p = state.partial;
    return state.session.legal_moves.map(split).filter(a => p.every((m, i) => a[i] === m));
  }

  function click(s) {
    if (!human() || state.busy) return;
    const name = sqName(s);
    const next = continuing().filter(a => a.length > state.partial.length).map(a => a[state.partial.length]);
    if (state.selected !== null) {
      const move = sqName(state.selected) + name;
      state.selected = null;
      if (next.includes(move)) {
        state.partial.push(move);
        if (!continuing().some(a => a.length > state.partial.length)) { submit(); return; }
      }
    } else if (next.some(m => m.startsWith(name))) {
      state.selected = s;
    }
    draw();
  }

  function draw() {
    const s = state.session;
    const pos = s ? parsePosition(s.position) : null;
    const targets = new Set();
    if (s && human() && state.selected !== null) {
      const from = sqName(state.selected);
      continuing().filter(a => a.length > state.partial.length).map(a => a[state.partial.length])
        .filter(m => m.startsWith(from)).forEach(m => targets.add(sq(m.slice(from.length))));
    }
    // The board shows the moves of the turn so far, not yet sent.
    const at = {};
    if (pos) pos.pieces.forEach((ps, pl) => ps.forEach(p => { at[p] = pl; }));
    for (const m of state.partial) {
      const from = sq(m.slice(0, 2)), to = sq(m.slice(2));
      at[to] = at[from];
      delete at[from];
    }
    // With none chosen, the pieces a click picks up: those a next move
    // of the turn starts from.
    const movable = new Set();
    if (s && human() && state.selected === null) {
      continuing().filter(a => a.length > state.partial.length).forEach(a => movable.add(sq(a[state.partial.length].slice(0, 2))));
    }
    boardBox.replaceChildren(lessBoard(pos, { at, selected: state.selected, targets, movable, click }));
    if (!s) { status.textContent = 'Start a game: choose who plays each colour.'; endTurn.disabled = true; return; }
    // The CodeCup score: points used plus the distance home, lower better.
    const sc = s.scores || [0, 0, 0, 0];
    scores.textContent = `Scores (points used + distance home, lower wins): Yellow+White ${sc[0] + sc[2]} (${sc[0]}+${sc[2]}), ` +
      `Black+Red ${sc[1] + sc[3]} (${sc[1]}+${sc[3]}). Points spent: ${lessSpent(pos).join(', ')}. Turn ${Math.min(pos.turn + 1, 80)} of 80.`;
    scores.dataset.teams = `${sc[0] + sc[2]},${sc[1] + sc[3]}`;
    seatsBox.replaceChildren(seatsLine(names, s.engines, 'less-seats'));
    if (s.terminal) {
      const [a, b] = [s.result[0], s.result[1]];
      status.textContent = `Game over: ${a > b ? 'Yellow and White win' : b > a ? 'Black and Red win' : 'a draw'}.`;
    } else {
      status.textContent = state.busy ? 'The engines are playing…'
        : `${names[s.to_move]} to move, ${pos.left} points left${human() ? ' (you): click a piece, then where it goes' : seatEngine(s.to_move).bot ? ` (${seatEngine(s.to_move).label || 'the bot'})` : ' (engine)'}${state.partial.length ? ` — so far ${state.partial.join(':')}: move on, or End turn here (the points left still count)` : ''}.`;
    }
    status.dataset.terminal = String(s.terminal);
    status.dataset.human = String(human());
    // The rules let a turn stop after any of its moves (its unused points
    // still count): the server's list holds only the longest ways on, so
    // a turn begun on one of them may end here.
    const complete = state.partial.length === 0 ? s.legal_moves.includes('Nil') : continuing().length > 0;
    endTurn.disabled = !human() || state.busy || !complete;
    endTurn.textContent = state.partial.length ? 'End turn' : 'Pass';
    endTurn.title = state.partial.length ? 'End the turn after these moves: the points left unused still count' : 'Pass: no move is legal';
    // Four engines: watched with Play on / Pause. A person's game left with
    // an engine to move (a reply the server could not play): one click.
    playOn.hidden = s.terminal || human() || (!allEngines() && state.busy);
    playOn.textContent = allEngines() ? (state.autoplay ? 'Pause' : 'Play on') : 'Engine, move';
    playOn.onclick = allEngines() ? () => { state.autoplay = !state.autoplay; draw(); engines(); } : () => engineMove();
    record.textContent = s.moves.map((m, i) => `${i + 1}. ${m}`).join('\n') || '(no turn yet)';
  }
}
