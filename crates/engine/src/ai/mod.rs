//! Computer opponents and analysis for both games: pure Rust, one thread,
//! time through a clock the caller passes in.
//!
//! - [`search`]: iterative-deepening alpha-beta with a transposition table
//!   (Cheversi; the two-player Attrition variants over whole turns; melee
//!   as paranoid search). The search under the root is in `alpha_beta`,
//!   the win/draw/loss proof in `prove`.
//! - [`duel`]: the exact solver of the Attrition duel.
//! - [`cheversi`], [`attrition`]: what the search knows about each game.

mod alpha_beta;
pub mod attrition;
pub mod bench;
mod book_entry;
pub mod budget;
pub mod cheversi;
pub mod dfpn;
pub mod duel;
pub mod duel_book;
pub mod duel_table;
pub mod engine;
pub mod greedy;
pub mod levels;
pub mod mcts;
pub mod minimax;
pub mod opening_book;
mod prove;
pub mod review;
pub mod search;
pub mod setup_book;
pub mod tt;
