// Starts the computer player: trunk builds the worker as no-modules
// output (worker.js + worker_bg.wasm); scripts/post-build.py gives both
// names made from their content and writes this loader, naming them, as
// worker-loader-<hash>.js (the name index.html's
// <meta name="cheversi-worker"> gives) and as worker-loader.js. A failed
// start is rethrown outside the promise so the page sees the worker's
// error event and starts a new one.
importScripts('./worker.js');
wasm_bindgen({ module_or_path: './worker_bg.wasm' }).catch((e) => {
  setTimeout(() => { throw e; });
});
