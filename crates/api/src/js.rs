//! The `Game` class for JavaScript.
//!
//! ```js
//! import init, { Game } from './cheversi_api.js';
//! await init();
//! const game = new Game({ game: 'cheversi', rules: 'brainking' });
//! game.legalTargets('Q');      // [27, 28, …] squares, 0 = a1 … 63 = h8
//! game.whyNot('Qa8');          // "Qa8: every placement must touch …" or undefined
//! game.play('Kd4');            // returns the new snapshot; throws an Error with the reason
//! game.snapshot();             // { players, toMove, scores, board, hands, attacks, … }
//! game.undo(); game.redo();
//! game.record();               // the game record as text
//! Game.fromRecord(text);       // throws "line L, column C: …" on a bad record
//! ```
//!
//! Errors are thrown as `Error` objects whose message says what is wrong.

use crate::spec::GameSpec;
use crate::view;
use cheversi_engine::{GameState, Session};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// One game with its history. Every method returns plain JS values.
#[wasm_bindgen]
pub struct Game {
    session: Session,
}

fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    // Maps become plain objects, not `Map`s, so results print and compare
    // naturally in JavaScript.
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    value
        .serialize(&serializer)
        .expect("plain data always serialises")
}

fn error(message: impl std::fmt::Display) -> JsError {
    JsError::new(&message.to_string())
}

/// The options object, read field by field so that a wrong one is named
/// with what it should be (serde's messages name the type, not the field).
/// Absent and null optional fields are the defaults.
fn read_spec(value: &JsValue) -> Result<GameSpec, String> {
    const FIELDS: &str = "game, rules, count, squares, variant, players";
    if !value.is_object() || js_sys::Array::is_array(value) {
        return Err("options: expected an object such as { game: 'cheversi' }".into());
    }
    let mut spec = GameSpec::default();
    let mut game = None;
    let object: &js_sys::Object = value.unchecked_ref();
    for key in js_sys::Object::keys(object).iter() {
        let key = key.as_string().unwrap_or_default();
        let field = js_sys::Reflect::get(value, &JsValue::from_str(&key)).unwrap_or_default();
        if field.is_null() || field.is_undefined() {
            continue;
        }
        let name = || {
            field
                .as_string()
                .ok_or_else(|| format!("{key}: expected a name (a string)"))
        };
        match key.as_str() {
            "game" => game = Some(name()?),
            "rules" => spec.rules = Some(name()?),
            "count" => spec.count = Some(name()?),
            "squares" => spec.squares = Some(name()?),
            "variant" => spec.variant = Some(name()?),
            "players" => {
                let n = field.as_f64().and_then(|n| whole(n, u8::MAX.into()));
                spec.players = Some(n.ok_or("players: expected a whole number (3 or 4)")? as u8);
            }
            _ => return Err(format!("{key}: not an option (the options are {FIELDS})")),
        }
    }
    spec.game = game.ok_or("game: missing ('cheversi' or 'attrition')")?;
    Ok(spec)
}

/// A number from JavaScript as a whole number up to `most`, or `None`:
/// taken as a double and checked, since a narrower parameter type would
/// have the glue wrap 283 into a byte's 27 without a word.
fn whole(value: f64, most: u32) -> Option<u32> {
    (value.fract() == 0.0 && (0.0..=f64::from(most)).contains(&value)).then_some(value as u32)
}

#[wasm_bindgen]
impl Game {
    /// A new game from `{ game: "cheversi" | "attrition", rules?, count?,
    /// squares?, variant?, players? }`.
    #[wasm_bindgen(constructor)]
    pub fn new(spec: JsValue) -> Result<Game, JsError> {
        console_error_panic_hook::set_once();
        let spec = read_spec(&spec).map_err(error)?;
        let options = spec.options().map_err(error)?;
        Ok(Game {
            session: Session::new(options),
        })
    }

    /// A game read from a record's text; the error names line and column.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(text: &str) -> Result<Game, JsError> {
        console_error_panic_hook::set_once();
        let session = Session::parse_record(text).map_err(error)?;
        Ok(Game { session })
    }

    /// Everything a board needs to draw the shown position.
    pub fn snapshot(&self) -> JsValue {
        to_js(&view::snapshot(&self.session))
    }

    /// Every legal move in notation.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        view::legal_moves(self.session.current())
    }

    /// Squares (0 = a1 … 63 = h8) where the chosen piece may go: a piece
    /// letter to place (`"Q"`), or an Attrition piece's square to jump
    /// (`"d4"`).
    #[wasm_bindgen(js_name = legalTargets)]
    pub fn legal_targets(&self, chosen: &str) -> Vec<u8> {
        view::legal_targets(self.session.current(), chosen)
    }

    /// The move text for a chosen piece and a square index (0..63).
    #[wasm_bindgen(js_name = moveText)]
    pub fn move_text(&self, chosen: &str, square: f64) -> Result<String, JsError> {
        let square = whole(square, 63)
            .and_then(|s| cheversi_engine::Square::new(s as u8))
            .ok_or_else(|| error(format!("square {square} is not 0..63")))?;
        Ok(view::move_text(chosen, square))
    }

    /// Why a move cannot be played now, or `undefined` when it can.
    #[wasm_bindgen(js_name = whyNot)]
    pub fn why_not(&self, text: &str) -> Option<String> {
        view::why_not(self.session.current(), text)
    }

    /// Plays a move in notation at the shown position and returns the new
    /// snapshot; throws an Error naming the rule when it is illegal.
    pub fn play(&mut self, text: &str) -> Result<JsValue, JsError> {
        self.session.play_text(text).map_err(error)?;
        Ok(self.snapshot())
    }

    /// Cheversi: the scores `[White, Black]` after the move, without
    /// playing it; `undefined` when the move is not legal.
    pub fn preview(&self, text: &str) -> Option<Vec<i32>> {
        view::preview_scores(self.session.current(), text)
    }

    /// Cheversi: attack counts, 64 per seat (`[white[], black[]]`).
    #[wasm_bindgen(js_name = attackCounts)]
    pub fn attack_counts(&self) -> JsValue {
        to_js(&view::snapshot(&self.session).attacks)
    }

    /// Cheversi: live scores `[White, Black]`; Attrition: `[]`.
    pub fn scores(&self) -> Vec<i32> {
        self.session.current().scores()
    }

    /// `{ over, winner }` (winner is a seat number or null; null with over
    /// means a draw).
    pub fn result(&self) -> JsValue {
        #[derive(Serialize)]
        struct Result {
            over: bool,
            winner: Option<u8>,
        }
        let game = self.session.current();
        to_js(&Result {
            over: game.is_over(),
            winner: game.outcome().and_then(|o| o.winner()),
        })
    }

    /// Every move in notation (undone ones included; see `cursor`).
    pub fn moves(&self) -> Vec<String> {
        self.session.notations()
    }

    /// How many moves the shown position has.
    pub fn cursor(&self) -> usize {
        self.session.cursor()
    }

    /// The record of the whole game as text.
    pub fn record(&self) -> String {
        self.session.record().to_text()
    }

    /// Steps back a move; false at the start.
    pub fn undo(&mut self) -> bool {
        self.session.undo()
    }

    /// Steps forward an undone move; false when there is none.
    pub fn redo(&mut self) -> bool {
        self.session.redo()
    }

    /// Shows the position after `ply` moves; false when there is none.
    #[wasm_bindgen(js_name = goTo)]
    pub fn go_to(&mut self, ply: f64) -> bool {
        whole(ply, u32::MAX).is_some_and(|ply| self.session.go_to(ply as usize))
    }

    /// Cheversi at the end: each piece's points (`[{player, piece, square, points}]`).
    pub fn breakdown(&self) -> JsValue {
        to_js(&view::breakdown(self.session.current()))
    }
}
