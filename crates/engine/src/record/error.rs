//! What can be wrong in a game record, as data: the page words each
//! problem in its own language, the command line prints the English.

use super::result::{result_text, ResultError, ResultTag};
use crate::any::AnyViolation;
use crate::game::{IllegalMove, Outcome, ParseMoveError};
use crate::options::{GameKind, OptionProblem};
use std::fmt;

/// Where a record is wrong and what is wrong there (both counted from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub line: usize,
    pub column: usize,
    pub problem: RecordProblem,
}

impl RecordError {
    /// The problem in English.
    pub fn message(&self) -> String {
        self.problem.to_string()
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.problem
        )
    }
}

impl std::error::Error for RecordError {}

/// One thing wrong in a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordProblem {
    /// A tag line after the first move.
    TagAfterMoves,
    /// A `Game` tag after the moves and a blank line: the next game of a
    /// file of several (a record holds one).
    SecondGame,
    /// A tag whose syntax is broken.
    TagSyntax(TagSyntax),
    /// The same tag twice.
    DuplicateTag(String),
    /// No `[Game "…"]` tag.
    MissingGameTag,
    /// A game or option tag whose value the game does not take.
    Option { tag: String, problem: OptionProblem },
    /// An option tag of the other game.
    TagDoesNotApply { tag: String, game: GameKind },
    /// The tag that names the rule set (Cheversi) or variant (Attrition).
    MissingTag { game: GameKind, tag: &'static str },
    /// A Result tag that is no result for this many players.
    BadResult { value: String, players: usize },
    /// A word after the result that ends the moves.
    AfterResult(String),
    /// The moves end with one result (`*` for unfinished), the Result tag
    /// (at that line and column) says another.
    ResultsDisagree {
        word: String,
        tag_line: usize,
        tag_column: usize,
    },
    /// A word that is neither a move, a move number nor a result.
    NotAWord(String),
    /// Text where a move belongs that is not a move.
    NotAMove(ParseMoveError),
    /// A move the rules forbid there.
    Illegal(IllegalMove<AnyViolation>),
    /// A finished game whose declared result the moves contradict.
    WrongResult(ResultError),
    /// A draw declared in Chivalrous Attrition, which has none.
    NoDraws,
}

/// How a tag's syntax is broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TagSyntax {
    ExpectedName,
    ExpectedQuotedValue,
    MissingClosingQuote,
    ExpectedClosingBracket,
}

impl fmt::Display for TagSyntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TagSyntax::ExpectedName => "expected a tag name",
            TagSyntax::ExpectedQuotedValue => "expected a quoted value",
            TagSyntax::MissingClosingQuote => "the value's closing quote is missing",
            TagSyntax::ExpectedClosingBracket => "expected ']' to end the tag",
        })
    }
}

impl fmt::Display for RecordProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordProblem::TagAfterMoves => f.write_str("tags must come before the moves"),
            RecordProblem::SecondGame => {
                f.write_str("a second game starts here: a record holds one game")
            }
            RecordProblem::TagSyntax(s) => {
                write!(f, "{s} (a tag looks like [Rules \"brainking\"])")
            }
            RecordProblem::DuplicateTag(name) => write!(f, "the tag {name} is given twice"),
            RecordProblem::MissingGameTag => f.write_str(
                "missing the [Game \"…\"] tag (Cheversi or Chivalrous Attrition)",
            ),
            RecordProblem::Option { problem, .. } => problem.fmt(f),
            RecordProblem::TagDoesNotApply { tag, game } => {
                write!(f, "the tag {tag} does not apply to {}", game.title())
            }
            RecordProblem::MissingTag { game, tag } => {
                write!(f, "a {} record needs a [{tag} \"…\"] tag", game.title())
            }
            RecordProblem::BadResult { value, players } => {
                let example = result_text(ResultTag::Ended(Outcome::Winner(0)), *players);
                write!(
                    f,
                    "'{value}' is not a result for {players} players (like {example}, or * if unfinished)"
                )
            }
            RecordProblem::AfterResult(word) => write!(f, "'{word}' after the result"),
            RecordProblem::ResultsDisagree {
                word,
                tag_line,
                tag_column,
            } if word == "*" => write!(
                f,
                "the moves end with * but the Result tag on line {tag_line}, column {tag_column} gives a result"
            ),
            RecordProblem::ResultsDisagree {
                word,
                tag_line,
                tag_column,
            } => write!(
                f,
                "the moves end with {word} but the Result tag on line {tag_line}, column {tag_column} says otherwise"
            ),
            RecordProblem::NotAWord(word) => write!(
                f,
                "'{word}' is neither a move, a move number (like 3.) nor a result"
            ),
            RecordProblem::NotAMove(e) => e.fmt(f),
            RecordProblem::Illegal(e) => e.fmt(f),
            RecordProblem::WrongResult(e) => e.fmt(f),
            RecordProblem::NoDraws => f.write_str("Chivalrous Attrition has no draws: 1/2-1/2 is none of its results"),
        }
    }
}
