//! Fetching a file of the site as text, from the page or the worker, and
//! the data files the module leaves out.

use crate::problem::Problem;
use cheversi_engine::ai::duel::data;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

pub type OnText = Box<dyn FnOnce(Result<String, Option<u16>>)>;

/// Fetches `url` as text; `done` gets the text, or the HTTP status (none
/// when there was no answer). One body for every caller (boxed `done`).
pub fn fetch_text(url: &str, done: OnText) {
    let done = std::rc::Rc::new(std::cell::RefCell::new(Some(done)));
    let finish = {
        let done = done.clone();
        move |result: Result<String, Option<u16>>| {
            if let Some(f) = done.borrow_mut().take() {
                f(result);
            }
        }
    };
    let finish = std::rc::Rc::new(finish);
    let on_response = {
        let finish = finish.clone();
        Closure::<dyn FnMut(JsValue)>::new(move |response: JsValue| {
            let response: web_sys::Response = response.unchecked_into();
            if !response.ok() {
                return finish(Err(Some(response.status())));
            }
            let Ok(text) = response.text() else {
                return finish(Err(None));
            };
            let on_text = {
                let finish = finish.clone();
                Closure::<dyn FnMut(JsValue)>::new(move |text: JsValue| {
                    finish(Ok(text.as_string().unwrap_or_default()));
                })
            };
            let on_error = {
                let finish = finish.clone();
                Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| finish(Err(None)))
            };
            let _ = text.then(&on_text).catch(&on_error);
            on_text.forget();
            on_error.forget();
        })
    };
    let on_error = {
        let finish = finish.clone();
        Closure::<dyn FnMut(JsValue)>::new(move |error: JsValue| {
            web_sys::console::warn_1(&error);
            finish(Err(None))
        })
    };
    // The page and the worker both fetch: a window or a worker's scope.
    let global = js_sys::global();
    let promise = match global.dyn_ref::<web_sys::Window>() {
        Some(window) => window.fetch_with_str(url),
        None => global
            .unchecked_ref::<web_sys::WorkerGlobalScope>()
            .fetch_with_str(url),
    };
    let _ = promise.then(&on_response).catch(&on_error);
    on_response.forget();
    on_error.forget();
}

/// The site's copy of the duel's opening book (with the solved setups).
const DUEL_BOOK: &str = "duel_book.txt";

/// Fetches the duel's data and gives it to the engine (see
/// `cheversi_engine::ai::duel::data`), unless it is here already.
pub fn duel_data(done: Box<dyn FnOnce(Result<(), Problem>)>) {
    if data::present() {
        return done(Ok(()));
    }
    fetch_text(
        DUEL_BOOK,
        Box::new(move |book| {
            let result = book
                .map_err(|status| Problem::NotFetched {
                    file: DUEL_BOOK.into(),
                    status,
                })
                .and_then(|book| {
                    data::provide(&book).map_err(|refused| Problem::duel_book(DUEL_BOOK, refused))
                });
            done(result)
        }),
    );
}
