import { api, el, showProblem, follow, keyField, lineChart, fmt, taskStats, hostOnly } from './ui.js';

// Morpion Solitaire: a grid pasted or uploaded in any notation the API
// reads (Pentasol, JSON, layer code) with its picture, score, layer analysis
// and the other notations to copy; a record search started here and watched
// live (the best grid redrawn as it improves, score over time, playouts/s);
// and the hall of fame with pictures.

export async function render(main, [, jobID]) {
  const problemBox = el('div');
  const gridText = el('textarea', { id: 'morpion-grid', placeholder: 'Paste a grid: Pentasol text, JSON or a layer code', spellcheck: 'false' });
  const variant = el('select', { id: 'morpion-variant' }, el('option', { value: '5T' }, '5T'), el('option', { value: '5D' }, '5D'));
  const file = el('input', { type: 'file', accept: '.psol,.txt,.json,text/plain,application/json' });
  const numbers = el('input', { type: 'checkbox', id: 'morpion-numbers' });
  const summary = el('dl', { class: 'kv', id: 'morpion-summary' });
  const picture = el('div', { class: 'grid-picture', id: 'morpion-picture' });
  const notations = el('div', { id: 'morpion-notations' });

  main.append(el('h1', {}, 'Morpion Solitaire'), problemBox,
    el('div', { class: 'cols' },
      el('div', { class: 'panel' },
        el('h2', {}, 'A grid'),
        el('div', { class: 'row' }, el('label', {}, 'Variant', variant), el('label', {}, 'or a file', file),
          el('label', { class: 'check' }, numbers, 'move numbers')),
        gridText,
        el('div', { class: 'row' }, el('button', { id: 'morpion-show', onclick: () => show() }, 'Show'))),
      el('div', {}, summary, picture)),
    notations);

  file.addEventListener('change', async () => {
    if (file.files[0]) { gridText.value = await file.files[0].text(); show(); }
  });
  numbers.addEventListener('change', () => gridText.value && show());

  async function show() {
    const req = { variant: variant.value, grid: gridText.value };
    summary.replaceChildren(); picture.replaceChildren(); notations.replaceChildren();
    try {
      const v = await api('POST', '/v1/morpion/grids/validate', req);
      if (!v.valid) {
        showProblem(problemBox, { problem: { title: 'Not a legal grid', detail: v.reason +
          (v.move ? ` (move ${v.move})` : '') + (v.line ? ` (line ${v.line}, column ${v.column})` : '') } });
        return;
      }
      showProblem(problemBox, null);
      const [layers, svgText, ...outs] = await Promise.all([
        api('POST', '/v1/morpion/grids/layers', req),
        api('POST', '/v1/morpion/grids/render', { ...req, numbers: numbers.checked }),
        ...['pentasol', 'json', 'layers'].map(to => api('POST', '/v1/morpion/grids/convert', { ...req, to }))]);
      summary.append(
        el('dt', {}, 'Score'), el('dd', { id: 'morpion-score' }, v.score),
        el('dt', {}, 'Finished'), el('dd', {}, v.finished ? 'yes' : `no: ${v.legal_moves} moves left`),
        el('dt', {}, 'Layer code'), el('dd', { class: 'mono', id: 'morpion-layers' }, layers.code),
        el('dt', {}, 'Layers'), el('dd', {}, `${layers.sizes.length}: ${layers.sizes.join(', ')}`),
        el('dt', {}, 'Orders'), el('dd', {}, `${layers.orders} orders play this grid`));
      picture.innerHTML = svgText;
      notations.append(el('h2', {}, 'The other notations'), el('div', { class: 'cols' },
        outs.map(o => el('div', {}, el('div', { class: 'row' }, el('strong', {}, o.format),
          el('button', { class: 'secondary', onclick: () => navigator.clipboard && navigator.clipboard.writeText(o.output) }, 'Copy')),
          el('pre', { 'data-format': o.format }, o.output)))));
    } catch (e) { showProblem(problemBox, e); }
  }

  // The search.
  const searchBox = el('div', { class: 'panel', id: 'morpion-host' });
  const live = el('div', { id: 'morpion-live' });
  main.append(el('h2', {}, 'A record search'), hostOnly(searchBox, 'morpion-host-reveal', 'I host this server: start a search'), searchBox, live);
  // The settings' fields come from the table the server serves
  // (GET /v1/morpion/search-settings), each shown for the algorithms that
  // read it; one left empty ("by budget", "default") is not sent.
  const settingsBox = el('span', { class: 'row', id: 'morpion-settings' });
  const algorithm = el('select', { name: 'algorithm', onchange: () => showSettings() }, ['nrpa', 'nmcs', 'dna', 'dna-pop'].map(a => el('option', {}, a)));
  const showSettings = () => settingsBox.querySelectorAll('[data-algorithms]').forEach(l => {
    l.hidden = !l.dataset.algorithms.split(' ').includes(algorithm.value);
  });
  const form = el('form', { class: 'row', id: 'morpion-search-form' },
    el('label', {}, 'Variant', el('select', { name: 'variant' }, el('option', {}, '5T'), el('option', {}, '5D'))),
    el('label', {}, 'Algorithm', algorithm),
    settingsBox,
    el('label', {}, 'Seconds', el('input', { type: 'number', name: 'seconds', value: 60, min: 1 })),
    el('label', {}, 'Threads', el('input', { type: 'number', name: 'threads', value: 1, min: 1 })),
    el('label', {}, 'Seed', el('input', { type: 'number', name: 'seed', value: 1, min: 0 })),
    keyField(),
    el('label', { class: 'check' }, el('input', { type: 'checkbox', name: 'warm' }), 'start from the grid above'),
    el('button', { id: 'morpion-search-start' }, 'Search'));
  searchBox.append(form);
  let settings = [];
  api('GET', '/v1/morpion/search-settings').then(t => {
    settings = t.settings;
    settingsBox.replaceChildren(...settings.map(settingField));
    showSettings();
  }).catch(e => showProblem(problemBox, e));
  form.addEventListener('submit', async e => {
    e.preventDefault();
    const f = new FormData(form);
    const req = { variant: f.get('variant'), algorithm: f.get('algorithm'), threads: Number(f.get('threads')),
      seed: Number(f.get('seed')), budget: { time_ms: Number(f.get('seconds')) * 1000 }, parameters: {} };
    // A setting left empty is not sent: the server takes its default, or
    // for NRPA the one measured best at this budget (the job's
    // params.preset says which).
    for (const s of settings) {
      const v = f.get('set:' + s.name);
      if (v === null || v === '' || !s.algorithms.includes(req.algorithm)) continue;
      req.parameters[s.name] = s.kind === 'bool' ? v === 'true' : s.kind === 'int' || s.kind === 'float' ? Number(v) : v === 'plane' ? '' : v;
    }
    if (f.get('warm') && gridText.value) req.start = { grid: gridText.value };
    try {
      const job = await api('POST', '/v1/morpion/searches', req);
      location.hash = '#/morpion/job/' + job.id;
    } catch (err) { showProblem(problemBox, err); }
  });

  let stop = null;

  // The hall of fame.
  const fame = el('div', { class: 'fame', id: 'morpion-fame' });
  const fameVariant = el('select', {}, el('option', {}, '5T'), el('option', {}, '5D'));
  main.append(el('h2', {}, 'Hall of fame ', fameVariant), fame);
  const loadFame = async () => {
    fame.replaceChildren();
    try {
      const { records } = await api('GET', `/v1/morpion/records?variant=${fameVariant.value}&limit=12`);
      if (!records.length) fame.append(el('p', { class: 'muted' }, 'No grid yet: a search puts its best here.'));
      for (const r of records) {
        const fig = el('figure', {}, el('figcaption', {}, el('strong', {}, r.score), ' ', el('span', { class: 'muted' }, r.source || '')));
        fame.append(fig);
        api('POST', '/v1/morpion/grids/render', { variant: fameVariant.value, grid: r.layers, cell: 8 })
          .then(s => { const d = el('div'); d.innerHTML = s; fig.prepend(d); }).catch(() => {});
      }
    } catch (e) { showProblem(fame, e); }
  };
  fameVariant.addEventListener('change', loadFame);
  loadFame();
  // A finished search has put its best grid in the hall of fame.
  if (jobID) stop = watch(jobID, live, problemBox, loadFame);
  return () => stop && stop();
}

// watch follows a search job: status, playouts/s, the best grid redrawn
// when it improves, and the score over time.
function watch(jobID, box, problemBox, onEnd) {
  const status = el('div', { class: 'status' });
  const stats = el('dl', { class: 'kv' });
  const chart = el('div');
  const pic = el('div', { class: 'grid-picture', id: 'morpion-live-picture' });
  const cancel = el('button', { class: 'secondary', onclick: async () => {
    try { await api('DELETE', '/v1/jobs/' + jobID); } catch (e) { showProblem(problemBox, e); }
  } }, 'Cancel');
  box.append(el('div', { class: 'cols' }, el('div', {}, status, stats, cancel, chart), pic));
  let shown = '';
  return follow(jobID, async (job, final) => {
    const p = (final && job.result) || job.progress.best || {};
    status.textContent = `${job.status}: ${job.progress.message || ''}`;
    status.dataset.status = job.status;
    stats.replaceChildren(
      el('dt', {}, 'Best score'), el('dd', { id: 'morpion-live-score' }, p.best_score ?? '—'),
      el('dt', {}, 'Playouts'), el('dd', {}, fmt(p.playouts ?? 0)),
      el('dt', {}, 'Playouts/s'), el('dd', {}, fmt(Math.round(p.playouts_per_s ?? 0))),
      // One a thread, then one more each time a run's top level runs out of
      // patience: how often an hour's search started over.
      ...(p.runs_begun ? [el('dt', { title: 'NRPA or NMCS runs started on all threads: one a thread, and another each time one ends' }, 'Nested runs begun'),
        el('dd', { id: 'morpion-live-runs-begun' }, fmt(p.runs_begun))] : []),
      // Each run that ended is a draw of its own: how many reached each
      // score says what the next hour may bring, where the best says one.
      ...(p.run_bests && p.run_bests.length ? [el('dt', { title: 'Runs that ended by themselves, by the score of their best grid' }, 'Runs ended, by best'),
        el('dd', { id: 'morpion-live-run-bests' }, p.run_bests.map(b => `${b.score} ×${fmt(b.runs)}`).join(' · '))] : []),
      el('dt', {}, 'Elapsed'), el('dd', {}, `${((p.elapsed_ms ?? 0) / 1000).toFixed(1)} s`),
      el('dt', {}, 'Job'), el('dd', {}, el('a', { href: '#/jobs/' + jobID }, jobID)),
      ...(job.params && job.params.preset ? [el('dt', {}, 'Chosen by the budget'), el('dd', { id: 'morpion-live-preset' }, job.params.preset)] : []),
      ...runStats(job.progress.best || {}),
      ...taskStats((job.progress.best || {}).tasks));
    cancel.disabled = final;
    if (final) onEnd();
    const history = (p.improvements || []).map(i => [i.elapsed_ms / 1000, i.score]);
    chart.replaceChildren(lineChart([{ name: 'best score', color: '#2563eb', points: history }], { xLabel: 's', yLabel: 'score' }));
    if (p.best_layers && p.best_layers !== shown) {
      shown = p.best_layers;
      const variant = (job.params && job.params.variant) || '5T';
      try { pic.innerHTML = await api('POST', '/v1/morpion/grids/render', { variant, grid: p.best_layers, cell: 12 }); } catch (e) { /* the next event redraws */ }
    }
  });
}

// runStats is a search's runs as <dt>/<dd> pairs: each run's best (a
// run a thread, or a worker's task), a finished one ticked, and the
// process playing each (a worker, or the server; the name its log gives).
function runStats(p) {
  const runs = p.runs || [];
  return [
    ...(runs.length > 1 ? [el('dt', {}, 'Runs'), el('dd', { id: 'morpion-live-runs' },
      runs.map(r => `${r.best_score}${r.done ? ' ✓' : ''}`).join(' · '))] : []),
    ...(runs.some(r => r.worker) ? [el('dt', {}, 'Played by'), el('dd', { id: 'morpion-live-workers' },
      runs.map(r => r.worker || '…').join(' · '))] : [])];
}

// settingField is a search setting's field: a number (empty: its default,
// or the budget's), on/off/by budget for a flag, and for the region the
// record's octagon, the whole plane or the budget's.
function settingField(s) {
  const name = 'set:' + s.name;
  const chosen = s.default === '' ? 'by budget' : `default ${s.default}`;
  let input;
  switch (s.kind) {
    case 'bool':
      input = el('select', { name }, el('option', { value: '' }, chosen), el('option', { value: 'true' }, 'on'), el('option', { value: 'false' }, 'off'));
      break;
    case 'int': case 'float':
      input = el('input', { type: 'number', name, min: s.min, max: s.max, step: s.kind === 'float' ? 'any' : 1, placeholder: chosen });
      break;
    default:
      input = el('select', { name }, el('option', { value: '' }, chosen), el('option', { value: 'record' }, "the record's octagon"),
        el('option', { value: 'plane' }, 'the whole plane'));
  }
  return el('label', { title: s.description, 'data-algorithms': s.algorithms.join(' ') }, s.name.replaceAll('_', ' '), input);
}
