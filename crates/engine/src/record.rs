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

use crate::any::{AnyGame, AnyMove, GameOptions};
use crate::attrition::{self, Variant};
use crate::cheversi::{self, Count, RuleSet, Squares};
use crate::game::{GameState, Outcome, Player};
use std::fmt;

/// The Result tag: a finished game's outcome, or `*`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ResultTag {
    Unfinished,
    /// The rules' result, or a game stopped early (resignation, agreement).
    Ended(Outcome),
}

/// A whole game: options, free tags, moves and result.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Record {
    pub options: GameOptions,
    /// Tags other than the ones that fix the game and the result (player
    /// names, event, date, …), in the order they were read.
    pub tags: Vec<(String, String)>,
    pub moves: Vec<AnyMove>,
    pub result: ResultTag,
}

/// Where a record is wrong and what is wrong there (both counted from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for RecordError {}

/// Tags that fix the game or the result, in the order records write them.
const GAME_TAGS: [&str; 7] = [
    "Game", "Rules", "Variant", "Players", "Count", "Squares", "Result",
];

const LINE_WIDTH: usize = 80;

impl Record {
    pub fn new(options: GameOptions) -> Record {
        Record {
            options,
            tags: Vec::new(),
            moves: Vec::new(),
            result: ResultTag::Unfinished,
        }
    }

    /// The value of a free tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The position after every move. Moves are trusted: records made by
    /// [`Record::parse`] were checked.
    pub fn final_position(&self) -> AnyGame {
        let mut game = self.options.start();
        for &mv in &self.moves {
            game.play_unchecked(mv);
        }
        game
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
        let mut game = self.options.start();
        let mut round = 0;
        let mut last_mover: Option<Player> = None;
        for &mv in &self.moves {
            let mover = game.to_move().unwrap_or(0);
            let notation = game.notation(mv);
            if last_mover == Some(mover) {
                words
                    .last_mut()
                    .expect("a turn has a word")
                    .push_str(&format!(",{notation}"));
            } else {
                if last_mover.is_none_or(|last| mover <= last) {
                    round += 1;
                    words.push(format!("{round}."));
                }
                words.push(notation);
            }
            last_mover = Some(mover);
            game.play_unchecked(mv);
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
        Parser::default().parse(text)
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

fn parse_result(text: &str, players: usize) -> Option<ResultTag> {
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

/// A tag as read, with where its value starts.
struct Tag {
    name: String,
    value: String,
    line: usize,
    column: usize,
}

#[derive(Default)]
struct Parser {
    tags: Vec<Tag>,
}

fn error(line: usize, column: usize, message: impl Into<String>) -> RecordError {
    RecordError {
        line,
        column,
        message: message.into(),
    }
}

impl Parser {
    fn parse(mut self, text: &str) -> Result<Record, RecordError> {
        let mut movetext: Vec<(usize, &str)> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let number = i + 1;
            let trimmed = line.trim_start();
            if trimmed.starts_with('[') {
                if !movetext.is_empty() {
                    return Err(error(number, 1, "tags must come before the moves"));
                }
                let column = line.chars().count() - trimmed.chars().count() + 1;
                self.read_tag(trimmed, number, column)?;
            } else if !trimmed.is_empty() || !movetext.is_empty() {
                movetext.push((number, line));
            }
        }
        let options = self.options()?;
        let mut record = Record::new(options);
        let result_tag = self.take("Result");
        record.tags = self
            .tags
            .drain(..)
            .filter(|t| !GAME_TAGS.contains(&t.name.as_str()))
            .map(|t| (t.name, t.value))
            .collect();
        let mut declared = match &result_tag {
            Some(t) => Some((
                parse_result(&t.value, options.players()).ok_or_else(|| {
                    error(
                        t.line,
                        t.column,
                        bad_result_message(&t.value, options.players()),
                    )
                })?,
                t.line,
                t.column,
            )),
            None => None,
        };
        let mut game = options.start();
        read_moves(&mut game, &mut record.moves, &movetext, &mut declared)?;
        record.result = match (game.outcome(), declared) {
            (Some(actual), Some((ResultTag::Ended(said), line, column))) if said != actual => {
                return Err(error(
                    line,
                    column,
                    format!(
                        "the result says {} but the moves end in {}",
                        result_text(ResultTag::Ended(said), options.players()),
                        result_text(ResultTag::Ended(actual), options.players())
                    ),
                ))
            }
            (Some(actual), _) => ResultTag::Ended(actual),
            (None, Some((said, _, _))) => said,
            (None, None) => ResultTag::Unfinished,
        };
        Ok(record)
    }

    fn read_tag(&mut self, text: &str, line: usize, column: usize) -> Result<(), RecordError> {
        let bad = |offset: usize, what: &str| {
            error(
                line,
                column + offset,
                format!("{what} (a tag looks like [Rules \"brainking\"])"),
            )
        };
        let chars: Vec<char> = text.trim_end().chars().collect();
        let mut i = 1;
        let name_start = i;
        while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
            i += 1;
        }
        if i == name_start {
            return Err(bad(i, "expected a tag name"));
        }
        let name: String = chars[name_start..i].iter().collect();
        while i < chars.len() && chars[i].is_whitespace() {
            i += 1;
        }
        if chars.get(i) != Some(&'"') {
            return Err(bad(i, "expected a quoted value"));
        }
        i += 1;
        let value_column = column + i;
        let mut value = String::new();
        loop {
            match chars.get(i) {
                None => return Err(bad(i, "the value's closing quote is missing")),
                Some('"') => break,
                Some('\\') if matches!(chars.get(i + 1), Some('"' | '\\')) => {
                    value.push(chars[i + 1]);
                    i += 2;
                }
                Some(&c) => {
                    value.push(c);
                    i += 1;
                }
            }
        }
        i += 1;
        if chars.get(i) != Some(&']') || i + 1 != chars.len() {
            return Err(bad(i, "expected ']' to end the tag"));
        }
        if self.tags.iter().any(|t| t.name == name) {
            return Err(error(
                line,
                column + 1,
                format!("the tag {name} is given twice"),
            ));
        }
        self.tags.push(Tag {
            name,
            value,
            line,
            column: value_column,
        });
        Ok(())
    }

    fn take(&mut self, name: &str) -> Option<Tag> {
        let i = self.tags.iter().position(|t| t.name == name)?;
        Some(self.tags.remove(i))
    }

    fn options(&mut self) -> Result<GameOptions, RecordError> {
        let game = self.take("Game").ok_or_else(|| {
            error(
                1,
                1,
                "missing the [Game \"…\"] tag (Cheversi or Chivalrous Attrition)",
            )
        })?;
        let value_error = |t: &Tag, message: String| error(t.line, t.column, message);
        let reject = |me: &mut Parser, names: &[&str], game: &str| -> Result<(), RecordError> {
            for name in names {
                if let Some(t) = me.take(name) {
                    return Err(error(
                        t.line,
                        1,
                        format!("the tag {name} does not apply to {game}"),
                    ));
                }
            }
            Ok(())
        };
        let name = game.value.to_ascii_lowercase();
        if name == "cheversi" {
            reject(self, &["Variant", "Players"], "Cheversi")?;
            let rules_tag = self.take("Rules").ok_or_else(|| {
                error(game.line, 1, "a Cheversi record needs a [Rules \"…\"] tag")
            })?;
            let rules: RuleSet = rules_tag
                .value
                .parse()
                .map_err(|e: crate::UnknownName| value_error(&rules_tag, e.to_string()))?;
            let mut options = cheversi::Options::new(rules);
            if let Some(t) = self.take("Count") {
                let count: Count = t
                    .value
                    .parse()
                    .map_err(|e: crate::UnknownName| value_error(&t, e.to_string()))?;
                options = options.with_count(count);
            }
            if let Some(t) = self.take("Squares") {
                let squares: Squares = t
                    .value
                    .parse()
                    .map_err(|e: crate::UnknownName| value_error(&t, e.to_string()))?;
                options = options.with_squares(squares);
            }
            Ok(GameOptions::Cheversi(options))
        } else if name == "chivalrous attrition" || name == "attrition" {
            reject(self, &["Rules", "Count", "Squares"], "Chivalrous Attrition")?;
            let variant_tag = self.take("Variant").ok_or_else(|| {
                error(
                    game.line,
                    1,
                    "a Chivalrous Attrition record needs a [Variant \"…\"] tag",
                )
            })?;
            let variant: Variant = variant_tag
                .value
                .parse()
                .map_err(|e: crate::UnknownName| value_error(&variant_tag, e.to_string()))?;
            let options = match self.take("Players") {
                None => attrition::Options::new(variant),
                Some(t) => {
                    let players: u8 = t.value.parse().map_err(|_| {
                        value_error(&t, format!("'{}' is not a number of players", t.value))
                    })?;
                    attrition::Options::with_players(variant, players)
                        .map_err(|e| value_error(&t, e.to_string()))?
                }
            };
            Ok(GameOptions::Attrition(options))
        } else {
            Err(value_error(
                &game,
                format!(
                    "unknown game '{}' (expected Cheversi or Chivalrous Attrition)",
                    game.value
                ),
            ))
        }
    }
}

fn bad_result_message(value: &str, players: usize) -> String {
    let example = result_text(ResultTag::Ended(Outcome::Winner(0)), players);
    format!("'{value}' is not a result for {players} players (like {example}, or * if unfinished)")
}

/// A word of the movetext and the column it starts at.
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (column, (byte, c)) in line.char_indices().enumerate() {
        let separator = c.is_whitespace() || c == ',';
        match (start, separator) {
            (None, false) => start = Some((column + 1, byte)),
            (Some((col, from)), true) => {
                out.push((col, &line[from..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((col, from)) = start {
        out.push((col, &line[from..]));
    }
    out.into_iter()
}

/// Plays a move list written as in a record (`1. Kd4 Qe5 2. …`; numbers,
/// commas and a final result are optional) onto `game`. Returns the moves;
/// on an error nothing after the bad move is played.
pub fn play_movetext(game: &mut AnyGame, text: &str) -> Result<Vec<AnyMove>, RecordError> {
    let lines: Vec<(usize, &str)> = text.lines().enumerate().map(|(i, l)| (i + 1, l)).collect();
    let mut moves = Vec::new();
    read_moves(game, &mut moves, &lines, &mut None)?;
    Ok(moves)
}

/// Replays the movetext onto `game`, pushing each move to `moves`; a final
/// result word must agree with the Result tag.
fn read_moves(
    game: &mut AnyGame,
    moves: &mut Vec<AnyMove>,
    lines: &[(usize, &str)],
    declared: &mut Option<(ResultTag, usize, usize)>,
) -> Result<(), RecordError> {
    let players = game.players();
    let mut ended = false;
    for &(line, text) in lines {
        for (column, word) in words(text) {
            if ended {
                return Err(error(line, column, format!("'{word}' after the result")));
            }
            let mut word = word;
            let mut column = column;
            if word.starts_with(|c: char| c.is_ascii_digit()) {
                if let Some(result) = parse_result(word, players) {
                    match declared {
                        Some((said, l, c)) if *said != result => {
                            return Err(error(
                                line,
                                column,
                                format!("the moves end with {word} but the Result tag on line {l}, column {c} says otherwise"),
                            ))
                        }
                        _ => *declared = Some((result, line, column)),
                    }
                    ended = true;
                    continue;
                }
                let digits = word.chars().take_while(|c| c.is_ascii_digit()).count();
                let dots = word[digits..].chars().take_while(|&c| c == '.').count();
                if dots == 0 {
                    return Err(error(
                        line,
                        column,
                        format!("'{word}' is neither a move, a move number (like 3.) nor a result"),
                    ));
                }
                word = &word[digits + dots..];
                column += digits + dots;
                if word.is_empty() {
                    continue;
                }
            }
            if word == "*" {
                ended = true;
                if let Some((said, l, c)) = declared {
                    if *said != ResultTag::Unfinished {
                        return Err(error(line, column, format!("the moves end with * but the Result tag on line {l}, column {c} gives a result")));
                    }
                }
                continue;
            }
            let mv = game
                .parse_move(word)
                .map_err(|e| error(line, column, e.to_string()))?;
            game.try_play(mv)
                .map_err(|e| error(line, column, e.to_string()))?;
            moves.push(mv);
        }
    }
    Ok(())
}
