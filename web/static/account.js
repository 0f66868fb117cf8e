import { api, el, showProblem } from './ui.js';

// My account: the owner whose token this browser keeps (Bots' "Owner
// token"), and its API tokens: each listed by name, first characters,
// when made and last used; one made is shown this once; any revoked at
// once (the one this browser uses included, which then opens nothing).
// And leaving: the account deleted with its bots, once its name is typed.

const tokenKey = 'gameai.ownerToken';
const ownerToken = () => localStorage.getItem(tokenKey) || '';
const asOwner = () => (ownerToken() ? { 'X-API-Key': ownerToken() } : {});

const when = t => (t ? new Date(t).toLocaleString() : 'never');

export async function render(main) {
  const problemBox = el('div');
  const who = el('p', { id: 'account-who' });
  const body = el('tbody');
  const fresh = el('div', { id: 'account-new-token' });
  const name = el('input', { id: 'account-token-name', required: true, maxlength: 64, size: 20, placeholder: 'laptop, CI, ...' });
  const form = el('form', { class: 'row', id: 'account-token-form' }, el('label', {}, 'Name', name),
    el('button', { type: 'submit', id: 'account-make-token' }, 'Make a token'));
  const tokenInput = el('input', { id: 'account-token', type: 'password', value: ownerToken(), autocomplete: 'off', size: 30,
    oninput: e => localStorage.setItem(tokenKey, e.target.value.trim()), onchange: () => load() });
  const confirmName = el('input', { id: 'account-leave-name', size: 20, autocomplete: 'off', placeholder: 'your name, to confirm' });
  const leaveForm = el('form', { class: 'row', id: 'account-leave-form' }, el('label', {}, 'Name', confirmName),
    el('button', { type: 'submit', class: 'danger', id: 'account-leave' }, 'Delete my account'));
  const leftBox = el('div', { id: 'account-left' });
  let me = '';
  main.append(el('h1', {}, 'My account'),
    el('div', { class: 'row' }, el('label', {}, 'Owner token', tokenInput), el('a', { href: '#/bots' }, 'My bots')),
    who, problemBox,
    el('div', { class: 'panel' }, el('h2', {}, 'API tokens'),
      el('p', { class: 'muted' }, 'A program (or this page) acts as you with any of these, sent as X-API-Key. A token is shown once, when made; revoke one you no longer use, or that others may have seen: it is refused at once.'),
      form, fresh,
      el('table', { id: 'account-tokens' }, el('thead', {}, el('tr', {}, ['Name', 'Starts', 'Made', 'Last used', ''].map(h => el('th', {}, h)))), body)),
    el('div', { class: 'panel' }, el('h2', {}, 'Leave'),
      el('p', { class: 'muted' }, 'Deletes your account: your bots leave the ladder and their files go, every token of yours is refused. Your finished games stay in standings and records under your name, which nobody else may take.'),
      leaveForm, leftBox));

  leaveForm.addEventListener('submit', async e => {
    e.preventDefault();
    if (!me || confirmName.value.trim() !== me) {
      leftBox.replaceChildren(el('p', { class: 'problem' }, me ? `Type your name, ${me}, to delete your account.` : 'Paste your owner token first.'));
      return;
    }
    try {
      await api('DELETE', '/v1/owners/me', undefined, asOwner());
      localStorage.removeItem(tokenKey);
      tokenInput.value = '';
      leftBox.replaceChildren(el('p', {}, `The account ${me} is deleted.`));
      load();
    } catch (err) { showProblem(leftBox, err); }
  });

  const load = async () => {
    showProblem(problemBox);
    me = '';
    if (!ownerToken()) {
      who.replaceChildren('Paste your owner token above: the host of this server gives it to you with your name.');
      body.replaceChildren();
      return;
    }
    try {
      const answer = await api('GET', '/v1/owners/me', undefined, asOwner());
      me = answer.owner;
      if (!me) {
        who.replaceChildren("This is the server's admin key, which is no owner: paste an owner's token.");
        body.replaceChildren();
        return;
      }
      who.replaceChildren('Signed in as ', el('strong', {}, me), ' with this browser\'s token.');
      const list = await api('GET', '/v1/owners/me/tokens', undefined, asOwner());
      body.replaceChildren(...list.tokens.map(t => el('tr', { 'data-id': t.id },
        el('td', {}, t.name, t.current ? el('span', { class: 'muted' }, ' (this browser)') : null),
        el('td', {}, el('code', {}, (t.prefix || 'gat_') + '…')),
        el('td', {}, when(t.created_at)), el('td', {}, when(t.last_used)),
        el('td', {}, el('button', { class: 'secondary revoke', onclick: () => revoke(t) }, 'Revoke')))));
    } catch (e) {
      who.replaceChildren();
      body.replaceChildren();
      showProblem(problemBox, e);
    }
  };

  const revoke = async t => {
    const warn = t.current ? ' This browser uses it: it will open nothing here until you paste another.' : '';
    if (!confirm(`Revoke the token "${t.name}"?${warn}`)) return;
    try {
      await api('DELETE', `/v1/owners/me/tokens/${encodeURIComponent(t.id)}`, undefined, asOwner());
      fresh.replaceChildren();
      if (t.current) {
        localStorage.removeItem(tokenKey);
        tokenInput.value = '';
      }
      load();
    } catch (e) { showProblem(problemBox, e); }
  };

  form.addEventListener('submit', async e => {
    e.preventDefault();
    try {
      const t = await api('POST', '/v1/owners/me/tokens', { name: name.value }, asOwner());
      name.value = '';
      const use = el('button', { class: 'secondary', id: 'account-use-token', onclick: () => {
        localStorage.setItem(tokenKey, t.token);
        tokenInput.value = t.token;
        load();
      } }, 'Use it in this browser');
      fresh.replaceChildren(el('div', { class: 'panel' },
        el('p', {}, `Your new token "${t.name}", shown only now: copy it where your program keeps secrets.`),
        el('pre', { id: 'account-token-value' }, t.token), use));
      load();
    } catch (err) { showProblem(problemBox, err); }
  });
  load();
}
