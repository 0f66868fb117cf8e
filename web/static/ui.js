// What every page uses: the one way to call the API, the one way to show a
// problem+json answer, and the small builders of elements, forms and
// charts. The router (app.js) imports the pages, the pages import this.

// ProblemError carries an RFC 9457 problem (or a network failure as one).
export class ProblemError extends Error {
  constructor(problem) {
    super(problem.detail || problem.title);
    this.problem = problem;
  }
}

// apiKey is kept for the admin routes (starting and cancelling jobs).
export function apiKey() { return localStorage.getItem('gameai.apiKey') || ''; }
export function setApiKey(k) { localStorage.setItem('gameai.apiKey', k); }

// api calls the server and returns the decoded body (text for SVG), or
// throws a ProblemError with the server's problem.
export async function api(method, path, body, headers = {}) {
  const opts = { method, headers: { ...headers } };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  // A caller's own token (an owner's) is not replaced by the admin key.
  if (apiKey() && !opts.headers['X-API-Key']) opts.headers['X-API-Key'] = apiKey();
  let resp;
  try {
    resp = await fetch(path, opts);
  } catch (e) {
    throw new ProblemError({ title: 'The server does not answer', detail: String(e), status: 0 });
  }
  const type = resp.headers.get('Content-Type') || '';
  if (!resp.ok) {
    let p = { title: resp.statusText, status: resp.status };
    if (type.includes('json')) p = await resp.json();
    const retry = resp.headers.get('Retry-After');
    if (retry) p.retryAfter = retry;
    throw new ProblemError(p);
  }
  if (resp.status === 204) return null;
  if (type.includes('json')) {
    const out = await resp.json();
    const etag = resp.headers.get('ETag');
    if (etag && out && typeof out === 'object') Object.defineProperty(out, 'etag', { value: etag });
    return out;
  }
  return resp.text();
}

// el builds an element: el('p', {class: 'x'}, 'text', child).
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'value') e.value = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c instanceof Node ? c : String(c));
  return e;
}

// optionFields are a form's fields for an option table as GET /v1/games
// lists it (a game's rules, an engine's settings): a checkbox, a number
// within the range, a choice, or text; each named prefix + the option.
export function optionFields(options, prefix) {
  return options.map(o => {
    const name = prefix + o.name;
    switch (o.kind) {
      case 'bool':
        return el('label', { class: 'check', title: o.description }, el('input', { type: 'checkbox', name, checked: o.default === 'true' }), o.name);
      case 'int':
        return el('label', { title: o.description }, o.name, el('input', { type: 'number', name, value: o.default, min: o.min, max: o.max }));
      case 'float':
        return el('label', { title: o.description }, o.name, el('input', { type: 'number', step: 'any', name, value: o.default, min: o.min, max: o.max }));
      case 'choice':
        return el('label', { title: o.description }, o.name,
          el('select', { name }, o.choices.map(c => el('option', { value: c, selected: c === o.default }, c))));
    }
    return el('label', { title: o.description }, o.name, el('input', { type: 'text', name, placeholder: o.default || o.description }));
  });
}

// optionValues reads the fields optionFields made: every option by name,
// checkboxes as true or false, empty text left out (the default).
export function optionValues(form, prefix) {
  const out = {};
  for (const [k, v] of new FormData(form).entries()) if (k.startsWith(prefix) && String(v) !== '') out[k.slice(prefix.length)] = String(v);
  form.querySelectorAll('input[type=checkbox]').forEach(c => { if (c.name.startsWith(prefix)) out[c.name.slice(prefix.length)] = String(c.checked); });
  return out;
}

// svg builds an SVG element.
export function svg(tag, attrs = {}, ...children) {
  const e = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null) e.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}

// showProblem puts a readable message in box: what went wrong, and each
// field the server named with its reason, beside what caused it.
export function showProblem(box, err) {
  box.replaceChildren();
  if (!err) return;
  // An action's problem stands for the latest action: what an earlier
  // form said is stale once another is tried.
  if (box.hasAttribute('data-action')) {
    for (const other of document.querySelectorAll('[data-action]')) if (other !== box) other.replaceChildren();
  }
  const p = err.problem || { title: 'Error', detail: String(err) };
  // A lone field error that the detail already says is not said twice.
  const errs = (p.errors || []).filter(f => !(p.errors.length === 1 && (p.detail === `${f.field}: ${f.reason}` || p.detail === f.reason)));
  const items = errs.map(f => el('li', {}, el('code', {}, f.field), ': ', f.reason));
  const retry = p.retryAfter ? ` Retry in ${p.retryAfter} s.` : '';
  box.append(el('div', { class: 'problem', role: 'alert' },
    el('strong', {}, p.title || 'Error'), p.status ? ` (${p.status})` : '',
    p.detail ? el('div', {}, p.detail + retry) : null,
    items.length ? el('ul', {}, items) : null,
    p.legal_moves ? el('div', { class: 'muted' }, 'Legal: ' + p.legal_moves.join(' ')) : null));
}

// actionBox is where one form's problems are said (see showProblem).
export function actionBox(attrs = {}) { return el('div', { ...attrs, 'data-action': '' }); }

// follow shows a job: at once from GET /v1/jobs/{id}, then live from its
// event stream; onEvent(job, final) for each state, never an older one
// after a newer. A stream the server refuses (too many open, or this
// client's share taken) or that breaks is retried with a growing delay,
// reading the job by GET meanwhile, so the page always shows something.
// onNote(text) says when updates are paused ('' when live again). Returns
// the function that stops it all.
export function follow(jobID, onEvent, onNote = () => {}) {
  const base = `/v1/jobs/${encodeURIComponent(jobID)}`;
  let version = -1, stopped = false, done = false, es = null, timer = null, delay = 1000;
  const show = (j, final) => {
    if (stopped || j.version < version || done) return;
    version = j.version ?? version;
    done = final;
    onEvent(j, final);
    if (final) stop();
  };
  const read = () => api('GET', base).then(j => show(j, isFinal(j))).catch(() => {});
  const open = () => {
    if (stopped || done) return;
    es = new EventSource(base + '/events');
    es.addEventListener('open', () => { delay = 1000; onNote(''); });
    es.addEventListener('progress', e => show(JSON.parse(e.data), false));
    es.addEventListener('result', e => show(JSON.parse(e.data), true));
    es.addEventListener('error', () => {
      // CONNECTING: the browser reconnects by itself (Last-Event-ID).
      // CLOSED: it gave up (a 429 or 503): retry later, and poll meanwhile.
      if (es.readyState !== EventSource.CLOSED || stopped || done) return;
      onNote(`Live updates paused; retrying in ${Math.round(delay / 1000)} s.`);
      timer = setTimeout(() => { read().then(open); }, delay);
      delay = Math.min(delay * 2, 30000);
    });
  };
  function stop() {
    stopped = true;
    if (es) es.close();
    clearTimeout(timer);
  }
  read().then(open);
  return () => { stop(); };
}

const isFinal = j => ['succeeded', 'failed', 'cancelled', 'interrupted'].includes(j.status);

// newestCall numbers the calls of a function whose answers come back in any
// order: start() a new call, stale(n) whether another started since call n.
// A table filled from an answer checks it first, or a slow answer to an
// earlier filter overwrites (or is appended to) the newer one's.
export function newestCall() {
  let n = 0;
  return { start: () => ++n, current: () => n, stale: mine => mine !== n };
}

// pagedTable fills body from a list route page by page: load(true) reads
// the first page again (a filter changed), load(false) appends the next
// (the More button, which it hides on the last page). query() gives the
// filters (empty ones are left out), row(item) a row, empty the row's text
// when there is none. Only the newest load(true), and the pages after it,
// fill the body. clears: a load that succeeds clears problemBox (not where
// the box also holds a form's problem). Returns load.
export function pagedTable({ body, more, problemBox, path, items, limit, query, row, empty, colspan, clears = true }) {
  let cursor = '';
  const calls = newestCall();
  const load = async reset => {
    const mine = reset ? calls.start() : calls.current();
    if (reset) cursor = '';
    const q = new URLSearchParams({ limit: String(limit) });
    for (const [k, v] of Object.entries(query())) if (v) q.set(k, v);
    if (cursor) q.set('cursor', cursor);
    try {
      const page = await api('GET', `${path}?${q}`);
      if (calls.stale(mine)) return;
      if (reset) body.replaceChildren();
      body.append(...page[items].map(row));
      if (!body.children.length) body.append(el('tr', {}, el('td', { colspan, class: 'muted' }, empty)));
      cursor = page.next_cursor || '';
      more.hidden = !cursor;
      if (clears) showProblem(problemBox, null);
    } catch (e) { showProblem(problemBox, e); }
  };
  more.addEventListener('click', () => load(false));
  return load;
}

// keyField is the API key input of the pages that start or cancel jobs.
export function keyField() {
  return el('label', {}, 'API key (if the server has one)',
    el('input', { type: 'password', value: apiKey(), autocomplete: 'off', oninput: e => setApiKey(e.target.value) }));
}

// lineChart draws series [{name, color, points: [[x, y]]}] as an SVG chart.
export function lineChart(series, { xLabel = '', yLabel = '' } = {}) {
  // The chart is 600 units wide, shown ~360 px wide on a phone: its labels
  // are drawn larger there (and its margins wider) to stay about 11 px.
  const phone = window.matchMedia('(max-width: 600px)').matches;
  const fs = phone ? 19 : 11;
  const W = 600, H = 220 + (phone ? 40 : 0), L = phone ? 90 : 50, R = 10, T = 10, B = phone ? 44 : 30;
  const pts = series.flatMap(s => s.points);
  const chart = svg('svg', { class: 'chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': yLabel });
  if (!pts.length) return chart;
  let [x0, x1] = [Math.min(...pts.map(p => p[0])), Math.max(...pts.map(p => p[0]))];
  let [y0, y1] = [Math.min(...pts.map(p => p[1])), Math.max(...pts.map(p => p[1]))];
  if (x1 === x0) x1 = x0 + 1;
  if (y1 === y0) { y0 -= 1; y1 += 1; }
  const X = x => L + (x - x0) / (x1 - x0) * (W - L - R);
  const Y = y => H - B - (y - y0) / (y1 - y0) * (H - T - B);
  chart.append(svg('line', { x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: '#999' }),
    svg('line', { x1: L, y1: T, x2: L, y2: H - B, stroke: '#999' }),
    svg('text', { x: L - 4, y: T + fs, 'text-anchor': 'end', 'font-size': fs }, fmt(y1)),
    svg('text', { x: L - 4, y: H - B, 'text-anchor': 'end', 'font-size': fs }, fmt(y0)),
    svg('text', { x: L, y: H - 8, 'font-size': fs }, fmt(x0)),
    svg('text', { x: W - R, y: H - 8, 'text-anchor': 'end', 'font-size': fs }, `${fmt(x1)} ${xLabel}`));
  series.forEach((s, i) => {
    chart.append(svg('polyline', { fill: 'none', stroke: s.color, 'stroke-width': 2, class: 'series',
      'data-name': s.name, 'data-points': s.points.length,
      points: s.points.map(p => `${X(p[0]).toFixed(1)},${Y(p[1]).toFixed(1)}`).join(' ') }));
    s.points.forEach(p => chart.append(svg('circle', { cx: X(p[0]), cy: Y(p[1]), r: 2.5, fill: s.color })));
    chart.append(svg('text', { x: L + 8 + i * (phone ? 220 : 110), y: T + fs + 2, fill: s.color, 'font-size': fs + 1 }, s.name));
  });
  return chart;
}

export function fmt(n) {
  if (typeof n !== 'number') return String(n);
  if (Math.abs(n) >= 1e6) return (n / 1e6).toFixed(1) + 'M';
  if (Math.abs(n) >= 1e4) return (n / 1e3).toFixed(0) + 'k';
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

// taskStats is a job's tasks as a <dt>/<dd> pair, when workers play its
// work (Redis): where its tasks are; nothing in process.
export function taskStats(tasks) {
  if (!tasks) return [];
  return [el('dt', {}, 'Tasks'),
    el('dd', {}, `${tasks.queued} queued, ${tasks.running} running, ${tasks.done} done, ${tasks.retried} retried`)];
}

// botLink links a bot's page by its id, named by its label; one of our
// engines by its name in words, its spec on hover.
export function botLink(id, label, game = '') {
  const name = engineName(id);
  return el('a', { href: `#/bots/${encodeURIComponent(botPageID(id, game))}`, 'data-bot': id, title: name ? id : null }, name || label || id);
}

// engineWords are our engines' names in words, by the spec's first word.
const engineWords = { alphabeta: 'alpha-beta', mcts: 'MCTS', uct: 'UCT', expectimax: 'expectiminimax', greedy: 'greedy', random: 'random' };

// engineName names one of our engines (gameai:[GAME:]ENGINE[:key=value,…],
// the spec the referee reads) in words, the same whichever form a
// competition, a ladder or a validation game wrote it in: "our alpha-beta
// (ga-2019-best, depth 2)". "" for anything else.
export function engineName(id) {
  if (typeof id !== 'string' || !id.startsWith('gameai:')) return '';
  const [engine, ...rest] = id.slice('gameai:'.length).replace(/^(less|morris):/, '').split(':');
  const opts = rest.join(':').split(',').filter(Boolean).map(kv => kv.replace(/^strategy=/, '').replace('=', ' '));
  return `our ${engineWords[engine] || engine}` + (opts.length ? ` (${opts.join(', ')})` : '');
}

// botName is a bot's label as the page shows it: ours in words, an
// upload as its owner/name vN.
export function botName(label) { return engineName(label) || label; }

// namesIn writes our engines' specs in a sentence in words
// ("against gameai:greedy in the other seats").
export function namesIn(text) {
  return String(text).replace(/gameai:\S+/g, m => {
    const [, spec, tail] = m.match(/^(.*?)([.,;:)]*)$/);
    return engineName(spec) + tail;
  });
}

// botPageID is the id of a bot's page: an engine a competition names
// without its game (gameai:random, gameai:alphabeta:depth=2) has its page
// under the game's name (gameai:morris:random), which the competition
// knows.
export function botPageID(id, game) {
  if (!game || !id.startsWith('gameai:') || id.startsWith(`gameai:${game}:`)) return id;
  return `gameai:${game}:${id.slice('gameai:'.length)}`;
}

// showPlaying lists in box the games being played, each a link to watch
// it live and its bots ({href, n, bots: [[id, label]…]}); nothing when
// there are none. The list is drawn again only when it changed, so a link
// a reader is about to click stays the same element between reads.
export function showPlaying(box, games, game = '') {
  const key = JSON.stringify(games);
  if (box.dataset.shown === key) return;
  box.dataset.shown = key;
  box.replaceChildren(...(games.length ? [el('h2', {}, 'Playing now'), el('ul', { class: 'playing' }, games.map(g => el('li', { 'data-n': g.n },
    el('span', { class: 'live' }, 'Live'), ' ', el('a', { href: g.href, class: 'watch' }, `Game ${g.n}`), ': ',
    ...g.bots.flatMap(([id, label], i) => [i ? ' · ' : '', botLink(id, label, game)]))))] : []));
}

// hostOnly keeps a host's controls (they need the admin key) out of a
// visitor's way: box is hidden until a key is entered, and the button it
// returns, shown meanwhile, reveals it for whoever hosts the server.
export function hostOnly(box, id, text = 'I host this server', shown = () => {}) {
  box.hidden = !apiKey();
  const reveal = el('button', { class: 'secondary', id, type: 'button', hidden: !!apiKey(),
    onclick: () => { box.hidden = false; reveal.hidden = true; shown(); } }, text);
  return reveal;
}

// seatsLine names who plays each side of a session ("White: you · Black:
// ann/millbot v2", a bot linked to its page): the page of a game against
// an uploaded bot says whom you play. A session with no engine says
// nothing (its sides are whoever sends moves).
export function seatsLine(names, engines, id) {
  const line = el('p', { id, class: 'seats' });
  if (!engines || !engines.some(Boolean)) return line;
  names.forEach((n, i) => {
    const e = engines[i];
    if (i) line.append(' · ');
    line.append(el('strong', {}, n), ': ', !e ? 'you' : e.bot ? botLink(e.bot, e.label || e.bot) : `our ${e.engine || 'engine'}`);
  });
  return line;
}

// botReply says what an uploaded bot reports of its move: the move and
// its time (a program plays through its protocol and reports no search).
export function botReply(r, engines) {
  if (!r || !r.engine || !r.engine.startsWith('bot:')) return '';
  const id = r.engine.slice(4);
  const e = (engines || []).find(x => x && x.bot === id);
  return `${e && e.label ? e.label : id} answered ${r.move} in ${r.elapsed_ms} ms.`;
}

// showVisitor names, in the header of every page, who is signed in (by
// this browser's sign-in, or the owner token the page holds), or offers to
// sign in; asked again on every page, so a sign-in or a sign-out shows.
export async function showVisitor() {
  const a = document.getElementById('nav-visitor');
  const token = localStorage.getItem('gameai.ownerToken');
  try {
    const v = await api('GET', '/v1/accounts/visitor', undefined, token ? { 'X-API-Key': token } : {});
    a.textContent = v.admin ? 'Host' : v.signed_in ? v.owner : v.disabled ? `${v.disabled} (disabled)` : 'Sign in';
    a.title = v.signed_in ? `Signed in${v.owner ? ` as ${v.owner}` : ' with the server key'} by ${v.via === 'cookie' ? 'this browser' : 'the owner token this page holds'}: My account`
      : v.disabled ? 'The host has disabled this account' : 'Sign in, or register where the host lets strangers in';
    a.dataset.signedIn = String(v.signed_in);
  } catch (e) {
    a.textContent = 'My account'; // the server away a moment: the link still goes there
    delete a.dataset.signedIn;
  }
}
