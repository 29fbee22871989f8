// Boards for any page, in two ways:
//
//   import { mount } from 'https://example.org/cheversi/cheversi.js';
//   const board = mount(document.querySelector('#here'), {
//     game: 'cheversi', rules: 'brainking', moves: ['Kd4', 'Qe5'],
//     overlay: 'white', orientation: 'white', interactive: true,
//     level: 'master', size: 360, lang: 'it',
//     onGameOver: (result) => console.log(result.winner, result.scores),
//   });
//   mount(element, { lesson: 'lewicki', onLessonDone: ({ lesson, stars }) => … });
//   board.setOverlay('both'); board.flip(); board.destroy();
//
// and, with this file loaded as a module, every element carrying
// data-cheversi="rules=brainking moves=Kd4 Qe5 overlay=white" becomes a
// board (words without `=` continue the previous value, so moves read
// naturally). data-attrition="variant=duel moves=Nd4 Nf6" does the same
// for Chivalrous Attrition.
//
// Each board is an <iframe> of embed.html beside this file, so boards never
// clash with the page's own scripts, styles or ids. The result object of
// onGameOver is the message embed.html sends (see README).

const EMBED = new URL('embed.html', import.meta.url);
// The options that steer the board here, not embed.html: every other one
// goes to embed.html as given, which checks it and says what is wrong (a
// misspelt key, a switch that is not one) in the board.
const HOST_ONLY = ['title', 'onGameOver', 'onLessonDone'];
const boards = new Map();
// The site's languages (a test holds this list to crates/web/lang/): a
// diagram takes its page's language where the site has it (`it-IT` is
// `it`), and the reader's own otherwise.
const LANGUAGES = ['en', 'it', 'ro'];
/** The site's language of a language tag (`it-IT` is `it`), or null. */
function siteLanguage(tag) {
  const code = String(tag ?? '').split('-')[0].toLowerCase();
  return LANGUAGES.includes(code) ? code : null;
}
// The board's width limits (embed.html's, which says what is wrong with a
// size outside them): the frame takes the default then, so that the board
// can say it.
const SIZES = [160, 1200];
const OVERLAYS = ['off', 'white', 'black', 'both'];

addEventListener('message', (event) => {
  const board = boards.get(event.source);
  const data = event.data;
  if (!board || event.origin !== EMBED.origin || !data || data.source !== 'cheversi') return;
  if (data.type === 'size' && Number.isFinite(data.height)) {
    board.iframe.style.height = `${Math.ceil(data.height)}px`;
  } else if (data.type === 'gameover' && typeof board.onGameOver === 'function') {
    board.onGameOver(data);
  } else if (data.type === 'lessondone' && typeof board.onLessonDone === 'function') {
    board.onLessonDone(data);
  }
});

/** A frame's name where the host gives none: after its game (a lesson's
 * game is the site's to know). */
function defaultTitle(params) {
  if (params.get('game') === 'attrition') return 'Chivalrous Attrition board';
  if (params.has('lesson') && !params.has('game')) return 'Lesson board';
  return 'Cheversi board';
}

/** Puts a board into `element`; returns a handle to steer it. */
export function mount(element, options = {}) {
  if (!(element instanceof Element)) throw new TypeError('mount: the first argument must be an element');
  if (typeof options !== 'object' || options === null) throw new TypeError('mount: the options must be an object');
  // What only this file reads is checked here; embed.html checks the rest.
  for (const key of ['onGameOver', 'onLessonDone']) {
    if (options[key] != null && typeof options[key] !== 'function') {
      throw new TypeError(`mount: ${key} must be a function`);
    }
  }
  const moves = options.moves;
  if (moves != null && !Array.isArray(moves) && typeof moves !== 'string') {
    throw new TypeError('mount: moves must be a list of moves or a string');
  }
  const params = new URLSearchParams();
  for (const [key, given] of Object.entries(options)) {
    let value = given;
    if (HOST_ONLY.includes(key) || value === undefined || value === null) continue;
    if (key === 'moves' && Array.isArray(value)) value = value.join('.');
    // A language tag with a region (`it-IT`) is its language, as for a
    // diagram's page; another value goes as given, to be refused there.
    if (key === 'lang' && typeof value === 'string') value = siteLanguage(value) ?? value;
    if (typeof value === 'boolean') value = value ? '1' : '0';
    params.set(key, String(value));
  }
  if (!params.has('game') && !params.has('lesson')) params.set('game', 'cheversi');
  const url = new URL(EMBED);
  url.search = params.toString();
  const iframe = document.createElement('iframe');
  iframe.src = url.href;
  iframe.title = options.title ?? defaultTitle(params);
  iframe.loading = 'lazy';
  const size = Number(options.size);
  const width = Number.isInteger(size) && size >= SIZES[0] && size <= SIZES[1] ? size : 360;
  iframe.style.width = `${width + 8}px`;
  iframe.style.height = `${width + 180}px`;
  iframe.style.border = '0';
  iframe.style.maxWidth = '100%';
  element.replaceChildren(iframe);
  const board = { iframe, onGameOver: options.onGameOver, onLessonDone: options.onLessonDone };
  const post = (message) => iframe.contentWindow?.postMessage({ source: 'cheversi-host', ...message }, EMBED.origin);
  iframe.addEventListener('load', () => boards.set(iframe.contentWindow, board));
  return {
    element,
    iframe,
    setOverlay: (overlay) => {
      if (!OVERLAYS.includes(overlay)) throw new TypeError(`setOverlay: '${overlay}' is not one of ${OVERLAYS.join(', ')}`);
      post({ type: 'overlay', overlay });
    },
    flip: () => post({ type: 'flip' }),
    destroy: () => { boards.delete(iframe.contentWindow); iframe.remove(); },
  };
}

/** Reads "rules=brainking moves=Kd4 Qe5 overlay=white". */
export function parseDiagram(text) {
  const options = {};
  let last = null;
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const at = word.indexOf('=');
    if (at > 0) {
      last = word.slice(0, at);
      options[last] = word.slice(at + 1);
    } else if (last) {
      options[last] += ` ${word}`;
    }
  }
  if (options.moves) options.moves = options.moves.split(/[\s.,]+/).filter(Boolean);
  return options;
}

/** Turns every data-cheversi / data-attrition element under `root` into a board. */
export function mountAll(root = document) {
  const mounted = [];
  for (const element of root.querySelectorAll('[data-cheversi], [data-attrition]')) {
    if (element.dataset.mounted) continue;
    element.dataset.mounted = 'true';
    const attrition = element.hasAttribute('data-attrition');
    const options = parseDiagram(element.getAttribute(attrition ? 'data-attrition' : 'data-cheversi'));
    options.game = attrition ? 'attrition' : 'cheversi';
    options.lang ??= siteLanguage(document.documentElement.lang) ?? undefined;
    options.title ??= element.getAttribute('aria-label') ?? undefined;
    mounted.push(mount(element, options));
  }
  return mounted;
}

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', () => mountAll());
} else {
  mountAll();
}
