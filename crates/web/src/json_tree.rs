//! A parsed JSON value, read by serde: the page's JavaScript values (a
//! kept value after `JSON.parse`, a message between the page and its
//! worker) and, in tests, serde_json's. One deserializer ([`read`]) reads
//! both, so the native tests run the page's own reading.
//!
//! Its error ([`Unread`]) is where the value went wrong, a path such as
//! `data.seats[1]`, and nothing else: serde's English messages (and the
//! float printing they bring into the module) are never built.

use serde::de::{
    self, DeserializeOwned, DeserializeSeed, EnumAccess, IntoDeserializer, MapAccess, SeqAccess,
    VariantAccess, Visitor,
};
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
/// tests. These few calls say what it is; [`read`] reads it by serde.
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

/// Reads a value of `T` from the tree.
pub fn read<T: DeserializeOwned, V: JsonTree>(tree: V) -> Result<T, Unread> {
    T::deserialize(Reader(tree))
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

    fn at(key: &str) -> Unread {
        Unread::default().within(Step::Key(key.to_string()))
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

impl de::Error for Unread {
    /// serde's message is dropped unread: the path says where.
    fn custom<T: fmt::Display>(_message: T) -> Unread {
        Unread::default()
    }

    /// Left out: the path names the field, not its object.
    fn missing_field(field: &'static str) -> Unread {
        Unread::at(field)
    }

    /// Not one a type takes (`deny_unknown_fields`): raised while its key
    /// is read, which names it on the way out.
    fn unknown_field(_field: &str, _expected: &'static [&'static str]) -> Unread {
        Unread::default()
    }
}

/// serde's view of a tree.
struct Reader<V>(V);

impl<'de, T: JsonTree> de::Deserializer<'de> for Reader<T> {
    type Error = Unread;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Unread> {
        match self.0.shape() {
            Shape::Null => visitor.visit_unit(),
            Shape::Bool(b) => visitor.visit_bool(b),
            // A whole number is read as one, so that integer fields take
            // it (JavaScript has only doubles).
            Shape::Number(n) if n.fract() == 0.0 && n.abs() <= MAX_EXACT => {
                if n >= 0.0 {
                    visitor.visit_u64(n as u64)
                } else {
                    visitor.visit_i64(n as i64)
                }
            }
            Shape::Number(n) => visitor.visit_f64(n),
            Shape::Text(s) => visitor.visit_string(s),
            // Every item and entry read, or the value is refused (a
            // struct given as a longer list), as serde_json refuses it.
            Shape::List(items) => {
                let mut items = Items {
                    items: items.into_iter().enumerate(),
                };
                let read = visitor.visit_seq(&mut items)?;
                all_read(read, items.items.len())
            }
            Shape::Object(entries) => {
                let mut entries = Entries {
                    entries: entries.into_iter(),
                    value: None,
                };
                let read = visitor.visit_map(&mut entries)?;
                all_read(read, entries.entries.len())
            }
            Shape::Other => Err(Unread::default()),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Unread> {
        if self.0.is_null() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Unread> {
        visitor.visit_newtype_struct(self)
    }

    /// A unit variant is its name; any other, an object of one key.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Unread> {
        match self.0.shape() {
            Shape::Text(name) => visitor.visit_enum(name.into_deserializer()),
            Shape::Object(entries) if entries.len() == 1 => {
                let (name, value) = entries.into_iter().next().expect("one entry");
                visitor.visit_enum(Variant { name, value })
            }
            _ => Err(Unread::default()),
        }
    }

    /// A field no type reads is skipped, not walked.
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Unread> {
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map struct
        identifier
    }
}

fn all_read<T>(read: T, left: usize) -> Result<T, Unread> {
    if left == 0 {
        Ok(read)
    } else {
        Err(Unread::default())
    }
}

/// The largest whole number JavaScript holds safely (2^53 - 1): beyond
/// it, a double stands for more than one.
pub(crate) const MAX_EXACT: f64 = 9_007_199_254_740_991.0;

struct Items<V> {
    items: std::iter::Enumerate<std::vec::IntoIter<V>>,
}

impl<'de, V: JsonTree> SeqAccess<'de> for Items<V> {
    type Error = Unread;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Unread> {
        match self.items.next() {
            Some((i, item)) => seed
                .deserialize(Reader(item))
                .map(Some)
                .map_err(|e| e.within(Step::Item(i))),
            None => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

struct Entries<V> {
    entries: std::vec::IntoIter<(String, V)>,
    value: Option<(String, V)>,
}

impl<'de, V: JsonTree> MapAccess<'de> for Entries<V> {
    type Error = Unread;

    fn next_key_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Unread> {
        let Some((key, value)) = self.entries.next() else {
            return Ok(None);
        };
        let read = seed
            .deserialize(key.clone().into_deserializer())
            .map_err(|e: Unread| e.within(Step::Key(key.clone())))?;
        self.value = Some((key, value));
        Ok(Some(read))
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Unread> {
        let (key, value) = self.value.take().ok_or_else(Unread::default)?;
        seed.deserialize(Reader(value))
            .map_err(|e| e.within(Step::Key(key)))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// An enum's variant with content: `{"Name": content}`.
struct Variant<V> {
    name: String,
    value: V,
}

impl<'de, V: JsonTree> EnumAccess<'de> for Variant<V> {
    type Error = Unread;
    type Variant = Variant<V>;

    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, Self), Unread> {
        let read = seed.deserialize(self.name.clone().into_deserializer())?;
        Ok((read, self))
    }
}

impl<'de, V: JsonTree> VariantAccess<'de> for Variant<V> {
    type Error = Unread;

    fn unit_variant(self) -> Result<(), Unread> {
        match self.value.shape() {
            Shape::Null => Ok(()),
            _ => Err(Unread::at(&self.name)),
        }
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, Unread> {
        let name = self.name;
        seed.deserialize(Reader(self.value))
            .map_err(|e| e.within(Step::Key(name)))
    }

    fn tuple_variant<W: Visitor<'de>>(self, _len: usize, visitor: W) -> Result<W::Value, Unread> {
        let name = self.name;
        de::Deserializer::deserialize_seq(Reader(self.value), visitor)
            .map_err(|e| e.within(Step::Key(name)))
    }

    fn struct_variant<W: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: W,
    ) -> Result<W::Value, Unread> {
        // Its fields by name only, as serde_json reads one.
        let Shape::Object(entries) = self.value.shape() else {
            return Err(Unread::at(&self.name));
        };
        let name = self.name;
        visitor
            .visit_map(Entries {
                entries: entries.into_iter(),
                value: None,
            })
            .map_err(|e| e.within(Step::Key(name)))
    }
}

/// The page's JavaScript values.
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

#[cfg(test)]
#[path = "json_tree_tests.rs"]
mod tests;
