// Starts the computer player: a module worker that loads the page's own
// wasm module (trunk's app.js and app_bg.wasm, whose content-hashed names
// scripts/post-build.py writes in place of the two below before saving
// this loader as worker-loader-<hash>.js, the name index.html's
// <meta name="cheversi-worker"> gives). The page's first message is its
// compiled module, so the worker neither fetches nor compiles it again;
// anything else falls back to the file. In a worker the module starts the
// computer player, not the board. A failed start is rethrown outside the
// promise so the page sees the worker's error event and starts a new one.
import init from './app.js';

addEventListener('message', (event) => {
  const source = event.data instanceof WebAssembly.Module ? event.data : './app_bg.wasm';
  init({ module_or_path: source }).catch((e) => {
    setTimeout(() => { throw e; });
  });
}, { once: true });
