//! The puzzle file: a header line, then one puzzle a line, five fields
//! separated by single spaces:
//!
//! ```text
//! #cheversi-puzzles 2
//! <game> <rating> <goal> <moves> <line>
//! ```
//!
//! - `game`: a Cheversi rule set at its default scoring (`lewicki`,
//!   `lewicki-any`, `lewicki-free`, `brainking-classic`, `brainking`) or an
//!   Attrition variant (`duel`, `two-knights`).
//! - `rating`: the difficulty, 400 to 3000 (an Elo-like number).
//! - `goal`: Cheversi: the final margin the side to move reaches with best
//!   play, in points (`+3`, `0`, `-2`); Attrition: `w` and the plies to the
//!   end of the win (`w5`: the side to move wins, the game ends 5 moves on).
//! - `moves`: the moves that reach the position, in record notation,
//!   separated by commas (`-` for none).
//! - `line`: the solution, from the position: the solver's moves and the
//!   replies between them, separated by commas; it ends with the solver's
//!   last move.
//!
//! A puzzle's id (links and saved progress name it) comes from its game
//! and moves ([`id_of`]), so the file does not spell it out: the ids were a
//! fifth of the file gzipped. Where the generator salted an id that
//! collided, the line starts with that id as a sixth field, before the
//! game: 1 to 8 characters `a-z0-9`. Ids are unique in the file. Files of
//! version 1, where every line starts with its id, are read the same way.
//!
//! Lines starting with `#` after the header are comments; blank lines are
//! skipped. Parsing checks every move against the rules, so a [`Puzzle`]
//! always describes a real position and a playable line.

use crate::any::{AnyGame, GameOptions};
use crate::attrition::{self, Variant};
use crate::cheversi::{self, RuleSet};
use crate::data_file::{play, play_all, words, Reason};
use crate::game::quoted;
use crate::game::{GameState, Player};
use std::fmt;

/// The first line of a puzzle file (its format's version).
pub const HEADER: &str = "#cheversi-puzzles 2";

/// The first line of the files of version 1, still read.
const HEADER_1: &str = "#cheversi-puzzles 1";

/// What the side to move must reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Cheversi: this final margin in points, with best play by both.
    Margin(i32),
    /// Attrition: a win, the game ending this many plies on.
    WinIn(u32),
}

/// One checked puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    id: String,
    game: String,
    rating: u32,
    goal: Goal,
    moves: Vec<String>,
    line: Vec<String>,
    /// The side to move in the position (the person solving).
    solver: Player,
}

/// Where a puzzle file is wrong (line from 1) and what is wrong there.
pub type PuzzleError = crate::data_file::LineError;

/// The options of a puzzle's game name.
pub fn game_options(name: &str) -> Option<GameOptions> {
    if let Ok(rules) = name.parse::<RuleSet>() {
        return Some(GameOptions::Cheversi(cheversi::Options::new(rules)));
    }
    match name.parse::<Variant>() {
        Ok(v @ (Variant::Duel | Variant::TwoKnights)) => {
            Some(GameOptions::Attrition(attrition::Options::new(v)))
        }
        _ => None,
    }
}

impl Puzzle {
    /// A puzzle from its parts, checked as the file's lines are.
    pub fn new(
        id: &str,
        game: &str,
        rating: u32,
        goal: Goal,
        moves: Vec<String>,
        line: Vec<String>,
    ) -> Result<Puzzle, (&'static str, Reason)> {
        if id.is_empty()
            || id.len() > 8
            || !id
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        {
            return Err((
                "id",
                words!("'{}' is not 1 to 8 letters a-z and digits", quoted(id)).into(),
            ));
        }
        let options = game_options(game).ok_or_else(|| {
            (
                "game",
                words!(
                    "'{}' is not a puzzle game (a Cheversi rule set, duel or two-knights)",
                    quoted(game)
                )
                .into(),
            )
        })?;
        if !(400..=3000).contains(&rating) {
            return Err(("rating", words!("{rating} is outside 400 to 3000").into()));
        }
        match (goal, &options) {
            (Goal::Margin(_), GameOptions::Cheversi(_)) => {}
            (Goal::WinIn(n), GameOptions::Attrition(_)) if n >= 1 => {}
            _ => return Err(("goal", words!("{goal} does not fit {game}").into())),
        }
        let mut pos = options.start();
        play_all(&mut pos, &moves).map_err(|reason| ("moves", reason))?;
        let solver = pos
            .to_move()
            .ok_or(("moves", words!("the game is over after these moves").into()))?;
        if line.is_empty() {
            return Err(("line", words!("the solution is empty").into()));
        }
        let mut last_mover = solver;
        for (i, text) in line.iter().enumerate() {
            last_mover = pos.to_move().ok_or_else(|| {
                (
                    "line",
                    words!("move {} '{}': the game is over", i + 1, quoted(text)).into(),
                )
            })?;
            play(&mut pos, text).map_err(|error| {
                (
                    "line",
                    Reason::Move {
                        number: i + 1,
                        error,
                    },
                )
            })?;
        }
        if last_mover != solver {
            return Err((
                "line",
                words!("the solution must end with the solver's move").into(),
            ));
        }
        Ok(Puzzle {
            id: id.to_string(),
            game: game.to_string(),
            rating,
            goal,
            moves,
            line,
            solver,
        })
    }

    pub fn id(&self) -> &str {
        &self.id
    }
    /// The game's name as the file writes it (`lewicki`, `duel`).
    pub fn game(&self) -> &str {
        &self.game
    }
    pub fn options(&self) -> GameOptions {
        game_options(&self.game).expect("checked when the puzzle was made")
    }
    pub fn rating(&self) -> u32 {
        self.rating
    }
    pub fn goal(&self) -> Goal {
        self.goal
    }
    pub fn moves(&self) -> &[String] {
        &self.moves
    }
    pub fn line(&self) -> &[String] {
        &self.line
    }
    /// The player solving: the side to move in the position.
    pub fn solver(&self) -> Player {
        self.solver
    }
    /// The puzzle's position.
    pub fn position(&self) -> AnyGame {
        let mut pos = self.options().start();
        for text in &self.moves {
            // Not `expect`: it would keep the error's Debug text in the page.
            let played = play(&mut pos, text);
            assert!(played.is_ok(), "checked when the puzzle was made");
        }
        pos
    }
    /// How many moves of the line the solver makes.
    pub fn solver_moves(&self) -> usize {
        let mut pos = self.position();
        let mut count = 0;
        for text in &self.line {
            if pos.to_move() == Some(self.solver) {
                count += 1;
            }
            // Not `expect`: it would keep the error's Debug text in the page.
            let played = play(&mut pos, text);
            assert!(played.is_ok(), "checked when the puzzle was made");
        }
        count
    }

    /// The puzzle as a line of the file: its id only where it is not the
    /// one its game and moves give.
    pub fn to_line(&self) -> String {
        let list = |moves: &[String]| {
            if moves.is_empty() {
                "-".to_string()
            } else {
                moves.join(",")
            }
        };
        let fields = format!(
            "{} {} {} {} {}",
            self.game,
            self.rating,
            self.goal,
            list(&self.moves),
            list(&self.line)
        );
        if self.id == id_of(&self.game, &self.moves, 0) {
            fields
        } else {
            format!("{} {fields}", self.id)
        }
    }
}

/// A puzzle's id from its game and the moves to its position: the same
/// puzzle keeps its id whatever else is generated (links stay valid);
/// `salt` separates the rare collision.
pub(crate) fn id_of(game: &str, moves: &[String], salt: u32) -> String {
    // FNV-1a of "<game> <moves joined by commas> <salt>": fixed and
    // platform-independent. Fed piece by piece (no text built).
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    feed(game.as_bytes());
    feed(b" ");
    for (i, mv) in moves.iter().enumerate() {
        if i > 0 {
            feed(b",");
        }
        feed(mv.as_bytes());
    }
    feed(b" ");
    feed(salt.to_string().as_bytes());
    // 36^8 ids of 8 characters at most, written from the last digit.
    let mut n = h % 2_821_109_907_456;
    let mut id = String::new();
    loop {
        let d = (n % 36) as u32;
        id.insert(0, char::from_digit(d, 36).expect("below 36"));
        n /= 36;
        if n == 0 {
            break;
        }
    }
    id
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Goal::Margin(m) if m > 0 => write!(f, "+{m}"),
            Goal::Margin(m) => write!(f, "{m}"),
            Goal::WinIn(n) => write!(f, "w{n}"),
        }
    }
}

impl std::str::FromStr for Goal {
    type Err = String;
    fn from_str(text: &str) -> Result<Goal, String> {
        let bad = || {
            words!(
                "'{}' is neither a margin (+3, 0, -2) nor a win (w5)",
                quoted(text)
            )
        };
        if let Some(n) = text.strip_prefix('w') {
            return n.parse().map(Goal::WinIn).map_err(|_| bad());
        }
        let digits = text.strip_prefix('+').unwrap_or(text);
        if digits.starts_with('+') || (text.starts_with('+') && digits.starts_with('-')) {
            return Err(bad());
        }
        digits.parse().map(Goal::Margin).map_err(|_| bad())
    }
}

fn split_moves(text: &str) -> Vec<String> {
    if text == "-" {
        Vec::new()
    } else {
        text.split(',').map(str::to_string).collect()
    }
}

/// One line of the file (not a comment): five fields, or six with the id
/// first.
fn parse_line(text: &str) -> Result<Puzzle, (&'static str, Reason)> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (id, fields) = match fields.len() {
        5 => (None, &fields[..]),
        6 => (Some(fields[0]), &fields[1..]),
        n => {
            return Err((
                "line",
                words!("{n} fields where 5 are needed (game rating goal moves line)").into(),
            ))
        }
    };
    let rating = fields[1].parse().map_err(|_| {
        let digits = fields[1].bytes().all(|b| b.is_ascii_digit());
        let reason = if digits {
            "is outside 400 to 3000"
        } else {
            "is not a whole number"
        };
        ("rating", words!("'{}' {reason}", quoted(fields[1])).into())
    })?;
    let goal = fields[2].parse().map_err(|e: String| ("goal", e.into()))?;
    let moves = split_moves(fields[3]);
    let id = id.map_or_else(|| id_of(fields[0], &moves, 0), str::to_string);
    Puzzle::new(&id, fields[0], rating, goal, moves, split_moves(fields[4]))
}

/// Reads a whole puzzle file; the first problem found is the error.
pub fn parse_file(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    let mut puzzles = Vec::new();
    // Sorted ids (no hash table: the wasm build has no other use for one).
    let mut ids: Vec<String> = Vec::new();
    let header = match text.lines().next() {
        Some(first) if first.trim_end() == HEADER_1 => HEADER_1,
        _ => HEADER,
    };
    for (line, text) in crate::data_file::item_lines(text, header)? {
        let error = |(field, reason): (&'static str, Reason)| PuzzleError {
            line,
            field,
            reason,
        };
        let puzzle = parse_line(text).map_err(error)?;
        match ids.binary_search(&puzzle.id) {
            Ok(_) => {
                return Err(error((
                    "id",
                    words!("'{}' is used twice", puzzle.id).into(),
                )))
            }
            Err(at) => ids.insert(at, puzzle.id.clone()),
        }
        puzzles.push(puzzle);
    }
    Ok(puzzles)
}

/// The file for `puzzles`: the header and one line each.
pub fn write_file(puzzles: &[Puzzle]) -> String {
    let mut out = String::from(HEADER);
    out.push('\n');
    for p in puzzles {
        out.push_str(&p.to_line());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "#cheversi-puzzles 2\n\
        # a comment\n\
        lewicki-free 1200 +3 Qd4,Qe5,Rb2,Rg7,Bc3,Bf6,Nc6,Nf3,Kh1,Ka8,Rb7,Ra2 Bh3,Bb5,Nd1\n\
        a1 lewicki 1000 +1 - Qd4\n";

    #[test]
    fn a_good_file_round_trips() {
        let puzzles = parse_file(GOOD).expect("the sample is good");
        assert_eq!(puzzles.len(), 2);
        let p = &puzzles[0];
        // FNV-1a of "lewicki-free Qd4,...,Ra2 0", in base 36.
        assert_eq!(p.id(), "19wezgs6");
        assert_eq!(p.goal(), Goal::Margin(3));
        assert_eq!(p.moves().len(), 12);
        assert_eq!(p.solver(), 0);
        assert_eq!(p.solver_moves(), 2);
        // An id the file gives is kept, and written back.
        assert_eq!(puzzles[1].id(), "a1");
        let written = write_file(&puzzles);
        assert_eq!(
            written,
            GOOD.replace("# a comment\n", ""),
            "the derived id is left out, the given one kept"
        );
        assert_eq!(parse_file(&written), Ok(puzzles));
    }

    #[test]
    fn a_file_of_version_1_is_read_with_its_ids() {
        let old = "#cheversi-puzzles 1\n\
            ru5cwcm3 lewicki-free 1200 +3 Qd4,Qe5,Rb2,Rg7,Bc3,Bf6,Nc6,Nf3,Kh1,Ka8,Rb7,Ra2 Bh3,Bb5,Nd1\n";
        let puzzles = parse_file(old).expect("a version 1 file");
        assert_eq!(puzzles[0].id(), "ru5cwcm3");
        assert_eq!(puzzles[0].line().len(), 3);
    }

    fn error_of(line: &str) -> PuzzleError {
        parse_file(&format!("{HEADER}\n{line}\n")).expect_err(line)
    }

    #[test]
    fn damaged_lines_say_where_and_what() {
        let cases: &[(&str, &str, &str)] = &[
            ("lewicki 1200 +3 Qd4", "line", "4 fields"),
            ("a1 lewicki 1200 +3 - Qd4 Qe5", "line", "7 fields"),
            ("A! lewicki 1200 +3 - Qd4", "id", "letters"),
            ("a1 chess 1200 +3 - Qd4", "game", "'chess'"),
            ("a1 melee 1200 +3 - Qd4", "game", "'melee'"),
            ("a1 lewicki 12x0 +3 - Qd4", "rating", "12x0"),
            ("a1 lewicki 99 +3 - Qd4", "rating", "outside"),
            // Too large for a number is outside too, not "not a whole number".
            ("a1 lewicki 4000000000000 +3 - Qd4", "rating", "outside"),
            ("a1 lewicki 1200 ++3 - Qd4", "goal", "++3"),
            ("a1 lewicki 1200 w3 - Qd4", "goal", "does not fit"),
            ("a1 duel 1200 +3 - Nd4", "goal", "does not fit"),
            (
                "a1 lewicki-free 1200 +3 Qd4,Qd4 Rb2",
                "moves",
                "move 2: Qd4: ",
            ),
            ("a1 lewicki 1200 +3 Zz9 Rb2", "moves", "move 1: Zz9: "),
            // An empty move is said so, once.
            (
                "a1 lewicki 1200 +3 Qd4,,Qe5 Rb2",
                "moves",
                "move 2: empty move (",
            ),
            ("a1 lewicki 1200 +3 - -", "line", "empty"),
            (
                "a1 lewicki 1200 +3 - Qd4,Qe5",
                "line",
                "end with the solver",
            ),
        ];
        for &(line, field, part) in cases {
            let e = error_of(line);
            assert_eq!((e.line, e.field), (2, field), "{line}: {e}");
            // Worded for the command line's tools only (`data_file::words`).
            let said = e.reason.to_string();
            assert!(
                !cfg!(feature = "tools") || said.contains(part),
                "{line}: {e}"
            );
        }
    }

    /// A move that cannot be played is kept as data (its number, and the
    /// rule that forbids it), for a caller to word in its own language.
    #[test]
    fn a_refused_move_is_kept_as_data() {
        use crate::cheversi::Violation;
        use crate::session::PlayError;
        let e = error_of("a1 lewicki-free 1200 +3 Qd4,Qd4 Rb2");
        let Reason::Move {
            number: 2,
            error: PlayError::Illegal(illegal),
        } = e.reason
        else {
            panic!("{e}")
        };
        assert_eq!(illegal.notation, "Qd4");
        assert!(matches!(
            illegal.reason,
            crate::AnyViolation::Cheversi(Violation::Occupied { .. })
        ));
        let e = error_of("a1 lewicki 1200 +3 - Qd4,Zz9");
        assert!(matches!(
            e.reason,
            Reason::Move {
                number: 2,
                error: PlayError::Parse(_)
            }
        ));
    }

    #[test]
    fn the_header_and_duplicate_ids_are_checked() {
        let e = parse_file("a1 lewicki 1200 +3 - Qd4\n").unwrap_err();
        assert_eq!((e.line, e.field), (1, "header"));
        let e = parse_file(&format!(
            "{HEADER}\na1 lewicki 1200 +3 - Qd4\n\na1 lewicki 1200 +3 - Qe4\n"
        ))
        .unwrap_err();
        assert_eq!((e.line, e.field), (4, "id"));
        // Two lines of the same position have the same derived id.
        let e = parse_file(&format!(
            "{HEADER}\nlewicki 1200 +3 - Qd4\nlewicki 1300 +3 Qd4 Qe4\nlewicki 1400 +2 - Qe4\n"
        ))
        .unwrap_err();
        assert_eq!((e.line, e.field), (4, "id"));
        assert!(parse_file("").is_err());
    }

    proptest::proptest! {
        #[test]
        fn any_text_is_an_error_or_puzzles_never_a_panic(text in ".{0,200}") {
            let _ = parse_file(&text);
            let _ = parse_file(&format!("{HEADER}\n{text}"));
        }

        #[test]
        fn a_line_with_one_character_changed_never_panics(i in 0usize..200, c in proptest::char::any()) {
            let _ = parse_file(&crate::test_support::one_char_changed(GOOD, i, c));
        }
    }
}
