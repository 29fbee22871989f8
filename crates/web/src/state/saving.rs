//! The game kept in localStorage between visits. Reading one checks
//! everything (version, record, seats, levels, cursor) and says what is
//! wrong; the app sets an unreadable save aside instead of losing it.

use super::State;
use crate::play::Play;
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
    pub fn restore(saved: Saved) -> Result<State, String> {
        if saved.version != SAVE_VERSION {
            return Err(format!("saved by version {}", saved.version));
        }
        let session = Session::parse_record(&saved.record).map_err(|e| e.to_string())?;
        let players = session.options().players();
        if saved.last_winner.is_some_and(|w| w as usize >= players) {
            return Err(format!("last_winner: no seat {:?}", saved.last_winner));
        }
        let moves = session.moves().len();
        if saved.cursor > moves {
            return Err(format!(
                "cursor: {} is past the last move ({moves})",
                saved.cursor
            ));
        }
        let mut play = Play::resume(session, saved.seats, saved.undo_allowed)?;
        play.go_to(saved.cursor);
        let mut state = State::new(play);
        state.last_winner = saved.last_winner;
        Ok(state)
    }
}
