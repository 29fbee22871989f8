//! The `Game` class as JavaScript sees it, in headless Chromium:
//! `scripts/test-all.sh` (wasm-bindgen-test-runner + chromedriver).
#![cfg(target_arch = "wasm32")]

use cheversi_api::Game;
use js_sys::{Array, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn spec(json: &str) -> JsValue {
    js_sys::JSON::parse(json).unwrap()
}

fn field(value: &JsValue, name: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(name)).unwrap()
}

fn message(err: JsValue) -> String {
    let err: js_sys::Error = err.dyn_into().unwrap();
    err.message().into()
}

#[wasm_bindgen_test]
fn a_brainking_game_from_javascript() {
    let mut game = Game::new(spec(r#"{"game":"cheversi","rules":"brainking"}"#)).unwrap();
    let snap = game.play("Kd4").map_err(JsValue::from).unwrap();
    assert_eq!(field(&snap, "toMove").as_f64(), Some(1.0));
    // BrainKing: Black must answer the King with the Queen, next to it.
    let err = game.play("Qa8").map_err(JsValue::from).unwrap_err();
    assert!(message(err).starts_with("Qa8: "));
    let targets = game.legal_targets("Q");
    assert_eq!(targets.len(), 8);
    assert!(game.why_not("Qe5").is_none());
    let preview = game.preview("Qe5").unwrap();
    game.play("Qe5").map_err(JsValue::from).unwrap();
    assert_eq!(game.scores(), preview);
    let attacks: Array = game.attack_counts().dyn_into().unwrap();
    assert_eq!(attacks.length(), 2);
    assert_eq!(Array::from(&attacks.get(0)).length(), 64);
    assert!(game.undo());
    assert_eq!(game.cursor(), 1);
    assert!(game.redo());
    assert_eq!(game.moves(), vec!["Kd4".to_string(), "Qe5".to_string()]);
    let record = game.record();
    let back = Game::from_record(&record).map_err(JsValue::from).unwrap();
    assert_eq!(back.moves(), game.moves());
}

#[wasm_bindgen_test]
fn bad_options_and_records_say_what_is_wrong() {
    let err = Game::new(spec(r#"{"game":"cheversi","rules":"nope"}"#))
        .map_err(JsValue::from)
        .err()
        .unwrap();
    assert!(message(err).contains("unknown rule set 'nope'"));
    let err = Game::from_record("[Game \"Cheversi\"]\n[Rules \"lewicki\"]\n\n1. Kz9 *")
        .map_err(JsValue::from)
        .err()
        .unwrap();
    assert!(message(err).starts_with("line 4, column"));
}

/// A wrong option says which, and nothing else: no serde wording, no
/// "Error: Error:".
#[wasm_bindgen_test]
fn options_of_a_wrong_type_are_refused_naming_the_field() {
    for (json, named) in [
        (
            r#"{"game":"attrition","variant":"melee","players":"3"}"#,
            "players",
        ),
        (
            r#"{"game":"attrition","variant":"melee","players":300}"#,
            "players",
        ),
        (
            r#"{"game":"attrition","variant":"melee","players":3.5}"#,
            "players",
        ),
        (r#"{"game":"cheversi","rules":5}"#, "rules"),
        (r#"{"game":"cheversi","rule":"lewicki"}"#, "rule"),
        (r#"{"rules":"lewicki"}"#, "game"),
        (r#"["cheversi"]"#, "options"),
    ] {
        let text = message(Game::new(spec(json)).map_err(JsValue::from).err().unwrap());
        assert!(text.starts_with(&format!("{named}: ")), "{json}: {text}");
        assert!(!text.contains("Error"), "{json}: {text}");
    }
    // Absent and null optional fields are the defaults, as before.
    assert!(Game::new(spec(r#"{"game":"cheversi","rules":null}"#)).is_ok());
    assert!(Game::new(spec(
        r#"{"game":"attrition","variant":"melee","players":4}"#
    ))
    .is_ok());
}

#[wasm_bindgen_test]
fn an_attrition_melee_from_javascript() {
    let mut game = Game::new(spec(
        r#"{"game":"attrition","variant":"melee","players":3}"#,
    ))
    .unwrap();
    for mv in ["Nd4", "Nc6", "Nb2"] {
        game.play(mv).map_err(JsValue::from).unwrap();
    }
    let snap = game.snapshot();
    assert_eq!(Array::from(&field(&snap, "players")).length(), 3);
    assert_eq!(field(&snap, "inSetup").as_bool(), Some(false));
    let from_d4 = game.legal_targets("d4");
    assert!(!from_d4.is_empty());
    let text = game
        .move_text("d4", f64::from(from_d4[0]))
        .map_err(JsValue::from)
        .unwrap();
    assert!(game.why_not(&text).is_none());
    let result = game.result();
    assert_eq!(field(&result, "over").as_bool(), Some(false));
}

/// Numbers from JavaScript are refused when out of range or not whole,
/// never wrapped into range (283 is not square 27).
#[wasm_bindgen_test]
fn numbers_out_of_range_are_refused_not_wrapped() {
    let mut game = Game::new(spec(r#"{"game":"cheversi","rules":"lewicki"}"#)).unwrap();
    assert_eq!(
        game.move_text("Q", 27.0).map_err(JsValue::from).unwrap(),
        "Qd4"
    );
    for square in [283.0, 64.0, -1.0, 27.5, f64::NAN] {
        let err = game
            .move_text("Q", square)
            .map_err(JsValue::from)
            .unwrap_err();
        assert!(message(err).contains("is not 0..63"), "{square}");
    }
    game.play("Qd4").map_err(JsValue::from).unwrap();
    for ply in [4_294_967_296.0, -1.0, 0.5, f64::INFINITY] {
        assert!(!game.go_to(ply), "{ply}");
    }
    assert!(game.go_to(0.0));
    assert!(game.go_to(1.0));
}
