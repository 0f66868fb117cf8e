import { api, el, showProblem, ProblemError, lineChart, botLink, showPlaying, botName, namesIn, engineName, actionBox, pagedTable } from './ui.js';
import { showReplay, watchEvery } from './replay.js';

// Bots: the list (ours and the uploads), the upload form with what this
// server builds, and a page a bot: its status as it is built and
// validated, the reason it was rejected, its validation games, and (for
// its owner) the compiler's output and its stderr.

// The owner's token is this browser's, kept apart from the admin key.
const tokenKey = 'gameai.ownerToken';
const ownerToken = () => localStorage.getItem(tokenKey) || '';
const asOwner = () => (ownerToken() ? { 'X-API-Key': ownerToken() } : {});

const statuses = ['', 'building', 'validating', 'waiting', 'ready', 'rejected'];

export async function render(main, [id, sub, k], query) {
  if (id && sub === 'validation') return validationGame(main, id, Number(k));
  if (id && sub === 'admission') return admissionLive(main, id);
  return id ? one(main, id) : list(main, query);
}

function tokenField(onchange = () => {}) {
  const hint = el('span', { class: 'muted hint', id: 'bots-token-hint' });
  // Says who uploads before the form is filled, not in a 401 after it.
  const say = async () => {
    try {
      const v = await api('GET', '/v1/accounts/visitor', undefined, asOwner());
      hint.dataset.signedIn = String(v.signed_in);
      hint.replaceChildren(...(v.signed_in && v.via === 'cookie' ? [`Signed in as ${v.owner}: you need no token here; a program uploads with a token made on `, el('a', { href: '#/account' }, 'My account'), '.']
        : v.signed_in ? [v.admin ? "That is the server's key, not an owner's token: bots belong to owners." : `This token is ${v.owner}'s.`]
          : [ownerToken() ? 'This token is not known here: ' : 'Not signed in: ', el('a', { href: '#/account' }, 'sign in'), ' (or register) first, or paste an owner token.']));
    } catch (e) { hint.replaceChildren(); }
  };
  say();
  return el('label', {}, 'Owner token',
    el('input', { id: 'bots-token', type: 'password', value: ownerToken(), autocomplete: 'off', size: 30, placeholder: 'gat_… (or sign in)',
      oninput: e => localStorage.setItem(tokenKey, e.target.value.trim()), onchange: e => { say(); onchange(e); } }),
    hint);
}

// inWords says an upload's refusal for want of a token as a person would:
// whose token, and where it goes (the server's own key is not one).
function inWords(err) {
  const st = err.problem && err.problem.status;
  if (st === 401) return new ProblemError({ title: 'Sign in, please', status: 401,
    detail: ownerToken() ? 'This owner token is not known here: check it, or sign in on My account.'
      : 'Uploading needs an account: sign in (or make one) on My account, or paste an owner token in Owner token above.' });
  if (st === 403) return new ProblemError({ title: 'Not an owner token', status: 403,
    detail: "This server's admin key uploads no bot: bots belong to owners. Paste an owner's token in Owner token above." });
  return err;
}

// upload posts the form as multipart, the way the API takes a file.
async function upload(form) {
  let resp;
  try {
    resp = await fetch('/v1/bots', { method: 'POST', body: new FormData(form), headers: asOwner() });
  } catch (e) {
    throw new ProblemError({ title: 'The server does not answer', detail: String(e), status: 0 });
  }
  const out = await resp.json().catch(() => ({ title: resp.statusText, status: resp.status }));
  if (!resp.ok) {
    if (resp.headers.get('Retry-After')) out.retryAfter = resp.headers.get('Retry-After');
    throw new ProblemError(out);
  }
  return out;
}

async function list(main, query = new URLSearchParams()) {
  const problemBox = el('div');
  const uploadBox = actionBox({ id: 'upload-problem' });
  const game = el('select', { id: 'bots-game' }, ['', 'less', 'morris'].map(g => el('option', { value: g }, g || 'any game')));
  const status = el('select', { id: 'bots-status' }, statuses.map(s => el('option', { value: s }, s || 'any status')));
  const owner = el('input', { id: 'bots-owner', placeholder: 'any owner', size: 12, value: query.get('owner') || undefined });
  const body = el('tbody');
  const more = el('button', { class: 'secondary' }, 'More');
  const langs = el('ul', { id: 'bots-languages', class: 'muted' });
  const language = el('select', { name: 'language', id: 'upload-language' });
  const starterLinks = el('div', { id: 'bots-starters', class: 'muted' });
  api('GET', '/v1/starters').then(l => starterLinks.replaceChildren(...['less', 'morris'].map(g => el('div', {}, `Starters for ${g}: `,
    ...l.starters.filter(s => s.game === g).flatMap((s, i) => [i ? ' · ' : '', el('a', { href: s.url, download: s.file, 'data-starter': `${g}/${s.language}` }, s.language)])))))
    .catch(e => showProblem(starterLinks, e));
  const form = el('form', { class: 'row', id: 'upload-form' },
    el('label', {}, 'Game', el('select', { name: 'game' }, el('option', { value: 'less' }, 'Less (CodeCup)'), el('option', { value: 'morris' }, "Morris (Sanmill's protocol)"))),
    el('label', {}, 'Name', el('input', { name: 'name', required: true, maxlength: 40, pattern: '[A-Za-z0-9][A-Za-z0-9_.\\-]*', size: 14 })),
    el('label', {}, 'Language', language),
    el('label', {}, 'File', el('input', { name: 'file', type: 'file', required: true, id: 'upload-file' })),
    el('button', { type: 'submit', id: 'upload-submit' }, 'Upload'));
  form.addEventListener('submit', async e => {
    e.preventDefault();
    try {
      const b = await upload(form);
      location.hash = `#/bots/${b.id}`;
    } catch (err) { showProblem(uploadBox, inWords(err)); }
  });
  main.append(el('h1', {}, 'Bots'),
    el('div', { class: 'panel' }, el('h2', {}, 'Upload a bot'),
      el('p', { class: 'muted' }, 'One source file or one static Linux x86-64 executable. It is built and plays validation games against our engines (Less: one in each colour; Morris: one with each), confined, before it is ready. A new upload under the same name is a new version.'),
      el('p', { id: 'bots-newcomer' }, 'New here? Read what a bot reads and writes (',
        el('a', { href: '#/protocol/less', id: 'bots-protocol-less' }, 'Less'), ', ', el('a', { href: '#/protocol/morris', id: 'bots-protocol-morris' }, 'Morris'),
        '), begin from a starter bot, and play its validation games on your machine with ', el('code', {}, 'gameai try'), ' before you upload it.'),
      starterLinks,
      el('div', { class: 'row' }, tokenField()), form, uploadBox, langs),
    el('h2', {}, 'All bots'),
    el('div', { class: 'row' }, el('label', {}, 'Game', game), el('label', {}, 'Status', status), el('label', {}, 'Owner', owner),
      el('button', { class: 'secondary', id: 'bots-mine', onclick: async () => {
        try {
          const me = await api('GET', '/v1/owners/me', undefined, asOwner());
          owner.value = me.owner;
          load(true);
        } catch (e) { showProblem(problemBox, inWords(e)); }
      } }, 'My bots'), el('a', { href: '#/account', id: 'bots-account' }, 'My account'),
      el('a', { href: '#/host', id: 'bots-host' }, 'I host this server')),
    problemBox,
    el('table', { id: 'bots-table' }, el('thead', {}, el('tr', {}, [['Bot'], ['Game'], ['Owner'], ['Language', 'opt'], ['Version'], ['Status']].map(([h, c]) => el('th', { class: c }, h)))), body), more);

  api('GET', '/v1/languages').then(l => {
    language.replaceChildren(...l.languages.map(x => el('option', { value: x.name, disabled: !x.available }, x.title + (x.available ? '' : ' (not here)'))));
    langs.replaceChildren(...(l.confined ? [] : [el('li', { class: 'problem' }, 'This server takes no uploads: ', l.reason)]),
      ...l.languages.map(x => el('li', {}, el('strong', {}, x.name), ` ${x.file}: `, x.available ? x.toolchain : x.reason)));
  }).catch(e => showProblem(uploadBox, e));

  const load = pagedTable({ body, more, problemBox, path: '/v1/bots', items: 'bots', limit: 50, empty: 'No bot.', colspan: 6,
    query: () => ({ game: game.value, status: status.value, owner: owner.value.trim() }),
    row: b => el('tr', { 'data-bot': b.id },
      el('td', {}, el('a', { href: `#/bots/${encodeURIComponent(b.id)}`, title: engineName(b.id) ? b.id : null }, engineName(b.id) || b.name)), el('td', {}, b.game),
      el('td', {}, b.owner), el('td', { class: 'opt' }, b.language), el('td', {}, b.version),
      el('td', { class: `bot-${b.status}` }, b.status)) });
  for (const f of [game, status, owner]) f.addEventListener('change', () => load(true));
  load(true);
}

function one(main, id) {
  const problemBox = el('div');
  const status = el('div', { class: 'status', id: 'bot-status' });
  const kv = el('dl', { class: 'kv' });
  const games = el('div', { id: 'bot-games' });
  const build = el('div', { id: 'bot-build' });
  const del = el('button', { class: 'secondary', id: 'bot-delete', hidden: true, onclick: async () => {
    if (!confirm('Delete this version?')) return;
    try { await api('DELETE', `/v1/bots/${encodeURIComponent(id)}`, undefined, asOwner()); location.hash = '#/bots'; } catch (e) { showProblem(problemBox, e); }
  } }, 'Delete this version');
  const name = el('span', { id: 'bot-name' });
  const ladder = el('div', { id: 'bot-ladder' });
  const played = el('div', { id: 'bot-played' });
  const versions = el('div', { id: 'bot-versions' });
  const playing = el('div', { id: 'bot-playing' });
  const admission = el('div', { id: 'bot-admission' });
  main.append(el('h1', {}, name, ' ', el('code', {}, id)), problemBox, status, admission, kv, el('div', { class: 'row' }, tokenField(() => read()), del),
    playing, versions, ladder, played, build, games);
  let extrasFor = null;
  let timer = null, stopped = false, liveTimer = null, watching = false;
  // Its ladder games being played now, to watch; looked at again while
  // the page is open.
  const watchLadder = async game => {
    try {
      const l = await api('GET', `/v1/ladders/${game}`);
      showPlaying(playing, (l.playing || []).filter(p => p.seats.includes(id)).map(p => ({
        href: `#/ladders/${game}/games/${p.n}`, n: p.n, bots: p.seats.map((b, i) => [b, p.labels[i]]) })));
    } catch (e) {
      showPlaying(playing, []);
      // No ladder for its game: nothing to watch, and nothing to ask for
      // again every 5 s (its page is opened again once there is one).
      if (e.problem && e.problem.status === 404) { playing.dataset.ladder = 'none'; return; }
    }
    if (!stopped) liveTimer = setTimeout(() => watchLadder(game), 5000);
  };
  const show = b => {
    name.textContent = engineName(b.id) || b.name;
    if (extrasFor !== b.status) {
      extrasFor = b.status;
      showLadder(ladder, b, b.build_log !== undefined);
      showPlayed(played, id);
      if (!b.builtin) showVersions(versions, b);
      if (b.status === 'ready' && !watching) { watching = true; watchLadder(b.game); }
    }
    // A deleted version keeps its page: what it was and the games it
    // played, saying who deleted it (or that its author left) and when.
    status.textContent = b.status === 'deleted'
      ? `Deleted: ${b.reason || 'by its author'}${b.updated_at ? `, ${new Date(b.updated_at).toLocaleDateString()}` : ''}. It plays no more; its games stay.`
      : b.status + (b.reason ? `: ${b.reason}` : '');
    status.dataset.status = b.status;
    // replaceChildren writes a null as the text "null": the uploaded
    // parts go in only for an upload.
    kv.replaceChildren(el('dt', {}, 'Name'), el('dd', {}, `${b.name} (version ${b.version})`),
      el('dt', {}, 'Game'), el('dd', {}, b.game), el('dt', {}, 'Protocol'),
      el('dd', {}, el('a', { href: `#/protocol/${b.game}`, id: 'bot-protocol' }, `what a ${b.game} bot reads and writes`)),
      el('dt', {}, 'Owner'), el('dd', {}, b.owner),
      el('dt', {}, 'Language'), el('dd', {}, b.language),
      ...(b.builtin ? [] : [el('dt', {}, 'Uploaded'), el('dd', {}, `${new Date(b.created_at).toLocaleString()}, ${b.size} bytes`)]));
    del.hidden = b.builtin || b.build_log === undefined || b.status === 'deleted';
    build.replaceChildren(...(b.build_log ? [el('h2', {}, 'Build output (only you see it)'), el('pre', { id: 'bot-build-log' }, b.build_log)] : []));
    games.replaceChildren(...(b.validation.length ? [el('h2', {}, 'Validation games')] : []),
      ...b.validation.map((g, i) => el('div', { class: 'panel game', 'data-game': i },
        el('strong', {}, `Game ${i + 1}, as ${g.seat}`), ` against ${namesIn(g.opponents)}: `,
        el('span', { class: g.fault ? 'bad' : '' }, g.fault ? `irregular loss ${g.turn ? `at turn ${g.turn}` : 'before its first move'}: ${g.fault}` : g.result),
        el('div', { class: 'muted bot-used' }, `${(g.think_ms / 1000).toFixed(2)} s on its clock${g.used ? `; it used ${g.used}` : ''}`),
        g.seats ? el('a', { href: `#/bots/${encodeURIComponent(id)}/validation/${i + 1}`, class: 'bot-replay' }, 'Replay it on a board') : null,
        el('details', {}, el('summary', {}, 'The game'), el('pre', {}, g.record)),
        g.transcript !== undefined ? el('details', { class: 'transcript', open: !!g.fault }, el('summary', {}, 'What the referee sent it and what it answered (only you see it)'),
          el('pre', { class: 'transcript' }, g.transcript || '(nothing)')) : null,
        g.stderr !== undefined ? el('details', { class: 'stderr', open: !!g.fault }, el('summary', {}, 'Its stderr (only you see it)'), el('pre', {}, g.stderr || '(nothing)')) : null)));
    const onItsWay = ['building', 'validating'].includes(b.status);
    if (onItsWay) showAdmission(admission, id);
    else admission.replaceChildren();
    if (['building', 'validating', 'waiting'].includes(b.status) && !stopped) timer = setTimeout(read, b.status === 'waiting' ? 15000 : 1500);
  };
  const read = () => api('GET', `/v1/bots/${encodeURIComponent(id)}`, undefined, asOwner()).then(show).catch(e => showProblem(problemBox, e));
  read();
  return () => { stopped = true; clearTimeout(timer); clearTimeout(liveTimer); };
}

const secs = ms => `${Math.round(ms / 1000)} s`;

// admissionWords says which step of an admission runs and for how long.
function admissionWords(a) {
  if (a.step === 'build') return `Building: ${secs(a.step_ms)} so far.`;
  const moves = a.live ? a.live.moves.length : 0;
  return `Validation game ${a.game} of ${a.games}, as ${a.seat} against ${namesIn(a.opponents)}: ${moves} moves so far, ${secs(a.step_ms)}` +
    ` (the admission ${secs(a.elapsed_ms)}).`;
}

// showAdmission says where a bot's admission is, with a link to watch its
// validation game on a board; waiting for a slot when none runs yet.
async function showAdmission(box, id) {
  try {
    const a = await api('GET', `/v1/bots/${encodeURIComponent(id)}/admission`);
    box.replaceChildren(el('p', { class: 'panel', id: 'bot-admission-step', 'data-step': a.step }, admissionWords(a), ' ',
      a.live ? el('a', { href: `#/bots/${encodeURIComponent(id)}/admission`, id: 'bot-admission-watch' }, 'Watch it on a board') : null));
  } catch (e) {
    if (e.problem && e.problem.status === 404) box.replaceChildren(el('p', { class: 'panel muted', id: 'bot-admission-step', 'data-step': 'queued' },
      'Waiting for a free slot: admissions run a few at a time, the owners in turn.'));
    else showProblem(box, e);
  }
}

// labelOf names the seats of a bot's validation game: the bot by name and
// version, our engines by their id.
const labelOf = b => x => x === b.id ? `${b.name} v${b.version}` : x;

// validationGame replays validation game k of a bot on a board, with, for
// its owner, what the referee sent it and what it answered.
async function validationGame(main, id, k) {
  const problemBox = el('div');
  main.append(el('p', {}, el('a', { href: `#/bots/${encodeURIComponent(id)}` }, '← the bot')), problemBox);
  let b;
  try { b = await api('GET', `/v1/bots/${encodeURIComponent(id)}`, undefined, asOwner()); } catch (e) { showProblem(problemBox, e); return; }
  const v = b.validation[k - 1];
  if (!v || !v.seats) { showProblem(problemBox, new ProblemError({ title: 'Not found', status: 404, detail: `${b.name} has no validation game ${k} to replay.` })); return; }
  const seat = v.seats.indexOf(b.id);
  const g = { n: k, seats: v.seats, moves: v.moves || [], times_ms: v.times_ms || [], positions: v.positions, think_ms: v.clocks_ms, score: [],
    record: v.record, fault: v.fault ? { seat, kind: v.fault_kind } : null, reason: v.fault || v.result };
  if (v.stderr) g.stderr = v.seats.map((_, i) => (i === seat ? v.stderr : ''));
  const stop = showReplay(main, b.game, g, `of ${b.name} v${b.version}'s validation, as ${v.seat}`, labelOf(b));
  // A validation game's result is the bot's, in its words.
  const result = main.querySelector('#replay-result');
  if (result) result.replaceChildren(v.fault ? `Irregular loss ${v.turn ? `at turn ${v.turn}` : 'before its first move'}: ${v.fault}` : v.result);
  if (v.transcript !== undefined) main.append(el('h2', {}, 'What the referee sent it and what it answered (only you see it)'),
    el('p', { class: 'muted' }, '> a line the referee sent, < a line the bot wrote, each after the seconds since the start.'),
    el('pre', { class: 'transcript', id: 'replay-transcript' }, v.transcript || '(nothing)'));
  return stop;
}

// admissionLive follows a bot's admission on a board: each validation game
// as it is played, the next when it starts, and the verdict at the end.
function admissionLive(main, id) {
  const problemBox = el('div');
  const step = el('p', { class: 'status', id: 'admission-step' });
  const board = el('div', { id: 'admission-board' });
  main.append(el('p', {}, el('a', { href: `#/bots/${encodeURIComponent(id)}` }, '← the bot')), problemBox, step, board);
  let stopped = false, timer = null, stopReplay = null, b = null;
  const look = async () => {
    try {
      if (!b) b = await api('GET', `/v1/bots/${encodeURIComponent(id)}`);
      const a = await api('GET', `/v1/bots/${encodeURIComponent(id)}/admission`);
      if (stopped) return;
      step.textContent = admissionWords(a);
      step.dataset.step = a.step;
      if (stopReplay) stopReplay();
      stopReplay = null;
      board.replaceChildren();
      if (a.live) stopReplay = showReplay(board, b.game, a.live, `of ${a.games}: ${b.name} v${b.version}'s validation, as ${a.seat}`, labelOf(b));
      showProblem(problemBox, null);
    } catch (e) {
      if (!(e.problem && e.problem.status === 404)) showProblem(problemBox, e);
      else {
        // Over (or not begun): the bot's record says which.
        const now = await api('GET', `/v1/bots/${encodeURIComponent(id)}`).catch(() => null);
        if (now && ['ready', 'rejected', 'waiting'].includes(now.status)) {
          step.textContent = `The admission is over: ${now.status}${now.reason ? `: ${now.reason}` : ''}.`;
          step.dataset.step = now.status;
          return;
        }
        step.textContent = 'Waiting for a free slot: admissions run a few at a time, the owners in turn.';
      }
    }
    if (!stopped) timer = setTimeout(look, watchEvery);
  };
  look();
  return () => { stopped = true; clearTimeout(timer); if (stopReplay) stopReplay(); };
}

// hashOf turns an API path of a game into the page that shows it.
const hashOf = path => '#' + path.replace(/^\/v1/, '');

// showLadder is the bot's ladder rating, its history as a chart, and for
// its owner the entry on the ladder.
async function showLadder(box, b, mine) {
  let r;
  try { r = await api('GET', `/v1/bots/${encodeURIComponent(b.id)}/ratings`); } catch (e) { showProblem(box, e); return; }
  const pts = r.points || [];
  box.replaceChildren(...[el('h2', {}, 'On the ', el('a', { href: `#/ladders/${b.game}` }, `${b.game} ladder`)),
    r.rated
      ? el('p', { id: 'bot-rating' }, el('strong', {}, `Rating ${r.rating.toFixed(1)}`),
        ` (μ ${r.mu.toFixed(1)} ± ${(2 * r.sigma).toFixed(1)}) after ${r.games} game${r.games === 1 ? '' : 's'}`)
      : el('p', { id: 'bot-rating', class: 'muted' }, 'Not rated yet: it has played no ladder game.'),
    pts.length > 1 ? lineChart([
      { name: 'μ', color: '#2563eb', points: pts.map(p => [p.games, p.mu]) },
      { name: 'μ − 3σ (its rating)', color: '#16a34a', points: pts.map(p => [p.games, p.mu - 3 * p.sigma]) }],
    { xLabel: 'games', yLabel: 'rating' }) : null,
    mine && b.status === 'ready' ? ladderEntry(b) : null,
    !b.builtin && b.status === 'ready' ? playIt(b) : null].filter(Boolean));
}

// ladderEntry tells the owner where its bot stands with the ladder and
// offers the one action that changes it: enter a version that is out,
// withdraw one that is in. The ladder plays a name's newest ready
// version, so an older one says which plays instead; a game with no
// ladder says the host has not started one.
function ladderEntry(b) {
  const box = el('div', { class: 'row', id: 'bot-ladder-entry' });
  const note = el('span', { id: 'bot-ladder-note' });
  const draw = async () => {
    let ladder = null, versions = [];
    try {
      [ladder, versions] = await Promise.all([
        api('GET', `/v1/ladders/${b.game}`).catch(e => { if (e.problem && e.problem.status === 404) return null; throw e; }),
        api('GET', '/v1/bots?' + new URLSearchParams({ game: b.game, owner: b.owner, limit: '100' })).then(p => p.bots.filter(x => x.name === b.name))]);
    } catch (e) { showProblem(box, e); return; }
    if (!ladder || ['succeeded', 'failed', 'cancelled'].includes(ladder.status)) {
      box.dataset.state = 'no-ladder';
      box.replaceChildren(el('span', { class: 'muted', id: 'bot-ladder-note' }, `No ${b.game} ladder runs on this server yet: its host starts one.`));
      return;
    }
    const ids = new Set(versions.map(v => v.id));
    const entered = ladder.entered.find(id => ids.has(id) || id === b.id);
    const newest = versions.filter(v => v.status === 'ready').reduce((a, v) => (!a || v.version > a.version ? v : a), null);
    const act = (on, label) => el('button', { class: 'secondary', id: on ? 'bot-ladder-enter' : 'bot-ladder-withdraw', onclick: async () => {
      try {
        await api('PUT', `/v1/bots/${encodeURIComponent(b.id)}/ladder`, { entered: on }, asOwner());
        draw();
      } catch (e) { showProblem(box, e); }
    } }, label);
    if (newest && newest.id !== b.id) {
      box.dataset.state = entered ? 'newer-plays' : 'retired';
      box.replaceChildren(el('span', { class: 'muted', id: 'bot-ladder-note' }, entered
        ? `${b.name} is on the ladder: its newest ready version, v${newest.version}, plays. `
        : `A newer version, v${newest.version}, is ready: enter that one. `, botLink(newest.id, `v${newest.version}`)));
      return;
    }
    box.dataset.state = entered ? 'entered' : 'out';
    note.textContent = entered ? 'On the ladder: it plays there. ' : 'Not on the ladder. ';
    box.replaceChildren(note, entered ? act(false, 'Withdraw it') : act(true, 'Enter it on the ladder'));
  };
  draw();
  return box;
}

// faultWords says a fault kind as its owner reads it (competition.FaultKind).
const faultWords = {
  crash: 'crashed', time: 'out of time', illegal: 'illegal move', protocol: 'not a move', 'false-claim': 'false claim',
  output: 'line too long', memory: 'out of memory', cpu: 'out of CPU time',
};

// showPlayed lists the games the bot played, from its side, each linked
// to its replay.
async function showPlayed(box, id) {
  // Pages of 50, "More" for the next: a bot on the ladder for a while has
  // hundreds, its competitions' and validation games after them.
  const games = [];
  const body = el('tbody');
  const comps = el('p', { id: 'bot-competitions' });
  const more = el('button', { class: 'secondary', id: 'bot-games-more', hidden: true }, 'More');
  const problemBox = el('div');
  const eventName = {};
  const where = g => g.source === 'ladder' ? el('a', { href: `#/ladders/${g.event}` }, 'ladder')
    : g.source === 'competition' ? el('a', { href: `#/competitions/${g.event}` }, g.event_name || 'competition') : 'validation';
  const row = g => el('tr', { 'data-source': g.source },
    el('td', {}, where(g)),
    el('td', {}, g.source === 'validation' ? `#${g.n} (below)` : el('a', { href: hashOf(g.replay), class: 'replay' }, `#${g.n}`)),
    el('td', { class: 'opt' }, botName(g.partner || '')), el('td', { class: 'against' }, g.opponents.map(botName).join(', ')),
    el('td', { class: g.result === 'lost' ? 'bad' : '' }, g.result + (g.fault_kind ? ` (${faultWords[g.fault_kind] || g.fault_kind})` : '')));
  let cursor = '';
  const load = async () => {
    showProblem(problemBox);
    let page;
    try {
      page = await api('GET', `/v1/bots/${encodeURIComponent(id)}/games?` + new URLSearchParams(cursor ? { limit: '50', cursor } : { limit: '50' }));
    } catch (e) { showProblem(problemBox, e); return; }
    games.push(...page.games);
    body.append(...page.games.map(row));
    page.games.filter(g => g.source === 'competition').forEach(g => { eventName[g.event] = g.event_name || g.event; });
    const events = Object.keys(eventName);
    comps.hidden = !events.length;
    comps.replaceChildren('Its competitions: ', ...events.flatMap((ev, i) => [i ? ', ' : '', el('a', { href: `#/competitions/${ev}` }, eventName[ev])]));
    cursor = page.next_cursor || '';
    more.hidden = !cursor;
    more.textContent = `More (${games.length} shown)`;
    box.hidden = !games.length;
  };
  more.addEventListener('click', load);
  box.replaceChildren(el('h2', {}, 'Its games'), comps,
    el('table', { id: 'bot-games-table' },
      el('thead', {}, el('tr', {}, [['Where'], ['Game'], ['Beside', 'opt'], ['Against'], ['Result']].map(([h, c]) => el('th', { class: c }, h)))), body),
    more, problemBox);
  await load();
}

// playIt starts a session in which the bot holds seats, confined on the
// server: Morris, a person's white against it; Less, a person (Yellow)
// and our uct (White) against it twice (Black and Red).
function playIt(b) {
  const engines = b.game === 'morris' ? [null, { bot: b.id }] : [null, { bot: b.id }, { engine: 'uct' }, { bot: b.id }];
  // Its refusal (no seat free, 429) is said beside the button, in its own
  // box: the rating and the chart above it stay.
  const problemBox = el('div', { id: 'bot-play-problem' });
  return el('div', {}, el('div', { class: 'row' }, el('button', { id: 'bot-play', onclick: async () => {
    showProblem(problemBox, null);
    try {
      const s = await api('POST', `/v1/games/${b.game}/sessions`, { engines });
      location.hash = `#/${b.game}/${s.id}`;
    } catch (e) { showProblem(problemBox, e); }
  } }, 'Play against it'),
  el('span', { class: 'muted' }, b.game === 'morris' ? ' you play white' : ' you (Yellow) and our uct (White) against it as Black and Red')), problemBox);
}

// showVersions lists the bot's versions (same owner, game and name), each
// with its status and reason, linked.
async function showVersions(box, b) {
  let page;
  try {
    page = await api('GET', '/v1/bots?' + new URLSearchParams({ game: b.game, owner: b.owner, limit: '100' }));
  } catch (e) { showProblem(box, e); return; }
  const vs = page.bots.filter(x => x.name === b.name);
  if (vs.length < 2) { box.replaceChildren(); return; }
  box.replaceChildren(el('h2', {}, 'Versions'), el('table', { id: 'bot-versions-table' },
    el('thead', {}, el('tr', {}, ['Version', 'Status', 'Uploaded'].map(h => el('th', {}, h)))),
    el('tbody', {}, vs.map(v => el('tr', { 'data-bot': v.id },
      el('td', {}, v.id === b.id ? el('strong', {}, v.version) : botLink(v.id, `version ${v.version}`)),
      el('td', { class: `bot-${v.status}` }, v.status + (v.reason ? `: ${v.reason}` : '')),
      el('td', { class: 'muted' }, new Date(v.created_at).toLocaleString()))))));
}
