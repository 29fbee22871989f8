//! The game at this device in localStorage: written as JSON by serde,
//! read back by hand ([`Saved::read`]) so that a save that cannot be read
//! is reported in the page's language, naming the field, never with a
//! JavaScript error's English.

use super::{default_state, storage};
use crate::i18n::tf;
use crate::problem::Problem;
use crate::problem_words::words;
use crate::state::saving::{Json, Saved};
use crate::state::State;
use wasm_bindgen::JsValue;

pub const SAVE_KEY: &str = "cheversi.game";
const CORRUPT_KEY: &str = "cheversi.game.corrupt";

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
                let _ = s.set_item(CORRUPT_KEY, &text);
                let _ = s.remove_item(SAVE_KEY);
            }
            let reason = words(&problem);
            let text = tf("status.save_unreadable", &[("reason", &reason)]);
            (default_state(), Some(text))
        }
    }
}

fn parse_saved(text: &str) -> Result<Saved, Problem> {
    let value = js_sys::JSON::parse(text).map_err(|_| Problem::NotJson)?;
    Saved::read(&value)
}

pub fn saved_text(state: &State) -> String {
    serde_wasm_bindgen::to_value(&state.save())
        .ok()
        .and_then(|v| js_sys::JSON::stringify(&v).ok())
        .and_then(|s| s.as_string())
        .unwrap_or_default()
}

/// The parsed JSON as JavaScript holds it.
impl Json for JsValue {
    fn get(&self, key: &str) -> Option<JsValue> {
        if !self.is_object() {
            return None;
        }
        js_sys::Reflect::get(self, &JsValue::from_str(key))
            .ok()
            .filter(|v| !v.is_undefined())
    }
    fn number(&self) -> Option<f64> {
        self.as_f64()
    }
    fn text(&self) -> Option<String> {
        self.as_string()
    }
    fn boolean(&self) -> Option<bool> {
        self.as_bool()
    }
    fn items(&self) -> Option<Vec<JsValue>> {
        js_sys::Array::is_array(self).then(|| js_sys::Array::from(self).iter().collect())
    }
    fn is_null(&self) -> bool {
        JsValue::is_null(self)
    }
}
