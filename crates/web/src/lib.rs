//! The browser game: one wasm module, built by trunk, that is the canvas
//! front end in the page ([`app`]) and the computer player in a Web Worker
//! ([`worker`]). The two talk only through [`protocol`].
//!
//! The pure parts — the message type, the page state and its actions
//! ([`state`]), board geometry ([`layout`]), links and embed parameters
//! ([`params`]), the worker's answer ([`answer`]) — build and test
//! natively; the DOM, canvas and worker glue is compiled for wasm32 only.

pub mod answer;
pub mod asked;
pub mod beside;
pub mod embed;
#[cfg(target_arch = "wasm32")]
mod fetch;
pub mod i18n;
pub mod json_read;
pub mod json_tree;
pub mod json_write;
mod lang_file;
pub mod layout;
pub mod letter;
pub mod link;
pub mod motion;
pub mod number;
pub mod params;
pub mod parts;
pub mod play;
pub mod prefs;
pub mod problem;
pub mod problem_words;
pub mod protocol;
pub mod proving;
pub mod reasons;
pub mod record_words;
pub mod seat;
pub mod state;
pub mod stored;
pub mod wording;

#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod worker;

/// Starts whichever part this global scope is for: the front end in a
/// window, the computer player in a worker.
#[cfg(target_arch = "wasm32")]
pub fn start() {
    use wasm_bindgen::JsCast;
    if js_sys::global().dyn_ref::<web_sys::Window>().is_some() {
        app::start();
    } else {
        worker::start();
    }
}
