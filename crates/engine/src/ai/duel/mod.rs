//! The Attrition duel, solved: every setup's result, an opening book for
//! the first jumps, and two solvers that prove later positions in play.
//!
//! - [`facts`]: what both solvers know of the duel (jumps, regions, paths,
//!   races, setups, proofs);
//! - [`solver`]: the depth-first solver, with distances;
//! - [`dfpn`]: proof-number search, with the "wins in N" along its proof;
//! - [`book`]: the opening book; [`table`]: the solved setups; [`data`]:
//!   their texts, compiled in or fetched by the page;
//! - [`jump`]: a jump proved within a time, from all of them.

pub mod book;
#[cfg(test)]
mod brute;
pub mod data;
pub mod dfpn;
pub mod facts;
pub mod jump;
pub mod random;
pub mod solver;
pub mod table;

pub use book::DuelBook;
pub use dfpn::Dfpn;
pub use facts::{Proof, Setup};
pub use jump::{prove_jump, ProvedJump, PROOF_SHARE};
pub use solver::DuelSolver;
pub use table::{DuelTable, SetupValue};
