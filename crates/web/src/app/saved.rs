//! The game at this device and the board choices in localStorage, in the
//! envelope of [`crate::stored`]: a save that cannot be read is reported
//! in the page's language, naming the field, never with serde's English.

use super::setup::default_state;
use super::storage;
use crate::i18n::tf;
use crate::prefs::KeptPrefs;
use crate::problem::Problem;
use crate::problem_words::words;
use crate::state::saving::Saved;
use crate::state::State;

pub const SAVE_KEY: &str = "cheversi.game";
const CORRUPT_KEY: &str = "cheversi.game.corrupt";
const PREFS_KEY: &str = "cheversi.prefs";
const PREFS_SET_ASIDE_KEY: &str = "cheversi.prefs.set-aside";

/// The saved game, or a new one; a save that cannot be read is set aside
/// (kept under another key) and the reason returned.
pub fn restore_or_start() -> (State, Option<String>) {
    let saved = storage().and_then(|s| s.get_item(SAVE_KEY).ok().flatten());
    let Some(text) = saved else {
        return (default_state(), None);
    };
    match parse_saved(&text).and_then(State::restore) {
        Ok(state) => (state, None),
        Err(problem) => {
            if let Some(s) = storage() {
                super::kept::set_aside(&s, SAVE_KEY, CORRUPT_KEY, &text);
            }
            let reason = words(&problem);
            let text = tf("status.save_unreadable", &[("reason", &reason)]);
            (default_state(), Some(text))
        }
    }
}

/// Another tab stored the game at this device: taken in (the state decides
/// how), so that this tab never writes its older copy over it.
pub fn listen() {
    let window = web_sys::window().expect("window");
    super::dom::on::<web_sys::StorageEvent>(&window, "storage", |event| {
        if event.key().as_deref() != Some(SAVE_KEY) {
            return;
        }
        if let Some(Ok(saved)) = event.new_value().map(|text| parse_saved(&text)) {
            super::dispatch(crate::state::Action::LocalStored(saved));
        }
    });
}

fn parse_saved(text: &str) -> Result<Saved, Problem> {
    super::kept::read(text)
}

pub fn saved_text(state: &State) -> String {
    super::kept::text_of(&state.save())
}

/// The board choices kept here; ones that cannot be read are set aside and
/// the reason returned.
pub fn load_prefs() -> (KeptPrefs, Option<String>) {
    super::kept::load_or_set_aside(PREFS_KEY, PREFS_SET_ASIDE_KEY, "status.prefs_unreadable")
}

pub fn save_prefs(state: &State) {
    if let Some(s) = storage() {
        let _ = s.set_item(PREFS_KEY, &super::kept::text_of(&state.prefs().kept()));
    }
}
