//! What the shipped data files (puzzles, lessons) share: a header line
//! naming the format and its version, then one item a line, `#` comments
//! and blank lines skipped, and errors that name the line and the field.

use crate::any::AnyGame;
use crate::game::GameState;
use crate::session::PlayError;
use std::fmt;

/// A wrong line's reason in English (`format!`'s arguments), for the
/// command line's tools (the `tools` feature). Without them, the page,
/// which names a wrong line by its number and field alone in its own
/// language, gets an empty reason, and its module neither the texts nor
/// their formatting.
macro_rules! words {
    ($($arg:tt)*) => {{
        #[cfg(feature = "tools")]
        let text = format!($($arg)*);
        #[cfg(not(feature = "tools"))]
        let text = {
            // Read, not formatted: what the text names is used.
            let _ = format_args!($($arg)*);
            String::new()
        };
        text
    }};
}
pub(crate) use words;

/// Where a data file is wrong (line from 1), which field, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    pub line: usize,
    /// The field (`id`, `game`, …), `header`, or `line` for the whole line.
    pub field: &'static str,
    pub reason: Reason,
}

/// Why a line is wrong. A move that cannot be played is kept as data, its
/// words made only where they are shown: the page names a wrong line by
/// its number and field alone, and so leaves the rules' explanations out
/// of its module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// In English, made only with the tools ([`words`]): empty in the page.
    Said(String),
    /// The field's move `number` (from 1).
    Move { number: usize, error: PlayError },
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Said(text) => f.write_str(text),
            Reason::Move { number, error } => write!(f, "move {number}: {error}"),
        }
    }
}

impl From<String> for Reason {
    fn from(text: String) -> Reason {
        Reason::Said(text)
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, {}: {}", self.line, self.field, self.reason)
    }
}

impl std::error::Error for LineError {}

/// Plays `text`, a move of a line, in `pos`.
pub(crate) fn play(pos: &mut AnyGame, text: &str) -> Result<(), PlayError> {
    let mv = pos.parse_move(text).map_err(PlayError::Parse)?;
    pos.try_play(mv).map_err(PlayError::Illegal)
}

/// Plays a line's `moves` in `pos` in turn: the first that cannot be
/// played is the reason.
pub(crate) fn play_all(pos: &mut AnyGame, moves: &[String]) -> Result<(), Reason> {
    for (i, text) in moves.iter().enumerate() {
        play(pos, text).map_err(|error| Reason::Move {
            number: i + 1,
            error,
        })?;
    }
    Ok(())
}

/// The lines after `header` that hold items, each with its number from 1;
/// an error when the file does not start with `header`.
pub fn item_lines<'a>(
    text: &'a str,
    header: &'static str,
) -> Result<impl Iterator<Item = (usize, &'a str)>, LineError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.lines().enumerate();
    if lines.next().map(|(_, l)| l.trim_end()) != Some(header) {
        return Err(LineError {
            line: 1,
            field: "header",
            reason: words!("the file must start with '{header}'").into(),
        });
    }
    Ok(lines
        .map(|(i, raw)| (i + 1, raw.trim_end_matches('\r')))
        .filter(|(_, text)| !text.trim().is_empty() && !text.starts_with('#')))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file saved with a byte-order mark (as some editors on Windows
    /// save) reads as the same file without it, as a record does.
    #[test]
    fn a_byte_order_mark_is_not_part_of_the_header() {
        fn lines(text: &str) -> Result<Vec<(usize, &str)>, LineError> {
            item_lines(text, "#h 1").map(|l| l.collect())
        }
        let plain = lines("#h 1\r\na b\r\n").unwrap();
        assert_eq!(plain, [(2, "a b")]);
        assert_eq!(lines("\u{feff}#h 1\r\na b\r\n").unwrap(), plain);
        assert_eq!(lines("x\n").unwrap_err().line, 1);
    }
}
