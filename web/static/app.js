// The page's shell: a router over the hash (#/morris/ID) that loads each
// page's module when it is first opened.
import { el, showVisitor } from './ui.js';

const pages = {
  '': () => import('./home.js'),
  morris: () => import('./morris.js'),
  less: () => import('./less.js'),
  morpion: () => import('./morpion.js'),
  tuning: () => import('./tuning.js'),
  jobs: () => import('./jobs.js'),
  bots: () => import('./bots.js'),
  account: () => import('./account.js'),
  host: () => import('./host.js'),
  competitions: () => import('./competitions.js'),
  ladders: () => import('./ladders.js'),
  protocol: () => import('./protocol.js'),
};

let cleanup = null;

async function route() {
  const [name, ...rest] = location.hash.replace(/^#\/?/, '').split('?')[0].split('/');
  const query = new URLSearchParams(location.hash.split('?')[1] || '');
  const main = document.getElementById('main');
  if (cleanup) { cleanup(); cleanup = null; }
  const load = pages[name];
  if (!load) {
    main.replaceChildren(el('h1', {}, 'Not found'), el('p', {}, 'No page ', el('code', {}, location.hash), '. ', el('a', { href: '#/' }, 'Home')));
    return;
  }
  const mod = await load();
  main.replaceChildren();
  cleanup = (await mod.render(main, rest.map(decodeURIComponent), query)) || null;
  showVisitor();
}

window.addEventListener('hashchange', route);
route();
