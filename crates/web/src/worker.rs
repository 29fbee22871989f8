//! The Web Worker: receives [`ToWorker`] messages, answers with
//! [`FromWorker`]. The page stops a search by ending the worker, so the
//! engine never needs a shared abort flag. A think's searches run one
//! task each ([`crate::answer::begin`]): ended during one long task, a
//! worker searched on in Chromium for up to 2 s. Requests that arrive
//! between them wait their turn, as they would behind one task.
//!
//! The worker starts a second one beside it, the same module, which
//! proves a part of the Master's result proof while this one proves the
//! other ([`crate::parts`], [`crate::beside`]), a reply or a move a task,
//! hearing between two what this one no longer needs of it. It starts it
//! at once: a worker started by a busy worker runs only once its parent's
//! task ends. Ending this worker ends the one beside too. (On a single
//! core the two would share it; reading the number of cores would add to
//! the module, and such devices are rare.)
//!
//! The duel's solved setups and opening book are not in the module: the
//! first request about a duel fetches them, and the requests that arrive
//! meanwhile wait, in order. If they cannot be fetched the Master plays
//! on without them (slower to prove, never stuck).

use crate::answer::{begin, Progress, Thinking};
use crate::json_write::ToJson;
use crate::parts::Helper;
use crate::protocol::{Failure, FromWorker, ToWorker};
use cheversi_engine::ai::duel::data;
use cheversi_engine::ai::player::engine::Engine;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, WorkerOptions, WorkerType};

fn post(scope: &DedicatedWorkerGlobalScope, message: &FromWorker) {
    let value: JsValue = message.to_json();
    scope.post_message(&value).expect("the page is listening");
}

struct Worker {
    engine: Engine,
    scope: DedicatedWorkerGlobalScope,
    /// The duel data is being fetched.
    fetching: bool,
    /// The fetch was tried: later requests do not wait again.
    tried: bool,
    /// The think under way: its next search in the next task, or its
    /// search waiting for the part of the worker beside.
    thinking: Option<Thinking>,
    /// The worker beside, which proves parts (none in that worker itself,
    /// or on a single core).
    beside: Beside,
    /// Requests that arrived while the worker was busy (fetching the duel
    /// data, or between a think's searches), in order.
    backlog: Vec<ToWorker>,
    /// A message to this channel runs the think's next step in a task of
    /// its own (set once, at the start): unlike a timer's, which waits
    /// 4 ms after five in a row, it waits only for the tasks before it
    /// (a message from the page or the worker beside among them).
    next_step: Option<web_sys::MessageChannel>,
    /// A step is scheduled: another would run the think twice as fast.
    step_pending: bool,
    /// The part whose deadline is set, and the deadline.
    armed: Option<(u32, f64)>,
    /// Goes on without the armed part, at its deadline (set once).
    overdue: Option<js_sys::Function>,
}

impl Worker {
    fn busy(&self) -> bool {
        self.fetching || self.thinking.is_some()
    }
}

/// A worker of this name starts no worker beside it: the one beside,
/// and a benchmark's worker timed alone (`e2e/worker-ratio.js`).
const ALONE: &str = "alone";

/// The worker beside, as the thinking worker keeps it.
#[derive(Default)]
struct Beside {
    worker: Option<web_sys::Worker>,
    /// It said it is ready.
    ready: bool,
    /// The part it is proving, until it answers (a part no longer needed
    /// is answered too, late).
    busy: Option<u32>,
    last_id: u32,
}

impl Helper for Beside {
    fn free(&mut self) -> Option<u32> {
        if self.worker.is_none() || !self.ready || self.busy.is_some() {
            return None;
        }
        self.last_id = self.last_id.wrapping_add(1);
        self.busy = Some(self.last_id);
        self.busy
    }

    fn send(&mut self, part: &ToWorker) -> bool {
        let value: JsValue = part.to_json();
        let sent = matches!(&self.worker, Some(w) if w.post_message(&value).is_ok());
        if !sent {
            // It cannot be reached: let it go, and prove alone.
            self.busy = None;
            self.worker = None;
        }
        sent
    }
}

type Shared = Rc<RefCell<Worker>>;

fn clock() -> f64 {
    js_sys::Date::now() / 1000.0
}

fn receive(worker: &Shared, message: ToWorker) {
    let mut w = worker.borrow_mut();
    // For the part under way, read between two of its tasks; never
    // waiting its turn, as a request does.
    if let ToWorker::Limit { id, wanted } = message {
        if let Some(thinking) = &mut w.thinking {
            thinking.limit(id, wanted);
        }
        return;
    }
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
    {
        let scope = w.scope.clone();
        let w = &mut *w;
        w.thinking = begin(
            &mut w.engine,
            message,
            &clock,
            &mut w.beside,
            &mut |reply| post(&scope, &reply),
        );
    }
    drop(w);
    go_on(worker);
}

/// What follows a think's step: its next search in a task of its own, a
/// deadline for the part it waits for, or, once it is over, the requests
/// that waited.
fn go_on(worker: &Shared) {
    let mut w = worker.borrow_mut();
    let Some(thinking) = &w.thinking else {
        drop(w);
        return drain(worker);
    };
    if let (true, Some(id), Some(at)) =
        (thinking.idle(), thinking.waits_for(), thinking.overdue_at())
    {
        if w.armed.is_some_and(|(armed, _)| armed == id) {
            return;
        }
        w.armed = Some((id, at));
        let ms = ((at - clock()) * 1000.0).max(0.0) as i32;
        let timed = w.overdue.as_ref().is_some_and(|f| {
            w.scope
                .set_timeout_with_callback_and_timeout_and_arguments_0(f, ms)
                .is_ok()
        });
        if !timed {
            // Without a deadline it could wait for ever: it goes on now.
            drop(w);
            return resume(worker, id, None);
        }
        return;
    }
    if w.step_pending {
        return;
    }
    let scheduled = w
        .next_step
        .as_ref()
        .is_some_and(|channel| channel.port2().post_message(&JsValue::NULL).is_ok());
    if !scheduled {
        web_sys::console::warn_1(&"cannot schedule the next search".into());
        w.thinking = None;
        drop(w);
        return drain(worker);
    }
    w.step_pending = true;
}

/// Runs the think's next step.
fn step(worker: &Shared) {
    {
        let mut w = worker.borrow_mut();
        let w = &mut *w;
        w.step_pending = false;
        let Some(thinking) = &mut w.thinking else {
            return;
        };
        let scope = w.scope.clone();
        if thinking.step(&mut w.engine, &clock, &mut w.beside, &mut |reply| {
            post(&scope, &reply)
        }) == Progress::Over
        {
            w.thinking = None;
        }
    }
    go_on(worker);
}

/// The part `id` of the worker beside came (`theirs`), or is overdue
/// (`None`): the search that waited for it goes on.
fn resume(worker: &Shared, id: u32, theirs: Option<FromWorker>) {
    {
        let mut w = worker.borrow_mut();
        let w = &mut *w;
        let Some(thinking) = &mut w.thinking else {
            return;
        };
        let scope = w.scope.clone();
        let progress = thinking.resume(
            &mut w.engine,
            &clock,
            id,
            theirs,
            &mut w.beside,
            &mut |reply| post(&scope, &reply),
        );
        match progress {
            // Nothing waited for it.
            None => return,
            Some(Progress::Over) => w.thinking = None,
            Some(_) => {}
        }
    }
    go_on(worker);
}

/// Starts the worker beside: the same loader and module, named so that
/// it starts none itself.
fn start_beside(worker: &Shared) {
    let w = worker.borrow();
    let href = w.scope.location().href();
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    options.set_name(ALONE);
    let Ok(beside) = web_sys::Worker::new_with_options(&href, &options) else {
        return;
    };
    if beside.post_message(&wasm_bindgen::module()).is_err() {
        return beside.terminate();
    }
    let heard = worker.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let Ok(answer) = crate::protocol::read::from_worker(event.data()) else {
            return;
        };
        // Its id, and whether it is its last answer to that part.
        let (id, last) = match &answer {
            FromWorker::Ready => {
                heard.borrow_mut().beside.ready = true;
                return;
            }
            // Its share of the first move's replies, with more to come.
            FromWorker::Thought { id, more: true, .. } => (*id, false),
            FromWorker::Thought { id, .. } | FromWorker::Failed { id, .. } => (*id, true),
            _ => return,
        };
        {
            let mut w = heard.borrow_mut();
            if last && w.beside.busy == Some(id) {
                w.beside.busy = None;
            }
        }
        resume(&heard, id, Some(answer));
    });
    beside.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // A worker beside that fails is let go: this one proves alone, and a
    // part it waited for is overdue at once.
    let failed = worker.clone();
    // Of the message events' type, whose code the module has already:
    // only the event's `preventDefault` is used.
    let on_error = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        // Not let through to this worker's own error handler (and the page).
        event.prevent_default();
        let waited = {
            let mut w = failed.borrow_mut();
            if let Some(beside) = w.beside.worker.take() {
                beside.terminate();
            }
            w.beside.busy.take()
        };
        if let Some(id) = waited {
            resume(&failed, id, None);
        }
    });
    beside.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    drop(w);
    worker.borrow_mut().beside.worker = Some(beside);
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
        thinking: None,
        beside: Beside::default(),
        backlog: Vec::new(),
        next_step: None,
        step_pending: false,
        armed: None,
        overdue: None,
    }));
    let late = worker.clone();
    let overdue = Closure::<dyn FnMut()>::new(move || {
        // An earlier part's timer, firing while a later part is waited
        // for, is not that part's deadline.
        let armed = late.borrow().armed;
        if let Some((id, _)) = armed.filter(|&(_, at)| clock() + 0.002 >= at) {
            resume(&late, id, None);
        }
    });
    worker.borrow_mut().overdue =
        Some(overdue.as_ref().unchecked_ref::<js_sys::Function>().clone());
    overdue.forget();
    let stepped = worker.clone();
    let next_step = Closure::<dyn FnMut()>::new(move || step(&stepped));
    if let Ok(channel) = web_sys::MessageChannel::new() {
        channel
            .port1()
            .set_onmessage(Some(next_step.as_ref().unchecked_ref()));
        worker.borrow_mut().next_step = Some(channel);
    }
    next_step.forget();
    let asked = worker.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        match crate::protocol::read::to_worker(event.data()) {
            Ok(message) => receive(&asked, message),
            Err(e) => {
                // The detail is for the developer; the page says only that.
                web_sys::console::warn_1(&format!("unreadable request: {e}").into());
                post(
                    &asked.borrow().scope,
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
    if scope.name() != ALONE {
        start_beside(&worker);
    }
    post(&scope, &FromWorker::Ready);
}
