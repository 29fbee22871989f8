//! What is asked of the engine (a [`Request`]: a level, or explicit
//! limits) and its answer (a [`Thought`]: the move, the evaluation, the
//! line).

use crate::ai::player::levels::{Level, Settings};
use crate::any::AnyMove;

/// What the computer is asked for: a level, or explicit limits (which
/// replace the level's budget and remove its noise).
#[derive(Clone, Copy, Debug)]
pub struct Request {
    pub level: Level,
    pub seconds: Option<f64>,
    pub nodes: Option<u64>,
}

impl Request {
    pub fn level(level: Level) -> Request {
        Request {
            level,
            seconds: None,
            nodes: None,
        }
    }

    pub(super) fn settings(&self) -> Settings {
        let mut s = self.level.settings();
        if self.seconds.is_some() || self.nodes.is_some() {
            s.seconds = self.seconds.unwrap_or(f64::INFINITY);
            s.nodes = self.nodes.unwrap_or(u64::MAX);
            s.temperature = 0.0;
            s.candidates = 1;
            s.max_depth = 64;
            s.solve = true;
            s.monte_carlo = true;
        }
        s
    }
}

/// How good the position is for the player to move.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Eval {
    /// Cheversi: the expected final margin, in points, for the mover.
    Margin(f64),
    /// Attrition: a heuristic score (positive is good for the mover).
    Score(i32),
    /// Proven: the mover wins, the game ending within this many moves
    /// (plies, both players counted) when known.
    Wins(Option<u32>),
    /// Proven: the mover loses, after this many moves at most when known.
    Loses(Option<u32>),
}

/// The computer's answer.
#[derive(Clone, Debug)]
pub struct Thought {
    pub best: AnyMove,
    pub eval: Eval,
    /// The evaluation is proven, not estimated.
    pub exact: bool,
    /// Turns searched (0 for table and solver answers).
    pub depth: u32,
    pub nodes: u64,
    /// The expected continuation, starting with `best`.
    pub pv: Vec<AnyMove>,
    pub seconds: f64,
}
