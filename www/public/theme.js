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
