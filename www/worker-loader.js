// Starts the computer player: trunk builds the worker as no-modules
// output (worker.js + worker_bg.wasm) beside this file.
importScripts('./worker.js');
wasm_bindgen({ module_or_path: './worker_bg.wasm' });
