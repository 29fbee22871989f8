//! The page as `embed.html`: one board set up from the URL's parameters
//! (see [`crate::embed`]), no saved game, and a message to the parent page
//! when the game ends.
//!
//! Sent to the parent (`window.parent.postMessage`, any origin: nothing in
//! it is private):
//! `{ source: "cheversi", type: "gameover", game: {…options}, winner: seat
//! or null, players: [names], scores: [White, Black] or [], moves: [...],
//! record: "…" }`.
//!
//! With `lesson=ID`, when the lesson is finished:
//! `{ source: "cheversi", type: "lessondone", lesson: "ID", stars: 1 to 3 }`.
//!
//! Received from the parent, and ignored unless exactly of this shape:
//! `{ source: "cheversi-host", type: "overlay", overlay: "off" | "white" |
//! "black" | "both" }` and `{ source: "cheversi-host", type: "flip" }`.

use super::dom;
use super::{dispatch, App};
use crate::embed;
use crate::i18n::tf;
use crate::json_write::{JsonBuild, ToJson};
use crate::problem_words::words;
use crate::state::{Action, Prefs, Seat, State};
use cheversi_api::spec::GameSpec;
use cheversi_engine::{GameState, Outcome};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{HtmlElement, MessageEvent};

thread_local! {
    /// The lesson the URL asks for, opened once the app is wired.
    static LESSON: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// The lesson of `lesson=ID`, taken once.
pub fn lesson() -> Option<String> {
    LESSON.with(|l| l.borrow_mut().take())
}

fn query() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
}

/// The language of a good `lang=`, fetched before the board is set up,
/// even where the rest of the query is not: [`setup`] then says why in it.
pub fn wanted_lang() -> Option<String> {
    embed::language(&query())
}

/// The game the URL asks for; on a bad parameter, an empty locked board
/// and the reason.
pub fn setup() -> (State, Option<String>) {
    let query = query();
    if let Some(code) = embed::language(&query) {
        crate::i18n::set(&code);
        super::lang::apply_static();
    }
    match embed::parse(&query) {
        Ok(e) => {
            LESSON.with(|l| *l.borrow_mut() = e.lesson.clone());
            if let Some(px) = e.size {
                let body: HtmlElement = dom::document().body().expect("body");
                let _ = body.style().set_property("--board", &format!("{px}px"));
            }
            (State::embedded(e.play, e.prefs, !e.interactive), None)
        }
        Err(problem) => {
            // No game, so no computer to name: two persons' empty board.
            let play = super::setup::default_with(vec![Seat::Human, Seat::Human]);
            let prefs = Prefs {
                confirm: false,
                ..Prefs::default()
            };
            (
                State::embedded(play, prefs, true),
                Some(tf("embed.error", &[("reason", &words(&problem))])),
            )
        }
    }
}

/// Tells the parent page the game ended (once per finished game).
pub fn report_end(app: &mut App) {
    let session = app.state.play().session();
    let game = session.latest();
    let Some(outcome) = game.outcome() else {
        app.reported_end = false;
        return;
    };
    if app.reported_end {
        return;
    }
    app.reported_end = true;
    let winner = match outcome {
        Outcome::Winner(w) => Some(w),
        Outcome::Draw => None,
    };
    let players: Vec<&str> = (0..game.players() as u8)
        .map(|p| game.player_name(p))
        .collect();
    tell_parent(
        "gameover",
        vec![
            ("game", GameSpec::of(session.options()).to_json()),
            ("winner", winner.to_json()),
            ("players", players.to_json()),
            ("scores", game.scores().to_json()),
            ("moves", session.notations().to_json()),
            ("record", session.record().to_text().to_json()),
        ],
    );
}

/// Posts the parent page a message of `kind` from the game
/// (`{"source": "cheversi", "type": kind, …fields}`), which cheversi.js
/// reads.
fn tell_parent(kind: &str, fields: Vec<(&str, JsValue)>) {
    let head = [
        ("source", JsValue::text("cheversi")),
        ("type", JsValue::text(kind)),
    ];
    let message = JsValue::object(head.into_iter().chain(fields).collect());
    if let Some(window) = web_sys::window() {
        if let Ok(Some(parent)) = window.parent() {
            let _ = parent.post_message(&message, "*");
        }
    }
}

/// Tells the parent page a lesson was finished (once per finish).
pub fn report_lesson(app: &mut App) {
    let done = app.state.lessons_done();
    if done == app.reported_lessons {
        return;
    }
    app.reported_lessons = done;
    let Some(run) = app.state.lesson() else {
        return;
    };
    tell_parent(
        "lessondone",
        vec![
            ("lesson", run.lesson().id().to_json()),
            ("stars", run.stars().to_json()),
        ],
    );
}

/// Tells the parent page the frame's height, when it changed, so a
/// host (cheversi.js) can size the iframe to its content.
pub fn report_size(app: &mut App) {
    let Some(root) = dom::document().document_element() else {
        return;
    };
    let height = root.scroll_height();
    if height == app.reported_height {
        return;
    }
    app.reported_height = height;
    tell_parent("size", vec![("height", height.to_json())]);
}

/// Listens to the parent page; anything but a well-formed host message
/// from it is ignored ([`embed::host_request`] decides). Another frame of
/// the page can reach this one too (`parent.frames`): its messages are
/// not the host's.
pub fn listen() {
    let window = web_sys::window().expect("window");
    let parent: Option<wasm_bindgen::JsValue> = window.parent().ok().flatten().map(Into::into);
    dom::on::<MessageEvent>(&window, "message", move |event| {
        let from_parent = match (event.source(), &parent) {
            (Some(source), Some(parent)) => js_sys::Object::is(&source, parent),
            _ => false,
        };
        if !from_parent {
            return;
        }
        let data = event.data();
        if !data.is_object() {
            return;
        }
        let object: &js_sys::Object = data.unchecked_ref();
        let fields: Vec<(String, Option<String>)> = js_sys::Object::entries(object)
            .iter()
            .filter_map(|entry| {
                let pair: js_sys::Array = entry.dyn_into().ok()?;
                Some((pair.get(0).as_string()?, pair.get(1).as_string()))
            })
            .collect();
        if fields.len() as u32 != js_sys::Object::keys(object).length() {
            return;
        }
        match embed::host_request(&fields) {
            Some(embed::HostRequest::Overlay(overlay)) => dispatch(Action::SetOverlay(overlay)),
            Some(embed::HostRequest::Flip) => dispatch(Action::Flip),
            None => {}
        }
    });
}
