//! The puzzle or lesson a tab shows in place of its game, kept in the
//! tab's sessionStorage as its link ([`State::reopen_fragment`]) while the
//! page is away (hidden, or gone: a phone may end a hidden tab with no
//! `pagehide`) and cleared while it is shown, so nothing stale outlives
//! the page: a reload, the update bar's among them, opens it again
//! instead of closing it. Per tab: another tab, or a visit later, starts
//! from the game.

use super::{dom, with_app};
use crate::params::{LESSON_LINK, PUZZLE_LINK};
use wasm_bindgen::JsCast;
use web_sys::{Event, Storage};

const KEY: &str = "cheversi.reopen";

fn session() -> Option<Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

pub fn wire() {
    let Some(window) = web_sys::window() else {
        return;
    };
    dom::on::<Event>(window.unchecked_ref(), "pagehide", keep);
    dom::on::<Event>(window.unchecked_ref(), "pageshow", keep);
    dom::on::<Event>(dom::document().unchecked_ref(), "visibilitychange", keep);
}

/// Away (hidden, or going): keeps what is shown, or the lesson or puzzle
/// still loading, which comes next; nothing to keep leaves the key as it
/// is (cleared while shown, or set by the event before: a page that goes
/// may get `pagehide` first, not yet hidden, and `visibilitychange`
/// after, by when the unload has stopped the file's fetch). Shown:
/// clears it.
fn keep(event: Event) {
    let Some(s) = session() else {
        return;
    };
    if event.type_() != "pagehide" && !dom::document().hidden() {
        let _ = s.remove_item(KEY);
        return;
    }
    if let Some(kept) = loading().or_else(|| with_app(|app| app.state.reopen_fragment()).flatten())
    {
        let _ = s.set_item(KEY, &kept);
    }
}

/// The link of the lesson or puzzle being fetched, to be shown once in.
fn loading() -> Option<String> {
    super::lessons::loading_id()
        .map(|id| format!("{LESSON_LINK}{id}"))
        .or_else(|| super::puzzles::loading_id().map(|id| format!("{PUZZLE_LINK}{id}")))
}

/// At the start, with no link to open: the link of what the tab showed
/// before it was reloaded. Taken, not read: one that no longer opens (a
/// puzzle gone from a new version) is said once, not on every load.
pub fn take() -> Option<String> {
    let s = session()?;
    let shown = s.get_item(KEY).ok().flatten()?;
    let _ = s.remove_item(KEY);
    Some(shown)
}
