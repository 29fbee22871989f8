//! Sharing: a link with the whole game in its fragment, and game records
//! exported (copy, download) and imported (paste, file). Bad input is
//! reported with what and where, and never replaces the current game.

use super::dom::{self, by_id};
use super::{dispatch, with_app};
use crate::i18n::{t, tf};
use crate::link;
use crate::play::Play;
use crate::problem_words::words;
use crate::state::{Action, Seat, Source};
use cheversi_engine::Session;
use wasm_bindgen::prelude::*;
use web_sys::{Event, HtmlDialogElement, HtmlElement, HtmlInputElement, HtmlTextAreaElement};

fn tell(text: String, error: bool) {
    dispatch(Action::Tell { text, error });
}

/// Opens the game in the page's URL fragment, if any, then removes the
/// fragment (a reload goes on from the saved game, and the puzzle or lesson
/// shown then, if `reopen`: [`super::reopen`]). A game in progress is only
/// replaced if the person agrees (the state asks).
pub fn open_link(reopen: bool) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let hash = window.location().hash().unwrap_or_default();
    if hash.len() <= 1 {
        if let Some(shown) = super::reopen::take().filter(|_| reopen) {
            open_lesson_or_puzzle(&shown);
        }
        return;
    }
    if open_lesson_or_puzzle(&hash) {
        drop_fragment(&window);
        return;
    }
    if crate::letter::is_letter(&hash) {
        match crate::letter::from_fragment(&hash) {
            Ok(letter) => dispatch(Action::Arrive {
                letter,
                fresh_id: super::shell::new_id(),
            }),
            Err(e) => tell(tf("status.link_bad", &[("reason", &words(&e))]), true),
        }
        drop_fragment(&window);
        return;
    }
    match link::from_fragment(&hash) {
        Ok(Some(linked)) => dispatch(Action::Open {
            play: linked.play,
            at: linked.at,
            from: Source::Link {
                seats: linked.seats_given,
            },
        }),
        Ok(None) => {}
        Err(e) => tell(tf("status.link_bad", &[("reason", &words(&e))]), true),
    }
    drop_fragment(&window);
}

/// Opens the lesson or puzzle a `#learn=ID` or `#puzzle=ID` fragment
/// names; false for any other fragment.
fn open_lesson_or_puzzle(hash: &str) -> bool {
    if let Some(id) = super::lessons::id_of_fragment(hash) {
        super::lessons::open(Some(id));
    } else if let Some(id) = super::puzzles::id_of_fragment(hash) {
        super::puzzles::open(crate::state::PuzzleChoice::Id(id));
    } else {
        return false;
    }
    true
}

/// Removes the fragment from the address (a reload goes on from the saved
/// game, not the link).
fn drop_fragment(window: &web_sys::Window) {
    if let Ok(history) = window.history() {
        let path = window.location().pathname().unwrap_or_default()
            + &window.location().search().unwrap_or_default();
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&path));
    }
}

/// Wires sharing; an embedded board takes no links (a locked diagram
/// must stay a diagram).
pub fn wire(embedded: bool) {
    if !embedded {
        // A link opened while the page is open changes only the fragment.
        let window = web_sys::window().expect("window");
        dom::on::<Event>(&window, "hashchange", |_| open_link(false));
    }
    let copy: HtmlElement = by_id("copy-link");
    dom::on::<Event>(&copy, "click", |_| {
        let Some(fragment) = with_app(|app| link::to_fragment(app.state.play())) else {
            return;
        };
        let url = format!("{}#{fragment}", super::shell::page_url());
        tell(tf("status.link_copied", &[("url", &url)]), false);
        super::shell::copy_link(&url);
    });

    let dialog: HtmlDialogElement = by_id("record-dialog");
    let open: HtmlElement = by_id("record-button");
    let d = dialog.clone();
    dom::on::<Event>(&open, "click", move |_| {
        let record = with_app(|app| app.state.play().session().record().to_text());
        let text: HtmlTextAreaElement = by_id("record-text");
        text.set_value(&record.unwrap_or_default());
        by_id::<HtmlElement>("record-error").set_text_content(None);
        let _ = d.show_modal();
    });
    let close: HtmlElement = by_id("record-close");
    let d = dialog.clone();
    dom::on::<Event>(&close, "click", move |_| d.close());

    let copy_record: HtmlElement = by_id("record-copy");
    dom::on::<Event>(&copy_record, "click", |_| {
        // Said in the dialog: the status is behind it.
        let said = by_id::<HtmlElement>("record-error");
        said.set_text_content(Some(t("status.copied")));
        let text = by_id::<HtmlTextAreaElement>("record-text").value();
        super::shell::copy_to_clipboard(&text, move || {
            said.set_text_content(Some(t("status.not_copied")));
        });
    });

    let download: HtmlElement = by_id("record-download");
    dom::on::<Event>(&download, "click", |_| {
        let text = by_id::<HtmlTextAreaElement>("record-text").value();
        super::shell::download_text(&text, crate::i18n::t("file.game"));
    });

    let load: HtmlElement = by_id("record-load");
    let d = dialog.clone();
    dom::on::<Event>(&load, "click", move |_| {
        let text = by_id::<HtmlTextAreaElement>("record-text").value();
        if import(&text) {
            d.close();
        }
    });

    let file: HtmlInputElement = by_id("record-file");
    let input = file.clone();
    dom::on::<Event>(&file, "change", move |_| {
        let Some(chosen) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        let Ok(reader) = web_sys::FileReader::new() else {
            return;
        };
        let r = reader.clone();
        dom::on::<Event>(&reader, "load", move |_| {
            let text = r
                .result()
                .ok()
                .and_then(|v| v.as_string())
                .unwrap_or_default();
            if import(&text) {
                by_id::<HtmlDialogElement>("record-dialog").close();
            } else if !text.contains(['\0', '\u{FFFD}']) {
                // A text file goes in the box, where the line named can be
                // mended and loaded; one that is no text (a picture, say)
                // does not, or Copy and Download would give it out.
                by_id::<HtmlTextAreaElement>("record-text").set_value(&text);
            }
        });
        let _ = reader.read_as_text(&chosen);
        input.set_value("");
    });
}

/// Loads a record's text as the current game; on error shows where the
/// record is wrong and keeps the game. True when loaded.
fn import(text: &str) -> bool {
    let read = Session::parse_record(text).map_err(|e| crate::record_words::record_error(&e));
    let play = read.and_then(|session| {
        let players = session.options().players();
        let seats = with_app(|app| app.state.seats_for_record(players))
            .unwrap_or_else(|| vec![Seat::Human; players]);
        Play::resume(session, seats, true).map_err(|e| words(&e))
    });
    match play {
        Ok(play) => {
            dispatch(Action::Open {
                play,
                at: None,
                from: Source::Record,
            });
            true
        }
        Err(e) => {
            let message = tf("status.record_bad", &[("reason", &e)]);
            by_id::<HtmlElement>("record-error").set_text_content(Some(&message));
            false
        }
    }
}
