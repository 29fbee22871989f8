//! The page's hand reading ([`crate::json_read`]) against serde_json's
//! derived reading: the same values read the same, and a value that does
//! not read names where.

use super::*;
use crate::json_write::ToJson;
use crate::protocol::read::{from_worker, to_worker};
use crate::protocol::{EndValue, Failure, FromWorker, Judgement, Purpose, ToWorker, Wanted};
use cheversi_api::spec::GameSpec;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};

fn messages() -> Vec<Value> {
    let spec = GameSpec {
        game: "cheversi".into(),
        rules: Some("brainking".into()),
        ..GameSpec::default()
    };
    let to = [
        ToWorker::think(
            7,
            spec.clone(),
            vec!["Kd4".into()],
            "master",
            Purpose::Evaluate,
            Some(1 << 40),
        ),
        ToWorker::Think {
            id: 1,
            spec: spec.clone(),
            moves: vec![],
            level: String::new(),
            purpose: Purpose::Play,
            nodes: None,
            part: Some(1),
            parts: Some(2),
            seconds: Some(0.375),
        },
        ToWorker::Review {
            id: 2,
            spec,
            moves: vec!["Kd4".into(), "Qe5".into()],
            seconds: 3.0,
        },
        ToWorker::Limit {
            id: 4,
            wanted: Wanted::Draw,
        },
        ToWorker::Limit {
            id: 5,
            wanted: Wanted::Moves,
        },
        ToWorker::Limit {
            id: u32::MAX,
            wanted: Wanted::Nothing,
        },
    ];
    let from = [
        FromWorker::Ready,
        FromWorker::Thought {
            id: 3,
            purpose: Purpose::Hint,
            best: "Nc3".into(),
            judgement: Judgement::Margin(-7),
            exact: true,
            depth: 12,
            nodes: 123_456_789_012,
            pv: vec!["Nc3".into(), "Rb1".into()],
            ms: 12.5,
            more: true,
        },
        FromWorker::Reviewed {
            id: 4,
            ply: 9,
            best: "a1-b3".into(),
            lost_tenths: 31,
            exact: false,
            value: Judgement::Wins(None),
        },
        FromWorker::ReviewDone {
            id: 5,
            end: Some(EndValue {
                value: Judgement::Loses(Some(6)),
                exact: true,
            }),
        },
        FromWorker::ReviewDone { id: 6, end: None },
        FromWorker::Failed {
            id: 8,
            failure: Failure::Move {
                number: 3,
                text: "Zz9".into(),
            },
        },
    ];
    to.iter()
        .map(|m| serde_json::to_value(m).unwrap())
        .chain(from.iter().map(|m| serde_json::to_value(m).unwrap()))
        .collect()
}

#[test]
fn messages_read_as_serde_json_reads_them() {
    let messages = messages();
    for value in &messages {
        // Each is one type or the other: both readers agree on which.
        agree_by(value, to_worker);
        agree_by(value, from_worker);
        let read =
            to_worker(value.clone()).is_ok() as u32 + from_worker(value.clone()).is_ok() as u32;
        assert_eq!(read, 1, "{value}");
    }
    // A field a type does not take is named once, where it is; so is a
    // field that does not read.
    let mut think = messages[0].clone();
    think["Think"]["spec"]["bogus"] = json!(1);
    assert_eq!(to_worker(think).unwrap_err().path(), "Think.spec.bogus");
    let mut thought = messages
        .iter()
        .find(|m| m.get("Thought").is_some())
        .unwrap()
        .clone();
    thought["Thought"]["pv"][1] = json!(7);
    assert_eq!(from_worker(thought).unwrap_err().path(), "Thought.pv[1]");
    // Bare names and names with null are the unit variants, and only those.
    assert_eq!(from_worker(json!("Ready")), Ok(FromWorker::Ready));
    assert_eq!(from_worker(json!({"Ready": null})), Ok(FromWorker::Ready));
    assert!(from_worker(json!({"Ready": 1})).is_err());
    assert!(from_worker(json!("Thought")).is_err());
    assert!(to_worker(json!({"Think": {}, "Review": {}})).is_err());
}

/// The hand reader of a message and serde_json's derived one agree on
/// `value`: both read it, to the same message, or both refuse it. One
/// exception: serde also reads a struct given as a list of its fields, a
/// form neither the page nor the worker writes; the hand reader refuses it.
/// What reads is also written back by hand as serde writes it
/// ([`crate::json_write`]).
fn agree_by<T>(value: &Value, ours: fn(Value) -> Result<T, Unread>)
where
    T: DeserializeOwned + serde::Serialize + ToJson + PartialEq + std::fmt::Debug,
{
    match (
        ours(value.clone()),
        serde_json::from_value::<T>(value.clone()),
    ) {
        (Ok(ours), Ok(theirs)) => {
            assert_eq!(ours, theirs, "{value}");
            assert_eq!(
                ours.to_json::<Value>(),
                serde_json::to_value(&theirs).unwrap(),
                "{value}: written"
            );
        }
        (Err(_), Err(_)) => {}
        (Err(_), Ok(theirs)) => {
            let written = serde_json::to_value(&theirs).unwrap();
            assert!(
                list_for_object(value, &written),
                "{value}: refused, serde_json's {theirs:?}"
            );
        }
        (Ok(ours), Err(theirs)) => panic!("{value}: ours {ours:?}, serde_json's {theirs}"),
    }
}

/// Whether `given` has a list where `written` has an object.
fn list_for_object(given: &Value, written: &Value) -> bool {
    match (given, written) {
        (Value::Array(_), Value::Object(_)) => true,
        (Value::Array(a), Value::Array(b)) => a.iter().zip(b).any(|(a, b)| list_for_object(a, b)),
        (Value::Object(a), Value::Object(b)) => a
            .iter()
            .any(|(k, a)| b.get(k).is_some_and(|b| list_for_object(a, b))),
        _ => false,
    }
}

/// The toolkit's numbers, text and lists read as serde_json reads them,
/// and name where a value went wrong.
#[test]
fn numbers_text_and_lists_read_as_serde_json_reads_them() {
    for value in [
        json!(0),
        json!(255),
        json!(256),
        json!(4000000000u32),
        json!(4294967296u64),
        json!(-1),
        json!(-2147483648),
        json!(-2147483649i64),
        json!(1.5),
        json!("2"),
        json!(null),
        json!(true),
        json!([1, 2]),
        json!(["a", "b"]),
        json!({"a": 1}),
        json!(9007199254740991u64),
    ] {
        agree_by(&value, u8_of);
        agree_by(&value, u32_of);
        agree_by(&value, i32_of);
        agree_by(&value, u64_of);
        agree_by(&value, number);
        agree_by(&value, text);
        agree_by(&value, boolean);
        agree_by(&value, texts);
    }
    // Beyond 2^53 a JavaScript double stands for more than one whole
    // number: no integer is read from it (serde_json would).
    assert!(u64_of(json!(9007199254740992u64)).is_err());
    assert_eq!(list_of(json!([1, "x"]), u32_of).unwrap_err().path(), "[1]");
    let mut f = Fields::of("", Some(json!({"name": 1}))).unwrap();
    assert_eq!(f.take("count", u32_of).unwrap_err().path(), "count");
    assert_eq!(f.take("name", text).unwrap_err().path(), "name");
}

/// Any JSON value, its numbers whole within ±2^53 or with a fraction:
/// where JavaScript's doubles and serde_json's numbers read alike (a
/// JavaScript 2.0 is 2, which serde_json would read as a float).
fn any_json() -> impl proptest::strategy::Strategy<Value = Value> {
    use proptest::prelude::*;
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        (-(1i64 << 53)..=(1i64 << 53)).prop_map(Value::from),
        (-300i64..300).prop_map(Value::from),
        (-1e6f64..1e6)
            .prop_filter("a fraction", |f| f.fract() != 0.0)
            .prop_map(Value::from),
        prop_oneof![
            Just("Wins"),
            Just("Margin"),
            Just("Play"),
            Just("Human"),
            Just("cheversi"),
            Just("Kd4"),
            Just(""),
            Just("x")
        ]
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::vec(
                (
                    prop_oneof![
                        Just("id"),
                        Just("Wins"),
                        Just("game"),
                        Just("seats"),
                        Just("Computer"),
                        Just("k")
                    ],
                    inner
                ),
                0..3
            )
            .prop_map(|entries| Value::Object(
                entries
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), v))
                    .collect()
            )),
        ]
    })
}

/// Every place in `value` (objects' values and arrays' items), as paths
/// of keys and indices.
fn places(value: &Value, path: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    out.push(path.clone());
    match value {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                path.push(Value::from(i));
                places(item, path, out);
                path.pop();
            }
        }
        Value::Object(map) => {
            for (key, item) in map {
                path.push(Value::from(key.as_str()));
                places(item, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

fn at<'a>(value: &'a mut Value, path: &[Value]) -> &'a mut Value {
    path.iter().fold(value, |v, step| match step {
        Value::String(key) => &mut v[key.as_str()],
        step => &mut v[step.as_u64().unwrap() as usize],
    })
}

/// `value` with the place `pick` (of all its places) replaced by `new`.
fn replaced(value: &Value, pick: usize, new: Value) -> Value {
    let mut all = Vec::new();
    places(value, &mut Vec::new(), &mut all);
    let mut value = value.clone();
    *at(&mut value, &all[pick % all.len()]) = new;
    value
}

/// `value` with one field of one of its objects (the place `pick` of those
/// that are fields) left out.
fn without_a_field(value: &Value, pick: usize) -> Value {
    let mut all = Vec::new();
    places(value, &mut Vec::new(), &mut all);
    all.retain(|path| matches!(path.last(), Some(Value::String(_))));
    let mut value = value.clone();
    if let Some(path) = all.get(pick % all.len().max(1)) {
        let (key, parent) = path.split_last().unwrap();
        if let Value::Object(map) = at(&mut value, parent) {
            map.remove(key.as_str().unwrap());
        }
    }
    value
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

    /// A message or kept value damaged in one place reads as serde_json
    /// reads it: the same value, or refused by both; what reads is written
    /// back as serde_json writes it.
    #[test]
    fn a_damaged_value_reads_and_writes_as_serde_json_does(
        which in 0usize..16,
        pick in 0usize..1000,
        new in any_json(),
    ) {
        use crate::state::games::StoredGame;
        use crate::state::saving::Saved;
        let mut kept = vec![
            serde_json::to_value(Saved {
                record: "[Rules \"brainking\"]\n1. Kd4 Qe5".into(),
                seats: vec![crate::seat::Seat::Human, crate::seat::Seat::Computer(cheversi_engine::ai::player::Level::Master)],
                undo_allowed: true,
                cursor: 2,
                last_winner: Some(1),
            }).unwrap(),
        ];
        let mut progress = crate::state::puzzle::Progress::default();
        progress.record("p7", 1250, true, Some("2026-11-29"));
        kept.push(serde_json::to_value(progress).unwrap());
        kept.push(json!({"lessons": [{"id": "pieces", "step": 2, "stars": 3, "mistakes": 1}, {"id": "duel", "step": 0, "stars": 0}]}));
        kept.push(json!([{"id": "g1", "record": "[Game \"Cheversi\"]", "seats": ["Human", "Remote", {"Computer": "casual"}], "updated": 1.5e12}]));
        kept.push(json!({"confirm": false, "overlay": "both", "show_eval": true}));
        let all: Vec<Value> = messages().into_iter().chain(kept).collect();
        let whole = &all[which % all.len()];
        // One place replaced, or one field left out.
        for value in [replaced(whole, pick, new), without_a_field(whole, pick)] {
            agree_by(&value, to_worker);
            agree_by(&value, from_worker);
            // The kept values, read by hand as the page reads them.
            use crate::stored::Kept;
            agree_by(&value, Saved::from_tree);
            agree_by(&value, crate::state::puzzle::Progress::from_tree);
            agree_by(&value, crate::state::lesson::Progress::from_tree);
            agree_by(&value, <Vec<StoredGame> as Kept>::from_tree);
            agree_by(&value, crate::prefs::KeptPrefs::from_tree);
            agree_by(&value, crate::seat::Seat::from_tree);
        }
    }
}
