import { api, el, showProblem, keyField, actionBox } from './ui.js';

// I host this server: how newcomers join (the registration mode, set when
// the server starts; invitations made here, each shown once as a code and
// a link that fills the newcomer's form, the open ones listed to
// withdraw), accounts made by hand, every account (bots held, last seen),
// each disabled with a reason told to it or enabled with the server's key
// (its tokens refused at once, its bots off the ladder and playing
// nothing) or freed of its quotas, and the log of these acts.

const when = t => (t ? new Date(t).toLocaleString() : '');

export async function render(main) {
  const problemBox = el('div');
  const body = el('tbody');
  const log = el('tbody');
  const mode = el('p', { id: 'host-registration' });
  const invBox = actionBox({ id: 'host-invitation' });
  const days = el('input', { id: 'host-invite-days', type: 'number', min: 1, max: 90, value: 7, size: 3 });
  const note = el('input', { id: 'host-invite-note', maxlength: 80, size: 20, placeholder: 'for whom (only you see it)' });
  const invBody = el('tbody');
  const invList = el('div', { id: 'host-invitations', hidden: true }, el('h3', {}, 'Invitations'),
    el('table', { id: 'host-invitations-table' }, el('thead', {}, el('tr', {}, [['Made', 'opt'], ['For'], ['Expires', 'opt'], ['State'], ['']].map(([h, c]) => el('th', { class: c }, h)))), invBody));
  const madeBox = actionBox();
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
      const inv = await api('POST', '/v1/invitations', { days: Number(days.value) || 7, note: note.value.trim() });
      // The fragment is never sent to a server, so the code stays out of
      // every log on its way.
      const link = `${location.origin}${location.pathname}#/account?invitation=${encodeURIComponent(inv.code)}`;
      const copy = el('button', { class: 'secondary', id: 'host-invitation-copy', onclick: async () => {
        try { await navigator.clipboard.writeText(link); copy.textContent = 'Copied'; } catch { copy.textContent = 'Select the link and copy it'; }
      } }, 'Copy the link');
      invBox.replaceChildren(el('p', { class: 'said' }, 'An invitation, good for one account until ', new Date(inv.expires).toLocaleString(), ', shown only now. Send its holder the link: it opens the form with the code filled in.'),
        el('p', {}, el('a', { href: link, id: 'host-invitation-link' }, link), ' ', copy),
        el('p', { class: 'muted' }, 'Or the code alone: ', el('code', { id: 'host-invitation-code' }, inv.code)));
      note.value = '';
      loadInvitations();
    } catch (e) { showProblem(invBox, e); }
  };
  // Invitations mean something only where registration is by invitation.
  const inviteRow = el('div', { class: 'row', hidden: true }, el('label', {}, 'Days', days), el('label', {}, 'For', note),
    el('button', { class: 'secondary', id: 'host-invite', onclick: invite }, 'Make an invitation'));
  const invProblem = actionBox();
  const withdraw = async inv => {
    if (!confirm(`Withdraw the invitation${inv.note ? ` ${inv.note}` : ''}? Whoever holds it can no longer use it.`)) return;
    try {
      await api('DELETE', `/v1/invitations/${encodeURIComponent(inv.id)}`);
      invBox.replaceChildren(el('p', { class: 'said' }, `The invitation${inv.note ? ` ${inv.note}` : ''} is withdrawn.`));
      loadInvitations();
    } catch (e) { showProblem(invProblem, e); }
  };
  const stateWords = inv => inv.state === 'used' ? `used by ${inv.used_by}` : inv.state;
  const loadInvitations = async () => {
    showProblem(invProblem);
    try {
      const l = await api('GET', '/v1/invitations');
      invList.hidden = !l.invitations.length;
      invBody.replaceChildren(...l.invitations.map(inv => el('tr', { 'data-invitation': inv.id, 'data-state': inv.state },
        el('td', { class: 'opt' }, when(inv.created_at)), el('td', {}, inv.note || el('span', { class: 'muted' }, inv.id)),
        el('td', { class: 'opt' }, when(inv.expires)), el('td', { class: inv.state === 'open' ? '' : 'muted' }, stateWords(inv)),
        el('td', {}, inv.state === 'open' ? el('button', { class: 'danger withdraw', onclick: () => withdraw(inv) }, 'Withdraw') : ''))));
    } catch (e) { showProblem(invProblem, e); }
  };
  main.append(el('h1', {}, 'I host this server'),
    el('div', { class: 'row' }, keyField(), el('button', { class: 'secondary', id: 'host-load', onclick: () => load() }, 'Show')),
    problemBox,
    el('div', { class: 'panel' }, el('h2', {}, 'Newcomers'), mode,
      inviteRow,
      invBox, invList, invProblem, el('h3', {}, 'Make an account yourself'), makeForm, madeBox),
    el('div', { class: 'panel' }, el('h2', {}, 'Accounts'),
      el('p', { class: 'muted' }, 'Disabling an account refuses its tokens at once, on every server of this store; its bots leave the ladder and enter no competition or session until you enable it.'),
      el('table', { id: 'host-accounts' }, el('thead', {}, el('tr', {}, [['Name'], ['Bots'], ['Made', 'opt'], ['Last seen', 'opt'], ['State'], [''], ['Quota', 'opt']].map(([h, c]) => el('th', { class: c }, h)))), body)),
    el('div', { class: 'panel' }, el('h2', {}, 'What you did'),
      el('table', { id: 'host-audit' }, el('thead', {}, el('tr', {}, ['When', 'What', 'Whom', 'From'].map(h => el('th', {}, h)))), log)));

  const act = async (name, what) => {
    let body;
    if (what === 'disable') {
      const reason = prompt(`Why disable ${name}? ${name} is told this (leave it empty to say nothing).`, '');
      if (reason === null) return;
      body = { reason: reason.trim() };
    }
    try {
      await api('POST', `/v1/accounts/${encodeURIComponent(name)}/${what}`, body);
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
    if (info.registration === 'invite') loadInvitations();
  }).catch(() => null);
  const load = async () => {
    showProblem(problemBox);
    try {
      const [accounts, audit] = await Promise.all([api('GET', '/v1/accounts'), api('GET', '/v1/audit')]);
      body.replaceChildren(...accounts.accounts.map(a => el('tr', { 'data-account': a.name },
        el('td', {}, el('a', { href: `#/bots?owner=${encodeURIComponent(a.name)}` }, a.name)), el('td', {}, String(a.bots)),
        el('td', { class: 'opt' }, when(a.created_at)), el('td', { class: 'opt' }, when(a.last_seen) || 'never'),
        el('td', { class: a.disabled ? 'bad state' : 'state' }, a.left ? 'left' : a.disabled ? `disabled${a.disabled_why ? `: ${a.disabled_why}` : ''}` : 'active'),
        el('td', {}, a.left ? '' : a.disabled
          ? el('button', { class: 'secondary enable', onclick: () => act(a.name, 'enable') }, 'Enable')
          : el('button', { class: 'danger disable', onclick: () => act(a.name, 'disable') }, 'Disable')),
        el('td', { class: 'opt' }, a.left ? '' : [a.quota_free ? 'free ' : 'the usual ', a.quota_free
          ? el('button', { class: 'secondary quota', onclick: () => quota(a.name, false) }, 'Bound it again')
          : el('button', { class: 'secondary quota', onclick: () => quota(a.name, true) }, 'Lift its quotas')]))));
      log.replaceChildren(...audit.entries.map(x => el('tr', {}, el('td', {}, when(x.at)), el('td', {}, x.action), el('td', {}, x.target), el('td', {}, x.client))));
    } catch (e) {
      body.replaceChildren();
      log.replaceChildren();
      showProblem(problemBox, e);
    }
  };
  load();
}
