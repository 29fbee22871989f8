//! Reading values by hand from a parsed JSON tree ([`JsonTree`]), in the
//! form serde writes them: a struct as an object, an enum's variant as
//! `"Name"` or `{"Name": content}`, numbers as serde's integer fields take
//! them. serde's derived reading of the same values was a large share of
//! the page's module; the tests hold each reader to serde_json's derived
//! one (`json_tree_tests.rs`). A value that does not read gives the path
//! of the field at fault ([`Unread`]).

use crate::json_tree::{JsonTree, Shape, Unread, MAX_EXACT};

pub type Read<T> = Result<T, Unread>;

/// An enum's variant: its name, and its content unless it is a bare name.
pub fn variant<V: JsonTree>(value: V) -> Read<(String, Option<V>)> {
    match value.shape() {
        Shape::Text(name) => Ok((name, None)),
        Shape::Object(mut entries) if entries.len() == 1 => {
            let (name, content) = entries.pop().expect("one entry");
            Ok((name, Some(content)))
        }
        _ => Err(Unread::default()),
    }
}

/// A variant without content: a bare name, or its name with null.
pub fn unit<V: JsonTree>(name: &str, content: Option<V>) -> Read<()> {
    match content {
        Some(content) if !content.is_null() => Err(Unread::default().in_key(name)),
        _ => Ok(()),
    }
}

/// A variant's content as a newtype's: never a bare name.
pub fn newtype<V: JsonTree, T>(name: &str, content: Option<V>, read: fn(V) -> Read<T>) -> Read<T> {
    let content = content.ok_or_else(Unread::default)?;
    read(content).map_err(|e| e.in_key(name))
}

/// A struct's fields, taken one by one; those no one takes are ignored.
pub struct Fields<V> {
    /// The struct's own name, or its variant's, for the path.
    name: String,
    entries: Vec<(String, V)>,
}

impl<V: JsonTree> Fields<V> {
    pub fn of(name: &str, content: Option<V>) -> Read<Fields<V>> {
        match content.map(JsonTree::shape) {
            Some(Shape::Object(entries)) => Ok(Fields {
                name: name.to_string(),
                entries,
            }),
            _ => Err(Unread::default().in_key(name)),
        }
    }

    fn entry(&mut self, key: &str) -> Option<V> {
        let i = self.entries.iter().position(|(k, _)| k == key)?;
        Some(self.entries.swap_remove(i).1)
    }

    fn within(&self, key: &str, e: Unread) -> Unread {
        let e = e.in_key(key);
        match self.name.as_str() {
            "" => e,
            name => e.in_key(name),
        }
    }

    pub fn take<T>(&mut self, key: &str, read: fn(V) -> Read<T>) -> Read<T> {
        match self.entry(key) {
            Some(value) => read(value).map_err(|e| self.within(key, e)),
            None => Err(self.within(key, Unread::default())),
        }
    }

    /// An optional field: absent or null is none.
    pub fn option<T>(&mut self, key: &str, read: fn(V) -> Read<T>) -> Read<Option<T>> {
        match self.entry(key) {
            Some(value) if !value.is_null() => {
                read(value).map(Some).map_err(|e| self.within(key, e))
            }
            _ => Ok(None),
        }
    }

    /// A field with a default: absent is the default (null is not).
    pub fn or_default<T: Default>(&mut self, key: &str, read: fn(V) -> Read<T>) -> Read<T> {
        self.or(key, read, T::default())
    }

    /// A field with a default of the struct's own: absent is `default`.
    pub fn or<T>(&mut self, key: &str, read: fn(V) -> Read<T>, default: T) -> Read<T> {
        match self.entry(key) {
            Some(value) => read(value).map_err(|e| self.within(key, e)),
            None => Ok(default),
        }
    }

    /// No field left that the struct does not take (`deny_unknown_fields`).
    pub fn all_taken(self) -> Read<()> {
        match self.entries.first() {
            Some((key, _)) => Err(Unread::default().in_key(key)),
            None => Ok(()),
        }
    }
}

pub fn text<V: JsonTree>(value: V) -> Read<String> {
    match value.shape() {
        Shape::Text(text) => Ok(text),
        _ => Err(Unread::default()),
    }
}

pub fn texts<V: JsonTree>(value: V) -> Read<Vec<String>> {
    list_of(value, text)
}

pub fn boolean<V: JsonTree>(value: V) -> Read<bool> {
    match value.shape() {
        Shape::Bool(b) => Ok(b),
        _ => Err(Unread::default()),
    }
}

/// Any number (JavaScript's are all doubles).
pub fn number<V: JsonTree>(value: V) -> Read<f64> {
    match value.shape() {
        Shape::Number(n) => Ok(n),
        _ => Err(Unread::default()),
    }
}

/// A whole number from `min` to `max`, and one that a double holds
/// exactly: the numbers serde's integer fields take from the tree.
pub fn whole<V: JsonTree>(value: V, min: f64, max: f64) -> Read<f64> {
    match value.shape() {
        Shape::Number(n) if n.fract() == 0.0 && n.abs() <= MAX_EXACT && n >= min && n <= max => {
            Ok(n)
        }
        _ => Err(Unread::default()),
    }
}

pub fn u32_of<V: JsonTree>(value: V) -> Read<u32> {
    whole(value, 0.0, f64::from(u32::MAX)).map(|n| n as u32)
}

pub fn i32_of<V: JsonTree>(value: V) -> Read<i32> {
    whole(value, f64::from(i32::MIN), f64::from(i32::MAX)).map(|n| n as i32)
}

pub fn u64_of<V: JsonTree>(value: V) -> Read<u64> {
    whole(value, 0.0, MAX_EXACT).map(|n| n as u64)
}

pub fn usize_of<V: JsonTree>(value: V) -> Read<usize> {
    whole(value, 0.0, usize::MAX as f64).map(|n| n as usize)
}

pub fn u8_of<V: JsonTree>(value: V) -> Read<u8> {
    whole(value, 0.0, 255.0).map(|n| n as u8)
}

/// A list, each item read by `read`.
pub fn list_of<V: JsonTree, T>(value: V, read: fn(V) -> Read<T>) -> Read<Vec<T>> {
    let Shape::List(items) = value.shape() else {
        return Err(Unread::default());
    };
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.into_iter().enumerate() {
        out.push(read(item).map_err(|e| e.in_item(i))?);
    }
    Ok(out)
}

#[cfg(test)]
#[path = "json_read_tests.rs"]
mod tests;
