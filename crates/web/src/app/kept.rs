//! The page's side of [`crate::stored`]: values kept in localStorage go
//! text → `JSON.parse` → [`crate::json_tree`] (no serde_json in the site),
//! and back by [`crate::json_write`] → `JSON.stringify`.

use crate::json_tree::JsonTree;
use crate::problem::Problem;
use crate::stored::{self, Kept};
use wasm_bindgen::JsValue;

/// The value in its envelope, as text for localStorage.
pub fn text_of<T: Kept>(value: &T) -> String {
    stored::write::<T, JsValue>(value).text()
}

/// Moves `text`, kept under `key` and unreadable, to `set_aside`: added
/// to what was set aside before (a line each), never in its place.
pub fn set_aside(store: &web_sys::Storage, key: &str, set_aside: &str, text: &str) {
    let before = store.get_item(set_aside).ok().flatten().unwrap_or_default();
    let kept = match before.as_str() {
        "" => text.to_string(),
        b if b.ends_with('\n') => format!("{b}{text}"),
        b => format!("{b}\n{text}"),
    };
    let _ = store.set_item(set_aside, &kept);
    let _ = store.remove_item(key);
}

/// The value kept under `key`, or the default; one that cannot be read is
/// moved to `set_aside` (never dropped) and the reason returned, worded by
/// `message` (a key with `{reason}`).
pub fn load_or_set_aside<T: Kept + Default>(
    key: &str,
    set_aside: &str,
    message: &str,
) -> (T, Option<String>) {
    let storage = super::storage();
    let Some(text) = storage
        .as_ref()
        .and_then(|s| s.get_item(key).ok().flatten())
    else {
        return (T::default(), None);
    };
    match read::<T>(&text) {
        Ok(value) => (value, None),
        Err(problem) => {
            if let Some(s) = &storage {
                self::set_aside(s, key, set_aside, &text);
            }
            let reason = crate::problem_words::words(&problem);
            (
                T::default(),
                Some(crate::i18n::tf(message, &[("reason", &reason)])),
            )
        }
    }
}

/// A kept value read (in the envelope, or as today's build wrote it).
pub fn read<T: Kept>(text: &str) -> Result<T, Problem> {
    stored::read::<T, JsValue>(text)
}
