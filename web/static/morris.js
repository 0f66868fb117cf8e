import { api, botReply, el, optionFields, optionValues, seatsLine, showProblem } from './ui.js';
import { morrisBoard, parseMorris as parsePosition, parseMove } from './boards.js';

export { parseMove };

// Nine Men's Morris against an engine: click to place, move and remove
// (legal targets shown), last move and mills marked, the engine's score and
// line, take-back, the record, moves typed in the API's notation; the
// session is in the URL (#/morris/ID), so a reload or a link resumes it.
// The engine belongs to the session: the server plays its replies to the
// person's moves, so opening the page (or a link to it) never plays one.

// scoreText says a search's score; alpha-beta's scores beyond 1e8 are won
// or lost games, MCTS's are the expected result, 0..1.
function scoreText(r) {
  if (r.engine === 'mcts') return `expected result ${(r.score * 100).toFixed(0)}%`;
  if (Math.abs(r.score) >= 1e8) return r.score > 0 ? 'a forced win for the engine' : 'a forced loss for the engine';
  return `score ${r.score}`;
}

export async function render(main, [sessionID], query) {
  const state = { session: null, selected: null, removals: [], search: null, busy: false, dbFor: null, db: null };
  const problemBox = el('div');
  const boardBox = el('div');
  const status = el('div', { class: 'status', id: 'morris-status' });
  const info = el('div', { class: 'muted', id: 'morris-search' });
  // The perfect-play database's value of the position, when the server has
  // one that holds it (both hands empty, standard rules).
  const dbLine = el('div', { class: 'muted', id: 'morris-db' });
  const record = el('pre', { id: 'morris-record' });
  const moveInput = el('input', { id: 'morris-move-input', placeholder: 'd6, d6-d5, d5-c5xg7', autocomplete: 'off', size: 14 });
  const undoButton = el('button', { class: 'secondary', id: 'morris-undo', onclick: () => takeBack() }, 'Take back');
  // Only for a session left with its engine to move (a reply the server
  // could not play, a take-back past the engine's move): a click, never a
  // page load, asks the engine to move.
  const engineButton = el('button', { class: 'secondary', id: 'morris-engine-move', onclick: () => engineMove() }, 'Engine, move');
  const setup = el('form', { class: 'row', id: 'morris-new' });
  const seatsBox = el('div');
  // The new game's form, folded while a game is on the board: its
  // choices are the next game's, not this one's.
  const newGame = el('details', { class: 'panel', id: 'morris-new-panel', open: !sessionID || undefined },
    el('summary', {}, sessionID ? 'Start another game' : 'New game'), setup);

  main.append(el('h1', {}, "Nine Men's Morris"), seatsBox, problemBox,
    el('div', { class: 'cols' },
      el('div', {}, boardBox, status, dbLine, info,
        el('form', { class: 'row', onsubmit: e => { e.preventDefault(); play(moveInput.value.trim()); } },
          el('label', {}, 'Your move', moveInput), el('button', {}, 'Play'), undoButton, engineButton)),
      el('div', {}, newGame,
        el('h2', {}, 'Record'), record)));

  let games, strategies;
  try {
    [games, strategies] = await Promise.all([api('GET', '/v1/games'), api('GET', '/v1/morris/strategies')]);
  } catch (e) { showProblem(problemBox, e); return; }
  const morris = games.games.find(g => g.name === 'morris');
  buildSetup(morris, strategies.strategies, query.get('strategy') || strategies.default);

  if (sessionID) {
    await load(sessionID);
  } else {
    draw();
  }

  function buildSetup(game, strats, strategy) {
    // The chosen engine's settings, from its option table; the strategy
    // has a list of its own (the trained ones too).
    const engineOpts = el('span', { class: 'row', id: 'morris-engine-options' });
    const showEngineOpts = name => {
      const en = game.engines.find(e => e.name === name);
      engineOpts.replaceChildren(...optionFields((en ? en.options : []).filter(o => o.name !== 'strategy'), 'eng:'));
    };
    setup.append(
      el('label', {}, 'Variant', el('select', { name: 'variant' }, game.variants.map(v => el('option', { value: v }, v)))),
      el('label', {}, 'You play', el('select', { name: 'human' }, el('option', { value: '0' }, 'White (first)'), el('option', { value: '1' }, 'Black'))),
      el('label', {}, 'Engine', el('select', { name: 'engine', onchange: e => showEngineOpts(e.target.value) }, game.engines.map(e => el('option', { value: e.name }, e.name)))),
      el('label', {}, 'Strategy', el('select', { name: 'strategy' }, strats.map(s => el('option', { value: s.name, selected: s.name === strategy }, s.name)))),
      engineOpts,
      el('label', {}, 'Time a move (ms)', el('input', { type: 'number', name: 'time', value: 1000, min: 10, max: 30000 })),
      ...optionFields(game.options, 'opt:'),
      el('button', { id: 'morris-start' }, 'Start'));
    showEngineOpts(game.engines[0].name);
    setup.addEventListener('submit', async e => {
      e.preventDefault();
      const s = readSetup();
      // Coefficients, when given, stand for the strategy.
      const settings = s.engineOptions.coefficients ? s.engineOptions : { strategy: s.strategy, ...s.engineOptions };
      const engine = { engine: s.engine, engine_options: settings, limits: { time_ms: s.time } };
      try {
        const sess = await api('POST', '/v1/games/morris/sessions', { variant: s.variant, options: s.options,
          engines: s.human === 0 ? [null, engine] : [engine, null] });
        location.hash = '#/morris/' + sess.id;
      } catch (err) { showProblem(problemBox, err); }
    });
  }

  function readSetup() {
    const f = new FormData(setup);
    return { variant: f.get('variant'), human: Number(f.get('human')), engine: f.get('engine'),
      strategy: f.get('strategy'), time: Number(f.get('time')), options: optionValues(setup, 'opt:'),
      engineOptions: optionValues(setup, 'eng:') };
  }

  async function load(id) {
    try {
      state.session = await api('GET', `/v1/sessions/${id}?legal_moves=2000`);
      draw();
    } catch (e) { showProblem(problemBox, e); }
  }

  // engineOf is the session's engine for a side, or null: a person's side.
  function engineOf(side) { const es = state.session && state.session.engines; return (es && es[side]) || null; }
  function mine() { const s = state.session; return s && !s.terminal && !engineOf(s.to_move); }
  function enginesTurn() { const s = state.session; return s && !s.terminal && !!engineOf(s.to_move); }

  // answered takes a session a request returned (with the engine's replies
  // played) and shows the last reply's search.
  function answered(sess) {
    if (!sess) return;
    if (sess.replies && sess.replies.length) state.search = sess.replies[sess.replies.length - 1];
    state.session = sess;
  }

  async function act(method, path, body) {
    state.busy = true;
    draw();
    try {
      const out = await api(method, path, body, { 'If-Match': state.session.etag });
      showProblem(problemBox, null);
      return out;
    } catch (e) {
      showProblem(problemBox, e);
      return null;
    } finally {
      state.busy = false;
    }
  }

  async function play(text) {
    if (!state.session || !text) return;
    state.selected = null; state.removals = [];
    const out = await act('POST', `/v1/sessions/${state.session.id}/moves?legal_moves=2000`, { move: text, ply: state.session.moves.length });
    moveInput.value = '';
    if (out) { answered(out); draw(); } else await load(state.session.id);
  }

  async function engineMove() {
    const s = state.session;
    if (!enginesTurn() || state.busy) return;
    const out = await act('POST', `/v1/sessions/${s.id}/engine-move?legal_moves=2000`, { ply: s.moves.length });
    if (out) {
      state.search = out.search;
      Object.defineProperty(out.session, 'etag', { value: out.etag });
      answered(out.session);
      draw();
    } else await load(s.id);
  }

  async function takeBack() {
    const s = state.session;
    if (!s || !s.moves.length) return;
    const plies = mine() && s.moves.length >= 2 && engineOf(1 - s.to_move) ? 2 : 1;
    await act('POST', `/v1/sessions/${s.id}/undo`, { plies, ply: s.moves.length });
    state.search = null;
    await load(s.id);
  }

  // click follows the legal moves: a piece to move, then its target, then
  // the removals a mill asks for; a placement is its point, then removals.
  function click(p) {
    if (!mine() || state.busy) return;
    const legal = state.session.legal_moves.map(parseMove).filter(Boolean);
    const pos = parsePosition(state.session.position);
    const myLetter = state.session.to_move === 0 ? 'W' : 'B';
    let cands = candidates(legal);
    if (state.selected && state.selected.to) {
      const next = cands.filter(m => m.removals[state.removals.length] === p);
      if (!next.length) { state.selected = null; state.removals = []; draw(); return; }
      state.removals.push(p);
      cands = next;
    } else if (pos.at[p] === myLetter && legal.some(m => m.from === p)) {
      state.selected = { from: p }; state.removals = []; draw(); return;
    } else {
      const from = state.selected ? state.selected.from : null;
      const to = legal.filter(m => m.from === from && m.to === p);
      if (!to.length) { state.selected = null; draw(); return; }
      state.selected = { from, to: p };
      cands = to;
    }
    const done = cands.find(m => m.removals.length === state.removals.length);
    if (done) { play(done.text); return; }
    draw();
  }

  function candidates(legal) {
    const sel = state.selected;
    if (!sel || !sel.to) return [];
    return legal.filter(m => m.from === sel.from && m.to === sel.to && state.removals.every((r, i) => m.removals[i] === r));
  }

  function targets() {
    if (!mine()) return new Set();
    const legal = state.session.legal_moves.map(parseMove).filter(Boolean);
    const sel = state.selected;
    if (sel && sel.to) return new Set(candidates(legal).map(m => m.removals[state.removals.length]).filter(Boolean));
    const from = sel ? sel.from : null;
    return new Set(legal.filter(m => m.from === from).map(m => m.to));
  }

  // movable are the person's pieces that have a move, unless a capture
  // is being chosen: the ones a click picks up.
  function movable() {
    if (!mine() || (state.selected && state.selected.to)) return new Set();
    return new Set(state.session.legal_moves.map(parseMove).filter(m => m && m.from).map(m => m.from));
  }

  // valueFromDB asks the server's database for the position once; the
  // line stays empty where it does not know it (it is a help beside the
  // game, so a failure says nothing).
  async function valueFromDB(position) {
    if (state.dbFor === position) return;
    state.dbFor = position;
    state.db = null;
    try {
      const out = await api('GET', '/v1/morris/db?position=' + encodeURIComponent(position));
      if (state.dbFor === position) { state.db = out.position; draw(); }
    } catch (e) { /* no line */ }
  }

  function dbText(db, side) {
    if (!db || !db.known) return '';
    const best = db.moves.filter(m => m.best).map(m => m.move);
    return `Perfect play: ${side} to move, ${db.value}` + (db.outcome === 'draw' ? '' : ' (plies to the next capture or the end)') +
      (best.length ? `; best: ${best.slice(0, 6).join(', ')}${best.length > 6 ? ', …' : ''}` : '');
  }

  function draw() {
    const s = state.session;
    const variant = s ? s.variant : 'nine';
    const pos = s ? parsePosition(s.position) : { at: {}, hand: [9, 9] };
    const last = s && s.moves.length ? parseMove(s.moves[s.moves.length - 1]) : null;
    // A move chosen that closed a mill is drawn made (the piece placed or
    // moved, the removals so far taken) while the capture it asks for is
    // chosen: the board shows the mill the person just closed.
    const sel = state.selected;
    const pending = s && sel && sel.to ? sel : null;
    let shown = pos;
    if (pending) {
      const at = { ...pos.at };
      if (pending.from) at[pending.from] = '.';
      at[pending.to] = s.to_move === 0 ? 'W' : 'B';
      state.removals.forEach(r => { at[r] = '.'; });
      const hand = [...pos.hand];
      if (!pending.from) hand[s.to_move] -= 1;
      shown = { ...pos, at, hand };
    }
    boardBox.replaceChildren(morrisBoard(shown, { variant, last: pending ? null : last, selected: pending ? pending.to : sel ? sel.from : null,
      targets: targets(), movable: movable(), click }));

    if (!s) {
      status.textContent = 'Start a game: choose the variant, your side, the engine and its time.';
      record.textContent = '';
      return;
    }
    const names = ['White', 'Black'];
    seatsBox.replaceChildren(seatsLine(names, s.engines, 'morris-seats'));
    status.textContent = s.terminal
      ? (s.result[0] === s.result[1] ? 'Draw.' : `${names[s.result[0] > s.result[1] ? 0 : 1]} wins.`) + ' Game over.'
      : state.busy ? (engineOf(s.to_move) && engineOf(s.to_move).bot ? `${engineOf(s.to_move).label || 'The bot'} is thinking…` : 'The engine is thinking…')
        : pending ? `${names[s.to_move]} (you): ${pending.from ? `${pending.from}-${pending.to}` : pending.to} closes a mill. Remove a ${names[1 - s.to_move].toLowerCase()} piece: click one of those marked.`
          : `${names[s.to_move]} to move${mine() ? ' (you)' : engineOf(s.to_move).bot ? ` (${engineOf(s.to_move).label || 'the bot'})` : ' (engine)'}. In hand: white ${shown.hand[0]}, black ${shown.hand[1]}.`;
    status.dataset.terminal = String(s.terminal);
    status.dataset.pending = pending ? 'removal' : '';
    if (!s.terminal && s.variant === 'nine' && pos.hand[0] === 0 && pos.hand[1] === 0) valueFromDB(s.position);
    dbLine.textContent = !s.terminal && state.dbFor === s.position ? dbText(state.db, names[s.to_move]) : '';
    const r = state.search;
    info.textContent = r && r.engine.startsWith('bot:') ? botReply(r, s.engines) : r ? `Engine ${r.engine} v${r.engine_version}: ${r.move}, ${scoreText(r)}, depth ${r.depth}, ${r.nodes} nodes in ${r.elapsed_ms} ms${r.reused ? ` (and ${r.reused} visits kept from the last search's tree)` : ''}; line: ${r.pv.join(' ')}` : '';
    record.textContent = s.moves.map((m, i) => (i % 2 === 0 ? `${i / 2 + 1}. ` : '') + m).join(' ') || '(no moves yet)';
    undoButton.disabled = !s.moves.length || state.busy;
    engineButton.hidden = !enginesTurn() || state.busy;
  }
}
