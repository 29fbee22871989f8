//! A parsed JSON value: the page's JavaScript values (a kept value after
//! `JSON.parse`, a message between the page and its worker) and, in tests,
//! serde_json's. These few calls say what a value is; `json_read.rs`
//! reads values from them by hand, so the native tests run the page's own
//! reading.
//!
//! Its error ([`Unread`]) is where the value went wrong, a path such as
//! `data.seats[1]`, and nothing else.

use std::fmt;

/// What a JSON value is, with its parts.
pub enum Shape<V> {
    Null,
    Bool(bool),
    Number(f64),
    Text(String),
    List(Vec<V>),
    Object(Vec<(String, V)>),
    /// Not JSON (a JavaScript function, symbol or big integer).
    Other,
}

/// A parsed JSON value: the page's JavaScript value, or serde_json's in
/// tests. These few calls say what it is.
pub trait JsonTree: Sized + Clone {
    /// None when the text is not JSON.
    fn parse(text: &str) -> Option<Self>;
    /// The field of an object (None when absent or not an object).
    fn get(&self, key: &str) -> Option<Self>;
    /// The items of an array.
    fn items(&self) -> Option<Vec<Self>>;
    /// The value as JSON text (to be set aside).
    fn text(&self) -> String;
    /// What the value is, and its parts.
    fn shape(self) -> Shape<Self>;
    /// Whether it is null (or, in JavaScript, undefined).
    fn is_null(&self) -> bool;
}

/// Where a value did not read: the path of the field from the root, as
/// keys and item numbers (empty: the value itself).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unread {
    /// Innermost first: each level adds its own on the way out.
    steps: Vec<Step>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    Key(String),
    Item(usize),
}

impl Unread {
    fn within(mut self, step: Step) -> Unread {
        self.steps.push(step);
        self
    }

    /// This, within the field `key`.
    pub(crate) fn in_key(self, key: &str) -> Unread {
        self.within(Step::Key(key.to_string()))
    }

    /// This, within item `i` of a list.
    pub(crate) fn in_item(self, i: usize) -> Unread {
        self.within(Step::Item(i))
    }

    /// The path, as `data.seats[1]` (empty for the value itself).
    pub fn path(&self) -> String {
        let mut path = String::new();
        for step in self.steps.iter().rev() {
            match step {
                Step::Key(key) => {
                    if !path.is_empty() {
                        path.push('.');
                    }
                    path.push_str(key);
                }
                Step::Item(i) => {
                    path.push('[');
                    path.push_str(&i.to_string());
                    path.push(']');
                }
            }
        }
        path
    }
}

/// For the developer's console only.
impl fmt::Display for Unread {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unreadable at '{}'", self.path())
    }
}

impl std::error::Error for Unread {}

/// The largest whole number JavaScript holds safely (2^53 - 1): beyond
/// it, a double stands for more than one.
pub(crate) const MAX_EXACT: f64 = 9_007_199_254_740_991.0;

#[cfg(target_arch = "wasm32")]
mod js {
    use super::{JsonTree, Shape};
    use wasm_bindgen::{JsCast, JsValue};

    impl JsonTree for JsValue {
        fn parse(text: &str) -> Option<Self> {
            js_sys::JSON::parse(text).ok()
        }
        fn get(&self, key: &str) -> Option<Self> {
            if !self.is_object() {
                return None;
            }
            js_sys::Reflect::get(self, &JsValue::from_str(key))
                .ok()
                .filter(|v| !v.is_undefined())
        }
        fn items(&self) -> Option<Vec<Self>> {
            js_sys::Array::is_array(self).then(|| js_sys::Array::from(self).iter().collect())
        }
        fn text(&self) -> String {
            js_sys::JSON::stringify(self)
                .ok()
                .and_then(|s| s.as_string())
                .unwrap_or_default()
        }
        fn is_null(&self) -> bool {
            JsValue::is_null(self) || self.is_undefined()
        }
        fn shape(self) -> Shape<Self> {
            if JsonTree::is_null(&self) {
                Shape::Null
            } else if let Some(b) = self.as_bool() {
                Shape::Bool(b)
            } else if let Some(n) = self.as_f64() {
                Shape::Number(n)
            } else if let Some(s) = self.as_string() {
                Shape::Text(s)
            } else if js_sys::Array::is_array(&self) {
                Shape::List(js_sys::Array::from(&self).iter().collect())
            } else if self.is_object() && !self.is_function() {
                let entries = js_sys::Object::entries(self.unchecked_ref())
                    .iter()
                    .filter_map(|entry| {
                        let pair: js_sys::Array = entry.unchecked_into();
                        Some((pair.get(0).as_string()?, pair.get(1)))
                    })
                    .collect();
                Shape::Object(entries)
            } else {
                Shape::Other
            }
        }
    }
}

/// serde_json's values, read as the page reads its JavaScript values.
#[cfg(test)]
impl JsonTree for serde_json::Value {
    fn parse(text: &str) -> Option<Self> {
        serde_json::from_str(text).ok()
    }
    fn get(&self, key: &str) -> Option<Self> {
        self.as_object()?.get(key).cloned()
    }
    fn items(&self) -> Option<Vec<Self>> {
        self.as_array().cloned()
    }
    fn text(&self) -> String {
        self.to_string()
    }
    fn is_null(&self) -> bool {
        serde_json::Value::is_null(self)
    }
    fn shape(self) -> Shape<Self> {
        use serde_json::Value;
        match self {
            Value::Null => Shape::Null,
            Value::Bool(b) => Shape::Bool(b),
            Value::Number(n) => n.as_f64().map_or(Shape::Other, Shape::Number),
            Value::String(s) => Shape::Text(s),
            Value::Array(items) => Shape::List(items),
            Value::Object(map) => Shape::Object(map.into_iter().collect()),
        }
    }
}
