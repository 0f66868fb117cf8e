import { api, apiKey, el, showProblem, keyField, botLink, showPlaying, hostOnly, botName, namesIn } from './ui.js';
import { resultWords, showReplay } from './replay.js';

// A game's ladder: its bots ranked by rating with their intervals, their
// records and last games, live; the versions that left it; and, once an
// API key is entered, the host's controls (state, pace, clock, bots). A
// ladder's game replays like a competition's.

const games = ['less', 'morris'];
const when = t => t ? new Date(t).toLocaleString() : '';

export async function render(main, [game = 'less', what, n]) {
  if (!games.includes(game)) {
    main.append(el('h1', {}, 'Not found'), el('p', {}, `No ladder for ${game}. `, el('a', { href: '#/ladders/less' }, 'The Less ladder')));
    return;
  }
  if (what === 'games' && n) return replay(main, game, n);
  return ladder(main, game);
}

// rowsTable shows ladder rows; on a phone the irregular losses and the
// last game's time fold away (class opt), the rest fits.
function rowsTable(id, rows, live) {
  const head = [live ? '#' : null, 'Bot', 'Rating', 'Games', 'W-D-L', 'Irregular', 'Last game', live ? null : 'Why it left'];
  const opt = new Set(['Irregular', 'Last game']);
  return el('table', { id },
    el('thead', {}, el('tr', {}, head.filter(Boolean).map(h => el('th', { class: opt.has(h) ? 'opt' : '' }, h)))),
    el('tbody', {}, rows.map(r => el('tr', { 'data-bot': r.bot },
      live ? el('td', {}, r.rank) : null,
      el('td', {}, botLink(r.bot, r.label), r.owner && r.owner !== 'gameai' ? el('div', { class: 'muted' }, r.owner) : null),
      el('td', { class: 'rating', title: 'μ − 3σ' }, r.rating.toFixed(1),
        el('div', { class: 'muted interval' }, `μ ${r.mu.toFixed(1)} ± ${(2 * r.sigma).toFixed(1)}`)),
      el('td', {}, r.games), el('td', { class: 'wdl' }, `${r.wins}-${r.draws}-${r.losses}`),
      el('td', { class: 'opt' }, r.irregular), el('td', { class: 'muted opt' }, when(r.last_game)),
      live ? null : el('td', { class: 'left', title: r.left_at ? when(r.left_at) : null }, namesIn(r.left || '')))))); // older ladders did not keep why
}

// recentGames lists the latest finished games, each with its replay.
function recentGames(box, game, games) {
  const key = JSON.stringify(games.map(g => g.n));
  if (box.dataset.shown === key) return;
  box.dataset.shown = key;
  const names = game === 'less' ? ['Yellow', 'Black', 'White', 'Red'] : ['White', 'Black'];
  // Said as a replay says it, in the bots' names.
  const outcome = g => resultWords(game, { ...g, fault: g.faulted !== undefined }, b => botName(g.labels[g.seats.indexOf(b)] || b));
  box.replaceChildren(...(games.length ? [el('h2', {}, 'Latest games'),
    el('table', { id: 'ladder-recent-table' },
      el('thead', {}, el('tr', {}, [['Game'], ['Seats'], ['Result'], ['When', 'opt']].map(([h, c]) => el('th', { class: c }, h)))),
      el('tbody', {}, games.map(g => el('tr', { 'data-n': g.n },
        el('td', {}, el('a', { href: `#/ladders/${game}/games/${g.n}`, class: 'replay' }, `#${g.n}`)),
        el('td', {}, g.seats.map((b, i) => el('div', {}, `${names[i]}: `, botLink(b, g.labels[i], game)))),
        el('td', { class: g.faulted !== undefined ? 'bad result' : 'result', title: g.reason }, outcome(g)),
        el('td', { class: 'muted opt' }, new Date(g.at).toLocaleString())))))] : []));
}

function hostForm(game, l, problemBox, done) {
  const state = el('select', { name: 'state', id: 'ladder-state' }, ['running', 'paused'].map(s => el('option', { value: s, selected: l && l.state === s }, s)));
  const pace = el('input', { name: 'pace', id: 'ladder-pace', type: 'number', min: 0.1, max: 120, step: 0.1, value: l ? l.games_per_minute : 2 });
  const unit = game === 'less' ? 'game_ms' : 'move_ms';
  const clock = el('input', { id: 'ladder-clock', type: 'number', min: 1, value: l ? l.clock[unit] : (game === 'less' ? 30000 : 1000) });
  const bots = el('textarea', { id: 'ladder-bots', rows: 3, cols: 50 }, l ? l.bots.join('\n') : '');
  const form = el('form', { id: 'ladder-form' },
    el('div', { class: 'row' }, keyField()),
    el('div', { class: 'row' }, el('label', {}, 'State', state), el('label', {}, 'Games a minute', pace),
      el('label', {}, game === 'less' ? 'Clock (ms a game)' : 'Clock (ms a move)', clock)),
    el('label', {}, 'Bots, one a line (gameai:GAME:SPEC or an uploaded bot id)', bots),
    el('div', { class: 'row' }, el('button', { type: 'submit', id: 'ladder-save' }, l ? 'Save' : 'Start the ladder')));
  form.addEventListener('submit', async e => {
    e.preventDefault();
    try {
      await api('PUT', `/v1/ladders/${game}`, { state: state.value, games_per_minute: Number(pace.value),
        clock: { [unit]: Number(clock.value) }, bots: bots.value.split('\n').map(s => s.trim()).filter(Boolean) });
      showProblem(problemBox, null);
      done();
    } catch (err) { showProblem(problemBox, err); }
  });
  return form;
}

function ladder(main, game) {
  const problemBox = el('div');
  const status = el('p', { class: 'status', id: 'ladder-status' }, 'Loading…');
  const table = el('div', { id: 'ladder-rows' });
  const retired = el('div', { id: 'ladder-retired' });
  const playing = el('div', { id: 'ladder-playing' });
  const recent = el('div', { id: 'ladder-recent' });
  const host = el('details', { id: 'ladder-host' }, el('summary', {}, 'Host controls'));
  const reveal = hostOnly(host, 'ladder-host-reveal', 'I host this server', () => { host.open = true; });
  main.append(el('h1', {}, game === 'less' ? 'The Less ladder' : 'The Morris ladder'),
    el('p', { class: 'row' }, ...games.map(g => g === game ? el('strong', {}, g) : el('a', { href: `#/ladders/${g}` }, g))),
    el('p', { class: 'muted' }, 'Rated games all the time among the bots on it: each bot version has a skill μ with its uncertainty σ (Weng-Lin, as OpenSkill), ranked by the rating μ − 3σ, which climbs by winning and by becoming certain. New versions play first.'),
    status, problemBox, playing, table, recent, retired, reveal, host);
  let timer = null, stopped = false, last = null;
  const read = async () => {
    try {
      const l = await api('GET', `/v1/ladders/${game}`);
      last = l;
      status.dataset.state = l.state;
      status.textContent = `${l.state === 'running' ? 'Running' : 'Paused'}: ${l.played} games played, ${l.in_play} in play, ` +
        `${l.games_per_minute} a minute at most` + (l.waiting ? `. ${l.waiting}` : '');
      showPlaying(playing, (l.playing || []).map(p => ({ href: `#/ladders/${game}/games/${p.n}`, n: p.n,
        bots: p.seats.map((b, i) => [b, p.labels[i]]) })));
      table.replaceChildren(l.rows.length ? rowsTable('ladder-table', l.rows, true) : el('p', { class: 'muted' }, 'No bot on the ladder yet.'));
      retired.replaceChildren(...(l.retired.length ? [el('h2', {}, 'Versions that left it'), rowsTable('ladder-retired-table', l.retired, false)] : []));
      recentGames(recent, game, l.recent || []);
      showProblem(problemBox, null);
    } catch (e) {
      if (e.problem && e.problem.status === 404) {
        // A visitor learns there is none yet; the host's controls stay
        // behind "I host this server".
        status.dataset.state = 'none';
        status.textContent = `No ladder for ${game} yet: the host of this server starts one.`;
        table.replaceChildren();
      } else showProblem(problemBox, e);
    }
    if (host.children.length === 1) host.append(hostForm(game, last, problemBox, () => read()));
    if (!stopped) timer = setTimeout(read, 5000);
  };
  read();
  return () => { stopped = true; clearTimeout(timer); };
}

async function replay(main, game, n) {
  const problemBox = el('div');
  main.append(el('p', {}, el('a', { href: `#/ladders/${game}` }, '← the ladder')), problemBox);
  let l, g;
  const token = localStorage.getItem('gameai.ownerToken');
  const fetchGame = () => api('GET', `/v1/ladders/${game}/games/${n}`, undefined, token ? { 'X-API-Key': token } : {});
  try {
    [l, g] = await Promise.all([api('GET', `/v1/ladders/${game}`), fetchGame()]);
  } catch (e) { showProblem(problemBox, e); return; }
  const labels = Object.fromEntries([...l.rows, ...l.retired].map(r => [r.bot, r.label]));
  for (const p of l.playing || []) p.seats.forEach((b, i) => { labels[b] = labels[b] || p.labels[i]; });
  return showReplay(main, game, g, `of the ${game} ladder`, b => botName(labels[b] || b), l.clock, fetchGame);
}
