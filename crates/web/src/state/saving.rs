//! The game kept in localStorage between visits. Reading one checks
//! everything (version, record, seats, levels, cursor) and says what is
//! wrong; the app sets an unreadable save aside instead of losing it.

use super::State;
use crate::json_read::{boolean, list_of, text, u32_of, u8_of, usize_of, Fields, Read};
use crate::json_tree::JsonTree;
use crate::json_write::{JsonBuild, ToJson};
use crate::play::Play;
use crate::problem::Problem;
use crate::seat::Seat;
use crate::stored::{self, Kept};
use cheversi_engine::Session;

/// The game at this device as kept (kind `game`).
#[derive(Debug, PartialEq)]
#[cfg_attr(test, derive(serde::Serialize, serde::Deserialize))]
pub struct Saved {
    pub record: String,
    pub seats: Vec<Seat>,
    pub undo_allowed: bool,
    pub cursor: usize,
    #[cfg_attr(test, serde(default))]
    pub last_winner: Option<u8>,
}

/// The save's fields as kept, after its `version` in the format of before
/// the envelope.
fn saved_fields<V: JsonTree>(f: &mut Fields<V>) -> Read<Saved> {
    Ok(Saved {
        record: f.take("record", text)?,
        seats: f.take("seats", |v| list_of(v, Seat::from_tree))?,
        undo_allowed: f.take("undo_allowed", boolean)?,
        cursor: f.take("cursor", usize_of)?,
        last_winner: f.option("last_winner", u8_of)?,
    })
}

impl ToJson for Saved {
    fn to_json<J: JsonBuild>(&self) -> J {
        J::object(vec![
            ("record", self.record.to_json()),
            ("seats", self.seats.to_json()),
            ("undo_allowed", self.undo_allowed.to_json()),
            ("cursor", self.cursor.to_json()),
            ("last_winner", self.last_winner.to_json()),
        ])
    }
}

impl Kept for Saved {
    const KIND: &'static str = "game";
    const VERSION: u32 = 2;

    fn from_tree<V: JsonTree>(tree: V) -> Read<Self> {
        saved_fields(&mut Fields::of("", Some(tree))?)
    }

    fn legacy<V: JsonTree>(_text: &str, tree: Option<V>) -> Option<Result<Self, Problem>> {
        let tree = tree?;
        // The version first: a save of no version is named as such.
        if tree.get("version").is_none() {
            return Some(Err(Problem::Unreadable {
                key: "version".into(),
            }));
        }
        // The same fields, and its own version (1).
        let read = |tree: V| {
            let mut f = Fields::of("", Some(tree))?;
            let version = f.take("version", u32_of)?;
            Ok((version, saved_fields(&mut f)?))
        };
        Some(stored::decode(tree, read).and_then(|(version, saved)| {
            if version != 1 {
                return Err(Problem::Version {
                    value: version.to_string(),
                });
            }
            Ok(saved)
        }))
    }
}

impl State {
    /// What localStorage keeps (the app stores it as JSON).
    /// The game at this device: the one shown, or the one put aside while
    /// a correspondence game is shown (those are kept in "My games").
    pub fn save(&self) -> Saved {
        let play = self.local_game();
        let session = play.session();
        Saved {
            record: session.record().to_text(),
            seats: play.seats().to_vec(),
            undo_allowed: play.undo_allowed(),
            cursor: session.cursor(),
            last_winner: self.last_winner,
        }
    }

    /// Reads a saved game; the error says what is wrong with it.
    pub fn restore(saved: Saved) -> Result<State, Problem> {
        let (play, last_winner) = local_of(saved)?;
        let mut state = State::new(play);
        state.last_winner = last_winner;
        Ok(state)
    }

    /// The game at this device as another tab stored it: it takes the
    /// place of this tab's copy, shown or put aside, so that this tab
    /// never writes its older copy over it. Not written back (it is what
    /// is kept); one that does not read is left to the next load, which
    /// sets it aside.
    pub(super) fn local_stored(&mut self, saved: Saved) {
        if saved == self.save() {
            return;
        }
        let Ok((play, last_winner)) = local_of(saved) else {
            return;
        };
        self.last_winner = last_winner;
        if self.local_shown() {
            self.play = play;
            self.review = None;
            self.offer = None;
            self.version += 1;
            self.game_version += 1;
            self.tell(crate::i18n::t("status.local_elsewhere"));
        } else {
            self.parked = Some(play);
            self.parked_review = None;
        }
    }
}

/// The game a save holds, and the winner of the game before it.
fn local_of(saved: Saved) -> Result<(Play, Option<u8>), Problem> {
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
    // The game at this device has no friend's seat (nobody could play
    // it, with no link to send): one saved so by an older build is
    // played here.
    let seats = saved
        .seats
        .into_iter()
        .map(|s| if s == Seat::Remote { Seat::Human } else { s })
        .collect();
    let mut play = Play::resume(session, seats, saved.undo_allowed)?;
    play.go_to(saved.cursor);
    Ok((play, saved.last_winner))
}

/// A save's text read as the page reads it.
#[cfg(test)]
pub(super) fn read_text(text: &str) -> Result<Saved, Problem> {
    crate::stored::read_text(text)
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

    /// Today's saves (no envelope) are read by serde; a problem names
    /// the field.
    #[test]
    fn saves_are_read_field_by_field() {
        let saved = read_text(&with("last_winner", "null")).unwrap();
        assert_eq!(saved.seats, [Seat::Human, Seat::Computer(Level::Casual)]);
        assert_eq!((saved.cursor, saved.last_winner), (0, None));
        assert_eq!(
            read_text(&with("last_winner", "1")).unwrap().last_winner,
            Some(1)
        );
        let remote = read_text(&with("seats", r#"["Remote","Human"]"#)).unwrap();
        assert_eq!(remote.seats, [Seat::Remote, Seat::Human]);
        let unreadable = |key: &str| Err(Problem::Unreadable { key: key.into() });
        // The problem names the field, by its path.
        for (field, value, path) in [
            ("version", "", "version"),
            ("version", "1.5", "version"),
            ("record", "3", "record"),
            ("undo_allowed", "1", "undo_allowed"),
            ("cursor", "-1", "cursor"),
            ("cursor", r#""0""#, "cursor"),
            ("cursor", "", "cursor"),
            ("last_winner", "300", "last_winner"),
            ("seats", r#""Human""#, "seats"),
            ("seats", r#"["human"]"#, "seats[0]"),
            ("seats", r#"[{"Computer":7}]"#, "seats[0].Computer"),
        ] {
            assert_eq!(
                read_text(&with(field, value)).map(|_| ()),
                unreadable(path),
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
