//! The page's side of [`crate::stored`]: values kept in localStorage go
//! text → `JSON.parse` → [`crate::json_tree`] (no serde_json in the site),
//! and back by serde-wasm-bindgen → `JSON.stringify`.

use crate::json_tree::JsonTree;
use crate::problem::Problem;
use crate::stored::{self, Kept};
use wasm_bindgen::JsValue;

/// The value in its envelope, as text for localStorage. Maps become
/// plain objects: `JSON.stringify` writes a JavaScript `Map` as `{}`.
pub fn text_of<T: Kept>(value: &T) -> String {
    use serde::Serialize;
    stored::write(value)
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map(|v| v.text())
        .unwrap_or_default()
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
                let _ = s.set_item(set_aside, &text);
                let _ = s.remove_item(key);
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
