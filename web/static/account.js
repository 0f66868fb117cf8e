import { api, el, showProblem, showVisitor, actionBox } from './ui.js';

// My account: who this browser acts as, signed in with a password (an
// HttpOnly cookie the page never reads) or with an owner token kept here
// (Bots' "Owner token"; a token wins over the sign-in). Signed out, the
// page offers to sign in and, where the host lets strangers in, to
// register. Signed in: the account's API tokens (each listed by name,
// first characters, when made and last used; one made is shown this once;
// any revoked at once), its password, its sign-ins (any or all but this
// one ended), and leaving, once its name is typed.

const tokenKey = 'gameai.ownerToken';
const ownerToken = () => localStorage.getItem(tokenKey) || '';
const asOwner = () => (ownerToken() ? { 'X-API-Key': ownerToken() } : {});

const when = t => (t ? new Date(t).toLocaleString() : 'never');

// field is a labelled input.
const field = (label, attrs) => el('label', {}, label, el('input', attrs));

function signInPanel(onDone) {
  const box = actionBox();
  const form = el('form', { id: 'account-signin-form', class: 'row' },
    field('Name', { id: 'signin-name', required: true, autocomplete: 'username', size: 16 }),
    field('Password', { id: 'signin-password', type: 'password', required: true, autocomplete: 'current-password', size: 20 }),
    el('button', { type: 'submit', id: 'account-signin' }, 'Sign in'));
  form.addEventListener('submit', async e => {
    e.preventDefault();
    try {
      await api('POST', '/v1/accounts/login', { name: form.querySelector('#signin-name').value.trim(), password: form.querySelector('#signin-password').value });
      showVisitor();
      onDone();
    } catch (err) {
      if (err.problem && err.problem.status === 429) err.problem.detail += ` (in ${Math.ceil((err.problem.retryAfter || 60) / 60)} min)`;
      showProblem(box, err);
    }
  });
  return el('div', { class: 'panel', id: 'account-signin-panel' }, el('h2', {}, 'Sign in'), form, box);
}

// registerPanel is the newcomer's form; an invitation link
// (#/account?invitation=CODE) fills in its code.
function registerPanel(mode, onDone, invitation = '') {
  if (mode === 'closed') {
    return el('div', { class: 'panel', id: 'account-register-panel' }, el('h2', {}, 'New here?'),
      el('p', { class: 'muted' }, 'The host of this server makes its accounts: ask the host for one (you get a name and a token, or a password).'));
  }
  const box = actionBox();
  const form = el('form', { id: 'account-register-form' },
    el('div', { class: 'row' },
      field('Name', { id: 'register-name', required: true, autocomplete: 'username', size: 16, pattern: '[a-z0-9][a-z0-9_\\-]{1,31}',
        title: '2 to 32 of a-z, 0-9, _ and -' }),
      field('Password', { id: 'register-password', type: 'password', required: true, minlength: 10, autocomplete: 'new-password', size: 20 }),
      mode === 'invite' ? field('Invitation', { id: 'register-invitation', required: true, size: 28, autocomplete: 'off', placeholder: 'inv_…', value: invitation }) : null,
      el('button', { type: 'submit', id: 'account-register' }, 'Make my account')),
    el('p', { class: 'muted' }, 'Your name is public: it stands beside your bots and their games. A password of 10 characters or more, not a common one.',
      mode === 'invite' ? ' This server takes newcomers by invitation: the host gives you a code, good for one account.' : ''));
  form.addEventListener('submit', async e => {
    e.preventDefault();
    const body = { name: form.querySelector('#register-name').value.trim(), password: form.querySelector('#register-password').value };
    const inv = form.querySelector('#register-invitation');
    if (inv) body.invitation = inv.value.trim();
    try {
      await api('POST', '/v1/accounts', body);
      showVisitor();
      onDone();
    } catch (err) { showProblem(box, err); }
  });
  return el('div', { class: 'panel', id: 'account-register-panel' }, el('h2', {}, 'New here? Make an account'), form, box);
}

// said tells what an action did, in words, at the top of My account, until
// the next action.
function said(text) {
  const box = document.getElementById('account-said');
  if (box) box.replaceChildren(...(text ? [el('p', { class: 'said', role: 'status' }, text)] : []));
}

function passwordPanel(hasOne, onDone) {
  const box = actionBox();
  const form = el('form', { id: 'account-password-form', class: 'row' },
    hasOne ? field('Current', { id: 'password-current', type: 'password', required: true, autocomplete: 'current-password', size: 16 }) : null,
    field(hasOne ? 'New' : 'Password', { id: 'password-new', type: 'password', required: true, minlength: 10, autocomplete: 'new-password', size: 16 }),
    el('button', { type: 'submit', class: 'secondary', id: 'account-set-password' }, hasOne ? 'Change it' : 'Set it'));
  form.addEventListener('submit', async e => {
    e.preventDefault();
    const cur = form.querySelector('#password-current');
    try {
      await api('PUT', '/v1/owners/me/password', { current: cur ? cur.value : '', password: form.querySelector('#password-new').value }, asOwner());
      // Said after the page is drawn again (which draws this panel anew).
      await onDone();
      said(hasOne ? 'Your password is changed: sign in with it from now on. Your sign-ins on other browsers are ended; this one goes on.'
        : 'Your password is set: sign in with it on any browser.');
    } catch (err) { showProblem(box, err); }
  });
  return el('div', { class: 'panel', id: 'account-password-panel' }, el('h2', {}, 'Password'),
    el('p', { class: 'muted' }, hasOne ? 'Change the password you sign in with.' : 'Your account has no password yet: set one to sign in on this page without a token.'),
    form, box);
}

export async function render(main, _rest, query = new URLSearchParams()) {
  const problemBox = el('div');
  const who = el('p', { id: 'account-who' });
  const saidBox = el('div', { id: 'account-said' });
  const outside = el('div', { id: 'account-outside' });
  const inside = el('div', { id: 'account-inside' });
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
  const leftBox = actionBox({ id: 'account-left' });
  const passwordBox = el('div');
  const signOut = el('button', { class: 'secondary', id: 'account-signout', hidden: true }, 'Sign out');
  const loginsBody = el('tbody');
  const loginsBox = el('div', { id: 'account-logins-said' });
  const endOthers = el('button', { class: 'secondary', id: 'account-end-others' }, 'End every other sign-in');
  let me = '';
  main.append(el('h1', {}, 'My account'),
    el('div', { class: 'row' }, who, signOut, el('a', { href: '#/bots' }, 'My bots')),
    saidBox, problemBox, outside, inside,
    el('details', { class: 'panel', id: 'account-token-panel', open: ownerToken() ? true : undefined },
      el('summary', {}, 'Or act with an owner token'),
      el('p', { class: 'muted' }, 'A token from the host, or one you made below: this browser sends it instead of your sign-in.'),
      el('div', { class: 'row' }, el('label', {}, 'Owner token', tokenInput))));
  inside.append(
    el('div', { class: 'panel' }, el('h2', {}, 'API tokens'),
      el('p', { class: 'muted' }, 'A program (or this page) acts as you with any of these, sent as X-API-Key. A token is shown once, when made; revoke one you no longer use, or that others may have seen: it is refused at once.'),
      form, fresh,
      el('table', { id: 'account-tokens' }, el('thead', {}, el('tr', {}, [['Name'], ['Starts', 'opt'], ['Made', 'opt'], ['Last used'], ['', 'act']].map(([h, c]) => el('th', { class: c }, h)))), body)),
    passwordBox,
    el('div', { class: 'panel', id: 'account-logins-panel' }, el('h2', {}, 'Sign-ins'),
      el('p', { class: 'muted' }, 'Every browser signed in as you. End one you do not know, or left signed in elsewhere: it is signed out at once. Changing your password ends all but this one.'),
      endOthers, loginsBox,
      el('table', { id: 'account-logins' }, el('thead', {}, el('tr', {}, ['Browser', 'From', 'Since', 'Until', ''].map(h => el('th', {}, h)))), loginsBody)),
    el('div', { class: 'panel' }, el('h2', {}, 'Leave'),
      el('p', { class: 'muted' }, 'Deletes your account: your bots leave the ladder and their files go, every token of yours is refused. Your finished games stay in standings and records under your name, which nobody else may take.'),
      leaveForm, leftBox));

  signOut.addEventListener('click', async () => {
    try {
      await api('POST', '/v1/accounts/logout');
      // Signing out of this browser forgets its token as well.
      localStorage.removeItem(tokenKey);
      tokenInput.value = '';
      fresh.replaceChildren();
      showVisitor();
      load();
    } catch (e) { showProblem(problemBox, e); }
  });

  leaveForm.addEventListener('submit', async e => {
    e.preventDefault();
    if (!me || confirmName.value.trim() !== me) {
      leftBox.replaceChildren(el('p', { class: 'problem' }, me ? `Type your name, ${me}, to delete your account.` : 'Sign in first.'));
      return;
    }
    const gone = me;
    try {
      await api('DELETE', '/v1/owners/me', undefined, asOwner());
      localStorage.removeItem(tokenKey);
      tokenInput.value = '';
      await api('POST', '/v1/accounts/logout').catch(() => null);
      leftBox.replaceChildren(el('p', {}, `The account ${gone} is deleted.`));
      main.prepend(el('p', { id: 'account-deleted' }, `The account ${gone} is deleted.`));
      load();
    } catch (err) { showProblem(leftBox, err); }
  });

  const showOutside = async () => {
    inside.hidden = true;
    signOut.hidden = true;
    body.replaceChildren();
    who.replaceChildren('You are not signed in.');
    who.dataset.state = 'out';
    let mode = 'closed';
    try { mode = (await api('GET', '/v1/server')).registration; } catch { /* closed, as the server would say */ }
    outside.replaceChildren(signInPanel(load), registerPanel(mode, load, query.get('invitation') || ''));
  };

  const load = async () => {
    showProblem(problemBox);
    me = '';
    let answer;
    try {
      // Who this is, asked where nobody is an answer rather than a 401.
      const v = await api('GET', '/v1/accounts/visitor', undefined, asOwner());
      if (v.disabled) {
        await showOutside();
        who.replaceChildren(`The host has disabled the account ${v.disabled}: it can sign in to nothing, and its bots play no games, until the host enables it. ` +
          (v.disabled_why ? `The host's reason: ${v.disabled_why}` : 'The host gave no reason: ask the host why.'));
        who.dataset.state = 'disabled';
        return;
      }
      if (!v.signed_in && !ownerToken()) return showOutside();
      answer = await api('GET', '/v1/owners/me', undefined, asOwner());
    } catch (e) {
      await showOutside();
      showProblem(problemBox, e);
      return;
    }
    me = answer.owner;
    if (!me) {
      await showOutside();
      who.replaceChildren("This browser holds the server's admin key, which is no owner: sign in, or paste an owner's token.");
      return;
    }
    outside.replaceChildren();
    inside.hidden = false;
    signOut.hidden = false;
    who.replaceChildren(answer.signed_in ? 'Signed in as ' : 'Acting as ', el('strong', {}, me),
      answer.signed_in ? '.' : ' with this browser\'s token.');
    passwordBox.replaceChildren(passwordPanel(answer.password, load));
    loadLogins();
    try {
      const list = await api('GET', '/v1/owners/me/tokens', undefined, asOwner());
      body.replaceChildren(...list.tokens.map(t => el('tr', { 'data-id': t.id },
        el('td', {}, t.name, t.current ? el('span', { class: 'muted' }, ' (this browser)') : null),
        el('td', { class: 'opt' }, el('code', {}, (t.prefix || 'gat_') + '…')),
        el('td', { class: 'opt' }, when(t.created_at)), el('td', {}, when(t.last_used) || 'never'),
        el('td', { class: 'act' }, el('button', { class: 'secondary revoke', onclick: () => revoke(t) }, 'Revoke')))));
    } catch (e) {
      body.replaceChildren();
      showProblem(problemBox, e);
    }
  };

  const loadLogins = async () => {
    try {
      const list = await api('GET', '/v1/owners/me/logins', undefined, asOwner());
      loginsBody.replaceChildren(...list.logins.map(l => el('tr', { 'data-id': l.id },
        el('td', {}, l.agent || 'unknown', l.current ? el('span', { class: 'muted' }, ' (this browser)') : null),
        el('td', {}, l.client || ''), el('td', {}, when(l.created_at)), el('td', {}, when(l.expires)),
        el('td', {}, l.current ? null : el('button', { class: 'secondary end-login', onclick: () => endLogin(l) }, 'End')))));
      endOthers.disabled = !list.logins.some(l => !l.current);
    } catch (e) { showProblem(loginsBox, e); }
  };

  const endLogin = async l => {
    try {
      await api('DELETE', `/v1/owners/me/logins/${encodeURIComponent(l.id)}`, undefined, asOwner());
      loginsBox.replaceChildren(el('p', {}, `The sign-in from ${l.client || 'an unknown network'} is ended.`));
      loadLogins();
    } catch (e) { showProblem(loginsBox, e); }
  };

  endOthers.addEventListener('click', async () => {
    try {
      const r = await api('DELETE', '/v1/owners/me/logins', undefined, asOwner());
      loginsBox.replaceChildren(el('p', {}, r.ended === 1 ? 'One other sign-in is ended.' : `${r.ended} other sign-ins are ended.`));
      loadLogins();
    } catch (e) { showProblem(loginsBox, e); }
  });

  const revoke = async t => {
    const warn = t.current ? ' This browser uses it: it will open nothing here until you paste another or sign in.' : '';
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
