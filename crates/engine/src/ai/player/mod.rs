//! The computer player as front ends see it: the levels, a request and its
//! answer, the dispatch to each game's search or solver, greedy play, and
//! reviews of finished games.

pub mod engine;
pub mod greedy;
pub mod levels;
pub mod review;

pub use engine::{Engine, Eval, Request, Thought};
pub use levels::Level;
