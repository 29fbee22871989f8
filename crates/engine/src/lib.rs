//! Rules engine for two placement-and-jump games on the chess board:
//! **Cheversi** and **Chivalrous Attrition** (`docs/rules.md` states the
//! contract). Pure Rust with no dependencies, for native code and
//! `wasm32-unknown-unknown` alike.
//!
//! Each game has a position type implementing [`GameState`]: legal moves,
//! checked play that names the broken rule, fast unchecked play for the
//! search, and the outcome. [`AnyGame`] wraps both for front ends that pick
//! the game at run time; [`record`] reads and writes game records.

pub mod ai;
mod any;
pub mod attacks;
pub mod attrition;
#[cfg(feature = "tools")]
pub mod bench;
pub mod bitboard;
pub mod cheversi;
pub mod data_file;
pub mod game;
mod game_kind;
pub mod lesson;
mod names;
pub mod options;
pub mod perft;
pub mod puzzle;
mod quoted;
pub mod record;
pub mod rng;
pub mod session;
pub mod square;
#[cfg(test)]
mod test_support;
mod zobrist;

pub use any::{AnyGame, AnyMove, AnyViolation, GameOptions};
pub use bitboard::Bitboard;
pub use game::{GameState, IllegalMove, MoveSyntax, Outcome, ParseMoveError, Player};
pub use names::UnknownName;
pub use options::{GameKind, GameOptionsBuilder, OptionError, OptionField, OptionValue};
pub use session::{PlayError, Session};
pub use square::Square;
