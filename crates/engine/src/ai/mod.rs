//! Computer opponents and analysis for both games: pure Rust, one thread,
//! time through a clock the caller passes in.
//!
//! - [`search`]: the game-tree core, generic over the game;
//! - [`cheversi`]: Cheversi for the search, its endgame shortcuts, its
//!   evaluation and its playout search;
//! - [`attrition`]: Attrition for the search;
//! - [`duel`]: the Attrition duel's solvers, book and solved setups;
//! - [`player`]: levels, requests and answers, the dispatch per game;
//! - [`budget`]: time and node limits; [`two_slot`]: the hash table
//!   every search keeps its results in.

pub mod attrition;
#[cfg(feature = "tools")]
pub mod bench;
mod book_entry;
pub mod budget;
pub mod cheversi;
pub mod duel;
pub mod player;
pub mod search;
pub mod setup_book;
pub mod two_slot;
