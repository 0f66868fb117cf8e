import { api, apiKey, el, showProblem, follow, keyField, botLink, showPlaying, hostOnly, botName, engineName, newestCall, pagedTable } from './ui.js';
import { lessNames } from './boards.js';
import { showReplay, resultWords } from './replay.js';

// Competitions: the list and a form that starts one from the bots list;
// a page a competition with its standings, the Morris crosstable (Less:
// the partners table) and its games, live as they end; and a page a game,
// replayed move by move on its board with each side's clock. Everything
// here reads the same API.

const statuses = ['', 'queued', 'running', 'succeeded', 'failed', 'cancelled', 'interrupted'];
const finals = ['succeeded', 'failed', 'cancelled', 'interrupted'];
const seatNames = game => game === 'less' ? lessNames : ['White', 'Black'];
const labelOf = (c, botID) => botName((c.bots.find(b => b.id === botID) || { label: botID }).label);

export async function render(main, [id, what, n]) {
  if (id && what === 'games' && n) return replay(main, id, n);
  return id ? one(main, id) : list(main);
}

async function list(main) {
  const problemBox = el('div');
  const body = el('tbody');
  const status = el('select', { id: 'competitions-status' }, statuses.map(s => el('option', { value: s }, s || 'any status')));
  const more = el('button', { class: 'secondary' }, 'More');
  // Starting one is the host's: the form shows once a key is entered, or
  // once a visitor says they host this server (one with no key).
  const form = createForm(problemBox);
  const reveal = hostOnly(form, 'competition-host-reveal', 'I host this server: start a competition');
  main.append(el('h1', {}, 'Competitions'), problemBox, reveal, form,
    el('h2', {}, 'All competitions'), el('div', { class: 'row' }, el('label', {}, 'Status', status)),
    el('table', { id: 'competitions-table' }, el('thead', {}, el('tr', {},
      [['Name'], ['Game'], ['Status'], ['Games'], ['Format', 'opt'], ['Bots', 'opt'], ['Created', 'opt']].map(([h, c]) => el('th', { class: c }, h)))), body), more);
  // The problem box also holds the form's problems: a list read that
  // succeeds must not clear them.
  const load = pagedTable({ body, more, problemBox, path: '/v1/competitions', items: 'competitions', limit: 20,
    empty: 'No competition yet.', colspan: 7, clears: false, query: () => ({ status: status.value }),
    row: c => el('tr', { 'data-competition': c.id, 'data-status': c.status },
      el('td', {}, el('a', { href: `#/competitions/${c.id}` }, c.name)), el('td', {}, c.game),
      el('td', { class: 'status-word' }, c.status), el('td', {}, `${c.played} of ${c.planned}`),
      el('td', { class: 'opt' }, c.format), el('td', { class: 'opt' }, c.bots.length),
      el('td', { class: 'opt' }, new Date(c.created_at).toLocaleString())) });
  status.addEventListener('change', () => load(true));
  load(true);
  // Live: while a listed competition is queued or running, the first
  // page is read again every few seconds (not once the reader pages on).
  const timer = setInterval(() => {
    const live = body.querySelector('tr[data-status="queued"], tr[data-status="running"]');
    if (live && body.children.length <= 20) load(true);
  }, 3000);
  return () => clearInterval(timer);
}

// createForm starts a competition: the game, the bots ticked from the
// list of ready bots (ours and uploads) or typed as gameai:[GAME:]SPEC, the
// format, rounds, clock, seed and games at once.
function createForm(problemBox) {
  const game = el('select', { name: 'game', id: 'competition-game' }, el('option', { value: 'morris' }, "Nine Men's Morris"), el('option', { value: 'less' }, 'Less (CodeCup 2017)'));
  const picks = el('div', { id: 'competition-bots', class: 'picks' });
  const extra = el('input', { name: 'extra', id: 'competition-extra', size: 50, placeholder: 'more of ours: gameai:alphabeta:strategy=ga-2019-best,depth=4; gameai:random' });
  const clock = el('input', { name: 'clock', id: 'competition-clock', type: 'number', min: 10, max: 600000 });
  const clockLabel = el('span');
  // Uploaded bots are admitted on CodeCup's 30 s a game (Less) and 200 ms
  // a move with 2 s of grace (Morris): a shorter clock is said, not
  // refused, before they lose on time.
  const clockWarning = el('p', { class: 'warn', id: 'competition-clock-warning', hidden: true });
  const warnClock = () => {
    const v = Number(clock.value), morris = game.value === 'morris';
    const short = morris ? v < 200 : v < 30000;
    clockWarning.hidden = !short;
    clockWarning.textContent = short ? (morris
      ? `Uploaded bots were checked at 200 ms a move: at ${v} ms they may lose on time.`
      : `Uploaded bots were checked at CodeCup's 30 s a game: at ${v / 1000} s they may lose on time.`) : '';
  };
  clock.addEventListener('input', warnClock);
  const form = el('form', { id: 'competition-form', class: 'panel' },
    el('h2', {}, 'New competition'),
    el('div', { class: 'row' },
      el('label', {}, 'Game', game),
      el('label', {}, 'Name', el('input', { name: 'name', maxlength: 80, size: 20 })),
      el('label', {}, 'Format', el('select', { name: 'format', id: 'competition-format' }, el('option', { value: 'round-robin' }, 'round robin'), el('option', { value: 'swiss' }, 'Swiss'))),
      el('label', {}, 'Rounds', el('input', { name: 'rounds', type: 'number', min: 1, max: 50, placeholder: 'default' })),
      el('label', {}, clockLabel, clock),
      el('label', {}, 'Seed', el('input', { name: 'seed', type: 'number', min: 0, value: 1 })),
      el('label', { title: 'each game at once takes a core; a server without workers plays at most half its cores' }, 'Games at once',
        el('input', { name: 'parallel', type: 'number', min: 1, max: 16, value: 1 }))),
    clockWarning,
    el('div', {}, el('span', { class: 'muted' }, 'Bots that are ready (Less needs at least four):'), picks),
    el('div', { class: 'row' }, el('label', {}, 'More of our engines, separated by ;', extra)),
    el('div', { class: 'row' }, keyField(), el('button', { type: 'submit', id: 'competition-start' }, 'Start')));
  const fillBots = async () => {
    const morris = game.value === 'morris';
    clockLabel.textContent = morris ? 'Move time (ms)' : 'Clock a game (ms)';
    clock.value = morris ? 1000 : 30000;
    warnClock();
    picks.replaceChildren(el('span', { class: 'muted' }, 'loading…'));
    try {
      const bots = [];
      let cursor = '';
      do {
        const q = new URLSearchParams({ game: game.value, status: 'ready', limit: '100' });
        if (cursor) q.set('cursor', cursor);
        const page = await api('GET', '/v1/bots?' + q);
        bots.push(...page.bots);
        cursor = page.next_cursor || '';
      } while (cursor && bots.length < 500);
      picks.replaceChildren(...bots.map(b => el('label', { class: 'check' },
        el('input', { type: 'checkbox', name: 'bot', value: b.id }),
        b.owner === 'gameai' ? el('code', {}, b.id) : `${b.owner}/${b.name} v${b.version}`)));
    } catch (e) { showProblem(problemBox, e); }
  };
  game.addEventListener('change', fillBots);
  fillBots();
  form.addEventListener('submit', async e => {
    e.preventDefault();
    const f = new FormData(form);
    const typed = String(f.get('extra') || '').split(';').map(s => s.trim()).filter(Boolean);
    const req = { game: game.value, format: f.get('format'), bots: [...f.getAll('bot'), ...typed], seed: Number(f.get('seed') || 0) };
    if (f.get('name')) req.name = f.get('name');
    if (f.get('rounds')) req.rounds = Number(f.get('rounds'));
    if (f.get('parallel')) req.parallel = Number(f.get('parallel'));
    req.clock = game.value === 'morris' ? { move_ms: Number(clock.value) } : { game_ms: Number(clock.value) };
    try {
      const c = await api('POST', '/v1/competitions', req);
      location.hash = `#/competitions/${c.id}`;
    } catch (err) { showProblem(problemBox, err); }
  });
  return form;
}

function one(main, id) {
  const problemBox = el('div');
  const title = el('h1', {}, 'Competition ', el('code', {}, id));
  const status = el('div', { class: 'status', id: 'competition-status' });
  const note = el('div', { class: 'muted' });
  const settings = el('dl', { class: 'kv' });
  const standings = el('table', { id: 'standings' });
  const cross = el('div', { id: 'crosstable' });
  const gamesBody = el('tbody');
  const botSel = el('select', { id: 'competition-games-bot' }, el('option', { value: '' }, 'every bot'));
  const more = el('button', { class: 'secondary', hidden: true }, 'More games');
  const cancel = el('button', { class: 'secondary', id: 'competition-cancel', onclick: async () => {
    try { await api('DELETE', '/v1/jobs/' + id); } catch (e) { showProblem(problemBox, e); }
  } }, 'Stop');
  const bar = el('progress', { id: 'competition-progress', max: 1, value: 0 });
  // The host's Stop is for a key holder: a visitor sees it once they say
  // they host this server.
  const hostRow = el('div', { class: 'row', id: 'competition-host' }, keyField(), cancel);
  const reveal = hostOnly(hostRow, 'competition-host-reveal');
  const playing = el('div', { id: 'competition-playing' });
  main.append(title, problemBox, status, bar, note, settings, playing, el('h2', {}, 'Standings'), standings, cross,
    el('h2', {}, 'Games'), el('p', { class: 'row' }, el('label', {}, 'Games of', botSel),
      el('a', { href: `/v1/competitions/${id}/records`, download: '' }, 'Download every record')),
    el('table', { id: 'competition-games' }, el('thead', {}, el('tr', {},
      [['Game'], ['Round', 'opt'], ['Seats'], ['Result'], ['Plies', 'opt'], ['']].map(([h, c]) => el('th', { class: c }, h)))), gamesBody), more,
    reveal, hostRow);
  let comp = null, shown = 0, seen = -1, loading = null, again = false;
  const gameRow = g => el('tr', { 'data-game': g.n },
    el('td', {}, g.n), el('td', { class: 'opt' }, g.round),
    el('td', { class: 'seats' }, g.seats.map((b, i) => el('div', {}, `${seatNames(comp.game)[i]}: `, botLink(b, labelOf(comp, b), comp.game)))),
    el('td', { class: g.fault ? 'bad result' : 'result' }, resultWords(comp.game, g, b => labelOf(comp, b))), el('td', { class: 'opt' }, g.plies),
    el('td', {}, el('a', { href: `#/competitions/${id}/games/${g.n}`, class: 'replay' }, 'replay')));
  // showGames shows the first count games played, in schedule order,
  // read again from the start: on workers games end in any order, so a
  // page read before may since have gained a game in its middle. Only the
  // newest call fills the table: a slower answer to an earlier one
  // (another bot's games) must not overwrite it.
  const gameCalls = newestCall();
  const showGames = async count => {
    const mine = gameCalls.start();
    const rows = [];
    let next = '';
    do {
      const q = new URLSearchParams({ limit: String(Math.min(100, count - rows.length)) });
      if (next) q.set('cursor', next);
      if (botSel.value) q.set('bot', botSel.value);
      const page = await api('GET', `/v1/competitions/${id}/games?` + q);
      rows.push(...page.games);
      next = page.next_cursor || '';
    } while (next && rows.length < count);
    if (gameCalls.stale(mine)) return;
    gamesBody.replaceChildren(...rows.map(gameRow));
    if (!rows.length) gamesBody.append(el('tr', {}, el('td', { colspan: 6, class: 'muted' }, 'No game has ended yet.')));
    shown = rows.length;
    more.hidden = !next;
  };
  more.addEventListener('click', () => showGames(shown + 50).catch(e => showProblem(problemBox, e)));
  botSel.addEventListener('change', () => showGames(50).catch(e => showProblem(problemBox, e)));
  const draw = c => {
    comp = c;
    if (botSel.options.length !== c.bots.length + 1) {
      botSel.replaceChildren(el('option', { value: '' }, 'every bot'), ...c.bots.map(b => el('option', { value: b.id }, botName(b.label))));
    }
    title.replaceChildren(c.name, ' ', el('span', { class: 'muted' }, `(${c.game}, ${c.format})`));
    status.textContent = statusWords(c);
    status.dataset.status = c.status;
    showPlaying(playing, (c.playing || []).map(g => ({ href: `#/competitions/${id}/games/${g.n}`, n: g.n,
      bots: g.seats.map(b => [b, labelOf(c, b)]) })), c.game);
    bar.max = Math.max(c.planned, 1);
    bar.value = c.played;
    bar.hidden = finals.includes(c.status);
    cancel.disabled = finals.includes(c.status);
    settings.replaceChildren(
      el('dt', {}, 'Clock'), el('dd', {}, c.clock.move_ms ? `${c.clock.move_ms} ms a move` : `${c.clock.game_ms / 1000} s a player a game`),
      el('dt', {}, 'Rounds'), el('dd', {}, c.rounds), el('dt', {}, 'Seed'), el('dd', {}, c.seed),
      el('dt', {}, 'Games at once'), el('dd', {}, c.parallel),
      el('dt', {}, 'Started'), el('dd', {}, new Date(c.created_at).toLocaleString()),
      ...(finals.includes(c.status) ? [el('dt', {}, 'Ended'), el('dd', {}, new Date(c.updated_at).toLocaleString())] : []),
      el('dt', {}, 'Progress'), el('dd', {}, c.progress.message || `${Math.round(c.progress.fraction * 100)}%`));
    const less = c.game === 'less';
    const optional = new Set(['Games', 'Irregular', 'Byes', 'Mean margin']);
    standings.replaceChildren(el('thead', {}, el('tr', {}, ['#', 'Bot', 'Points', 'Games', 'W', 'D', 'L', 'Irregular', 'Byes',
      ...(less ? ['Mean margin'] : []), 'Rating'].map(h => el('th', { class: optional.has(h) ? 'opt' : '' }, h)))),
    el('tbody', {}, c.standings.map(r => el('tr', { 'data-bot': r.bot },
      el('td', {}, r.rank), el('td', {}, botLink(r.bot, r.label, c.game)), el('td', { class: 'points' }, r.points), el('td', { class: 'opt' }, r.games),
      el('td', {}, r.wins), el('td', {}, r.draws), el('td', {}, r.losses),
      el('td', { class: r.irregular ? 'bad irregular opt' : 'irregular opt' }, r.irregular), el('td', { class: 'opt' }, r.byes),
      ...(less ? [el('td', { class: 'opt' }, r.mean_margin.toFixed(1))] : []),
      el('td', {}, r.games ? `${Math.round(r.rating)} ± ${Math.round(r.rating_95)}` : '—')))));
    cross.replaceChildren();
    if (c.crosstable) {
      cross.append(el('h2', {}, 'Crosstable'), el('p', { class: 'muted' }, "Each row's points against each column's bot."),
        grid('crosstable-table', c.bots, c.crosstable, v => el('td', {}, v === null ? '·' : v)));
    }
    if (c.partners) {
      // A Less bot's points are its team's: split by who sat beside it,
      // a row says whether they came from the partner draw.
      cross.append(el('h2', {}, 'Partners'),
        el('p', { class: 'muted' }, c.balance ? `Each row's points in its games beside each column's bot, of how many (${c.balance.design} design).`
          : "Each row's points in its games beside each column's bot, of how many."),
        grid('partners-table', c.bots, c.partners,
          v => el('td', { title: v === null ? '' : `${v.points} of ${v.games} games` }, v === null ? '·' : `${v.points}/${v.games}`)));
    }
  };
  // refresh reads the competition and, when games ended since, its
  // games; one request at a time, the last of a burst kept.
  const refresh = async () => {
    if (loading) { again = true; return; }
    loading = (async () => {
      try {
        const c = await api('GET', '/v1/competitions/' + id);
        draw(c);
        if (c.played !== seen) {
          seen = c.played;
          await showGames(Math.max(50, shown));
        }
        showProblem(problemBox, null);
      } catch (e) {
        if (e.problem && e.problem.status === 404) return gone();
        showProblem(problemBox, e);
      }
    })();
    await loading;
    loading = null;
    if (again) { again = false; refresh(); }
    // Games start between the events (which say when games end): a live
    // competition is read again now and then to show what is playing.
    clearTimeout(poll);
    if (comp && !finals.includes(comp.status) && !ended) poll = setTimeout(refresh, 5000);
  };
  let poll = null, ended = false;
  // An unknown competition is a plain not-found with a way back, and
  // nothing polls on.
  let stop = () => {};
  const gone = () => {
    stop();
    main.replaceChildren(el('h1', {}, 'Not found'), el('p', {}, 'No competition ', el('code', {}, id), ' here (it may have expired). ',
      el('a', { href: '#/competitions' }, 'All competitions')));
  };
  refresh();
  const unfollow = follow(id, () => refresh(), text => { note.textContent = text; });
  stop = () => { ended = true; clearTimeout(poll); unfollow(); };
  return () => stop();
}

// statusWords says where a competition is, in words: waiting, playing
// (so many of so many), finished with its winner, stopped, failed.
// grid is a table of bot against bot (the crosstable, the partners):
// numbered columns, each row its bot's label (as text: labels are owners'
// names) and a cell drawn by cell for each entry.
function grid(id, bots, rows, cell) {
  return el('table', { id, class: 'cross' },
    el('thead', {}, el('tr', {}, el('th', {}, ''), bots.map((_, j) => el('th', {}, j + 1)))),
    el('tbody', {}, rows.map((row, i) => el('tr', {}, el('th', { title: engineName(bots[i].id) ? bots[i].id : null }, `${i + 1}. ${botName(bots[i].label)}`), row.map(cell)))));
}

function statusWords(c) {
  const lead = c.standings && c.standings.length ? c.standings[0] : null;
  switch (c.status) {
    case 'queued': return `Waiting to start: ${c.planned} games planned.`;
    case 'running': return `Playing: ${c.played} of ${c.planned} games` + (lead && c.played ? `; ${botName(lead.label)} leads with ${lead.points} points.` : '.');
    case 'succeeded': return `Finished: ${c.played} games` + (lead ? `; ${botName(lead.label)} won with ${lead.points} points.` : '.');
    case 'cancelled': return `Stopped after ${c.played} of ${c.planned} games.`;
    case 'interrupted': return `Interrupted after ${c.played} of ${c.planned} games (the server stopped).`;
    default: return `Failed after ${c.played} of ${c.planned} games: ${c.error}`;
  }
}

async function replay(main, id, n) {
  const problemBox = el('div');
  main.append(el('p', {}, el('a', { href: `#/competitions/${id}` }, '← the competition')), problemBox);
  let c, g;
  // The owner's token (the bots page keeps it) shows its bots' stderr.
  const token = localStorage.getItem('gameai.ownerToken');
  const game = () => api('GET', `/v1/competitions/${id}/games/${n}`, undefined, token ? { 'X-API-Key': token } : {});
  try {
    [c, g] = await Promise.all([api('GET', '/v1/competitions/' + id), game()]);
  } catch (e) { showProblem(problemBox, e); return; }
  return showReplay(main, c.game, g, `of ${c.name}, round ${g.round}`, b => labelOf(c, b), c.clock, game);
}
