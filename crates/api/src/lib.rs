//! The engine for JavaScript and for the Rust front end.
//!
//! - [`spec`]: game options as plain names (`{ game, rules, variant, … }`).
//! - [`view`]: plain pictures of a position (board, hands, attack counts,
//!   markers, scores, moves), legal targets for a chosen piece, and the rule
//!   that forbids a move, all read off the engine.
//! - `js` (feature `js`, on by default; wasm32 only): the `Game` class that
//!   JavaScript uses. It converts types and holds no rules.

pub mod spec;
pub mod view;

#[cfg(all(feature = "js", target_arch = "wasm32"))]
mod js;

#[cfg(all(feature = "js", target_arch = "wasm32"))]
pub use js::Game;
