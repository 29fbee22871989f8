//! "My games": the correspondence games kept on this device, and how a
//! link's copy of a game compares with the copy here.
//!
//! Each game is kept as its record (moves and names), who plays each seat
//! from this device's point of view, and when it last changed here. The
//! list is read whole and checked game by game: a game that cannot be
//! read is reported and kept as text, never dropped.

use crate::json_read::{list_of, number, text, texts, u32_of, Fields, Read};
use crate::json_tree::JsonTree;
use crate::json_write::{JsonBuild, ToJson};
use crate::play::Play;
use crate::problem::Problem;
use crate::seat::Seat;
use crate::stored::{self, Kept};
use cheversi_engine::Session;

/// One game as stored.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(test, derive(serde::Serialize, serde::Deserialize))]
pub struct StoredGame {
    pub id: String,
    pub record: String,
    pub seats: Vec<Seat>,
    /// When its moves last changed here (ms since 1970, the page's clock).
    pub updated: f64,
}

impl ToJson for StoredGame {
    fn to_json<J: JsonBuild>(&self) -> J {
        J::object(vec![
            ("id", self.id.to_json()),
            ("record", self.record.to_json()),
            ("seats", self.seats.to_json()),
            ("updated", self.updated.to_json()),
        ])
    }
}

impl StoredGame {
    pub fn of(play: &Play, updated: f64) -> Option<StoredGame> {
        Some(StoredGame {
            id: play.id()?.to_string(),
            record: play.session().record().to_text(),
            seats: play.seats().to_vec(),
            updated,
        })
    }

    /// The game, at its last move; the error says what is wrong.
    pub fn to_play(&self) -> Result<Play, Problem> {
        let session = Session::parse_record(&self.record)?;
        Play::resume(session, self.seats.clone(), false)?.with_id(self.id.clone())
    }
}

/// What localStorage keeps: the list (kind `games`).
impl StoredGame {
    fn from_tree<V: JsonTree>(tree: V) -> Read<StoredGame> {
        let mut f = Fields::of("", Some(tree))?;
        Ok(StoredGame {
            id: f.take("id", text)?,
            record: f.take("record", text)?,
            seats: f.take("seats", |v| list_of(v, Seat::from_tree))?,
            updated: f.take("updated", number)?,
        })
    }
}

impl Kept for Vec<StoredGame> {
    const KIND: &'static str = "games";
    const VERSION: u32 = 2;

    fn from_tree<V: JsonTree>(tree: V) -> Read<Self> {
        list_of(tree, StoredGame::from_tree)
    }
}

/// One game as today's build wrote it, before the envelope: its seats
/// by [`Seat::name`] (`"human"`, `"remote"`, `"master"`).
/// A game as the list was kept before the envelope: seats by name, and
/// `updated` absent in the oldest.
fn legacy_game<V: JsonTree>(tree: V) -> Read<(String, String, Vec<String>, f64)> {
    let mut f = Fields::of("", Some(tree))?;
    Ok((
        f.take("id", text)?,
        f.take("record", text)?,
        f.take("seats", texts)?,
        f.or_default("updated", number)?,
    ))
}

/// A kept game read, or its text and why it does not read.
pub type ReadGame = Result<StoredGame, (String, Problem)>;

/// The kept list, each game read on its own (one bad game must not take
/// the others with it); Err when the list itself does not read. Reads
/// the envelope and today's `{"version":1,"games":[…]}`.
pub fn read_list<V: JsonTree>(text: &str) -> Result<Vec<ReadGame>, Problem> {
    let tree = V::parse(text).ok_or(Problem::NotJson)?;
    let legacy = tree.get("kind").is_none();
    let items = if legacy {
        match tree.get("version") {
            None => {
                return Err(Problem::Unreadable {
                    key: "version".into(),
                })
            }
            Some(v) if u32_of(v.clone()) == Ok(1) => {}
            Some(v) => {
                return Err(Problem::Version {
                    value: crate::problem::clip(&v.text()),
                })
            }
        }
        tree.get("games")
            .and_then(|g| g.items())
            .ok_or(Problem::Unreadable {
                key: "games".into(),
            })?
    } else {
        let kind = <Vec<StoredGame> as Kept>::KIND;
        let version = <Vec<StoredGame> as Kept>::VERSION;
        stored::data_of(&tree, kind, version)?
            .items()
            .ok_or(Problem::Unreadable { key: "data".into() })?
    };
    Ok(items
        .into_iter()
        .map(|item| {
            let text = item.text();
            let game = if legacy {
                stored::decode(item, legacy_game).and_then(|(id, record, seats, updated)| {
                    Ok(StoredGame {
                        seats: seats
                            .iter()
                            .map(|s| Seat::parse(s))
                            .collect::<Result<_, _>>()?,
                        id,
                        record,
                        updated,
                    })
                })
            } else {
                stored::decode(item, StoredGame::from_tree)
            };
            game.map_err(|why| (text, why))
        })
        .collect())
}

/// The list, newest change first, and the last game deleted (for undo).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Games {
    list: Vec<StoredGame>,
    deleted: Option<(usize, StoredGame)>,
}

/// How a link's moves compare with the moves of the copy here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Compare {
    /// The same moves.
    Same,
    /// The link's moves are an earlier stage of ours.
    Older,
    /// The link continues ours.
    Newer,
    /// The link changes move `ply + 1`: `ours` here, `theirs` in the link
    /// (None where that side has no such move).
    Differs {
        ply: usize,
        ours: String,
        theirs: String,
    },
}

pub fn compare(ours: &[String], theirs: &[String]) -> Compare {
    let common = ours.iter().zip(theirs).take_while(|(a, b)| a == b).count();
    if common == ours.len() && common == theirs.len() {
        Compare::Same
    } else if common == theirs.len() {
        Compare::Older
    } else if common == ours.len() {
        Compare::Newer
    } else {
        Compare::Differs {
            ply: common,
            ours: ours[common].clone(),
            theirs: theirs[common].clone(),
        }
    }
}

impl Games {
    /// The games read from storage, each checked (its record replays, its
    /// seats fit, its id is one): the good ones, newest first, and the
    /// others with the reason, for the shell to set aside.
    pub fn from_stored(stored: Vec<StoredGame>) -> (Games, Vec<(StoredGame, Problem)>) {
        let mut games = Games::default();
        let mut bad = Vec::new();
        for game in stored {
            if games.get(&game.id).is_some() {
                let why = Problem::KeptTwice {
                    id: crate::problem::clip(&game.id),
                };
                bad.push((game, why));
                continue;
            }
            match game.to_play() {
                Ok(_) => games.insert(game),
                Err(e) => bad.push((game, e)),
            }
        }
        (games, bad)
    }

    /// Newest change first.
    pub fn list(&self) -> &[StoredGame] {
        &self.list
    }

    pub fn get(&self, id: &str) -> Option<&StoredGame> {
        self.list.iter().find(|g| g.id == id)
    }

    /// Keeps a correspondence game as it is now. Its time changes only
    /// when its moves or seats do (looking through a game is no change).
    /// True when something changed.
    pub fn put(&mut self, play: &Play, now: f64) -> bool {
        let Some(mut game) = StoredGame::of(play, now) else {
            return false;
        };
        if let Some(i) = self.list.iter().position(|g| g.id == game.id) {
            let old = &self.list[i];
            if old.record == game.record && old.seats == game.seats {
                return false;
            }
            if old.record == game.record {
                game.updated = old.updated;
            }
            self.list.remove(i);
        }
        self.insert(game);
        true
    }

    /// Puts a game in its place, newest change first (a short list: no
    /// sort code in the wasm build).
    fn insert(&mut self, game: StoredGame) {
        let at = self
            .list
            .iter()
            .position(|g| g.updated <= game.updated)
            .unwrap_or(self.list.len());
        self.list.insert(at, game);
    }

    /// Takes in a game as another tab of this device stored it: a game
    /// not kept here (and not just deleted here), or one whose moves
    /// continue ours. True when something changed.
    pub fn merge(&mut self, theirs: StoredGame) -> bool {
        if self
            .deleted
            .as_ref()
            .is_some_and(|(_, g)| g.id == theirs.id)
        {
            return false;
        }
        let Ok(their_play) = theirs.to_play() else {
            return false;
        };
        let newer = match self.get(&theirs.id).map(StoredGame::to_play) {
            None => true,
            Some(Ok(ours)) => {
                compare(
                    &ours.session().notations(),
                    &their_play.session().notations(),
                ) == Compare::Newer
            }
            Some(Err(_)) => true,
        };
        if newer {
            self.list.retain(|g| g.id != theirs.id);
            self.insert(theirs);
        }
        newer
    }

    /// Deletes a game (undo brings it back). False if there is none.
    pub fn delete(&mut self, id: &str) -> bool {
        match self.list.iter().position(|g| g.id == id) {
            Some(i) => {
                self.deleted = Some((i, self.list.remove(i)));
                true
            }
            None => false,
        }
    }

    /// Brings back the game deleted last; its id.
    pub fn undo_delete(&mut self) -> Option<String> {
        let (i, game) = self.deleted.take()?;
        if self.get(&game.id).is_some() {
            return None;
        }
        let id = game.id.clone();
        self.list.insert(i.min(self.list.len()), game);
        Some(id)
    }

    pub fn can_undo_delete(&self) -> bool {
        self.deleted.is_some()
    }

    /// Every game's record, one after another.
    pub fn export(&self) -> String {
        self.list
            .iter()
            .map(|g| g.record.trim_end().to_string())
            .collect::<Vec<_>>()
            .join("\n\n")
            + "\n"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::NewGame;
    use cheversi_engine::ai::player::levels::Level;
    use cheversi_engine::record::RecordProblem;

    fn strings(moves: &[&str]) -> Vec<String> {
        moves.iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn links_compare_with_the_copy_here() {
        let ours = strings(&["Qd4", "Bf6", "Ke5"]);
        assert_eq!(compare(&ours, &ours), Compare::Same);
        assert_eq!(compare(&ours, &ours[..2]), Compare::Older);
        assert_eq!(compare(&ours, &[]), Compare::Older);
        assert_eq!(compare(&ours[..1], &ours), Compare::Newer);
        assert_eq!(compare(&[], &ours), Compare::Newer);
        assert_eq!(
            compare(&ours, &strings(&["Qd4", "Bg7", "Ke5", "Nd6"])),
            Compare::Differs {
                ply: 1,
                ours: "Bf6".into(),
                theirs: "Bg7".into()
            }
        );
    }

    fn corr(id: &str, moves: &[&str]) -> Play {
        let mut play = Play::new(NewGame {
            spec: serde_json::from_str(r#"{"game":"cheversi","rules":"lewicki"}"#).unwrap(),
            seats: vec![Seat::Human, Seat::Remote],
            undo_allowed: true,
            names: vec!["Ann".into(), "Ben".into()],
            id: Some(id.into()),
        })
        .unwrap();
        for m in moves {
            play.play(m).unwrap();
        }
        play
    }

    #[test]
    fn games_are_kept_newest_first_and_survive_a_round_trip() {
        let mut games = Games::default();
        assert!(games.put(&corr("first-game", &["Qd4"]), 10.0));
        assert!(games.put(&corr("second-game", &[]), 20.0));
        assert!(!games.put(&corr("first-game", &["Qd4"]), 30.0), "no change");
        let ids: Vec<&str> = games.list().iter().map(|g| g.id.as_str()).collect();
        assert_eq!(ids, ["second-game", "first-game"]);
        assert!(games.put(&corr("first-game", &["Qd4", "Bf6"]), 40.0));
        assert_eq!(games.list()[0].id, "first-game");
        assert_eq!(games.list()[0].updated, 40.0);
        let (read, bad) = Games::from_stored(json_round_trip(&games));
        assert!(bad.is_empty());
        assert_eq!(read.list(), games.list());
        let play = read.get("first-game").unwrap().to_play().unwrap();
        assert_eq!(play.session().notations(), ["Qd4", "Bf6"]);
        assert_eq!(play.name(1).as_deref(), Some("Ben"));
        assert_eq!(play.seats(), [Seat::Human, Seat::Remote]);
        assert!(!play.undo_allowed());
        // A local game is not kept here.
        let local = Play::resume(
            Session::new(play.session().options()),
            vec![Seat::Human, Seat::Computer(Level::Casual)],
            true,
        )
        .unwrap();
        assert!(!games.put(&local, 50.0));
    }

    /// Two tabs: what the other stored is taken in when new or longer,
    /// never when older, and a game just deleted here stays deleted.
    #[test]
    fn games_stored_by_another_tab_are_merged() {
        let mut here = Games::default();
        here.put(&corr("shared-game", &["Qd4", "Bf6"]), 10.0);
        here.put(&corr("deleted-game", &[]), 11.0);
        here.delete("deleted-game");
        let mut there = Games::default();
        there.put(&corr("shared-game", &["Qd4"]), 20.0);
        there.put(&corr("new-game-1", &[]), 21.0);
        there.put(&corr("deleted-game", &["Qd4"]), 22.0);
        let mut changed = 0;
        for game in there.list().to_vec() {
            changed += usize::from(here.merge(game));
        }
        assert_eq!(changed, 1, "only the new game");
        let ids: Vec<&str> = here.list().iter().map(|g| g.id.as_str()).collect();
        assert_eq!(ids, ["new-game-1", "shared-game"]);
        // A longer copy from the other tab wins.
        assert!(
            here.merge(StoredGame::of(&corr("shared-game", &["Qd4", "Bf6", "Ke5"]), 30.0).unwrap())
        );
        let play = here.get("shared-game").unwrap().to_play().unwrap();
        assert_eq!(play.session().notations(), ["Qd4", "Bf6", "Ke5"]);
    }

    #[test]
    fn a_deleted_game_comes_back_with_undo() {
        let mut games = Games::default();
        games.put(&corr("first-game", &["Qd4"]), 10.0);
        games.put(&corr("second-game", &[]), 20.0);
        assert!(games.delete("first-game"));
        assert!(!games.delete("first-game"));
        assert_eq!(games.list().len(), 1);
        assert_eq!(games.undo_delete().as_deref(), Some("first-game"));
        assert_eq!(games.list()[1].id, "first-game", "back in its place");
        assert_eq!(games.undo_delete(), None);
        let export = games.export();
        assert_eq!(export.matches("[Game \"Cheversi\"]").count(), 2, "{export}");
        assert!(export.contains("1. Qd4"), "{export}");
    }

    /// Through the envelope, as the page writes and reads the list.
    fn json_round_trip(games: &Games) -> Vec<StoredGame> {
        let text = stored::text_of(&games.list().to_vec());
        read_list::<serde_json::Value>(&text)
            .unwrap()
            .into_iter()
            .map(Result::unwrap)
            .collect()
    }

    #[test]
    fn unreadable_games_are_reported_and_the_rest_kept() {
        let mut games = Games::default();
        games.put(&corr("good-game", &["Qd4"]), 10.0);
        let mut stored = json_round_trip(&games);
        let mut broken = stored[0].clone();
        broken.id = "bad-game1".into();
        broken.record = broken.record.replace("Qd4", "Qz9");
        let mut twice = stored[0].clone();
        twice.updated = 3.0;
        let mut short_id = stored[0].clone();
        short_id.id = "x".into();
        stored.extend([broken, twice, short_id]);
        let (read, bad) = Games::from_stored(stored);
        assert_eq!(read.list().len(), 1);
        let reasons: Vec<&Problem> = bad.iter().map(|(_, why)| why).collect();
        assert_eq!(bad.len(), 3, "{reasons:?}");
        assert_eq!(
            bad[0].0.id, "bad-game1",
            "the game is handed back to be kept"
        );
        assert!(
            matches!(reasons[0], Problem::Record(e) if matches!(&e.problem, RecordProblem::NotAMove(m) if m.text == "Qz9")),
            "{reasons:?}"
        );
        assert_eq!(
            reasons[1],
            &Problem::KeptTwice {
                id: "good-game".into()
            }
        );
        assert_eq!(
            reasons[2],
            &Problem::not_a("id", "x", crate::problem::Expected::Id)
        );
    }
}
