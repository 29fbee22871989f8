//! A record's Result tag: what it holds, how it is written and read, and
//! why a result is refused.

use crate::game::{Outcome, Player};
use std::fmt;

/// The Result tag: a finished game's outcome, or `*`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ResultTag {
    Unfinished,
    /// The rules' result, or a game stopped early (resignation, agreement).
    Ended(Outcome),
}

/// A result that the moves contradict or a record cannot write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultError {
    pub result: ResultTag,
    /// The game's players.
    pub players: usize,
    pub reason: ResultProblem,
}

/// Why a result is refused, as data: worded in English by
/// [`ResultError`]'s `Display` (the command line's), by the page in its
/// own language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultProblem {
    /// The moves end in `actual`.
    Contradicted { actual: ResultTag },
    /// A draw in a game of more than 2 players.
    DrawOfMany,
    /// A winner the game has not.
    NoSuchPlayer,
}

impl fmt::Display for ResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let players = self.players;
        match self.reason {
            ResultProblem::Contradicted { actual } => write!(
                f,
                "the result says {} but the moves end in {}",
                result_text(self.result, players),
                result_text(actual, players)
            ),
            ResultProblem::DrawOfMany => write!(
                f,
                "a record writes a draw only for 2 players, not {players}"
            ),
            ResultProblem::NoSuchPlayer => {
                let w = match self.result {
                    ResultTag::Ended(Outcome::Winner(w)) => w,
                    _ => 0,
                };
                write!(
                    f,
                    "there is no player {w} in a game of {players} (counted from 0)"
                )
            }
        }
    }
}

impl std::error::Error for ResultError {}

/// `1-0`, `0-1`, `1/2-1/2`, `*`; with more players one field each: `0-0-1`.
pub fn result_text(result: ResultTag, players: usize) -> String {
    match result {
        ResultTag::Unfinished => "*".into(),
        ResultTag::Ended(Outcome::Draw) => "1/2-1/2".into(),
        ResultTag::Ended(Outcome::Winner(w)) => (0..players)
            .map(|p| if p == w as usize { "1" } else { "0" })
            .collect::<Vec<_>>()
            .join("-"),
    }
}

pub(crate) fn parse_result(text: &str, players: usize) -> Option<ResultTag> {
    if text == "*" {
        return Some(ResultTag::Unfinished);
    }
    if text == "1/2-1/2" && players == 2 {
        return Some(ResultTag::Ended(Outcome::Draw));
    }
    let fields: Vec<&str> = text.split('-').collect();
    if fields.len() != players || fields.iter().any(|f| *f != "0" && *f != "1") {
        return None;
    }
    let winners: Vec<usize> = (0..players).filter(|&p| fields[p] == "1").collect();
    match winners[..] {
        [w] => Some(ResultTag::Ended(Outcome::Winner(w as Player))),
        _ => None,
    }
}
