//! The messages read by hand from the parsed value, in the form serde
//! writes them (an enum's variant as `"Name"` or `{"Name": content}`).
//! serde's derived reading of the two message types was 22 kB of the
//! page's module, 8 kB gzipped, and the page loads it before its first
//! board. `json_tree_tests.rs` holds this reading to serde_json's derived
//! one on every message and on thousands of damaged ones.

use super::{EndValue, Failure, FromWorker, Judgement, Purpose, ToWorker};
use crate::json_tree::{JsonTree, Shape, Unread, MAX_EXACT};
use cheversi_api::spec::GameSpec;

type Read<T> = Result<T, Unread>;

/// A request to the worker.
pub fn to_worker<V: JsonTree>(value: V) -> Read<ToWorker> {
    let (name, content) = variant(value)?;
    let mut f = Fields::of(&name, content)?;
    let message = match name.as_str() {
        "Think" => ToWorker::Think {
            id: f.take("id", u32_of)?,
            spec: f.take("spec", spec)?,
            moves: f.take("moves", texts)?,
            level: f.take("level", text)?,
            purpose: f.take("purpose", purpose)?,
            nodes: f.option("nodes", u64_of)?,
            part: f.option("part", u32_of)?,
            parts: f.option("parts", u32_of)?,
            seconds: f.option("seconds", number)?,
        },
        "Review" => ToWorker::Review {
            id: f.take("id", u32_of)?,
            spec: f.take("spec", spec)?,
            moves: f.take("moves", texts)?,
            seconds: f.take("seconds", number)?,
        },
        _ => return Err(Unread::default()),
    };
    Ok(message)
}

/// An answer from the worker.
pub fn from_worker<V: JsonTree>(value: V) -> Read<FromWorker> {
    let (name, content) = variant(value)?;
    if name == "Ready" {
        return unit(&name, content).map(|()| FromWorker::Ready);
    }
    let mut f = Fields::of(&name, content)?;
    let message = match name.as_str() {
        "Thought" => FromWorker::Thought {
            id: f.take("id", u32_of)?,
            purpose: f.take("purpose", purpose)?,
            best: f.take("best", text)?,
            judgement: f.take("judgement", judgement)?,
            exact: f.take("exact", boolean)?,
            depth: f.take("depth", u32_of)?,
            nodes: f.take("nodes", u64_of)?,
            pv: f.take("pv", texts)?,
            ms: f.take("ms", number)?,
            more: f.or_default("more", boolean)?,
        },
        "Reviewed" => FromWorker::Reviewed {
            id: f.take("id", u32_of)?,
            ply: f.take("ply", usize_of)?,
            best: f.take("best", text)?,
            lost_tenths: f.take("lost_tenths", u32_of)?,
            exact: f.take("exact", boolean)?,
            value: f.take("value", judgement)?,
        },
        "ReviewDone" => FromWorker::ReviewDone {
            id: f.take("id", u32_of)?,
            end: f.option("end", end_value)?,
        },
        "Failed" => FromWorker::Failed {
            id: f.take("id", u32_of)?,
            failure: f.take("failure", failure)?,
        },
        _ => return Err(Unread::default()),
    };
    Ok(message)
}

/// An enum's variant: its name, and its content unless it is a bare name.
fn variant<V: JsonTree>(value: V) -> Read<(String, Option<V>)> {
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
fn unit<V: JsonTree>(name: &str, content: Option<V>) -> Read<()> {
    match content {
        Some(content) if !content.is_null() => Err(Unread::default().in_key(name)),
        _ => Ok(()),
    }
}

/// A variant's content as a newtype's: never a bare name.
fn newtype<V: JsonTree, T>(name: &str, content: Option<V>, read: fn(V) -> Read<T>) -> Read<T> {
    let content = content.ok_or_else(Unread::default)?;
    read(content).map_err(|e| e.in_key(name))
}

/// A struct's fields, taken one by one; those no one takes are ignored.
struct Fields<V> {
    /// The struct's own name, or its variant's, for the path.
    name: String,
    entries: Vec<(String, V)>,
}

impl<V: JsonTree> Fields<V> {
    fn of(name: &str, content: Option<V>) -> Read<Fields<V>> {
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

    fn take<T>(&mut self, key: &str, read: fn(V) -> Read<T>) -> Read<T> {
        match self.entry(key) {
            Some(value) => read(value).map_err(|e| self.within(key, e)),
            None => Err(self.within(key, Unread::default())),
        }
    }

    /// An optional field: absent or null is none.
    fn option<T>(&mut self, key: &str, read: fn(V) -> Read<T>) -> Read<Option<T>> {
        match self.entry(key) {
            Some(value) if !value.is_null() => {
                read(value).map(Some).map_err(|e| self.within(key, e))
            }
            _ => Ok(None),
        }
    }

    /// A field with a default: absent is the default (null is not).
    fn or_default<T: Default>(&mut self, key: &str, read: fn(V) -> Read<T>) -> Read<T> {
        match self.entry(key) {
            Some(value) => read(value).map_err(|e| self.within(key, e)),
            None => Ok(T::default()),
        }
    }

    /// No field left that the struct does not take (`deny_unknown_fields`).
    fn all_taken(self) -> Read<()> {
        match self.entries.first() {
            Some((key, _)) => Err(Unread::default().in_key(key)),
            None => Ok(()),
        }
    }
}

fn purpose<V: JsonTree>(value: V) -> Read<Purpose> {
    let (name, content) = variant(value)?;
    let purpose = match name.as_str() {
        "Play" => Purpose::Play,
        "Hint" => Purpose::Hint,
        "Evaluate" => Purpose::Evaluate,
        "Review" => Purpose::Review,
        _ => return Err(Unread::default()),
    };
    unit(&name, content).map(|()| purpose)
}

fn judgement<V: JsonTree>(value: V) -> Read<Judgement> {
    let (name, content) = variant(value)?;
    match name.as_str() {
        "Margin" => newtype(&name, content, i32_of).map(Judgement::Margin),
        "Score" => newtype(&name, content, i32_of).map(Judgement::Score),
        "Wins" => newtype(&name, content, optional_u32).map(Judgement::Wins),
        "Loses" => newtype(&name, content, optional_u32).map(Judgement::Loses),
        _ => Err(Unread::default()),
    }
}

fn optional_u32<V: JsonTree>(value: V) -> Read<Option<u32>> {
    if value.is_null() {
        Ok(None)
    } else {
        u32_of(value).map(Some)
    }
}

fn end_value<V: JsonTree>(value: V) -> Read<EndValue> {
    let mut f = Fields::of("", Some(value))?;
    Ok(EndValue {
        value: f.take("value", judgement)?,
        exact: f.take("exact", boolean)?,
    })
}

fn failure<V: JsonTree>(value: V) -> Read<Failure> {
    let (name, content) = variant(value)?;
    match name.as_str() {
        "Unreadable" => unit(&name, content).map(|()| Failure::Unreadable),
        "GameOver" => unit(&name, content).map(|()| Failure::GameOver),
        "NotThinking" => unit(&name, content).map(|()| Failure::NotThinking),
        "Level" => newtype(&name, content, text).map(Failure::Level),
        "Options" => newtype(&name, content, text).map(Failure::Options),
        "Move" => {
            let mut f = Fields::of(&name, content)?;
            Ok(Failure::Move {
                number: f.take("number", usize_of)?,
                text: f.take("text", text)?,
            })
        }
        _ => Err(Unread::default()),
    }
}

fn spec<V: JsonTree>(value: V) -> Read<GameSpec> {
    let mut f = Fields::of("", Some(value))?;
    let spec = GameSpec {
        game: f.take("game", text)?,
        rules: f.option("rules", text)?,
        count: f.option("count", text)?,
        squares: f.option("squares", text)?,
        variant: f.option("variant", text)?,
        players: f.option("players", |v| whole(v, 0.0, 255.0).map(|n| n as u8))?,
    };
    f.all_taken().map(|()| spec)
}

fn text<V: JsonTree>(value: V) -> Read<String> {
    match value.shape() {
        Shape::Text(text) => Ok(text),
        _ => Err(Unread::default()),
    }
}

fn texts<V: JsonTree>(value: V) -> Read<Vec<String>> {
    let Shape::List(items) = value.shape() else {
        return Err(Unread::default());
    };
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.into_iter().enumerate() {
        out.push(text(item).map_err(|e| e.in_item(i))?);
    }
    Ok(out)
}

fn boolean<V: JsonTree>(value: V) -> Read<bool> {
    match value.shape() {
        Shape::Bool(b) => Ok(b),
        _ => Err(Unread::default()),
    }
}

/// Any number (JavaScript's are all doubles).
fn number<V: JsonTree>(value: V) -> Read<f64> {
    match value.shape() {
        Shape::Number(n) => Ok(n),
        _ => Err(Unread::default()),
    }
}

/// A whole number from `min` to `max`, and one that a double holds
/// exactly: the numbers serde's integer fields take from the tree.
fn whole<V: JsonTree>(value: V, min: f64, max: f64) -> Read<f64> {
    match value.shape() {
        Shape::Number(n) if n.fract() == 0.0 && n.abs() <= MAX_EXACT && n >= min && n <= max => {
            Ok(n)
        }
        _ => Err(Unread::default()),
    }
}

fn u32_of<V: JsonTree>(value: V) -> Read<u32> {
    whole(value, 0.0, f64::from(u32::MAX)).map(|n| n as u32)
}

fn i32_of<V: JsonTree>(value: V) -> Read<i32> {
    whole(value, f64::from(i32::MIN), f64::from(i32::MAX)).map(|n| n as i32)
}

fn u64_of<V: JsonTree>(value: V) -> Read<u64> {
    whole(value, 0.0, MAX_EXACT).map(|n| n as u64)
}

fn usize_of<V: JsonTree>(value: V) -> Read<usize> {
    whole(value, 0.0, usize::MAX as f64).map(|n| n as usize)
}
