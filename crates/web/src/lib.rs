//! The browser game. Two binaries of one page, built by trunk:
//! `app` (the canvas front end, main thread) and `worker` (the computer
//! player, a Web Worker). They talk only through [`protocol`].
//!
//! The pure parts — the message type, the page state and its actions
//! ([`state`]), board geometry ([`layout`]), links and embed parameters
//! ([`params`]), the worker's answer ([`thinker`]) — build and test
//! natively; the DOM, canvas and worker glue is compiled for wasm32 only.

pub mod embed;
pub mod i18n;
pub mod layout;
pub mod link;
pub mod params;
pub mod protocol;
pub mod reasons;
pub mod state;
pub mod thinker;
pub mod wording;

#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod worker;
