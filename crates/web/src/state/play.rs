//! The game being played: the session (moves, cursor), who sits where,
//! whether undo is allowed, and whether the person is looking back through
//! the game (the computer waits while they do).
//!
//! Undo and redo step between positions where a person at this device is
//! to move, so they never leave the game on the computer's turn with the
//! computer waiting; going back through the move list is *review*, which
//! pauses the computer until the person returns to the last move or plays.

use super::seat::{NewGame, Seat};
use cheversi_api::spec::GameSpec;
use cheversi_engine::ai::levels::Level;
use cheversi_engine::{AnyGame, AnyMove, GameState, PlayError, Session};

#[derive(Debug)]
pub struct Play {
    session: Session,
    seats: Vec<Seat>,
    undo_allowed: bool,
    reviewing: bool,
}

/// Why undo or redo did nothing (a key of the page's wording).
pub type Refusal = &'static str;

impl Play {
    pub fn new(game: NewGame) -> Result<Play, String> {
        let options = game.spec.options()?;
        Play::resume(Session::new(options), game.seats, game.undo_allowed)
    }

    /// A game with moves already played; the seats must fit the game.
    pub fn resume(session: Session, seats: Vec<Seat>, undo_allowed: bool) -> Result<Play, String> {
        let players = session.options().players();
        if seats.len() != players {
            return Err(format!(
                "seats: {} given for a game of {players} players",
                seats.len()
            ));
        }
        let reviewing = session.is_reviewing();
        Ok(Play {
            session,
            seats,
            undo_allowed,
            reviewing,
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

    /// Moves were played and the game is not over.
    pub fn in_progress(&self) -> bool {
        !self.is_empty() && self.session.latest().outcome().is_none()
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

    /// Two seats, the computer White and a person Black: show Black below.
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

#[cfg(test)]
mod tests {
    use super::*;

    fn play(spec: &str, seats: Vec<Seat>) -> Play {
        Play::new(NewGame {
            spec: serde_json::from_str(spec).unwrap(),
            seats,
            undo_allowed: true,
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
        assert_eq!(err, "seats: 2 given for a game of 3 players");
    }
}
