//! The one message type between the page and the computer player's
//! worker. Both binaries use this file, so they always agree.

use cheversi_api::spec::GameSpec;
use serde::{Deserialize, Serialize};

/// Why the page asks: to play the move, to show it as a hint, or only to
/// show the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Purpose {
    Play,
    Hint,
    Evaluate,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToWorker {
    /// Think about the position after `moves` (in notation) of the game
    /// `spec` with the named level.
    Think {
        id: u32,
        spec: GameSpec,
        moves: Vec<String>,
        level: String,
        purpose: Purpose,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FromWorker {
    /// Sent once, when the worker's engine is loaded and listening.
    Ready,
    Thought {
        id: u32,
        purpose: Purpose,
        /// The move in notation.
        best: String,
        /// Human-readable evaluation for the side to move ("+3.5",
        /// "wins in 7").
        eval: String,
        exact: bool,
        depth: u32,
        nodes: u64,
        pv: Vec<String>,
        ms: f64,
    },
    /// The request could not be answered (a bad move list, a finished game).
    Failed { id: u32, message: String },
}
