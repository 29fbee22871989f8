// Starts the computer player: trunk builds the worker as no-modules
// output (worker.js + worker_bg.wasm) beside this file. A failed start is
// rethrown outside the promise so the page sees the worker's error event
// and starts a new one.
importScripts('./worker.js');
wasm_bindgen({ module_or_path: './worker_bg.wasm' }).catch((e) => {
  setTimeout(() => { throw e; });
});
