//! The one reader of game parameters in URLs, shared by shared links
//! (the fragment, `link`) and embedded boards (the query,
//! `embed`): `key=value` pairs, percent-decoded, and the keys
//! that describe a game — `game`, `rules`, `count`, `squares`, `variant`,
//! `players`, `moves`, `seats`, `at`. Every value is checked and an error
//! names the key; the moves are replayed here, so a bad move is reported
//! before anything on the page changes.

use crate::problem::{clip, Expected, Problem};
use crate::seat::Seat;
use cheversi_api::spec::GameSpec;
use cheversi_engine::Session;

/// The fragment of a link to a lesson: `#learn=ID`.
pub const LESSON_LINK: &str = "#learn=";
/// The fragment of a link to a puzzle: `#puzzle=ID`.
pub const PUZZLE_LINK: &str = "#puzzle=";

/// The id a lesson's or puzzle's link names (`prefix` is [`LESSON_LINK`]
/// or [`PUZZLE_LINK`]): decoded as a link's values are (a chat app may
/// escape it), and ended at a `&` some apps append.
pub fn fragment_id(hash: &str, prefix: &str) -> Option<String> {
    let id = hash.strip_prefix(prefix)?;
    let id = id.split('&').next().unwrap_or(id);
    Some(decode(id).unwrap_or_else(|_| id.to_string()))
}

/// Splits `a=1&b=2` (a leading `?` or `#` is ignored) into decoded pairs.
/// A key given twice is refused: which one counts would be a guess.
pub fn pairs(text: &str) -> Result<Vec<(String, String)>, Problem> {
    let text = text.trim_start_matches(['?', '#']);
    let pairs: Vec<(String, String)> = text
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| Problem::NotKeyValue { pair: clip(pair) })?;
            let value = decode(value).map_err(|e| match e {
                Undecodable::Escape(at) => Problem::BadEscape { key: clip(key), at },
                Undecodable::Utf8 => Problem::NotUtf8 { key: clip(key) },
            })?;
            Ok((clip(key), value))
        })
        .collect::<Result<_, Problem>>()?;
    // Compared pair by pair (a set, or a sort, cost the module 1.4 kB),
    // among the first pairs only: no reader of pairs knows more than a
    // few dozen keys, so past them one is unknown, and refused as such.
    let first = &pairs[..pairs.len().min(64)];
    let twice = (1..first.len()).find(|&i| first[..i].iter().any(|(k, _)| *k == first[i].0));
    if let Some(i) = twice {
        return Err(Problem::GivenTwice {
            key: first[i].0.clone(),
        });
    }
    Ok(pairs)
}

/// The game described by the game keys.
#[derive(Debug, Default)]
pub struct GameParams {
    spec: GameSpec,
    moves: Vec<String>,
    seats: Option<Vec<Seat>>,
    at: Option<usize>,
}

/// A checked game: its moves replayed.
#[derive(Debug)]
pub struct ParsedGame {
    pub session: Session,
    /// As given (`seats=`), else None.
    pub seats: Option<Vec<Seat>>,
    /// The position to show (`at=`), else the last.
    pub at: Option<usize>,
}

impl GameParams {
    /// Reads one pair if it is a game key; false when it is not.
    pub fn take(&mut self, key: &str, value: &str) -> Result<bool, Problem> {
        let text = || Some(value.to_string());
        match key {
            "game" => self.spec.game = value.to_string(),
            "rules" => self.spec.rules = text(),
            "count" => self.spec.count = text(),
            "squares" => self.spec.squares = text(),
            "variant" => self.spec.variant = text(),
            "players" => {
                self.spec.players = Some(
                    value
                        .parse()
                        .map_err(|_| Problem::not_a("players", value, Expected::Players))?,
                )
            }
            "moves" => {
                self.moves = value
                    .split(['.', ',', ' '])
                    .filter(|m| !m.is_empty())
                    .map(String::from)
                    .collect()
            }
            "seats" => {
                self.seats = Some(
                    value
                        .split('.')
                        .map(Seat::parse)
                        .collect::<Result<_, _>>()?,
                )
            }
            "at" => {
                self.at = Some(
                    value
                        .parse()
                        .map_err(|_| Problem::not_a("at", value, Expected::MoveNumber))?,
                )
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Checks the options, the seats and `at`, and replays the moves.
    pub fn finish(self) -> Result<ParsedGame, Problem> {
        if self.spec.game.is_empty() {
            return Err(Problem::NoGame);
        }
        let options = self.spec.checked()?;
        if let Some(seats) = &self.seats {
            if seats.len() != options.players() {
                return Err(Problem::SeatCount {
                    given: seats.len(),
                    players: options.players(),
                });
            }
        }
        let mut session = Session::new(options);
        for (i, text) in self.moves.iter().enumerate() {
            session.play_text(text).map_err(|error| Problem::Move {
                number: i + 1,
                game: options.kind(),
                error,
            })?;
        }
        if let Some(at) = self.at {
            if !session.go_to(at) {
                return Err(Problem::PastLastMove {
                    key: "at",
                    at,
                    moves: self.moves.len(),
                });
            }
        }
        Ok(ParsedGame {
            session,
            seats: self.seats,
            at: self.at,
        })
    }
}

/// Why a value cannot be percent-decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Undecodable {
    /// A `%` without two hex digits, at this character (from 1).
    Escape(usize),
    Utf8,
}

/// Percent-decoding (links pasted from chat apps may be encoded).
pub fn decode(text: &str) -> Result<String, Undecodable> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = text
                    .get(i + 1..i + 3)
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                    // Counted in characters, as the message says.
                    .ok_or_else(|| Undecodable::Escape(text[..i].chars().count() + 1))?;
                out.push(hex);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| Undecodable::Utf8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_lesson_or_puzzle_link_names_its_id_decoded() {
        assert_eq!(
            fragment_id("#learn=mirror", "#learn="),
            Some("mirror".into())
        );
        assert_eq!(
            fragment_id("#learn=two%2Dknights&utm=x", "#learn="),
            Some("two-knights".into())
        );
        assert_eq!(fragment_id("#puzzle=ab12", "#learn="), None);
        assert_eq!(fragment_id("#puzzle=%zz", "#puzzle="), Some("%zz".into()));
    }

    #[test]
    fn pairs_are_decoded_and_checked() {
        assert_eq!(
            pairs("?a=1&b=x%20y").unwrap(),
            [("a".into(), "1".into()), ("b".into(), "x y".into())]
        );
        assert_eq!(
            pairs("#game").unwrap_err(),
            Problem::NotKeyValue {
                pair: "game".into()
            }
        );
        assert_eq!(
            pairs("moves=%zz").unwrap_err(),
            Problem::BadEscape {
                key: "moves".into(),
                at: 1
            }
        );
        assert_eq!(
            pairs("moves=é%zz").unwrap_err(),
            Problem::BadEscape {
                key: "moves".into(),
                at: 2
            },
            "the second character, not byte"
        );
        assert_eq!(
            pairs("moves=%ff").unwrap_err(),
            Problem::NotUtf8 {
                key: "moves".into()
            }
        );
        // Which one counts would be a guess: refused, as a record's tag.
        assert_eq!(
            pairs("game=cheversi&moves=Kd4.Qe5&moves=").unwrap_err(),
            Problem::GivenTwice {
                key: "moves".into()
            }
        );
        let long = "k".repeat(500);
        let e = pairs(&long).unwrap_err();
        assert!(crate::problem_words::words(&e).len() < 100, "{e:?}");
    }

    fn game(text: &str) -> Result<ParsedGame, Problem> {
        let mut params = GameParams::default();
        for (k, v) in pairs(text)? {
            if !params.take(&k, &v)? {
                return Err(Problem::UnknownKey { key: k });
            }
        }
        params.finish()
    }

    #[test]
    fn at_shows_an_earlier_position_of_the_whole_game() {
        let g = game("game=cheversi&moves=Kd4.Qe5.Qd5&at=1").unwrap();
        assert_eq!(g.session.moves().len(), 3);
        assert_eq!(g.session.cursor(), 1);
        assert_eq!(
            game("game=cheversi&moves=Kd4&at=2").unwrap_err(),
            Problem::PastLastMove {
                key: "at",
                at: 2,
                moves: 1
            }
        );
        assert_eq!(
            game("game=cheversi&at=x").unwrap_err(),
            Problem::not_a("at", "x", Expected::MoveNumber)
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        /// Any text: an error that names a key or the pair, never a panic.
        #[test]
        fn any_text_is_read_or_refused(text in ".{0,120}") {
            if let Err(e) = game(&text) {
                prop_assert!(!crate::problem_words::words(&e).is_empty());
            }
        }

        /// Plausible links with random values.
        #[test]
        fn random_values_of_real_keys(
            keys in proptest::collection::vec(
                prop_oneof!["game", "rules", "count", "squares", "variant", "players", "moves", "seats", "at"],
                0..7),
            values in proptest::collection::vec(
                prop_oneof!["cheversi", "attrition", "brainking", "melee", "3", "Kd4.Qe5", "Nd4.Nb5.d4xb5", "human.master", "99", "", "%41", "-1"],
                7),
        ) {
            let text: Vec<String> = keys.iter().zip(&values).map(|(k, v)| format!("{k}={v}")).collect();
            match game(&text.join("&")) {
                Ok(g) => prop_assert!(g.session.cursor() <= g.session.moves().len()),
                Err(e) => {
                    let text = crate::problem_words::words(&e);
                    prop_assert!(text.contains(':') || text.contains('\''), "{}", text)
                }
            }
        }
    }
}
