//! The Web Worker: receives [`ToWorker`] messages, answers with
//! [`FromWorker`]. The page stops a search by ending the worker, so the
//! engine never needs a shared abort flag. An evaluation's searches run
//! one task each ([`crate::answer::begin`]): ended during one long task,
//! a worker searched on in Chromium for up to 2 s. Requests that arrive
//! between them wait their turn, as they would behind one task.
//!
//! The duel's solved setups and opening book are not in the module: the
//! first request about a duel fetches them, and the requests that arrive
//! meanwhile wait, in order. If they cannot be fetched the Master plays
//! on without them (slower to prove, never stuck).

use crate::answer::{begin, Evaluation};
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
    /// The duel data is being fetched.
    fetching: bool,
    /// The fetch was tried: later requests do not wait again.
    tried: bool,
    /// The evaluation under way, its next search in the next task.
    evaluation: Option<Evaluation>,
    /// Requests that arrived while the worker was busy (fetching the duel
    /// data, or between an evaluation's searches), in order.
    backlog: Vec<ToWorker>,
    /// Runs the evaluation's next search (set once, at the start).
    next_step: Option<js_sys::Function>,
}

impl Worker {
    fn busy(&self) -> bool {
        self.fetching || self.evaluation.is_some()
    }
}

type Shared = Rc<RefCell<Worker>>;

fn clock() -> f64 {
    js_sys::Date::now() / 1000.0
}

fn receive(worker: &Shared, message: ToWorker) {
    let mut w = worker.borrow_mut();
    if w.busy() {
        return w.backlog.push(message);
    }
    if message.needs_duel_data() && !data::present() && !w.tried {
        w.tried = true;
        w.fetching = true;
        w.backlog.push(message);
        drop(w);
        return fetch_duel_data(worker.clone());
    }
    let w = &mut *w;
    let scope = w.scope.clone();
    w.evaluation = begin(&mut w.engine, message, &clock, &mut |reply| {
        post(&scope, &reply)
    });
    schedule(w);
}

/// The evaluation's next search, in a task of its own.
fn schedule(w: &Worker) {
    if let (Some(_), Some(next)) = (&w.evaluation, &w.next_step) {
        if w.scope
            .set_timeout_with_callback_and_timeout_and_arguments_0(next, 0)
            .is_err()
        {
            web_sys::console::warn_1(&"cannot schedule the next search".into());
        }
    }
}

/// Runs the evaluation's next search; once it is over, the requests that
/// waited.
fn step(worker: &Shared) {
    {
        let mut w = worker.borrow_mut();
        let w = &mut *w;
        let Some(evaluation) = &mut w.evaluation else {
            return;
        };
        let scope = w.scope.clone();
        if evaluation.step(&mut w.engine, &clock, &mut |reply| post(&scope, &reply)) {
            return schedule(w);
        }
        w.evaluation = None;
    }
    drain(worker);
}

/// Answers the requests that waited, in order, until one makes the worker
/// busy again.
fn drain(worker: &Shared) {
    loop {
        let message = {
            let mut w = worker.borrow_mut();
            if w.busy() || w.backlog.is_empty() {
                return;
            }
            w.backlog.remove(0)
        };
        receive(worker, message);
    }
}

fn fetch_duel_data(worker: Shared) {
    crate::fetch::duel_data(Box::new(move |provided| {
        if let Err(e) = provided {
            let why = crate::problem_words::words(&e);
            web_sys::console::warn_1(&format!("duel data not loaded: {why}").into());
        }
        worker.borrow_mut().fetching = false;
        drain(&worker);
    }));
}

pub fn start() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let worker: Shared = Rc::new(RefCell::new(Worker {
        engine: Engine::new(js_sys::Date::now() as u64),
        scope: scope.clone(),
        fetching: false,
        tried: false,
        evaluation: None,
        backlog: Vec::new(),
        next_step: None,
    }));
    let stepped = worker.clone();
    let next_step = Closure::<dyn FnMut()>::new(move || step(&stepped));
    worker.borrow_mut().next_step = Some(
        next_step
            .as_ref()
            .unchecked_ref::<js_sys::Function>()
            .clone(),
    );
    next_step.forget();
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
