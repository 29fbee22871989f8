//! The computer player as front ends see it: the levels, a request and its
//! answer, the dispatch to each game's search or solver, greedy play, and
//! reviews of finished games.

mod duel_move;
pub mod engine;
pub mod greedy;
pub mod levels;
pub mod request;
pub mod review;

pub use engine::{Engine, PartProof, ResultProof, DFPN_BITS, TABLE_BITS};
pub use levels::Level;
pub use request::{Eval, Request, Thought};
