//! The puzzle or lesson a tab shows in place of its game, kept in the
//! tab's sessionStorage as its link ([`State::reopen_fragment`]) when the
//! page goes (`pagehide`): a reload, the update bar's among them, opens it
//! again instead of closing it. Per tab: another tab, or a visit later,
//! starts from the game.

use super::{dom, with_app};
use wasm_bindgen::JsCast;
use web_sys::{Event, Storage};

const KEY: &str = "cheversi.reopen";

fn session() -> Option<Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// Keeps what is shown when the page goes: once, not after every action.
pub fn wire() {
    let Some(window) = web_sys::window() else {
        return;
    };
    dom::on::<Event>(window.unchecked_ref(), "pagehide", |_| {
        let Some(s) = session() else {
            return;
        };
        // The game shown clears it: a page opened by a link leaves none
        // from before for a later reload.
        let _ = match with_app(|app| app.state.reopen_fragment()).flatten() {
            Some(shown) => s.set_item(KEY, &shown),
            None => s.remove_item(KEY),
        };
    });
}

/// At the start, with no link to open: the link of what the tab showed
/// before it was reloaded. Taken, not read: a reload from the game opens
/// the game, and one that no longer opens (a puzzle gone from a new
/// version) is said once, not on every load.
pub fn take() -> Option<String> {
    let s = session()?;
    let shown = s.get_item(KEY).ok().flatten()?;
    let _ = s.remove_item(KEY);
    Some(shown)
}
