//! The Web Worker: receives [`ToWorker`] messages, answers with
//! [`FromWorker`]. The page stops a search by ending the worker, so the
//! engine never needs a shared abort flag.
//!
//! The duel's solved setups and opening book are not in the module: the
//! first request about a duel fetches them, and the requests that arrive
//! meanwhile wait, in order. If they cannot be fetched the Master plays
//! on without them (slower to prove, never stuck).

use crate::answer::handle;
use crate::protocol::{Failure, FromWorker, ToWorker};
use cheversi_engine::ai::duel::data;
use cheversi_engine::ai::player::engine::Engine;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

fn post(scope: &DedicatedWorkerGlobalScope, message: &FromWorker) {
    let value = serde_wasm_bindgen::to_value(message).expect("plain data");
    scope.post_message(&value).expect("the page is listening");
}

struct Worker {
    engine: Engine,
    scope: DedicatedWorkerGlobalScope,
    /// Requests waiting for the duel data (`Some` while it is fetched).
    waiting: Option<Vec<ToWorker>>,
    /// The fetch was tried: later requests do not wait again.
    tried: bool,
}

type Shared = Rc<RefCell<Worker>>;

fn answer(worker: &Shared, message: ToWorker) {
    let mut w = worker.borrow_mut();
    let w = &mut *w;
    let clock = || js_sys::Date::now() / 1000.0;
    let scope = w.scope.clone();
    handle(&mut w.engine, message, &clock, &mut |reply| {
        post(&scope, &reply)
    });
}

fn receive(worker: &Shared, message: ToWorker) {
    {
        let mut w = worker.borrow_mut();
        if let Some(waiting) = &mut w.waiting {
            return waiting.push(message);
        }
        if !message.needs_duel_data() || data::present() || w.tried {
            drop(w);
            return answer(worker, message);
        }
        w.tried = true;
        w.waiting = Some(vec![message]);
    }
    fetch_duel_data(worker.clone());
}

fn fetch_duel_data(worker: Shared) {
    crate::fetch::duel_data(Box::new(move |provided| {
        if let Err(e) = provided {
            let why = crate::problem_words::words(&e);
            web_sys::console::warn_1(&format!("duel data not loaded: {why}").into());
        }
        let waiting = worker.borrow_mut().waiting.take().unwrap_or_default();
        for message in waiting {
            answer(&worker, message);
        }
    }));
}

pub fn start() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let worker: Shared = Rc::new(RefCell::new(Worker {
        engine: Engine::new(js_sys::Date::now() as u64),
        scope: scope.clone(),
        waiting: None,
        tried: false,
    }));
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        match serde_wasm_bindgen::from_value::<ToWorker>(event.data()) {
            Ok(message) => receive(&worker, message),
            Err(e) => {
                // The detail is for the developer; the page says only that.
                web_sys::console::warn_1(&format!("unreadable request: {e}").into());
                post(
                    &worker.borrow().scope,
                    &FromWorker::Failed {
                        id: 0,
                        failure: Failure::Unreadable,
                    },
                )
            }
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(&scope, &FromWorker::Ready);
}
