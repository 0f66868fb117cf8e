import { api, el, showProblem, keyField } from './ui.js';

// I host this server: every account (bots held, last seen), each disabled
// or enabled with the server's key (its tokens refused at once, its bots
// playing nothing), and the log of these acts.

const when = t => (t ? new Date(t).toLocaleString() : '');

export async function render(main) {
  const problemBox = el('div');
  const body = el('tbody');
  const log = el('tbody');
  main.append(el('h1', {}, 'I host this server'),
    el('div', { class: 'row' }, keyField(), el('button', { class: 'secondary', id: 'host-load', onclick: () => load() }, 'Show')),
    problemBox,
    el('div', { class: 'panel' }, el('h2', {}, 'Accounts'),
      el('p', { class: 'muted' }, 'Disabling an account refuses its tokens at once, on every server of this store; its bots leave the ladder and enter no competition or session until you enable it.'),
      el('table', { id: 'host-accounts' }, el('thead', {}, el('tr', {}, [['Name'], ['Bots'], ['Made', 'opt'], ['Last seen', 'opt'], ['State'], ['']].map(([h, c]) => el('th', { class: c }, h)))), body)),
    el('div', { class: 'panel' }, el('h2', {}, 'What you did'),
      el('table', { id: 'host-audit' }, el('thead', {}, el('tr', {}, ['When', 'What', 'Whom', 'From'].map(h => el('th', {}, h)))), log)));

  const act = async (name, what) => {
    try {
      await api('POST', `/v1/accounts/${encodeURIComponent(name)}/${what}`);
      load();
    } catch (e) { showProblem(problemBox, e); }
  };
  const load = async () => {
    showProblem(problemBox);
    try {
      const [accounts, audit] = await Promise.all([api('GET', '/v1/accounts'), api('GET', '/v1/audit')]);
      body.replaceChildren(...accounts.accounts.map(a => el('tr', { 'data-account': a.name },
        el('td', {}, el('a', { href: `#/bots?owner=${encodeURIComponent(a.name)}` }, a.name)), el('td', {}, String(a.bots)),
        el('td', { class: 'opt' }, when(a.created_at)), el('td', { class: 'opt' }, when(a.last_seen) || 'never'),
        el('td', { class: a.disabled ? 'bad' : '' }, a.left ? 'left' : a.disabled ? 'disabled' : 'active'),
        el('td', {}, a.left ? '' : a.disabled
          ? el('button', { class: 'secondary enable', onclick: () => act(a.name, 'enable') }, 'Enable')
          : el('button', { class: 'danger disable', onclick: () => act(a.name, 'disable') }, 'Disable')))));
      log.replaceChildren(...audit.entries.map(x => el('tr', {}, el('td', {}, when(x.at)), el('td', {}, x.action), el('td', {}, x.target), el('td', {}, x.client))));
    } catch (e) {
      body.replaceChildren();
      log.replaceChildren();
      showProblem(problemBox, e);
    }
  };
  load();
}
