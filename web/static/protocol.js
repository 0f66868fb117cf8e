import { api, el, showProblem } from './ui.js';

// A game's protocol page: what a bot reads and writes (docs/protocol,
// rendered by the server), this server's limits, and the starter bots to
// download, one per language.

export async function render(main, [game = 'less']) {
  const problemBox = el('div');
  const tabs = el('p', { class: 'row' }, ...['less', 'morris'].map(g =>
    el('a', { href: `#/protocol/${g}`, class: g === game ? 'current' : '', id: `protocol-tab-${g}` }, g === 'less' ? 'Less' : 'Morris')));
  main.append(tabs, problemBox);
  let p;
  try { p = await api('GET', `/v1/protocols/${encodeURIComponent(game)}`); } catch (e) { showProblem(problemBox, e); return; }
  const starters = el('div', { class: 'panel', id: 'protocol-starters' }, el('h2', {}, 'Starter bots'),
    el('p', { class: 'muted' }, 'Each reads this protocol and plays a legal greedy move: begin from one, try it with gameai try, upload it on the Bots page.'),
    el('ul', { class: 'row' }, p.starters.map(s => el('li', {}, el('a', { href: s.url, download: s.file, 'data-language': s.language }, `${s.language}: ${s.file}`)))));
  const limits = el('div', { class: 'panel', id: 'protocol-limits' }, el('h2', {}, "This server's limits"),
    el('table', {}, el('tbody', {}, p.limits.map(r => el('tr', {}, el('th', {}, r.what), el('td', {}, r.limit))))));
  // The server renders the Markdown (raw HTML in it left out): the page
  // shows it as it is.
  const body = el('article', { id: 'protocol-page', class: 'doc' });
  body.innerHTML = p.html;
  main.append(starters, body, limits);
}
