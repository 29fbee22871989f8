//! The puzzle or lesson a tab shows in place of its game, kept in the
//! tab's sessionStorage as its link ([`State::reopen_fragment`]) while the
//! page is away (hidden, or gone: a phone may end a hidden tab with no
//! `pagehide`) and cleared while it is shown, so nothing stale outlives
//! the page: a reload, the update bar's among them, opens it again
//! instead of closing it. Per tab: another tab, or a visit later, starts
//! from the game.

use super::{dom, with_app};
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
    // A page that goes is hidden first (pagehide comes after).
    dom::on::<Event>(window.unchecked_ref(), "pagehide", keep);
    dom::on::<Event>(window.unchecked_ref(), "pageshow", keep);
    dom::on::<Event>(dom::document().unchecked_ref(), "visibilitychange", keep);
}

/// Away (hidden): keeps what is shown (nothing for the game); shown:
/// clears it.
fn keep(_: Event) {
    let Some(s) = session() else {
        return;
    };
    let shown = dom::document()
        .hidden()
        .then(|| with_app(|app| app.state.reopen_fragment()).flatten())
        .flatten();
    let _ = match shown {
        Some(shown) => s.set_item(KEY, &shown),
        None => s.remove_item(KEY),
    };
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
