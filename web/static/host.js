import { api, el, showProblem, keyField } from './ui.js';

// I host this server: how newcomers join (the registration mode, set when
// the server starts; invitations made here, each shown once), accounts
// made by hand, every account (bots held, last seen), each disabled or
// enabled with the server's key (its tokens refused at once, its bots off
// the ladder and playing nothing) or freed of its quotas, and the log of
// these acts.

const when = t => (t ? new Date(t).toLocaleString() : '');

export async function render(main) {
  const problemBox = el('div');
  const body = el('tbody');
  const log = el('tbody');
  const mode = el('p', { id: 'host-registration' });
  const invBox = el('div', { id: 'host-invitation' });
  const days = el('input', { id: 'host-invite-days', type: 'number', min: 1, max: 90, value: 7, size: 3 });
  const madeBox = el('div');
  const newName = el('input', { id: 'host-new-name', size: 14, autocomplete: 'off' });
  const newPassword = el('input', { id: 'host-new-password', type: 'password', size: 16, autocomplete: 'new-password' });
  const makeForm = el('form', { class: 'row', id: 'host-make-form' }, el('label', {}, 'Name', newName), el('label', {}, 'Password', newPassword),
    el('button', { type: 'submit', class: 'secondary', id: 'host-make' }, 'Make the account'));
  makeForm.addEventListener('submit', async e => {
    e.preventDefault();
    try {
      const a = await api('POST', '/v1/accounts', { name: newName.value.trim(), password: newPassword.value });
      madeBox.replaceChildren(el('p', {}, `The account ${a.name} is made: give its owner the name and password.`));
      newName.value = newPassword.value = '';
      load();
    } catch (err) { showProblem(madeBox, err); }
  });
  const invite = async () => {
    try {
      const inv = await api('POST', '/v1/invitations', { days: Number(days.value) || 7 });
      invBox.replaceChildren(el('p', {}, 'An invitation, good for one account until ', new Date(inv.expires).toLocaleString(), ', shown only now:'),
        el('pre', { id: 'host-invitation-code' }, inv.code),
        el('p', { class: 'muted' }, 'Its holder registers on My account with it.'));
      load();
    } catch (e) { showProblem(invBox, e); }
  };
  // Invitations mean something only where registration is by invitation.
  const inviteRow = el('div', { class: 'row', hidden: true }, el('label', {}, 'Days', days),
    el('button', { class: 'secondary', id: 'host-invite', onclick: invite }, 'Make an invitation'));
  main.append(el('h1', {}, 'I host this server'),
    el('div', { class: 'row' }, keyField(), el('button', { class: 'secondary', id: 'host-load', onclick: () => load() }, 'Show')),
    problemBox,
    el('div', { class: 'panel' }, el('h2', {}, 'Newcomers'), mode,
      inviteRow,
      invBox, el('h3', {}, 'Make an account yourself'), makeForm, madeBox),
    el('div', { class: 'panel' }, el('h2', {}, 'Accounts'),
      el('p', { class: 'muted' }, 'Disabling an account refuses its tokens at once, on every server of this store; its bots leave the ladder and enter no competition or session until you enable it.'),
      el('table', { id: 'host-accounts' }, el('thead', {}, el('tr', {}, [['Name'], ['Bots'], ['Made', 'opt'], ['Last seen', 'opt'], ['State'], [''], ['Quota', 'opt']].map(([h, c]) => el('th', { class: c }, h)))), body)),
    el('div', { class: 'panel' }, el('h2', {}, 'What you did'),
      el('table', { id: 'host-audit' }, el('thead', {}, el('tr', {}, ['When', 'What', 'Whom', 'From'].map(h => el('th', {}, h)))), log)));

  const act = async (name, what) => {
    try {
      await api('POST', `/v1/accounts/${encodeURIComponent(name)}/${what}`);
      load();
    } catch (e) { showProblem(problemBox, e); }
  };
  const quota = async (name, free) => {
    try {
      await api('PUT', `/v1/accounts/${encodeURIComponent(name)}/quota`, { free });
      load();
    } catch (e) { showProblem(problemBox, e); }
  };
  const modes = {
    closed: 'Registration is closed: you make the accounts (below, or POST /v1/owners for one with a token alone).',
    invite: 'Registration is by invitation: whoever holds a code you make here registers one account with it.',
    open: 'Registration is open: anyone may make an account (five an hour from one network).',
  };
  api('GET', '/v1/server').then(info => {
    mode.replaceChildren(modes[info.registration] || info.registration,
      el('span', { class: 'muted' }, ' Set when the server starts: --registration closed|invite|open.'));
    inviteRow.hidden = info.registration !== 'invite';
  }).catch(() => null);
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
          : el('button', { class: 'danger disable', onclick: () => act(a.name, 'disable') }, 'Disable')),
        el('td', { class: 'opt' }, a.left ? '' : a.quota_free
          ? el('button', { class: 'secondary quota', onclick: () => quota(a.name, false) }, 'Free: bound it')
          : el('button', { class: 'secondary quota', onclick: () => quota(a.name, true) }, 'Bound: free it')))));
      log.replaceChildren(...audit.entries.map(x => el('tr', {}, el('td', {}, when(x.at)), el('td', {}, x.action), el('td', {}, x.target), el('td', {}, x.client))));
    } catch (e) {
      body.replaceChildren();
      log.replaceChildren();
      showProblem(problemBox, e);
    }
  };
  load();
}
