//! The game kept in localStorage between visits. Reading one checks
//! everything (version, record, seats, levels, cursor) and says what is
//! wrong; the app sets an unreadable save aside instead of losing it.

use super::State;
use crate::play::Play;
use crate::problem::Problem;
use crate::seat::Seat;
use cheversi_engine::Session;
use serde::{Deserialize, Serialize};

#[derive(Debug, Serialize, Deserialize)]
pub struct Saved {
    pub version: u32,
    pub record: String,
    pub seats: Vec<Seat>,
    pub undo_allowed: bool,
    pub cursor: usize,
    #[serde(default)]
    pub last_winner: Option<u8>,
}

pub const SAVE_VERSION: u32 = 1;

/// A JSON value, as a saved game is read from it: the page's JavaScript
/// object, or serde_json's in tests. Read by hand, not by serde, so a
/// problem names the field in no language (serde's messages are English).
pub trait Json: Sized {
    /// The field, None when absent.
    fn get(&self, key: &str) -> Option<Self>;
    fn number(&self) -> Option<f64>;
    fn text(&self) -> Option<String>;
    fn boolean(&self) -> Option<bool>;
    fn items(&self) -> Option<Vec<Self>>;
    fn is_null(&self) -> bool;
}

impl Saved {
    /// Reads what [`State::save`] wrote (as serde would: the same fields
    /// and kinds); the problem names the field.
    pub fn read(json: &impl Json) -> Result<Saved, Problem> {
        let field = |key| json.get(key).ok_or(Problem::Unreadable { key });
        let whole = |key, max: f64| {
            field(key)?
                .number()
                .filter(|n| n.fract() == 0.0 && (0.0..=max).contains(n))
                .ok_or(Problem::Unreadable { key })
        };
        // The version first: a save of no version is named as such.
        let version = whole("version", f64::from(u32::MAX))? as u32;
        let seats = field("seats")?
            .items()
            .ok_or(Problem::Unreadable { key: "seats" })?
            .iter()
            .map(seat)
            .collect::<Result<_, _>>()?;
        let last_winner = match json.get("last_winner").filter(|w| !w.is_null()) {
            None => None,
            Some(_) => Some(whole("last_winner", f64::from(u8::MAX))? as u8),
        };
        Ok(Saved {
            version,
            record: field("record")?
                .text()
                .ok_or(Problem::Unreadable { key: "record" })?,
            seats,
            undo_allowed: field("undo_allowed")?
                .boolean()
                .ok_or(Problem::Unreadable {
                    key: "undo_allowed",
                })?,
            cursor: whole("cursor", u32::MAX.into())? as usize,
            last_winner,
        })
    }
}

/// `"Human"`, `"Remote"` or `{"Computer": "master"}`.
fn seat(json: &impl Json) -> Result<Seat, Problem> {
    let unreadable = Problem::Unreadable { key: "seats" };
    match json.text().as_deref() {
        Some("Human") => return Ok(Seat::Human),
        Some("Remote") => return Ok(Seat::Remote),
        Some(_) => return Err(unreadable),
        None => {}
    }
    let level = json
        .get("Computer")
        .and_then(|l| l.text())
        .ok_or(unreadable)?;
    Seat::computer(&level)
}

impl State {
    /// What localStorage keeps (the app stores it as JSON).
    /// The game at this device: the one shown, or the one put aside while
    /// a correspondence game is shown (those are kept in "My games").
    pub fn save(&self) -> Saved {
        let play = self.parked.as_ref().unwrap_or(&self.play);
        let session = play.session();
        Saved {
            version: SAVE_VERSION,
            record: session.record().to_text(),
            seats: play.seats().to_vec(),
            undo_allowed: play.undo_allowed(),
            cursor: session.cursor(),
            last_winner: self.last_winner,
        }
    }

    /// Reads a saved game; the error says what is wrong with it.
    pub fn restore(saved: Saved) -> Result<State, Problem> {
        if saved.version != SAVE_VERSION {
            return Err(Problem::Version {
                value: saved.version.to_string(),
            });
        }
        let session = Session::parse_record(&saved.record)?;
        let players = session.options().players();
        if let Some(w) = saved.last_winner.filter(|&w| w as usize >= players) {
            return Err(Problem::NoSuchSeat {
                key: "last_winner".into(),
                seat: w.into(),
                players,
            });
        }
        let moves = session.moves().len();
        if saved.cursor > moves {
            return Err(Problem::PastLastMove {
                key: "cursor",
                at: saved.cursor,
                moves,
            });
        }
        let mut play = Play::resume(session, saved.seats, saved.undo_allowed)?;
        play.go_to(saved.cursor);
        let mut state = State::new(play);
        state.last_winner = saved.last_winner;
        Ok(state)
    }
}

/// serde_json's values read as the page reads its JavaScript objects.
#[cfg(test)]
impl Json for serde_json::Value {
    fn get(&self, key: &str) -> Option<Self> {
        serde_json::Value::get(self, key).cloned()
    }
    fn number(&self) -> Option<f64> {
        self.as_f64()
    }
    fn text(&self) -> Option<String> {
        self.as_str().map(String::from)
    }
    fn boolean(&self) -> Option<bool> {
        self.as_bool()
    }
    fn items(&self) -> Option<Vec<Self>> {
        self.as_array().cloned()
    }
    fn is_null(&self) -> bool {
        serde_json::Value::is_null(self)
    }
}

/// A save's text read as the page reads it.
#[cfg(test)]
pub(super) fn read_text(text: &str) -> Result<Saved, Problem> {
    let json: serde_json::Value = serde_json::from_str(text).map_err(|_| Problem::NotJson)?;
    Saved::read(&json)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cheversi_engine::ai::player::levels::Level;

    fn with(field: &str, value: &str) -> String {
        let mut fields = vec![
            ("version", "1"),
            (
                "record",
                r#""[Game \"Cheversi\"]\n[Rules \"brainking\"]\n\n*""#,
            ),
            ("seats", r#"["Human",{"Computer":"casual"}]"#),
            ("undo_allowed", "true"),
            ("cursor", "0"),
        ];
        fields.retain(|(k, _)| *k != field);
        if !value.is_empty() {
            fields.push((field, value));
        }
        let body: Vec<String> = fields.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect();
        format!("{{{}}}", body.join(","))
    }

    /// What serde reads, read by hand; a problem names the field.
    #[test]
    fn saves_are_read_field_by_field() {
        let saved = read_text(&with("last_winner", "null")).unwrap();
        assert_eq!(saved.seats, [Seat::Human, Seat::Computer(Level::Casual)]);
        assert_eq!(
            (saved.version, saved.cursor, saved.last_winner),
            (1, 0, None)
        );
        assert_eq!(
            read_text(&with("last_winner", "1")).unwrap().last_winner,
            Some(1)
        );
        let remote = read_text(&with("seats", r#"["Remote","Human"]"#)).unwrap();
        assert_eq!(remote.seats, [Seat::Remote, Seat::Human]);
        let unreadable = |key| Err(Problem::Unreadable { key });
        for (field, value) in [
            ("version", ""),
            ("version", "1.5"),
            ("record", "3"),
            ("undo_allowed", "1"),
            ("cursor", "-1"),
            ("cursor", r#""0""#),
            ("last_winner", "300"),
            ("seats", r#""Human""#),
            ("seats", r#"["human"]"#),
            ("seats", r#"[{"Computer":7}]"#),
        ] {
            assert_eq!(
                read_text(&with(field, value)).map(|_| ()),
                unreadable(field),
                "{field}: {value}"
            );
        }
        assert_eq!(
            read_text(&with("seats", r#"["Human",{"Computer":"grandmaster"}]"#)).map(|_| ()),
            Err(Problem::UnknownLevel {
                key: "seats",
                value: "grandmaster".into()
            })
        );
        assert_eq!(read_text("[1]").map(|_| ()), unreadable("version"));
        assert_eq!(read_text("{").map(|_| ()), Err(Problem::NotJson));
    }
}
