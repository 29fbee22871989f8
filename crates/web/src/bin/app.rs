//! The browser game's one wasm module: the page's front end in a window,
//! the computer player in a Web Worker (the worker loads this same module,
//! so the site ships the engine once).
fn main() {
    #[cfg(target_arch = "wasm32")]
    cheversi_web::start();
}
