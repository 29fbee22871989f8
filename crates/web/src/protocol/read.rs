//! The messages read by hand from the parsed value, in the form serde
//! writes them (an enum's variant as `"Name"` or `{"Name": content}`).
//! serde's derived reading of the two message types was 22 kB of the
//! page's module, 8 kB gzipped, and the page loads it before its first
//! board. `json_tree_tests.rs` holds this reading to serde_json's derived
//! one on every message and on thousands of damaged ones.

use super::{EndValue, Failure, FromWorker, Judgement, Purpose, ToWorker, Wanted};
use crate::json_read::*;
use crate::json_tree::{JsonTree, Unread};
use cheversi_api::spec::GameSpec;

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
        "Limit" => ToWorker::Limit {
            id: f.take("id", u32_of)?,
            wanted: f.take("wanted", wanted)?,
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

fn wanted<V: JsonTree>(value: V) -> Read<Wanted> {
    let (name, content) = variant(value)?;
    let wanted = match name.as_str() {
        "Draw" => Wanted::Draw,
        "Moves" => Wanted::Moves,
        "Nothing" => Wanted::Nothing,
        _ => return Err(Unread::default()),
    };
    unit(&name, content).map(|()| wanted)
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
        players: f.option("players", u8_of)?,
    };
    f.all_taken().map(|()| spec)
}
