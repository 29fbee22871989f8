// Whether this browser can run the game: the module needs WebAssembly with
// SIMD. Where it cannot, #unsupported says so in the page's language,
// instead of a board that never comes. Its words are in the page (the
// app's own are in the module this browser cannot run); the language is
// picked as the app picks it: an embed's lang=, the one chosen before,
// the browser's.
(() => {
  // The smallest module that uses SIMD: a function returning v128.const 0.
  const probe = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0,
    10, 22, 1, 20, 0, 253, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 11]);
  try {
    if (WebAssembly.validate(probe)) return;
  } catch {
    // No WebAssembly at all.
  }
  const note = document.getElementById('unsupported');
  if (!note) return;
  let saved = null;
  try {
    // Kept as {"kind":"lang","version":1,"data":"it"}, or the code alone.
    const text = localStorage.getItem('cheversi.lang');
    saved = text && (text.startsWith('{') ? JSON.parse(text).data : text);
  } catch {
    // Storage refused or unreadable: the browser's language.
  }
  const wanted = [new URLSearchParams(location.search).get('lang'), saved, ...(navigator.languages ?? [])];
  const lang = wanted.map((code) => String(code ?? '').slice(0, 2).toLowerCase())
    .find((code) => code === 'en' || note.dataset[code]) ?? 'en';
  if (lang !== 'en') {
    note.textContent = note.dataset[lang];
    document.documentElement.lang = lang;
  }
  note.hidden = false;
})();
