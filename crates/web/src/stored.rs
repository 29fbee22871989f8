//! Every value the page keeps in localStorage, in one versioned envelope:
//! `{"kind":"game","version":2,"data":{…}}`, written and read by serde.
//!
//! The same `Serialize`/`Deserialize` code runs in the page and in the
//! tests; only the JSON tree differs ([`Tree`]): the page's JavaScript
//! value (`JSON.parse`, then serde-wasm-bindgen), serde_json's in tests.
//! A value that does not read names the field ([`Problem::Unreadable`],
//! its path such as `data.seats[1]`), never with serde's English.
//!
//! Values written before the envelope (today's formats) are read by each
//! kind's [`Kept::legacy`], once: the next write is in the envelope.

use crate::problem::{clip, Problem};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize};
use std::cell::RefCell;

/// A value kept in localStorage: its kind and the version written now.
pub trait Kept: Serialize + DeserializeOwned {
    const KIND: &'static str;
    const VERSION: u32;

    /// Reads a value written before the envelope (`tree` when the text
    /// is JSON); None when the text is not one of those either.
    fn legacy<V: Tree>(_text: &str, _tree: Option<V>) -> Option<Result<Self, Problem>> {
        None
    }
}

/// What is written: serialize it (serde-wasm-bindgen then
/// `JSON.stringify` in the page).
#[derive(Serialize)]
pub struct Envelope<'a, T> {
    pub kind: &'static str,
    pub version: u32,
    pub data: &'a T,
}

pub fn write<T: Kept>(value: &T) -> Envelope<'_, T> {
    Envelope {
        kind: T::KIND,
        version: T::VERSION,
        data: value,
    }
}

/// The envelope without its data: read first, so that a value of
/// another version is refused as such, not as a wrong field.
#[derive(Deserialize)]
struct Head {
    kind: String,
    version: u32,
}

#[derive(Deserialize)]
struct Whole<T> {
    data: T,
}

/// A parsed JSON value: the page's JavaScript value, or serde_json's in
/// tests. serde reads it; these few calls only say what it is.
pub trait Tree: Sized + Clone {
    /// None when the text is not JSON.
    fn parse(text: &str) -> Option<Self>;
    /// The field of an object (None when absent or not an object).
    fn get(&self, key: &str) -> Option<Self>;
    /// The items of an array.
    fn items(&self) -> Option<Vec<Self>>;
    /// The value as JSON text (to be set aside).
    fn text(&self) -> String;
    /// Reads it by serde; the error names the field.
    fn decode<T: DeserializeOwned>(self) -> Result<T, Problem>;
}

/// Reads a kept value: in the envelope, or in the format of before.
pub fn read<T: Kept, V: Tree>(text: &str) -> Result<T, Problem> {
    let tree = V::parse(text);
    match tree {
        Some(tree) if tree.get("kind").is_some() => {
            data_of(&tree, T::KIND, T::VERSION)?;
            tree.decode::<Whole<T>>().map(|w| w.data)
        }
        tree => {
            let not_json = tree.is_none();
            T::legacy(text, tree).unwrap_or(Err(if not_json {
                Problem::NotJson
            } else {
                Problem::Unreadable { key: "kind".into() }
            }))
        }
    }
}

/// The data of an envelope of this kind and version, not yet read (a
/// list read item by item: one bad item must not take the others).
pub fn data_of<V: Tree>(tree: &V, kind: &str, version: u32) -> Result<V, Problem> {
    let head: Head = tree.clone().decode()?;
    if head.kind != kind {
        return Err(Problem::Unreadable { key: "kind".into() });
    }
    if head.version != version {
        return Err(Problem::Version {
            value: head.version.to_string(),
        });
    }
    tree.get("data")
        .ok_or(Problem::Unreadable { key: "data".into() })
}

thread_local! {
    /// A problem found by a type's own check while serde read it (a
    /// computer level that does not exist): said as it is, not as an
    /// unreadable field.
    static REFUSED: RefCell<Option<Problem>> = const { RefCell::new(None) };
}

/// Records why a type refused its value (see [`decode`]).
pub fn refuse(problem: Problem) {
    REFUSED.with(|r| *r.borrow_mut() = Some(problem));
}

/// Reads by serde from any deserializer; the problem names the path of
/// the field that is wrong, or is the one a type refused with.
pub fn decode<'de, T: Deserialize<'de>, D: Deserializer<'de>>(de: D) -> Result<T, Problem>
where
    D::Error: std::fmt::Display,
{
    REFUSED.with(|r| r.borrow_mut().take());
    serde_path_to_error::deserialize(de).map_err(|e| {
        if let Some(problem) = REFUSED.with(|r| r.borrow_mut().take()) {
            return problem;
        }
        let mut path = e.path().to_string();
        // A field left out is reported at its object: name the field
        // (serde's own `missing field `name`` token, not its words).
        // (In the page the message reads `Error: missing field …`.)
        let message = e.inner().to_string();
        if let Some(field) = message
            .split_once("missing field `")
            .and_then(|(_, rest)| rest.split('`').next())
        {
            path = if path == "." {
                field.to_string()
            } else {
                format!("{path}.{field}")
            };
        }
        Problem::Unreadable { key: clip(&path) }
    })
}

/// serde_json's values, read as the page reads its JavaScript values.
#[cfg(test)]
impl Tree for serde_json::Value {
    fn parse(text: &str) -> Option<Self> {
        serde_json::from_str(text).ok()
    }
    fn get(&self, key: &str) -> Option<Self> {
        self.as_object()?.get(key).cloned()
    }
    fn items(&self) -> Option<Vec<Self>> {
        self.as_array().cloned()
    }
    fn text(&self) -> String {
        self.to_string()
    }
    fn decode<T: DeserializeOwned>(self) -> Result<T, Problem> {
        decode(self)
    }
}

/// A kept value as the page writes it, in tests.
#[cfg(test)]
pub fn text_of<T: Kept>(value: &T) -> String {
    serde_json::to_string(&write(value)).unwrap()
}

/// A kept value read as the page reads it, in tests.
#[cfg(test)]
pub fn read_text<T: Kept>(text: &str) -> Result<T, Problem> {
    read::<T, serde_json::Value>(text)
}

/// The correspondence game shown at the last visit ("" for the game at
/// this device).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct OpenId(pub String);

impl Kept for OpenId {
    const KIND: &'static str = "open";
    const VERSION: u32 = 1;
    /// Today's: the id as it is.
    fn legacy<V: Tree>(text: &str, _tree: Option<V>) -> Option<Result<Self, Problem>> {
        Some(Ok(OpenId(text.to_string())))
    }
}

/// The language chosen (its code).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Language(pub String);

impl Kept for Language {
    const KIND: &'static str = "lang";
    const VERSION: u32 = 1;
    /// Today's: the code as it is.
    fn legacy<V: Tree>(text: &str, _tree: Option<V>) -> Option<Result<Self, Problem>> {
        Some(Ok(Language(text.to_string())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::Seat;
    use crate::state::games::{read_list, StoredGame};
    use crate::state::puzzle::Progress;
    use crate::state::saving::Saved;
    use cheversi_engine::ai::player::levels::Level;

    const RECORD: &str = "[Game \"Cheversi\"]\n[Rules \"lewicki\"]\n[Count \"distinct\"]\n[Squares \"all\"]\n[Result \"*\"]\n\n1. Kd4 Qe5 2. Nd5 *\n";

    /// Values exactly as the build before the envelope wrote them (its
    /// `JSON.stringify` of serde-wasm-bindgen, its `to_js`, its
    /// `to_text`): they still load, with their contents.
    #[test]
    fn values_written_by_the_build_before_the_envelope_still_load() {
        // The save: serde-wasm-bindgen left `last_winner: None` out.
        let save = r#"{"version":1,"record":"[Game \"Cheversi\"]\n[Rules \"lewicki\"]\n[Count \"distinct\"]\n[Squares \"all\"]\n[Result \"*\"]\n\n1. Kd4 Qe5 2. Nd5 *\n","seats":["Human",{"Computer":"strong"}],"undo_allowed":true,"cursor":3}"#;
        let saved: Saved = read_text(save).unwrap();
        assert_eq!(
            saved,
            Saved {
                record: RECORD.into(),
                seats: vec![Seat::Human, Seat::Computer(Level::Strong)],
                undo_allowed: true,
                cursor: 3,
                last_winner: None,
            }
        );
        let state = crate::state::State::restore(saved).unwrap();
        assert_eq!(state.play().session().notations(), ["Kd4", "Qe5", "Nd5"]);
        let with_winner = save.replace(r#""cursor":3}"#, r#""cursor":2,"last_winner":1}"#);
        let saved: Saved = read_text(&with_winner).unwrap();
        assert_eq!((saved.cursor, saved.last_winner), (2, Some(1)));
        // Written again, it is in the envelope and reads the same.
        let again: Saved = read_text(&text_of(&saved)).unwrap();
        assert_eq!(again, saved);

        // The games list, by `to_js`: seats by their lowercase names.
        let games = r#"{"version":1,"games":[{"id":"game-one-1","record":"[Game \"Cheversi\"]\n[Rules \"lewicki\"]\n[Count \"distinct\"]\n[Squares \"all\"]\n[White \"Ann\"]\n[Black \"Ben\"]\n[Result \"*\"]\n\n1. Qd4 *\n","seats":["human","remote"],"updated":1764000000000},{"id":"game-two-2","record":"[Game \"Cheversi\"]\n[Rules \"lewicki\"]\n\n*","seats":["remote","master"],"updated":1763000000000.5}]}"#;
        let read: Vec<StoredGame> = read_list::<serde_json::Value>(games)
            .unwrap()
            .into_iter()
            .map(Result::unwrap)
            .collect();
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].id, "game-one-1");
        assert_eq!(read[0].seats, [Seat::Human, Seat::Remote]);
        assert_eq!(read[0].updated, 1_764_000_000_000.0);
        assert_eq!(read[1].seats, [Seat::Remote, Seat::Computer(Level::Master)]);
        assert_eq!(read[1].updated, 1_763_000_000_000.5);
        let play = read[0].to_play().unwrap();
        assert_eq!(play.session().notations(), ["Qd4"]);
        assert_eq!(play.name(1).as_deref(), Some("Ben"));
        // Written again, in the envelope, one way for seats.
        let text = text_of(&read);
        assert!(
            text.starts_with(r#"{"kind":"games","version":2,"data":[{"#),
            "{text}"
        );
        assert!(
            text.contains(r#""seats":["Remote",{"Computer":"master"}]"#),
            "{text}"
        );
        let back: Vec<StoredGame> = read_list::<serde_json::Value>(&text)
            .unwrap()
            .into_iter()
            .map(Result::unwrap)
            .collect();
        assert_eq!(back, read);
        // A bad game of today's list is handed back as text, the rest read.
        let one_bad = games.replace(
            r#""seats":["remote","master"]"#,
            r#""seats":["remote","god"]"#,
        );
        let read = read_list::<serde_json::Value>(&one_bad).unwrap();
        assert!(read[0].is_ok());
        let (text, why) = read[1].clone().unwrap_err();
        assert!(text.contains("game-two-2"), "{text}");
        assert_eq!(
            why,
            Problem::UnknownLevel {
                key: "seats",
                value: "god".into()
            }
        );
        assert_eq!(
            read_list::<serde_json::Value>(r#"{"version":3,"games":[]}"#).err(),
            Some(Problem::Version { value: "3".into() })
        );
        // The open game's id, and the language: as they were.
        assert_eq!(
            read_text::<OpenId>("game-one-1"),
            Ok(OpenId("game-one-1".into()))
        );
        assert_eq!(read_text::<OpenId>(""), Ok(OpenId(String::new())));
        assert_eq!(read_text::<Language>("it"), Ok(Language("it".into())));

        // The puzzle progress, by `to_text`.
        let progress = "v=1\nrating=1195\nsolved=1\nfailed=1\nstreak=0\nbest=1\ndaily=2026-11-24 solved\nseen=a1 b2\n";
        let read: Progress = read_text(progress).unwrap();
        assert_eq!(
            read,
            Progress {
                rating: 1195,
                solved: 1,
                failed: 1,
                streak: 0,
                best_streak: 1,
                daily: Some(("2026-11-24".into(), true)),
                seen: vec!["a1".into(), "b2".into()],
            }
        );
        assert_eq!(read_text::<Progress>(&text_of(&read)), Ok(read));
    }

    #[test]
    fn every_kind_round_trips_through_the_envelope() {
        let saved = Saved {
            record: RECORD.into(),
            seats: vec![Seat::Remote, Seat::Computer(Level::Beginner)],
            undo_allowed: false,
            cursor: 1,
            last_winner: Some(0),
        };
        let text = text_of(&saved);
        assert!(
            text.starts_with(r#"{"kind":"game","version":2,"data":{"#),
            "{text}"
        );
        assert_eq!(read_text::<Saved>(&text), Ok(saved));
        let mut progress = Progress::default();
        progress.record("p1", 1300, false, Some("2026-01-02"));
        assert_eq!(read_text::<Progress>(&text_of(&progress)), Ok(progress));
        for id in ["", "game-one-1", "123456"] {
            let open = OpenId(id.into());
            assert_eq!(read_text::<OpenId>(&text_of(&open)), Ok(open));
        }
        let lang = Language("ro".into());
        assert_eq!(text_of(&lang), r#"{"kind":"lang","version":1,"data":"ro"}"#);
        assert_eq!(read_text::<Language>(&text_of(&lang)), Ok(lang));
    }

    #[test]
    fn newer_other_or_damaged_envelopes_are_refused_naming_the_field() {
        let text = text_of(&Progress::default());
        let newer = text.replace(r#""version":2"#, r#""version":3"#);
        assert_eq!(
            read_text::<Progress>(&newer),
            Err(Problem::Version { value: "3".into() })
        );
        fn unreadable<T>(key: &str) -> Result<T, Problem> {
            Err(Problem::Unreadable { key: key.into() })
        }
        // Another kind is not read as this one.
        assert_eq!(read_text::<Saved>(&text), unreadable("kind"));
        for (from, to, path) in [
            (r#""version":2"#, r#""version":"2""#, "version"),
            (r#""kind":"puzzles""#, r#""kind":7"#, "kind"),
            (r#""version":2,"#, "", "version"),
            (r#""rating":1200"#, r#""rating":"high""#, "data.rating"),
            (r#""solved":0,"#, "", "data.solved"),
            (r#""seen":[]"#, r#""seen":[3]"#, "data.seen[0]"),
        ] {
            let damaged = text.replace(from, to);
            assert_ne!(damaged, text, "{from}");
            assert_eq!(
                read_text::<Progress>(&damaged),
                unreadable(path),
                "{damaged}"
            );
        }
        assert_eq!(
            read_text::<Progress>(r#"{"kind":"puzzles","version":2}"#),
            unreadable("data")
        );
        assert_eq!(read_text::<Saved>("{"), Err(Problem::NotJson));
        let game = text_of(&Saved {
            record: RECORD.into(),
            seats: vec![Seat::Human, Seat::Human],
            undo_allowed: true,
            cursor: 0,
            last_winner: None,
        });
        assert_eq!(
            read_text::<Saved>(&game.replace(r#""Human"]"#, r#""human"]"#)),
            unreadable("data.seats[1]")
        );
        assert_eq!(
            read_text::<Saved>(&game.replace(r#""Human"]"#, r#"{"Computer":"god"}]"#)),
            Err(Problem::UnknownLevel {
                key: "seats",
                value: "god".into()
            })
        );
    }
}
