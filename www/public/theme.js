// The colour theme: the system's (prefers-color-scheme) unless the player
// chose light or dark with the header's switch (#theme), remembered in
// localStorage. Loaded without defer or async in every page's head, so the
// choice is in place before the first paint: the stylesheets follow
// <html data-theme="light|dark"> and, without it, the system.
(() => {
  const KEY = 'cheversi.theme';
  const CHOICES = ['auto', 'light', 'dark'];
  const root = document.documentElement;

  function saved() {
    try {
      const value = localStorage.getItem(KEY);
      return CHOICES.includes(value) ? value : 'auto';
    } catch {
      return 'auto';
    }
  }

  let current = 'auto';
  function apply(choice) {
    current = choice;
    if (choice === 'auto') delete root.dataset.theme;
    else root.dataset.theme = choice;
    // The switch shows the choice: its words come from the language files
    // (one span per choice, the others hidden by the stylesheet).
    root.dataset.themeChoice = choice;
    // The browser's own bar: <meta name="theme-color" media="(prefers-color-scheme: …)">
    // (the game's head) follows the choice as well.
    for (const meta of document.querySelectorAll('meta[name="theme-color"][media]')) {
      meta.dataset.media ??= meta.media;
      const scheme = /light|dark/.exec(meta.dataset.media)?.[0];
      meta.media = choice === 'auto' ? meta.dataset.media : (scheme === choice ? 'all' : 'not all');
    }
  }

  apply(saved());

  function wire() {
    const button = document.getElementById('theme');
    if (!button) return;
    button.addEventListener('click', () => {
      const next = CHOICES[(CHOICES.indexOf(current) + 1) % CHOICES.length];
      try {
        localStorage.setItem(KEY, next);
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      apply(next);
    });
  }
  // Another tab changed the theme.
  window.addEventListener('storage', (e) => { if (e.key === KEY) apply(saved()); });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', wire);
  else wire();
})();

// The page's language, chosen before the module runs, on the pages that
// ask (index.html and embed.html: data-words on this script's tag), as the
// module chooses it (crates/web/src/app/lang.rs): an embed's lang=, the
// one chosen before, the browser's. Other than English, its words file is
// fetched at once (the module's own fetch then finds it), and the page
// stays hidden until the module has put the words in place (style.css,
// html[data-words="pending"]): it never shows in English first. The
// choice is left in html[data-lang-wanted] for support.js. Written as
// support.js is, for old browsers too.
(function () {
  var script = document.currentScript;
  if (!script || !script.hasAttribute('data-words')) return;
  // The site's languages (a test holds this list to crates/web/lang/).
  var LANGUAGES = ['en', 'it', 'ro'];
  var saved = null;
  try {
    // Kept as {"kind":"lang","version":1,"data":"it"}, or the code alone.
    var text = localStorage.getItem('cheversi.lang');
    saved = text && (text.charAt(0) === '{' ? JSON.parse(text).data : text);
  } catch (unreadable) {
    // Storage refused or unreadable: the browser's language.
  }
  var wanted = [new URLSearchParams(location.search).get('lang'), saved]
    .concat(navigator.languages || [navigator.language]);
  var lang = wanted.map(function (code) { return String(code || '').split('-')[0].toLowerCase(); })
    .filter(function (code) { return LANGUAGES.indexOf(code) >= 0; })[0] || 'en';
  var root = document.documentElement;
  root.setAttribute('data-lang-wanted', lang);
  if (lang === 'en') return;
  root.setAttribute('data-words', 'pending');
  var link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  link.crossOrigin = 'anonymous';
  link.href = 'lang/' + lang + '.lang';
  document.head.appendChild(link);
})();
