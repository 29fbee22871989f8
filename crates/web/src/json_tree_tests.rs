//! The page's reader against serde_json's own: the same values read the
//! same, and a value that does not read names where.

use super::*;
use crate::protocol::{EndValue, Failure, FromWorker, Judgement, Purpose, ToWorker};
use cheversi_api::spec::GameSpec;
use serde::Deserialize;
use serde_json::{json, Value};

/// Read by the page's reader, and by serde_json from the same value.
fn both<T: DeserializeOwned>(value: &Value) -> (Result<T, Unread>, Result<T, serde_json::Error>) {
    (read(value.clone()), serde_json::from_value(value.clone()))
}

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
    for value in messages() {
        if value.get("Ready").is_some() || value == json!("Ready") {
            let (ours, theirs) = both::<FromWorker>(&value);
            assert_eq!(ours.unwrap(), theirs.unwrap());
            continue;
        }
        let (ours, theirs) = both::<ToWorker>(&value);
        if let Ok(theirs) = theirs {
            assert_eq!(ours.unwrap(), theirs, "{value}");
            continue;
        }
        let (ours, theirs) = both::<FromWorker>(&value);
        assert_eq!(ours.unwrap(), theirs.unwrap(), "{value}");
    }
}

#[derive(Debug, PartialEq, Deserialize)]
struct Sample {
    count: u32,
    signed: i8,
    ratio: f64,
    name: String,
    maybe: Option<u16>,
    list: Vec<(u8, bool)>,
    #[serde(default)]
    missing: Vec<u32>,
    unit: (),
    letter: char,
}

#[test]
fn numbers_text_options_and_lists_read_as_serde_json_reads_them() {
    let good = json!({
        "count": 4000000000u32, "signed": -128, "ratio": 2, "name": "é",
        "maybe": null, "list": [[0, true], [255, false]], "unit": null, "letter": "x",
        "ignored": {"deep": [1, 2, {"x": null}]}
    });
    let (ours, theirs) = both::<Sample>(&good);
    assert_eq!(ours.unwrap(), theirs.unwrap());
    // Wrong in one place each: both refuse, and ours says where.
    for (field, bad, path) in [
        ("count", json!(-1), "count"),
        ("count", json!(4294967296u64), "count"),
        ("count", json!(1.5), "count"),
        ("signed", json!(128), "signed"),
        ("ratio", json!("2"), "ratio"),
        ("maybe", json!(70000), "maybe"),
        ("list", json!([[0, true], [256, false]]), "list[1][0]"),
        ("list", json!([[0, true], [1]]), "list[1]"),
        ("list", json!({"a": 1}), "list"),
        ("letter", json!("xy"), "letter"),
        ("unit", json!(0), "unit"),
    ] {
        let mut value = good.clone();
        value[field] = bad;
        let (ours, theirs) = both::<Sample>(&value);
        assert!(theirs.is_err(), "serde_json reads {value}");
        assert_eq!(ours.unwrap_err().path(), path, "{value}");
    }
    let mut value = good.clone();
    value.as_object_mut().unwrap().remove("name");
    assert_eq!(read::<Sample, _>(value).unwrap_err().path(), "name");
    assert_eq!(read::<Sample, _>(json!([1])).unwrap_err().path(), "");
}

#[test]
fn enums_read_by_name_or_as_one_key_objects() {
    for (value, ok) in [
        (json!({"Margin": -3}), true),
        (json!({"Wins": null}), true),
        (json!({"Wins": 4}), true),
        (json!({"Wins": -4}), false),
        (json!("Margin"), false),
        (json!({"Margin": 1, "Score": 2}), false),
        (json!({"Draw": 0}), false),
        (json!([]), false),
    ] {
        let (ours, theirs) = both::<Judgement>(&value);
        assert_eq!(ours.is_ok(), ok, "{value}");
        assert_eq!(theirs.is_ok(), ok, "{value}");
        if ok {
            assert_eq!(ours.unwrap(), theirs.unwrap());
        }
    }
    assert_eq!(
        read::<Judgement, _>(json!({"Wins": "x"}))
            .unwrap_err()
            .path(),
        "Wins"
    );
    let (ours, theirs) = both::<Purpose>(&json!("Review"));
    assert_eq!(ours.unwrap(), theirs.unwrap());
    assert_eq!(
        read::<Purpose, _>(json!({"Review": null})),
        Ok(Purpose::Review)
    );
}
