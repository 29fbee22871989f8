//! The one message type between the page and the computer player's
//! worker. Both binaries use this file, so they always agree. Written and
//! read by hand ([`crate::json_write`], [`read`]); the tests hold both to
//! serde's derived forms.

use crate::json_write::{variant, JsonBuild, ToJson};
use cheversi_api::spec::GameSpec;
#[cfg(test)]
use serde::{Deserialize, Serialize};

pub mod read;

/// Why the page asks: to play the move, to show it as a hint, only to
/// show the evaluation, or to review the whole game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(Serialize, Deserialize))]
pub enum Purpose {
    Play,
    Hint,
    Evaluate,
    Review,
}

/// What the engine thinks a position is worth, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(Serialize, Deserialize))]
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

#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(test, derive(Serialize, Deserialize))]
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
        #[cfg_attr(test, serde(default, skip_serializing_if = "Option::is_none"))]
        nodes: Option<u64>,
        /// With no part: think `seconds` (at most a minute) instead of
        /// the level's time, as `cheversi bestmove --time-ms` does
        /// natively (`e2e/worker-ratio.js`). From the thinking worker to
        /// the worker beside it only: prove part `part` of `parts` of the
        /// result proof the Master's think starts with here, within
        /// `seconds`; answered by [`FromWorker::Thought`]s about the part:
        /// what the first move keeps against the part's share of its
        /// replies (`more`), then the part's root moves (`parts.rs`).
        /// (Fields of the think rather than a request of their own: its
        /// reading would add to the page's module.)
        #[cfg_attr(test, serde(default, skip_serializing_if = "Option::is_none"))]
        part: Option<u32>,
        #[cfg_attr(test, serde(default, skip_serializing_if = "Option::is_none"))]
        parts: Option<u32>,
        #[cfg_attr(test, serde(default, skip_serializing_if = "Option::is_none"))]
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
    /// From the thinking worker to the worker beside, about the part `id`
    /// it proves: what is still wanted of it, sent as soon as the thinking
    /// worker knows. The worker beside reads it between two of its tasks
    /// (`beside.rs`).
    Limit { id: u32, wanted: Wanted },
}

/// What the thinking worker still wants of the part beside
/// ([`ToWorker::Limit`]), each less than the one before.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(test, derive(Serialize, Deserialize))]
pub enum Wanted {
    /// Its share of the first move's replies only up to a draw: the other
    /// share holds the move to one, so a win against this one changes
    /// nothing.
    Draw,
    /// Its root moves alone: the other share holds the first move lost.
    Moves,
    /// Nothing: the result is known. It answers at once.
    Nothing,
}

impl ToWorker {
    pub fn id(&self) -> u32 {
        match self {
            ToWorker::Think { id, .. }
            | ToWorker::Review { id, .. }
            | ToWorker::Limit { id, .. } => *id,
        }
    }

    /// True for a request about the duel, which the duel's data serves.
    pub fn needs_duel_data(&self) -> bool {
        let (ToWorker::Think { spec, .. } | ToWorker::Review { spec, .. }) = self else {
            return false;
        };
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(Serialize, Deserialize))]
pub struct EndValue {
    pub value: Judgement,
    pub exact: bool,
}

#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(test, derive(Serialize, Deserialize))]
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
        /// sent as each deeper search finishes), or, from the worker
        /// beside, its part's root moves: the request stays open.
        #[cfg_attr(test, serde(default))]
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
        #[cfg_attr(test, serde(default))]
        end: Option<EndValue>,
    },
    /// The request could not be answered (a bad move list, a finished game).
    Failed { id: u32, failure: Failure },
}

/// Why the worker could not answer, as data: the page words it
/// (`problem_words.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(Serialize, Deserialize))]
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

impl ToJson for Purpose {
    fn to_json<J: JsonBuild>(&self) -> J {
        J::text(match self {
            Purpose::Play => "Play",
            Purpose::Hint => "Hint",
            Purpose::Evaluate => "Evaluate",
            Purpose::Review => "Review",
        })
    }
}

impl ToJson for Judgement {
    fn to_json<J: JsonBuild>(&self) -> J {
        match self {
            Judgement::Margin(n) => variant("Margin", n.to_json()),
            Judgement::Score(n) => variant("Score", n.to_json()),
            Judgement::Wins(n) => variant("Wins", n.to_json()),
            Judgement::Loses(n) => variant("Loses", n.to_json()),
        }
    }
}

impl ToJson for GameSpec {
    /// Its fields as the API's serde names them (absent when none).
    fn to_json<J: JsonBuild>(&self) -> J {
        let mut fields = vec![("game", self.game.to_json())];
        for (key, value) in [
            ("rules", &self.rules),
            ("count", &self.count),
            ("squares", &self.squares),
            ("variant", &self.variant),
        ] {
            if let Some(value) = value {
                fields.push((key, value.to_json()));
            }
        }
        if let Some(players) = self.players {
            fields.push(("players", players.to_json()));
        }
        J::object(fields)
    }
}

impl ToJson for ToWorker {
    fn to_json<J: JsonBuild>(&self) -> J {
        match self {
            ToWorker::Think {
                id,
                spec,
                moves,
                level,
                purpose,
                nodes,
                part,
                parts,
                seconds,
            } => {
                let mut fields = vec![
                    ("id", id.to_json()),
                    ("spec", spec.to_json()),
                    ("moves", moves.to_json()),
                    ("level", level.to_json()),
                    ("purpose", purpose.to_json()),
                ];
                let optional = [
                    ("nodes", nodes.map(|n| n.to_json())),
                    ("part", part.map(|n| n.to_json())),
                    ("parts", parts.map(|n| n.to_json())),
                    ("seconds", seconds.map(|s| s.to_json())),
                ];
                fields.extend(optional.into_iter().filter_map(|(k, v)| Some((k, v?))));
                variant("Think", J::object(fields))
            }
            ToWorker::Review {
                id,
                spec,
                moves,
                seconds,
            } => variant(
                "Review",
                J::object(vec![
                    ("id", id.to_json()),
                    ("spec", spec.to_json()),
                    ("moves", moves.to_json()),
                    ("seconds", seconds.to_json()),
                ]),
            ),
            ToWorker::Limit { id, wanted } => variant(
                "Limit",
                J::object(vec![("id", id.to_json()), ("wanted", wanted.to_json())]),
            ),
        }
    }
}

impl ToJson for Wanted {
    fn to_json<J: JsonBuild>(&self) -> J {
        J::text(match self {
            Wanted::Draw => "Draw",
            Wanted::Moves => "Moves",
            Wanted::Nothing => "Nothing",
        })
    }
}

impl ToJson for EndValue {
    fn to_json<J: JsonBuild>(&self) -> J {
        J::object(vec![
            ("value", self.value.to_json()),
            ("exact", self.exact.to_json()),
        ])
    }
}

impl ToJson for FromWorker {
    fn to_json<J: JsonBuild>(&self) -> J {
        match self {
            FromWorker::Ready => J::text("Ready"),
            FromWorker::Thought {
                id,
                purpose,
                best,
                judgement,
                exact,
                depth,
                nodes,
                pv,
                ms,
                more,
            } => variant(
                "Thought",
                J::object(vec![
                    ("id", id.to_json()),
                    ("purpose", purpose.to_json()),
                    ("best", best.to_json()),
                    ("judgement", judgement.to_json()),
                    ("exact", exact.to_json()),
                    ("depth", depth.to_json()),
                    ("nodes", nodes.to_json()),
                    ("pv", pv.to_json()),
                    ("ms", ms.to_json()),
                    ("more", more.to_json()),
                ]),
            ),
            FromWorker::Reviewed {
                id,
                ply,
                best,
                lost_tenths,
                exact,
                value,
            } => variant(
                "Reviewed",
                J::object(vec![
                    ("id", id.to_json()),
                    ("ply", ply.to_json()),
                    ("best", best.to_json()),
                    ("lost_tenths", lost_tenths.to_json()),
                    ("exact", exact.to_json()),
                    ("value", value.to_json()),
                ]),
            ),
            FromWorker::ReviewDone { id, end } => variant(
                "ReviewDone",
                J::object(vec![("id", id.to_json()), ("end", end.to_json())]),
            ),
            FromWorker::Failed { id, failure } => variant(
                "Failed",
                J::object(vec![("id", id.to_json()), ("failure", failure.to_json())]),
            ),
        }
    }
}

impl ToJson for Failure {
    fn to_json<J: JsonBuild>(&self) -> J {
        match self {
            Failure::Unreadable => J::text("Unreadable"),
            Failure::Level(name) => variant("Level", name.to_json()),
            Failure::Options(name) => variant("Options", name.to_json()),
            Failure::Move { number, text } => variant(
                "Move",
                J::object(vec![("number", number.to_json()), ("text", text.to_json())]),
            ),
            Failure::GameOver => J::text("GameOver"),
            Failure::NotThinking => J::text("NotThinking"),
        }
    }
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
