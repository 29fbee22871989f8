//! What a tab shows in place of its game, as the link that opens it: the
//! shell keeps it for the tab's session, so that a reload (the update
//! bar's among them) opens the puzzle or lesson again, where the saved
//! game alone would close it.

use super::State;
use crate::params::{LESSON_LINK, PUZZLE_LINK};

impl State {
    /// The link of the lesson shown (`#learn=ID`) or the puzzle
    /// (`#puzzle=ID`; the puzzle of the day opens as the day's while it
    /// is), `None` for the game.
    pub fn reopen_fragment(&self) -> Option<String> {
        if let Some(run) = &self.lesson {
            return Some(format!("{LESSON_LINK}{}", run.lesson().id()));
        }
        let run = self.puzzle.as_ref()?;
        Some(format!("{PUZZLE_LINK}{}", run.puzzle().id()))
    }
}
