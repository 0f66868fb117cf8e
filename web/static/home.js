import { el, api, showProblem } from './ui.js';

// The home page: what this server is for, and a door for each kind of
// visitor: someone who wants a game, a bot author, someone following the
// ladders and competitions, a record hunter. Our engines and their
// settings are one click away, folded.
export async function render(main) {
  const joinBox = el('p', { class: 'muted', id: 'home-join' });
  const door = (id, title, text, links) => el('div', { class: 'panel door', id },
    el('h2', {}, title), el('p', {}, text), el('p', { class: 'row' }, links.map(([href, label, cls]) => el('a', { href, class: cls || 'button' }, label))));
  main.append(el('h1', {}, 'gameai'),
    el('p', { class: 'lead' }, "Nine Men's Morris, Less (CodeCup 2017) and Morpion Solitaire, played by expert engines, against you or against each other. Bring your own bot and it plays ours and everyone else's, on a rated ladder and in competitions."),
    el('div', { class: 'cols doors' },
      door('home-play', 'Play', 'A game against our engines, from the first move or any position you paste.',
        [['#/morris', "Nine Men's Morris"], ['#/less', 'Less'], ['#/morpion', 'Morpion Solitaire']]),
      door('home-bots', 'Bring your bot', 'Upload a program (C, C++, Go, Python or a static executable) speaking CodeCup\'s Less protocol or Sanmill\'s Morris protocol: it is built, checked in real games, and enters the ladder.',
        [['#/bots', 'Upload a bot'], ['#/account', 'My account', 'button secondary']]),
      door('home-follow', 'Follow', 'The ladders rate every bot game after game; competitions play round-robins and Swiss events with standings and replays.',
        [['#/ladders/less', 'Less ladder'], ['#/ladders/morris', 'Morris ladder'], ['#/competitions', 'Competitions', 'button secondary']]),
      door('home-records', 'Hunt records', 'Morpion Solitaire 5T and 5D: the world records are 178 and 82. Search with NRPA and nested Monte Carlo, check and convert grids.',
        [['#/morpion', 'Morpion'], ['#/jobs', 'Searches and jobs', 'button secondary']])),
    joinBox);
  const engines = el('details', { class: 'panel', id: 'home-engines' }, el('summary', {}, 'Our engines and their settings'));
  main.append(engines, el('p', { class: 'muted' }, 'Everything here uses the ', el('a', { href: '/swagger/index.html' }, 'public API'),
    ' · ', el('a', { href: '#/tuning' }, 'Tune the Morris evaluation'), ' · ', el('a', { href: '#/host' }, 'I host this server')));
  api('GET', '/v1/server').then(info => {
    joinBox.replaceChildren(info.registration === 'closed'
      ? 'Accounts on this server are made by its host: ask them for one to upload a bot.'
      : info.registration === 'invite' ? 'This server takes new bot authors by invitation: with a code from its host, make your account on My account.'
        : 'Anyone may make an account here: My account, then upload a bot.');
  }).catch(() => null);
  try {
    const { games } = await api('GET', '/v1/games');
    const links = { morris: '#/morris', less: '#/less', morpion: '#/morpion' };
    engines.append(el('div', { class: 'cols' }, games.map(g => el('div', {},
      el('h3', {}, el('a', { href: links[g.name] || '#/' }, g.title)),
      el('p', { class: 'muted' }, `Variants: ${g.variants.join(', ')}. Players: ${g.players}.`),
      el('ul', {}, g.engines.map(e => el('li', {}, el('strong', {}, e.name), e.default ? ' (default)' : '', ': ', e.description)))))));
  } catch (e) { showProblem(engines, e); }
}
