//! A small game-tree core, generic over the game: iterative-deepening
//! alpha-beta with a transposition table, and a win/draw/loss proof.
//!
//! Values are seen from one player, `me` (the player to move at the root):
//! `me` maximises and every other player minimises, which is plain
//! alpha-beta with two players and the *paranoid* search with more. Depth is
//! counted in turns: a player's consecutive moves (a two-piece turn, a
//! two-piece setup) share one level. Proven wins and losses are
//! `±(WIN - plies)`, so the shortest win and the longest loss are preferred.
//!
//! - [`game`]: what the search needs from a game ([`Searchable`]) and the
//!   evaluation ([`Evaluator`]);
//! - [`endgame`]: optional shortcuts near the end ([`Endgame`]);
//! - `alpha_beta`: the search under the root, and `shortcuts`: its use of
//!   the game's endgame shortcuts; `root`: iterative deepening;
//!   `prove`: the win/draw/loss proof; `exact`: the exact value by null
//!   windows alone; [`table`]: the transposition table;
//!   `order`: the sort that orders moves;
//! - [`minimax`]: plain minimax, what the tests check the search against.

mod alpha_beta;
pub mod endgame;
mod exact;
pub mod game;
pub mod minimax;
mod order;
mod prove;
mod root;
mod shortcuts;
pub mod table;

pub use endgame::{Endgame, NoEndgame, RefutedAll, RefutedLine, NO_ENDGAME};
pub use exact::{Closing, Known, Probes};
pub use game::{is_proof, plies_to_end, Evaluator, Peek, Searchable, MAX_PLIES, WIN};
pub(crate) use order::sort_by_key;
pub use prove::{
    deal, deal_proof, proof_order, Draws, Held, MoveProofs, MoveResult, ProofPart, Proven,
};
pub use root::{Found, RootMove, RootValues, Searcher};
