//! The game being played: the session (moves, cursor), who sits where,
//! whether undo is allowed, and whether the person is looking back through
//! the game (the computer waits while they do).
//!
//! Undo and redo step between positions where a person at this device is
//! to move, so they never leave the game on the computer's turn with the
//! computer waiting; going back through the move list is *review*, which
//! pauses the computer until the person returns to the last move or plays.

use crate::problem::{clip, Expected, Problem};
use crate::seat::{NewGame, Seat};
use cheversi_api::spec::GameSpec;
use cheversi_engine::ai::player::levels::Level;
use cheversi_engine::{AnyGame, AnyMove, GameState, PlayError, Session};

#[derive(Debug)]
pub struct Play {
    session: Session,
    seats: Vec<Seat>,
    undo_allowed: bool,
    reviewing: bool,
    /// A correspondence game's id: played with friends by link.
    id: Option<String>,
}

/// The record's tag for each seat's name (the seats' English names).
pub const NAME_TAGS: [&str; 4] = ["White", "Black", "Red", "Blue"];
/// The longest name a player may give.
pub const MAX_NAME: usize = 30;

/// Why undo or redo did nothing (a key of the page's wording).
pub type Refusal = &'static str;

impl Play {
    /// A new game. With a seat played by a friend by link it is a
    /// correspondence game: it needs an id, and undo is off (a move sent
    /// is sent).
    pub fn new(game: NewGame) -> Result<Play, Problem> {
        let options = game.spec.checked()?;
        let mut session = Session::new(options);
        for (seat, name) in game.names.iter().enumerate() {
            set_name(&mut session, seat, name)?;
        }
        let remote = game.seats.contains(&Seat::Remote);
        let mut play = Play::resume(session, game.seats, game.undo_allowed && !remote)?;
        if remote {
            let id = game.id.ok_or(Problem::Missing { key: "id" })?;
            play = play.with_id(id)?;
        }
        Ok(play)
    }

    /// The same game as a correspondence game with this id (undo off).
    pub fn with_id(mut self, id: String) -> Result<Play, Problem> {
        check_id(&id)?;
        self.id = Some(id);
        self.undo_allowed = false;
        Ok(self)
    }

    /// The correspondence game's id; None for a game at this device.
    pub fn id(&self) -> Option<&str> {
        self.id.as_deref()
    }

    /// The name given to a seat's player, if any.
    pub fn name(&self, seat: usize) -> Option<String> {
        let tag = NAME_TAGS.get(seat)?;
        self.session
            .record()
            .tag(tag)
            .map(str::to_string)
            .filter(|n| !n.is_empty())
    }

    /// Seats played at this device by a person.
    pub fn here(&self, seat: usize) -> bool {
        self.seats.get(seat) == Some(&Seat::Human)
    }

    /// The seat to move in the live game (whatever the cursor).
    pub fn live_mover(&self) -> Option<usize> {
        self.session.latest().to_move().map(|m| m as usize)
    }

    /// Brings in moves played elsewhere: `moves` must begin with this
    /// game's moves. The seats, names and id stay.
    pub fn extend(&mut self, moves: &[String]) -> Result<(), Problem> {
        let ours = self.session.notations();
        if !moves.starts_with(&ours) {
            return Err(Problem::NotContinued);
        }
        let mut session = self.session.clone();
        session.go_to(ours.len());
        let game = session.options().kind();
        for (i, text) in moves.iter().enumerate().skip(ours.len()) {
            session.play_text(text).map_err(|error| Problem::Move {
                number: i + 1,
                game,
                error,
            })?;
        }
        self.session = session;
        self.reviewing = false;
        Ok(())
    }

    /// A game with moves already played; the seats must fit the game.
    pub fn resume(session: Session, seats: Vec<Seat>, undo_allowed: bool) -> Result<Play, Problem> {
        let players = session.options().players();
        if seats.len() != players {
            return Err(Problem::SeatCount {
                given: seats.len(),
                players,
            });
        }
        let reviewing = session.is_reviewing();
        Ok(Play {
            session,
            seats,
            undo_allowed,
            reviewing,
            id: None,
        })
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    pub fn spec(&self) -> GameSpec {
        GameSpec::of(self.session.options())
    }

    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    pub fn undo_allowed(&self) -> bool {
        self.undo_allowed
    }

    pub fn reviewing(&self) -> bool {
        self.reviewing
    }

    pub fn current(&self) -> &AnyGame {
        self.session.current()
    }

    pub fn cursor(&self) -> usize {
        self.session.cursor()
    }

    /// How many moves the game has (the cursor may be before the last).
    pub fn len(&self) -> usize {
        self.session.moves().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn is_cheversi(&self) -> bool {
        !self.current().scores().is_empty()
    }

    fn seat_to_move(&self) -> Option<Seat> {
        let mover = self.current().to_move()?;
        self.seats.get(mover as usize).copied()
    }

    /// The computer's level when it must move now: its turn in the live
    /// game (not while the person reviews).
    pub fn computer_to_move(&self) -> Option<Level> {
        if self.reviewing {
            return None;
        }
        self.seat_to_move()?.level()
    }

    /// Two seats, White not played here and Black by a person here: show
    /// Black below.
    pub fn human_plays_black_only(&self) -> bool {
        self.seats.len() == 2 && self.seats[0] != Seat::Human && self.seats[1] == Seat::Human
    }

    /// Plays at the cursor (replacing any undone line) and goes live.
    pub fn play(&mut self, text: &str) -> Result<AnyMove, PlayError> {
        let mv = self.session.play_text(text)?;
        self.reviewing = false;
        Ok(mv)
    }

    /// Back to the last earlier position where a person is to move.
    pub fn undo(&mut self) -> Result<(), Refusal> {
        if !self.undo_allowed {
            return Err("status.undo_off");
        }
        let target = (0..self.cursor())
            .rev()
            .find(|&ply| self.human_moves_at(ply))
            .ok_or("status.nothing_to_undo")?;
        self.session.go_to(target);
        self.reviewing = false;
        Ok(())
    }

    /// Forward to the next position where a person is to move (or the
    /// last position).
    pub fn redo(&mut self) -> Result<(), Refusal> {
        if !self.undo_allowed {
            return Err("status.undo_off");
        }
        if self.cursor() >= self.len() {
            return Err("status.nothing_to_redo");
        }
        let target = (self.cursor() + 1..=self.len())
            .find(|&ply| ply == self.len() || self.human_moves_at(ply))
            .unwrap_or(self.len());
        self.session.go_to(target);
        self.reviewing = false;
        Ok(())
    }

    fn human_moves_at(&self, ply: usize) -> bool {
        self.session
            .position_at(ply)
            .and_then(|game| game.to_move())
            .is_some_and(|m| self.seats[m as usize] == Seat::Human)
    }

    /// Shows the position after `ply` moves; before the last move this is
    /// review. False when there is no such ply.
    pub fn go_to(&mut self, ply: usize) -> bool {
        if !self.session.go_to(ply) {
            return false;
        }
        self.reviewing = ply < self.len();
        true
    }
}

/// Sets a seat's name in the record's tags (empty: none).
pub fn set_name(session: &mut Session, seat: usize, name: &str) -> Result<(), Problem> {
    let name = name.trim();
    if name.is_empty() {
        return Ok(());
    }
    let tag = NAME_TAGS.get(seat).ok_or_else(|| Problem::NoSuchSeat {
        key: "names".into(),
        // Counted from 1, as a person counts seats.
        seat: seat + 1,
        players: session.options().players(),
    })?;
    if name.chars().count() > MAX_NAME {
        return Err(Problem::LongName {
            name: clip(name),
            max: MAX_NAME,
        });
    }
    if name.chars().any(char::is_control) {
        return Err(Problem::BadName { name: clip(name) });
    }
    // The tag refuses only a line break, a control character caught above.
    session
        .set_tag(tag, name)
        .map_err(|_| Problem::BadName { name: clip(name) })
}

/// A game id: 6 to 32 letters, digits, `-` or `_`.
pub fn check_id(id: &str) -> Result<(), Problem> {
    let ok = (6..=32).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if ok {
        Ok(())
    } else {
        Err(Problem::not_a("id", id, Expected::Id))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A new game of `spec` (JSON) with `seats`, undo allowed.
    pub(crate) fn play(spec: &str, seats: Vec<Seat>) -> Play {
        Play::new(NewGame {
            spec: serde_json::from_str(spec).unwrap(),
            seats,
            undo_allowed: true,
            names: Vec::new(),
            id: None,
        })
        .unwrap()
    }

    #[test]
    fn undo_stops_at_the_persons_first_turn_when_the_computer_opens() {
        let mut game = play(
            r#"{"game":"cheversi","rules":"brainking"}"#,
            vec![Seat::Computer(Level::Casual), Seat::Human],
        );
        for m in ["Kd4", "Qe5", "Qc3"] {
            game.play(m).unwrap();
        }
        assert_eq!(game.undo(), Ok(()));
        assert_eq!(game.cursor(), 1);
        assert_eq!(game.undo(), Err("status.nothing_to_undo"));
        assert_eq!(game.cursor(), 1);
        assert_eq!(game.computer_to_move(), None, "the person is to move");
        assert_eq!(game.redo(), Ok(()));
        assert_eq!(game.cursor(), 3);
    }

    #[test]
    fn review_pauses_the_computer_and_undo_does_not() {
        let mut game = play(
            r#"{"game":"cheversi","rules":"brainking"}"#,
            vec![Seat::Human, Seat::Computer(Level::Casual)],
        );
        game.play("Kd4").unwrap();
        assert_eq!(game.computer_to_move(), Some(Level::Casual));
        game.play("Qe5").unwrap();
        game.go_to(1);
        assert!(game.reviewing());
        assert_eq!(game.computer_to_move(), None);
        game.go_to(2);
        assert!(!game.reviewing());
        assert_eq!(game.undo(), Ok(()));
        assert_eq!(game.cursor(), 0);
        assert!(!game.reviewing());
    }

    #[test]
    fn seats_must_fit_the_game() {
        let session = Session::new(
            GameSpec {
                game: "attrition".into(),
                variant: Some("melee".into()),
                players: Some(3),
                ..GameSpec::default()
            }
            .options()
            .unwrap(),
        );
        let err = Play::resume(session, vec![Seat::Human; 2], true).unwrap_err();
        assert_eq!(
            err,
            Problem::SeatCount {
                given: 2,
                players: 3
            }
        );
    }
}
