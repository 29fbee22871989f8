//! The puzzle or lesson a tab shows in place of its game, kept in the
//! tab's sessionStorage as its link ([`State::reopen_fragment`]): a reload,
//! the update bar's among them, opens it again instead of closing it. Per
//! tab: another tab, or a visit later, starts from the game.

use crate::state::{PuzzleChoice, State};
use std::cell::RefCell;
use web_sys::Storage;

const KEY: &str = "cheversi.reopen";

thread_local! {
    /// What was last written (`None`: nothing kept), so that only a change
    /// is written.
    static KEPT: RefCell<Option<String>> = const { RefCell::new(None) };
}

fn session() -> Option<Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// After each action: keeps what is shown, when it changed.
pub fn keep(state: &State) {
    let shown = state.reopen_fragment();
    KEPT.with(|kept| {
        if *kept.borrow() == shown {
            return;
        }
        if let Some(s) = session() {
            let _ = match &shown {
                Some(fragment) => s.set_item(KEY, fragment),
                None => s.remove_item(KEY),
            };
        }
        *kept.borrow_mut() = shown;
    });
}

/// At the start, with no link to open: opens what the tab showed before
/// it was reloaded. Taken, not read: one that no longer opens (a puzzle
/// gone from a new version) is said once, not on every load.
pub fn open() {
    let Some(s) = session() else {
        return;
    };
    let Ok(Some(fragment)) = s.get_item(KEY) else {
        return;
    };
    let _ = s.remove_item(KEY);
    if let Some(id) = super::lessons::id_of_fragment(&fragment) {
        super::lessons::open(Some(id));
    } else if let Some(id) = super::puzzles::id_of_fragment(&fragment) {
        super::puzzles::open(PuzzleChoice::Id(id));
    }
}
