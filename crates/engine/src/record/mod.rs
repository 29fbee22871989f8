//! Game records: tag pairs, a blank line, then numbered moves.
//!
//! ```text
//! [Game "Cheversi"]
//! [Rules "brainking"]
//! [Count "multiplicity"]
//! [Squares "empty"]
//! [White "Ann"]
//! [Black "Computer"]
//! [Result "*"]
//!
//! 1. Kd4 Qe5 2. Nc3 Rd6 *
//! ```
//!
//! Attrition records use `[Variant "…"]` and `[Players "N"]` instead of the
//! Rules, Count and Squares tags. A round holds one turn of every player
//! still in the game; the moves of one turn (a two-piece setup, the two
//! jumps of a two-piece turn) are joined by commas: `3. d4-f5,b1-c3 e7xf5`.
//!
//! Reading is lenient where it costs nothing (move numbers are not checked,
//! commas may be spaces, `K@d4` and `d4f5` are read) and strict where it
//! matters: every move is replayed and checked, and an error names the line
//! and column and the rule. Writing is canonical, so a written record reads
//! back to the same record and the same text.
//!
//! A tag name is ASCII letters, digits and `_`; a value is one line, with
//! `"` and `\` escaped by a backslash. A [`Record`] is only built through
//! checked moves, tags and results, so every record writes a text that
//! reads back.

use crate::any::{AnyGame, AnyMove, AnyViolation, GameOptions};
use crate::game::{GameState, IllegalMove, Outcome, Player};
use crate::options::{GameKind, GameOptionsBuilder, OptionError, OptionField, OptionProblem};
mod error;
mod parse;
mod result;

pub use error::{RecordError, RecordProblem, TagSyntax};
use parse::{read_movetext, Parser};
pub use result::{result_text, ResultError, ResultProblem, ResultTag};
use std::fmt;

/// A whole game: options, free tags, moves and result.
///
/// Every way to build or change one checks what it is given (each move
/// against the rules, each tag and result against what the text can hold),
/// so a record is always a legal game that writes and reads back the same.
#[derive(Clone, Debug)]
pub struct Record {
    options: GameOptions,
    /// Tags other than the ones that fix the game and the result (player
    /// names, event, date, …), in the order they were read or set.
    tags: Vec<(String, String)>,
    moves: Vec<AnyMove>,
    /// `positions[i]` is the position after the first `i` moves; kept so
    /// the next move is checked, and written, without a replay.
    positions: Vec<AnyGame>,
    result: ResultTag,
}

/// The positions follow from the options and the moves.
impl PartialEq for Record {
    fn eq(&self, other: &Record) -> bool {
        self.options == other.options
            && self.tags == other.tags
            && self.moves == other.moves
            && self.result == other.result
    }
}

impl Eq for Record {}

/// A move of a list that breaks a rule: which move, and the rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The moves before it.
    pub ply: usize,
    pub illegal: IllegalMove<AnyViolation>,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {}, {}", self.ply + 1, self.illegal)
    }
}

impl std::error::Error for ReplayError {}

/// A tag a record cannot hold, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagError {
    pub name: String,
    pub reason: TagProblem,
}

/// Why a tag is refused, as data: worded in English by [`TagError`]'s
/// `Display` (the command line's), by the page in its own language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TagProblem {
    NoName,
    /// A character a name cannot hold, the `at`-th (from 1).
    NameCharacter {
        c: char,
        at: usize,
    },
    /// One of the tags written from the game's options and result.
    GameTag,
    /// A line break in the value, the `at`-th character (from 1).
    LineBreak {
        at: usize,
    },
}

impl fmt::Display for TagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tag {:?}: ", self.name)?;
        match self.reason {
            TagProblem::NoName => f.write_str("a tag needs a name"),
            TagProblem::NameCharacter { c, at } => write!(
                f,
                "{c:?} at character {at} of the name: a tag name holds only ASCII letters, digits and _"
            ),
            TagProblem::GameTag => write!(
                f,
                "{} is written from the game's options and result, not set as a tag",
                self.name
            ),
            TagProblem::LineBreak { at } => write!(
                f,
                "the value has a line break at character {at}: a tag is one line"
            ),
        }
    }
}

impl std::error::Error for TagError {}

/// Tags that fix the game or the result, in the order records write them.
const GAME_TAGS: [&str; 7] = [
    "Game", "Rules", "Variant", "Players", "Count", "Squares", "Result",
];

/// The tags that carry an option, and the option.
const OPTION_TAGS: [(&str, OptionField); 5] = [
    ("Rules", OptionField::Rules),
    ("Count", OptionField::Count),
    ("Squares", OptionField::Squares),
    ("Variant", OptionField::Variant),
    ("Players", OptionField::Players),
];

const LINE_WIDTH: usize = 80;

/// The result the moves themselves give: the outcome once the game is over.
fn natural_result(game: &AnyGame) -> ResultTag {
    match game.outcome() {
        Some(outcome) => ResultTag::Ended(outcome),
        None => ResultTag::Unfinished,
    }
}

/// Refuses exactly what the tag syntax cannot read back: the reader takes
/// a name of ASCII letters, digits and `_`, and a value on one line (the
/// writer escapes `"` and `\`); the game's own tags are written from the
/// options and the result.
fn check_tag(name: &str, value: &str) -> Result<(), TagError> {
    let refuse = |reason| {
        Err(TagError {
            name: name.to_string(),
            reason,
        })
    };
    if name.is_empty() {
        return refuse(TagProblem::NoName);
    }
    if let Some((i, c)) = name
        .chars()
        .enumerate()
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '_'))
    {
        return refuse(TagProblem::NameCharacter { c, at: i + 1 });
    }
    if GAME_TAGS.contains(&name) {
        return refuse(TagProblem::GameTag);
    }
    if let Some(i) = value.chars().position(|c| c == '\n') {
        return refuse(TagProblem::LineBreak { at: i + 1 });
    }
    Ok(())
}

impl Record {
    /// A game with no moves yet.
    pub fn new(options: GameOptions) -> Record {
        Record {
            options,
            tags: Vec::new(),
            moves: Vec::new(),
            positions: vec![options.start()],
            result: ResultTag::Unfinished,
        }
    }

    /// The game of these moves from the start; the error names the first
    /// illegal move and the rule it breaks.
    pub fn from_moves(options: GameOptions, moves: &[AnyMove]) -> Result<Record, ReplayError> {
        let mut record = Record::new(options);
        for (ply, &mv) in moves.iter().enumerate() {
            record
                .play(mv)
                .map_err(|illegal| ReplayError { ply, illegal })?;
        }
        Ok(record)
    }

    /// Reads a move list written as in a record (`1. Kd4 Qe5 2. …`; move
    /// numbers, commas and a final result are optional) from the start.
    pub fn from_movetext(options: GameOptions, text: &str) -> Result<Record, RecordError> {
        let lines: Vec<(usize, &str)> = text.lines().enumerate().map(|(i, l)| (i + 1, l)).collect();
        let mut record = Record::new(options);
        read_movetext(&mut record, &lines, None)?;
        Ok(record)
    }

    pub fn options(&self) -> GameOptions {
        self.options
    }

    /// The free tags (not the game's options nor the result), in order.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of a free tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn moves(&self) -> &[AnyMove] {
        &self.moves
    }

    pub fn result(&self) -> ResultTag {
        self.result
    }

    /// The position after every move.
    pub fn final_position(&self) -> &AnyGame {
        self.positions
            .last()
            .expect("the start position is always kept")
    }

    /// The position after the first `ply` moves.
    pub fn position_at(&self, ply: usize) -> Option<&AnyGame> {
        self.positions.get(ply)
    }

    /// The canonical notation of every move.
    pub fn notations(&self) -> Vec<String> {
        self.moves
            .iter()
            .zip(&self.positions)
            .map(|(&mv, before)| before.notation(mv))
            .collect()
    }

    /// Plays a move after the last one; on an error nothing changes.
    pub fn play(&mut self, mv: AnyMove) -> Result<(), IllegalMove<AnyViolation>> {
        self.play_at(self.moves.len(), mv)
    }

    /// Plays a move after the first `ply` moves (at most all of them),
    /// dropping the ones after: a new line replaces the old one. On an
    /// error nothing changes. The result becomes the moves' own.
    pub(crate) fn play_at(
        &mut self,
        ply: usize,
        mv: AnyMove,
    ) -> Result<(), IllegalMove<AnyViolation>> {
        let ply = ply.min(self.moves.len());
        let mut next = self.positions[ply].clone();
        next.try_play(mv)?;
        self.moves.truncate(ply);
        self.positions.truncate(ply + 1);
        self.result = natural_result(&next);
        self.moves.push(mv);
        self.positions.push(next);
        Ok(())
    }

    /// Keeps the first `len` moves; the result becomes the moves' own.
    pub fn truncate(&mut self, len: usize) {
        if len < self.moves.len() {
            self.moves.truncate(len);
            self.positions.truncate(len + 1);
            self.result = natural_result(self.final_position());
        }
    }

    /// Sets the result: a finished game's must be the rules' one; an
    /// unfinished game may be stopped early (resignation, agreement).
    pub fn set_result(&mut self, result: ResultTag) -> Result<(), ResultError> {
        let players = self.options.players();
        let refuse = |reason| {
            Err(ResultError {
                result,
                players,
                reason,
            })
        };
        match (self.final_position().outcome(), result) {
            (Some(actual), ResultTag::Ended(said)) if said == actual => {}
            (Some(actual), _) => {
                let actual = ResultTag::Ended(actual);
                return refuse(ResultProblem::Contradicted { actual });
            }
            (None, ResultTag::Ended(Outcome::Draw)) if players != 2 => {
                return refuse(ResultProblem::DrawOfMany)
            }
            (None, ResultTag::Ended(Outcome::Winner(w))) if w as usize >= players => {
                return refuse(ResultProblem::NoSuchPlayer)
            }
            (None, _) => {}
        }
        self.result = result;
        Ok(())
    }

    /// Sets a free tag (player names, date, …), replacing an old value.
    /// Refuses a tag the record could not read back.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), TagError> {
        check_tag(name, value)?;
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
        Ok(())
    }

    /// The canonical text.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let mut tag = |name: &str, value: &str| {
            out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
        };
        tag("Game", self.options.game_name());
        match self.options {
            GameOptions::Cheversi(o) => {
                tag("Rules", o.rules.name());
                tag("Count", o.scoring.count.name());
                tag("Squares", o.scoring.squares.name());
            }
            GameOptions::Attrition(o) => {
                tag("Variant", o.variant().name());
                tag("Players", &o.players().to_string());
            }
        }
        for (name, value) in &self.tags {
            tag(name, value);
        }
        let result = result_text(self.result, self.options.players());
        tag("Result", &result);
        out.push('\n');
        out.push_str(&self.movetext(&result));
        out.push('\n');
        out
    }

    /// Numbered rounds, turns joined by commas, wrapped at 80 columns.
    fn movetext(&self, result: &str) -> String {
        let mut words: Vec<String> = Vec::new();
        let mut round = 0;
        let mut last_mover: Option<Player> = None;
        for (&mv, before) in self.moves.iter().zip(&self.positions) {
            let mover = before.to_move().unwrap_or(0);
            let notation = before.notation(mv);
            match words.last_mut() {
                Some(turn) if last_mover == Some(mover) => {
                    turn.push(',');
                    turn.push_str(&notation);
                }
                // A round's number is one word with its first move, so
                // that no line ends with a number.
                _ if last_mover.is_none_or(|last| mover <= last) => {
                    round += 1;
                    words.push(format!("{round}. {notation}"));
                }
                _ => words.push(notation),
            }
            last_mover = Some(mover);
        }
        words.push(result.to_string());
        let mut text = String::new();
        let mut line_len = 0;
        for word in words {
            if line_len > 0 && line_len + 1 + word.len() > LINE_WIDTH {
                text.push('\n');
                line_len = 0;
            } else if line_len > 0 {
                text.push(' ');
                line_len += 1;
            }
            text.push_str(&word);
            line_len += word.len();
        }
        text
    }

    /// Reads and checks a record: tags, then every move replayed.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        // A byte-order mark some editors put before a file's text.
        Parser::default().parse(text.strip_prefix('\u{feff}').unwrap_or(text))
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}
