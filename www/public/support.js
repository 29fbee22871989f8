// Whether this browser can run the game: the module needs WebAssembly with
// reference types and SIMD (Chrome and Edge 96, Firefox 89, Safari 16.4).
// Where it cannot, #unsupported says so in the page's language, instead of
// a board that never comes. Its words are in the page (the app's own are
// in the module this browser cannot run); the language is the one
// theme.js picked, as the app picks it.
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
  // The language theme.js chose, as the app would.
  const root = document.documentElement;
  const wanted = root.getAttribute('data-lang-wanted') || 'en';
  const lang = note.getAttribute('data-' + wanted) !== null ? wanted : 'en';
  if (lang !== 'en') note.textContent = note.getAttribute('data-' + lang);
  note.lang = lang;
  note.hidden = false;
  // No words will come from the module: the page shows now.
  root.removeAttribute('data-words');
})();
