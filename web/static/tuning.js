import { api, el, showProblem, follow, keyField, lineChart, fmt, taskStats, hostOnly } from './ui.js';

// Tuning the 19 Morris coefficients: start a tuning (the host's, with the
// API key), watch
// best and mean fitness a generation as a chart, the best vector and
// games/s; the strategies, each playable.

export async function render(main, [jobID]) {
  const problemBox = el('div');
  const form = el('form', { class: 'row', id: 'tuning-form' },
    el('label', {}, 'Population', el('input', { type: 'number', name: 'population', value: 100, min: 2 })),
    el('label', {}, 'Elite', el('input', { type: 'number', name: 'elite', value: 10, min: 1 })),
    el('label', {}, 'Selected', el('input', { type: 'number', name: 'selected', value: 40, min: 1 })),
    el('label', {}, 'Refill', el('input', { type: 'number', name: 'refill', value: 150, min: 2 })),
    el('label', {}, 'Generations', el('input', { type: 'number', name: 'generations', value: 10, min: 1 })),
    el('label', {}, 'Depth', el('input', { type: 'number', name: 'depth', value: 2, min: 1, max: 12 })),
    el('label', {}, 'Opponents', el('input', { name: 'opponents', value: 'default', size: 24, title: 'presets, trained strategies, default, random, random:N, NAME=c0,...,c18' })),
    el('label', {}, 'Seed', el('input', { type: 'number', name: 'seed', value: 1, min: 0 })),
    el('label', {}, 'Name of the result', el('input', { name: 'name', placeholder: 'tuned-1' })),
    keyField(),
    el('button', { id: 'tuning-start' }, 'Tune'));
  const panel = el('div', { class: 'panel', id: 'tuning-host' }, form);
  const live = el('div', { id: 'tuning-live' });
  const strategies = el('table', { id: 'tuning-strategies' });
  main.append(el('h1', {}, 'Tuning the Morris evaluation'),
    el('p', { class: 'muted' }, "The 2019 study's genetic algorithm: each vector's fitness is the points it scores against the control strategies with both colours."),
    problemBox, hostOnly(panel, 'tuning-host-reveal', 'I host this server: start a tuning'), panel, live, el('h2', {}, 'Strategies'), strategies);
  form.addEventListener('submit', async e => {
    e.preventDefault();
    const f = new FormData(form);
    const req = { population: Number(f.get('population')), elite: Number(f.get('elite')), selected: Number(f.get('selected')),
      refill: Number(f.get('refill')), generations: Number(f.get('generations')), depth: Number(f.get('depth')),
      seed: Number(f.get('seed')), opponents: String(f.get('opponents')).split(/[;\s]+|,(?=[a-z])/i).filter(Boolean) };
    if (f.get('name')) req.name = f.get('name');
    try {
      const job = await api('POST', '/v1/morris/tunings', req);
      location.hash = '#/tuning/' + job.id;
    } catch (err) { showProblem(problemBox, err); }
  });

  const loadStrategies = async () => {
    try {
      const s = await api('GET', '/v1/morris/strategies');
      strategies.replaceChildren(el('tr', {}, ['Name', 'Kind', 'Fitness', 'Coefficients', ''].map(h => el('th', {}, h))),
        ...s.strategies.map(x => el('tr', {}, el('td', {}, x.name), el('td', {}, x.kind), el('td', {}, x.fitness ?? ''),
          el('td', { class: 'mono' }, x.coefficients.join(' ')),
          el('td', {}, el('a', { href: `#/morris?strategy=${encodeURIComponent(x.name)}` }, 'play')))));
    } catch (e) { showProblem(problemBox, e); }
  };
  loadStrategies();
  if (!jobID) return null;

  const status = el('div', { class: 'status', id: 'tuning-status' });
  const stats = el('dl', { class: 'kv' });
  const chart = el('div', { id: 'tuning-chart' });
  live.append(el('h2', {}, 'Tuning ', el('a', { href: '#/jobs/' + jobID }, jobID)), status, chart, stats);
  return follow(jobID, (job, final) => {
    const p = job.progress.best || {};
    const history = (final && job.result && job.result.history) || p.history || [];
    status.textContent = `${job.status}: ${job.progress.message || ''}`;
    status.dataset.status = job.status;
    chart.replaceChildren(lineChart([
      { name: 'best', color: '#2563eb', points: history.map(h => [h.generation, h.best]) },
      { name: 'mean', color: '#f59e0b', points: history.map(h => [h.generation, h.mean]) }], { xLabel: 'generation', yLabel: 'fitness' }));
    chart.dataset.points = String(history.length);
    const best = (final && job.result && job.result.best) || null;
    stats.replaceChildren(
      el('dt', {}, 'Generation'), el('dd', {}, `${p.generation ?? '—'} of ${p.generations ?? '—'}`),
      el('dt', {}, 'Best vector'), el('dd', { class: 'mono' }, ((best && best.genes) || p.best_vector || []).join(' ')),
      el('dt', {}, 'Games'), el('dd', {}, fmt(p.games ?? 0)),
      el('dt', {}, 'Games/s'), el('dd', {}, fmt(p.games_per_s ?? 0)),
      ...taskStats(p.tasks));
    if (final) loadStrategies();
  });
}
