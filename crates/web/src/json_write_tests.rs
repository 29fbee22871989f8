//! The page's hand writing ([`crate::json_write`]) against serde_json's
//! derived writing of the same values. Values damaged at random are
//! written back too, in `json_read_tests.rs`.

use super::*;
use crate::prefs::KeptPrefs;
use crate::protocol::{EndValue, Failure, FromWorker, Judgement, Purpose, ToWorker, Wanted};
use crate::seat::Seat;
use crate::state::games::StoredGame;
use crate::state::saving::Saved;
use crate::state::{lesson, puzzle};
use crate::stored::{Kept, Language, OpenId};
use cheversi_api::spec::GameSpec;
use cheversi_engine::ai::player::Level;
use serde::Serialize;
use serde_json::{json, Value};

/// `value` written by hand is serde_json's writing of it.
fn as_serde<T: ToJson + Serialize + std::fmt::Debug>(value: &T) {
    assert_eq!(
        value.to_json::<Value>(),
        serde_json::to_value(value).unwrap(),
        "{value:?}"
    );
}

#[test]
fn numbers_text_options_and_lists_are_written_as_serde_writes_them() {
    as_serde(&0u8);
    as_serde(&u8::MAX);
    as_serde(&u32::MAX);
    as_serde(&(1u64 << 53));
    as_serde(&usize::MAX);
    as_serde(&i32::MIN);
    as_serde(&-7i32);
    as_serde(&3.0f64);
    as_serde(&-0.375f64);
    as_serde(&f64::NAN);
    as_serde(&true);
    as_serde(&String::new());
    as_serde(&"é \"quoted\"\n\u{1}".to_string());
    as_serde(&None::<u32>);
    as_serde(&Some(4u32));
    as_serde(&vec![Some(1i32), None]);
    as_serde(&Vec::<String>::new());
    as_serde(&Some(("2026-12-07".to_string(), false)));
    // serde_json writes these as such, not as the page's numbers alone.
    assert_eq!(3.0f64.to_json::<Value>(), json!(3.0));
    assert_eq!(3u32.to_json::<Value>(), json!(3));
}

fn full_spec() -> GameSpec {
    GameSpec {
        game: "attrition".into(),
        rules: Some("lewicki".into()),
        count: Some("distinct".into()),
        squares: Some("all".into()),
        variant: Some("melee".into()),
        players: Some(4),
    }
}

#[test]
fn every_message_is_written_as_serde_writes_it() {
    for spec in [GameSpec::default(), full_spec()] {
        as_serde(&spec);
        as_serde(&ToWorker::Think {
            id: u32::MAX,
            spec: spec.clone(),
            moves: vec!["Kd4".into(), "Qe5".into()],
            level: "master".into(),
            purpose: Purpose::Review,
            nodes: Some(1 << 40),
            part: Some(0),
            parts: Some(2),
            seconds: Some(0.25),
        });
        as_serde(&ToWorker::think(
            1,
            spec.clone(),
            vec![],
            "",
            Purpose::Hint,
            None,
        ));
        as_serde(&ToWorker::Review {
            id: 2,
            spec,
            moves: vec![],
            seconds: 3.0,
        });
    }
    for wanted in [Wanted::Draw, Wanted::Moves, Wanted::Nothing] {
        as_serde(&ToWorker::Limit { id: 9, wanted });
    }
    let judgements = [
        Judgement::Margin(-7),
        Judgement::Score(12),
        Judgement::Wins(None),
        Judgement::Wins(Some(3)),
        Judgement::Loses(Some(0)),
        Judgement::Loses(None),
    ];
    for (i, judgement) in judgements.into_iter().enumerate() {
        let purpose = [
            Purpose::Play,
            Purpose::Hint,
            Purpose::Evaluate,
            Purpose::Review,
        ][i % 4];
        as_serde(&FromWorker::Thought {
            id: i as u32,
            purpose,
            best: "a1-b3".into(),
            judgement,
            exact: i % 2 == 0,
            depth: 9,
            nodes: 123_456_789_012,
            pv: vec!["Nc3".into()],
            ms: 12.5,
            more: i % 3 == 0,
        });
        as_serde(&FromWorker::Reviewed {
            id: 4,
            ply: i,
            best: "Nc3".into(),
            lost_tenths: 31,
            exact: true,
            value: judgement,
        });
        as_serde(&FromWorker::ReviewDone {
            id: 5,
            end: Some(EndValue {
                value: judgement,
                exact: false,
            }),
        });
    }
    as_serde(&FromWorker::Ready);
    as_serde(&FromWorker::ReviewDone { id: 6, end: None });
    for failure in [
        Failure::Unreadable,
        Failure::Level("grandmaster".into()),
        Failure::Options("rules".into()),
        Failure::Move {
            number: 3,
            text: "Zz9".into(),
        },
        Failure::GameOver,
        Failure::NotThinking,
    ] {
        as_serde(&FromWorker::Failed { id: 8, failure });
    }
}

#[test]
fn every_kept_value_is_written_as_serde_writes_it() {
    let seats = vec![
        Seat::Human,
        Seat::Remote,
        Seat::Computer(Level::Beginner),
        Seat::Computer(Level::Master),
    ];
    for seat in &seats {
        as_serde(seat);
    }
    for last_winner in [None, Some(1)] {
        as_serde(&Saved {
            record: "[Rules \"brainking\"]\n1. Kd4 Qe5".into(),
            seats: seats.clone(),
            undo_allowed: false,
            cursor: 2,
            last_winner,
        });
    }
    as_serde(&vec![StoredGame {
        id: "g1".into(),
        record: "[Game \"Cheversi\"]".into(),
        seats: seats.clone(),
        updated: 1.7e12,
    }]);
    let mut progress = puzzle::Progress::default();
    as_serde(&progress);
    progress.record("p7", 1250, true, Some("2026-11-29"));
    progress.record("p8", 1300, false, None);
    as_serde(&progress);
    let mut lessons = lesson::Progress::default();
    as_serde(&lessons);
    lessons.reached("pieces", 2, 1);
    lessons.finished("scoring", 2);
    as_serde(&lessons);
    as_serde(&KeptPrefs::default());
    as_serde(&OpenId("g1".into()));
    as_serde(&Language("ro".into()));
}

#[test]
fn a_kept_value_is_written_in_its_envelope() {
    let prefs = KeptPrefs::default();
    let written: Value = serde_json::from_str(&crate::stored::text_of(&prefs)).unwrap();
    assert_eq!(
        written,
        json!({
            "kind": "prefs",
            "version": KeptPrefs::VERSION,
            "data": serde_json::to_value(&prefs).unwrap(),
        })
    );
}

/// The tests' text of a value is the value, its keys in the order
/// written (as the page's `JSON.stringify` keeps them).
#[test]
fn the_tests_text_is_the_value_in_the_order_written() {
    let game = vec![StoredGame {
        id: "g\"1".into(),
        record: "[Game \"Cheversi\"]\n".into(),
        seats: vec![Seat::Computer(Level::Casual), Seat::Human],
        updated: 1.5e12,
    }];
    let text = game.to_json::<JsonText>().0;
    assert_eq!(
        serde_json::from_str::<Value>(&text).unwrap(),
        serde_json::to_value(&game).unwrap()
    );
    assert!(text.starts_with(r#"[{"id":"g\"1","record":"#), "{text}");
}
