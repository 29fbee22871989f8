//! Every value the page keeps in localStorage, in one versioned envelope:
//! `{"kind":"game","version":2,"data":{…}}`, written and read by hand
//! ([`ToJson`] with [`crate::json_write`]; [`Kept::from_tree`] with
//! [`crate::json_read`]).
//!
//! The same reading serves the page and the tests; only the JSON tree
//! differs ([`JsonTree`]): the page's JavaScript value (`JSON.parse`),
//! serde_json's in tests. A value that does not read names the field
//! ([`Problem::Unreadable`], its path such as `data.seats[1]`).
//!
//! Values written before the envelope (today's formats) are read by each
//! kind's [`Kept::legacy`], once: the next write is in the envelope.

use crate::json_read::{text, u32_of, Read};
use crate::json_tree::JsonTree;
use crate::json_write::{JsonBuild, ToJson};
use crate::problem::{clip, Problem};
use std::cell::RefCell;

/// A value kept in localStorage: its kind and the version written now.
pub trait Kept: ToJson + Sized {
    const KIND: &'static str;
    const VERSION: u32;

    /// Reads the value (an envelope's `data`) as serde writes it.
    fn from_tree<V: JsonTree>(tree: V) -> Read<Self>;

    /// Reads a value written before the envelope (`tree` when the text
    /// is JSON); None when the text is not one of those either.
    fn legacy<V: JsonTree>(_text: &str, _tree: Option<V>) -> Option<Result<Self, Problem>> {
        None
    }
}

/// What is written: the value in its envelope (`JSON.stringify`d in the
/// page).
pub fn write<T: Kept, J: JsonBuild>(value: &T) -> J {
    J::object(vec![
        ("kind", J::text(T::KIND)),
        ("version", T::VERSION.to_json()),
        ("data", value.to_json()),
    ])
}

/// Reads a kept value: in the envelope, or in the format of before.
pub fn read<T: Kept, V: JsonTree>(text: &str) -> Result<T, Problem> {
    let tree = V::parse(text);
    match tree {
        Some(tree) if tree.get("kind").is_some() => {
            let data = data_of(&tree, T::KIND, T::VERSION)?;
            decode(data, |data| {
                T::from_tree(data).map_err(|e| e.in_key("data"))
            })
        }
        tree => {
            let not_json = tree.is_none();
            T::legacy(text, tree).unwrap_or(Err(if not_json {
                Problem::NotJson
            } else {
                Problem::Unreadable { key: "kind".into() }
            }))
        }
    }
}

/// The data of an envelope of this kind and version, not yet read (a
/// list read item by item: one bad item must not take the others).
pub fn data_of<V: JsonTree>(tree: &V, kind: &str, version: u32) -> Result<V, Problem> {
    let field = |key: &str| {
        tree.get(key)
            .ok_or_else(|| Problem::Unreadable { key: key.into() })
    };
    if text(field("kind")?).ok().as_deref() != Some(kind) {
        return Err(Problem::Unreadable { key: "kind".into() });
    }
    let found = u32_of(field("version")?).map_err(|_| Problem::Unreadable {
        key: "version".into(),
    })?;
    if found != version {
        return Err(Problem::Version {
            value: found.to_string(),
        });
    }
    tree.get("data")
        .ok_or(Problem::Unreadable { key: "data".into() })
}

thread_local! {
    /// A problem found by a type's own check while it was read (a
    /// computer level that does not exist): said as it is, not as an
    /// unreadable field.
    static REFUSED: RefCell<Option<Problem>> = const { RefCell::new(None) };
}

/// Records why a type refused its value (see [`decode`]).
pub fn refuse(problem: Problem) {
    REFUSED.with(|r| *r.borrow_mut() = Some(problem));
}

/// Reads `tree` with `read`; the problem names the path of the field
/// that is wrong (`.` for the value itself), or is the one a type refused
/// with.
pub fn decode<T, V: JsonTree>(tree: V, read: fn(V) -> Read<T>) -> Result<T, Problem> {
    REFUSED.with(|r| r.borrow_mut().take());
    read(tree).map_err(|unread| {
        REFUSED.with(|r| r.borrow_mut().take()).unwrap_or_else(|| {
            let path = unread.path();
            Problem::Unreadable {
                key: clip(if path.is_empty() { "." } else { &path }),
            }
        })
    })
}

/// A kept value as the page writes it, in tests.
#[cfg(test)]
pub fn text_of<T: Kept>(value: &T) -> String {
    write::<T, crate::json_write::JsonText>(value).0
}

/// A kept value read as the page reads it, in tests.
#[cfg(test)]
pub fn read_text<T: Kept>(text: &str) -> Result<T, Problem> {
    read::<T, serde_json::Value>(text)
}

/// The correspondence game shown at the last visit ("" for the game at
/// this device).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(test, derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(test, serde(transparent))]
pub struct OpenId(pub String);

impl ToJson for OpenId {
    fn to_json<J: JsonBuild>(&self) -> J {
        self.0.to_json()
    }
}

impl Kept for OpenId {
    const KIND: &'static str = "open";
    const VERSION: u32 = 1;
    fn from_tree<V: JsonTree>(tree: V) -> Read<Self> {
        text(tree).map(OpenId)
    }
    /// Today's: the id as it is.
    fn legacy<V: JsonTree>(text: &str, _tree: Option<V>) -> Option<Result<Self, Problem>> {
        Some(Ok(OpenId(text.to_string())))
    }
}

/// The language chosen (its code).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(test, derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(test, serde(transparent))]
pub struct Language(pub String);

impl ToJson for Language {
    fn to_json<J: JsonBuild>(&self) -> J {
        self.0.to_json()
    }
}

impl Kept for Language {
    const KIND: &'static str = "lang";
    const VERSION: u32 = 1;
    fn from_tree<V: JsonTree>(tree: V) -> Read<Self> {
        text(tree).map(Language)
    }
    /// Today's: the code as it is.
    fn legacy<V: JsonTree>(text: &str, _tree: Option<V>) -> Option<Result<Self, Problem>> {
        Some(Ok(Language(text.to_string())))
    }
}
