//! What the search knows about Cheversi: the game for the search
//! ([`game`]), its shortcuts near the end ([`endgame`]), the evaluations
//! ([`eval`]), what the player keeps between moves ([`player`]), the
//! tree search of the middle game ([`mcts`]) with its fast random games
//! ([`playout`]), and the opening book.

pub mod endgame;
pub mod eval;
pub mod game;
pub mod mcts;
pub mod opening_book;
pub mod player;
pub mod playout;

pub use eval::{HandValues, PlainScore};
pub use game::SCALE;
pub use player::{canonical_key, distinct_moves, remaining, search_for, CheversiSearch};
