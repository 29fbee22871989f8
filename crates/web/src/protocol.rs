//! The one message type between the page and the computer player's
//! worker. Both binaries use this file, so they always agree. Written by
//! serde, read by hand ([`read`]); the tests read them by serde too.

use cheversi_api::spec::GameSpec;
#[cfg(test)]
use serde::Deserialize;
use serde::Serialize;

pub mod read;

/// Why the page asks: to play the move, to show it as a hint, only to
/// show the evaluation, or to review the whole game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(Deserialize))]
pub enum Purpose {
    Play,
    Hint,
    Evaluate,
    Review,
}

/// What the engine thinks a position is worth, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(Deserialize))]
pub enum Judgement {
    /// Cheversi: the expected final margin, in tenths of a point.
    Margin(i32),
    /// Attrition: a heuristic score (positive is good for the mover).
    Score(i32),
    /// Proven: the mover wins, within this many moves when known.
    Wins(Option<u32>),
    /// Proven: the mover loses, within this many moves when known.
    Loses(Option<u32>),
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(Deserialize))]
pub enum ToWorker {
    /// Think about the position after `moves` (in notation) of the game
    /// `spec` with the named level.
    Think {
        id: u32,
        spec: GameSpec,
        moves: Vec<String>,
        level: String,
        purpose: Purpose,
        /// A budget of nodes instead of the level's time: the same work in
        /// the worker as `cheversi bestmove --nodes` does natively, so the
        /// two can be timed against each other (`e2e/worker-ratio.js`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        nodes: Option<u64>,
        /// From the thinking worker to the worker beside it only: prove
        /// part `part` of `parts` of the result proof the Master's think
        /// starts with here, within `seconds`; answered by a
        /// [`FromWorker::Thought`] about the part (`parts.rs`). (Fields of
        /// the think rather than a request of their own: its reading
        /// would add to the page's module.)
        #[serde(default, skip_serializing_if = "Option::is_none")]
        part: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        parts: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seconds: Option<f64>,
    },
    /// Review every move of the game `spec` with `moves`, spending about
    /// `seconds` on each; answered by one [`FromWorker::Reviewed`] per move
    /// and then [`FromWorker::ReviewDone`].
    Review {
        id: u32,
        spec: GameSpec,
        moves: Vec<String>,
        seconds: f64,
    },
}

impl ToWorker {
    pub fn id(&self) -> u32 {
        match self {
            ToWorker::Think { id, .. } | ToWorker::Review { id, .. } => *id,
        }
    }

    /// True for a request about the duel, which the duel's data serves.
    pub fn needs_duel_data(&self) -> bool {
        let (ToWorker::Think { spec, .. } | ToWorker::Review { spec, .. }) = self;
        spec.game == "attrition" && spec.variant.as_deref().is_none_or(|v| v == "duel")
    }
}

/// The tests' request to think: no part, `nodes` if given.
#[cfg(test)]
impl ToWorker {
    pub(crate) fn think(
        id: u32,
        spec: GameSpec,
        moves: Vec<String>,
        level: &str,
        purpose: Purpose,
        nodes: Option<u64>,
    ) -> ToWorker {
        ToWorker::Think {
            id,
            spec,
            moves,
            level: level.into(),
            purpose,
            nodes,
            part: None,
            parts: None,
            seconds: None,
        }
    }
}

/// A position's value as a review reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(Deserialize))]
pub struct EndValue {
    pub value: Judgement,
    pub exact: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(Deserialize))]
pub enum FromWorker {
    /// Sent once, when the worker's engine is loaded and listening.
    Ready,
    Thought {
        id: u32,
        purpose: Purpose,
        /// The move in notation.
        best: String,
        /// The position's value for the side to move (the page turns it
        /// to White's side and words it).
        judgement: Judgement,
        exact: bool,
        depth: u32,
        nodes: u64,
        pv: Vec<String>,
        ms: f64,
        /// A longer search of the same request follows (an evaluation is
        /// sent as each deeper search finishes); the request stays open.
        #[serde(default)]
        more: bool,
    },
    /// One move of a review: the best move in its place and what the move
    /// played gave away against it.
    Reviewed {
        id: u32,
        /// Moves before this one.
        ply: usize,
        best: String,
        /// Cheversi: final-margin points lost, in tenths. Attrition: 10
        /// when the move threw away a proven win or hastened a loss.
        lost_tenths: u32,
        exact: bool,
        /// The position's value for its mover under the best move.
        value: Judgement,
    },
    /// The review is over. `end`: the value of the position after the
    /// last move, for its side to move, when the game is not over (the
    /// graph's last point).
    ReviewDone {
        id: u32,
        #[serde(default)]
        end: Option<EndValue>,
    },
    /// The request could not be answered (a bad move list, a finished game).
    Failed { id: u32, failure: Failure },
}

/// Why the worker could not answer, as data: the page words it
/// (`problem_words.rs`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(Deserialize))]
pub enum Failure {
    /// The request could not be read (answered with id 0).
    Unreadable,
    /// No level of that name.
    Level(String),
    /// The game option the engine refused (its name).
    Options(String),
    /// Move `number` (from 1) of the request, as written, cannot be played.
    Move { number: usize, text: String },
    /// The game is over: there is no move to find.
    GameOver,
    /// Not a thinking request.
    NotThinking,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn think(game: &str, variant: Option<&str>) -> ToWorker {
        let spec = GameSpec {
            game: game.into(),
            variant: variant.map(Into::into),
            ..GameSpec::default()
        };
        ToWorker::think(1, spec, vec![], "master", Purpose::Play, None)
    }

    #[test]
    fn only_duel_requests_wait_for_the_duel_data() {
        assert!(
            think("attrition", None).needs_duel_data(),
            "the duel by default"
        );
        assert!(think("attrition", Some("duel")).needs_duel_data());
        assert!(!think("attrition", Some("two-knights")).needs_duel_data());
        assert!(!think("attrition", Some("melee")).needs_duel_data());
        assert!(!think("cheversi", None).needs_duel_data());
    }
}
