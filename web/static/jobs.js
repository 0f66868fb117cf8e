import { api, el, showProblem, follow, keyField, hostOnly, pagedTable } from './ui.js';

// Jobs: the list (filter by kind and status, page by page) and a page a
// job, live by Server-Sent Events, with cancel.

const statuses = ['', 'queued', 'running', 'succeeded', 'failed', 'cancelled', 'interrupted'];
const kinds = ['', 'morpion-search', 'morris-tuning', 'less-match', 'competition', 'morris-db-build'];
const pageFor = j => j.kind === 'morpion-search' ? `#/morpion/job/${j.id}` : j.kind === 'morris-tuning' ? `#/tuning/${j.id}` : `#/jobs/${j.id}`;

export async function render(main, [id]) {
  return id ? one(main, id) : list(main);
}

async function list(main) {
  const problemBox = el('div');
  const kind = el('select', { id: 'jobs-kind' }, kinds.map(k => el('option', { value: k }, k || 'any kind')));
  const status = el('select', { id: 'jobs-status' }, statuses.map(s => el('option', { value: s }, s || 'any status')));
  const body = el('tbody');
  const more = el('button', { class: 'secondary' }, 'More');
  main.append(el('h1', {}, 'Jobs'), el('div', { class: 'row' }, el('label', {}, 'Kind', kind), el('label', {}, 'Status', status)),
    problemBox, el('table', { id: 'jobs-table' }, el('thead', {}, el('tr', {}, [['Created', 'opt'], ['Kind'], ['Status'], ['Progress']].map(([h, c]) => el('th', { class: c }, h)))), body), more);
  const load = pagedTable({ body, more, problemBox, path: '/v1/jobs', items: 'jobs', limit: 20, empty: 'No job.', colspan: 4,
    query: () => ({ kind: kind.value, status: status.value }),
    row: j => el('tr', { 'data-job': j.id },
      el('td', { class: 'opt' }, new Date(j.created_at).toLocaleString()), el('td', {}, el('a', { href: pageFor(j), class: 'open' }, j.kind)),
      el('td', {}, j.status), el('td', { class: 'progress' }, `${Math.round(j.progress.fraction * 100)}% ${j.progress.message || ''}`)) });
  kind.addEventListener('change', () => load(true));
  status.addEventListener('change', () => load(true));
  load(true);
}

function one(main, id) {
  const problemBox = el('div');
  const status = el('div', { class: 'status', id: 'job-status' });
  const note = el('div', { class: 'muted', id: 'job-note' });
  const kv = el('dl', { class: 'kv' });
  const result = el('pre', { id: 'job-result' });
  const cancel = el('button', { class: 'secondary', id: 'job-cancel', onclick: async () => {
    try { await api('DELETE', '/v1/jobs/' + id); } catch (e) { showProblem(problemBox, e); }
  } }, 'Cancel');
  const hostRow = el('div', { class: 'row', id: 'job-host' }, keyField(), cancel);
  main.append(el('h1', {}, 'Job ', el('code', {}, id)), problemBox, status, note, kv, hostOnly(hostRow, 'job-host-reveal'), hostRow,
    el('h2', {}, 'Result'), result);
  api('GET', '/v1/jobs/' + id).catch(e => showProblem(problemBox, e));
  return follow(id, (j, final) => {
    status.textContent = `${j.status}${j.cancel_requested && !final ? ' (cancel requested)' : ''}: ${j.progress.message || ''}`;
    status.dataset.status = j.status;
    kv.replaceChildren(el('dt', {}, 'Kind'), el('dd', {}, j.kind, ' ', el('a', { href: pageFor(j) }, 'its page')),
      el('dt', {}, 'Progress'), el('dd', {}, `${Math.round(j.progress.fraction * 100)}%`),
      el('dt', {}, 'Created'), el('dd', {}, new Date(j.created_at).toLocaleString()),
      el('dt', {}, 'Updated'), el('dd', {}, new Date(j.updated_at).toLocaleString()),
      el('dt', {}, 'Parameters'), el('dd', { class: 'mono' }, JSON.stringify(j.params)),
      j.error ? el('dt', {}, 'Error') : null, j.error ? el('dd', {}, j.error) : null);
    cancel.disabled = final;
    result.textContent = JSON.stringify(final ? j.result : j.progress.best, null, 2) || '';
  }, text => { note.textContent = text; });
}
