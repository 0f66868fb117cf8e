import { el, api, showProblem } from './ui.js';

// The home page: what this server plays, with a link to each page.
export async function render(main) {
  main.append(el('h1', {}, 'gameai'),
    el('p', {}, 'Play the engines, watch long work, look at the results. Everything here uses the ',
      el('a', { href: '/swagger/index.html' }, 'public API'), '.'));
  const box = el('div');
  main.append(box);
  try {
    const { games } = await api('GET', '/v1/games');
    const links = { morris: '#/morris', less: '#/less', morpion: '#/morpion' };
    box.append(el('div', { class: 'cols' }, games.map(g => el('div', { class: 'panel' },
      el('h2', {}, el('a', { href: links[g.name] || '#/' }, g.title)),
      el('p', { class: 'muted' }, `Variants: ${g.variants.join(', ')}. Players: ${g.players}.`),
      el('ul', {}, g.engines.map(e => el('li', {}, el('strong', {}, e.name), e.default ? ' (default)' : '', ': ', e.description)))))));
    box.append(el('p', {}, el('a', { href: '#/tuning' }, 'Tune the Morris evaluation'), ' · ',
      el('a', { href: '#/bots' }, 'Bots: upload yours'), ' · ',
      el('a', { href: '#/jobs' }, 'Jobs')));
  } catch (e) { showProblem(box, e); }
}
