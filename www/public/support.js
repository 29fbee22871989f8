// Whether this browser can run the game: the module needs WebAssembly with
// reference types and SIMD (Chrome and Edge 96, Firefox 89, Safari 16.4).
// Where it cannot, #unsupported says so in the page's language, instead of
// a board that never comes. Its words are in the page (the app's own are
// in the module this browser cannot run); the language is picked as the
// app picks it: an embed's lang=, the one chosen before, the browser's.
// Written for old browsers: nothing newer than ES2015
// (tests/languages.test.js parses it so).
(() => {
  // The smallest module that uses both: a function taking an externref
  // and returning v128.const 0.
  const probe = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 6, 1, 96, 1, 111, 1, 123, 3, 2, 1, 0,
    10, 22, 1, 20, 0, 253, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 11]);
  try {
    if (WebAssembly.validate(probe)) return;
  } catch (noWasm) {
    // No WebAssembly at all.
  }
  const note = document.getElementById('unsupported');
  if (!note) return;
  let saved = null;
  try {
    // Kept as {"kind":"lang","version":1,"data":"it"}, or the code alone.
    const text = localStorage.getItem('cheversi.lang');
    saved = text && (text.charAt(0) === '{' ? JSON.parse(text).data : text);
  } catch (unreadable) {
    // Storage refused or unreadable: the browser's language.
  }
  const embedded = document.body.hasAttribute('data-embed');
  const wanted = [embedded ? new URLSearchParams(location.search).get('lang') : null, saved]
    .concat(navigator.languages || [navigator.language]);
  const known = (code) => code === 'en' || note.getAttribute('data-' + code) !== null;
  const lang = wanted.map((code) => String(code || '').split('-')[0].toLowerCase()).filter(known)[0] || 'en';
  if (lang !== 'en') note.textContent = note.getAttribute('data-' + lang);
  note.lang = lang;
  note.hidden = false;
})();
