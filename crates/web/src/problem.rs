//! What is wrong with something the page reads from outside — a link, an
//! embed parameter, the saved game, the games list, the puzzle progress
//! or file — as data: the offending value (clipped) and the reason. The
//! page words it in its language (`problem_words.rs`); nothing here
//! is English for the page.

use cheversi_engine::ai::duel::data;
use cheversi_engine::options::GameKind;
use cheversi_engine::record::RecordError;
use cheversi_engine::{OptionError, PlayError};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A pair with no `=`.
    NotKeyValue {
        pair: String,
    },
    /// A `%` not followed by two hex digits, at this character (from 1).
    BadEscape {
        key: String,
        at: usize,
    },
    /// A value whose decoded bytes are not UTF-8.
    NotUtf8 {
        key: String,
    },
    /// A key a link does not take.
    UnknownKey {
        key: String,
    },
    /// A parameter an embedded board does not take.
    UnknownParameter {
        key: String,
    },
    /// No `game` key.
    NoGame,
    /// A key that must be given.
    Missing {
        key: &'static str,
    },
    /// A value that is not what the key takes.
    NotA {
        key: &'static str,
        value: String,
        expected: Expected,
    },
    /// A game option the engine refuses.
    Options(OptionError),
    /// A computer level that does not exist.
    UnknownLevel {
        key: &'static str,
        value: String,
    },
    /// `given` seats for a game of `players`.
    SeatCount {
        given: usize,
        players: usize,
    },
    /// Move `number` (from 1) of a game of `game` cannot be played.
    Move {
        number: usize,
        game: GameKind,
        error: PlayError,
    },
    /// A position after the last of `moves` moves.
    PastLastMove {
        key: &'static str,
        at: usize,
        moves: usize,
    },
    /// A letter's `next` is not the seat to move (None: no seat, or
    /// the game is over).
    NextDisagrees {
        said: Option<usize>,
        real: Option<usize>,
    },
    /// A seat the game does not have.
    NoSuchSeat {
        key: String,
        seat: usize,
        players: usize,
    },
    /// A name longer than `max` characters.
    LongName {
        name: String,
        max: usize,
    },
    /// A name holding a control character.
    BadName {
        name: String,
    },
    /// Moves that do not begin with this game's moves.
    NotContinued,
    /// Written by another version of the page.
    Version {
        value: String,
    },
    NotJson,
    /// A stored field that is absent or of the wrong kind: its path
    /// (`data.seats[1]`); or a fetched data file that does not read as a
    /// whole: its name.
    Unreadable {
        key: String,
    },
    /// A game record that does not read.
    Record(Box<RecordError>),
    /// One game id kept twice.
    KeptTwice {
        id: String,
    },
    /// A key given twice in a link or a frame's address.
    GivenTwice {
        key: String,
    },
    /// A problem on this line (from 1) of the puzzle progress.
    AtLine {
        line: usize,
        problem: Box<Problem>,
    },
    /// The puzzle progress has no version line.
    NoVersion,
    /// A fetched data file is wrong on this line (from 1): the puzzle
    /// file in this field, another file by its name.
    DataFile {
        line: usize,
        field: String,
    },
    /// A file could not be fetched (the HTTP status, when there was one;
    /// none: no answer, the connection).
    NotFetched {
        file: String,
        status: Option<u16>,
    },
    /// The duel's book reads, but gives no solved starting squares.
    NoSolvedStarts {
        file: &'static str,
    },
}

/// What a key takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// 3 or 4 (a melee's players).
    Players,
    MoveNumber,
    SeatNumber,
    /// `white` or `black`.
    Side,
    /// `off`, `white`, `black` or `both`.
    Overlay,
    /// `0` or `1`.
    Switch,
    Pixels,
    Between {
        min: u32,
        max: u32,
    },
    /// One of the page's language codes.
    Language,
    /// A game id: 6 to 32 letters, digits, `-` or `_`.
    Id,
    WholeNumber,
    /// A date and `solved` or `failed` (the daily puzzle).
    DayResult,
    /// A lesson's id: 1 to 24 letters a-z, digits or `-`.
    LessonId,
}

impl Problem {
    /// A fetched data file that does not read: on this line, or as a whole.
    pub fn data_file(file: &str, line: Option<usize>) -> Problem {
        match line {
            Some(line) => Problem::DataFile {
                line,
                field: file.into(),
            },
            None => Problem::Unreadable { key: file.into() },
        }
    }

    /// The duel's fetched book, refused: a line that does not read, or
    /// none that gives solved starting squares.
    pub fn duel_book(file: &'static str, refused: data::Refused) -> Problem {
        match refused {
            data::Refused::Line(e) => Problem::data_file(file, Some(e.line)),
            data::Refused::NoSetups => Problem::NoSolvedStarts { file },
        }
    }

    /// `key: 'value' is not …`, the value clipped.
    pub fn not_a(key: &'static str, value: &str, expected: Expected) -> Problem {
        Problem::NotA {
            key,
            value: clip(value),
            expected,
        }
    }

    pub fn at_line(line: usize, problem: Problem) -> Problem {
        Problem::AtLine {
            line,
            problem: Box::new(problem),
        }
    }
}

impl From<OptionError> for Problem {
    fn from(e: OptionError) -> Problem {
        Problem::Options(e)
    }
}

/// A line of a fetched data file (puzzles, lessons) the engine refused.
impl From<cheversi_engine::data_file::LineError> for Problem {
    fn from(e: cheversi_engine::data_file::LineError) -> Problem {
        Problem::DataFile {
            line: e.line,
            field: e.field.into(),
        }
    }
}

impl From<RecordError> for Problem {
    fn from(e: RecordError) -> Problem {
        Problem::Record(Box::new(e))
    }
}

/// Values quoted in a problem are cut short: a hostile URL or a damaged
/// save cannot fill the page.
pub fn clip(text: &str) -> String {
    cheversi_engine::game::quoted(text)
}
