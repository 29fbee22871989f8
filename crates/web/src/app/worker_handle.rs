//! The page's side of the computer player: starts the worker, waits for
//! its ready message, sends requests, and ends the worker to abandon a
//! search at once; the watchdog of a request and the mark of a think.
//! Which request is outstanding, and what to do when one fails, is the
//! state's business ([`crate::state::requests`]).

use super::{dispatch, dom, with_app};
use crate::json_write::ToJson;
use crate::protocol::{FromWorker, ToWorker};
use crate::state::{Action, WorkerEvent};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{ErrorEvent, Event, MessageEvent, Worker, WorkerOptions, WorkerType};

pub struct WorkerHandle {
    /// Started by the first request, or once the board is on screen
    /// ([`WorkerHandle::wake`]): loading it must not delay the first board.
    worker: Option<Worker>,
    ready: bool,
    /// Sent as soon as the worker is ready.
    queued: Option<ToWorker>,
    on_reply: std::rc::Rc<dyn Fn(WorkerReply)>,
}

/// What the worker said, or that it failed.
pub enum WorkerReply {
    /// The worker is loaded and listening.
    Ready,
    Message(FromWorker),
    Crashed(String),
}

/// The worker's loader: named in the page by the build (a hashed name, so
/// an old page never starts a newer worker). Every build writes the tag;
/// without it the worker fails to start and the page says so.
fn loader() -> String {
    dom::document()
        .query_selector("meta[name=cheversi-worker]")
        .ok()
        .flatten()
        .and_then(|meta| meta.get_attribute("content"))
        .unwrap_or_else(|| "./worker-loader.js".into())
}

impl WorkerHandle {
    pub fn new(on_reply: std::rc::Rc<dyn Fn(WorkerReply)>) -> WorkerHandle {
        WorkerHandle {
            worker: None,
            ready: false,
            queued: None,
            on_reply,
        }
    }

    /// Starts the worker if it is not running yet.
    pub fn wake(&mut self) {
        if self.worker.is_none() {
            self.worker = Some(spawn(self.on_reply.clone()));
        }
    }

    pub fn send(&mut self, message: ToWorker) {
        self.wake();
        if self.ready {
            self.post(&message);
        } else {
            self.queued = Some(message);
        }
    }

    fn post(&self, message: &ToWorker) {
        let value: JsValue = message.to_json();
        let Some(worker) = &self.worker else { return };
        if let Err(e) = worker.post_message(&value) {
            web_sys::console::warn_2(&"cannot reach the worker".into(), &e);
        }
    }

    /// The worker said it is ready.
    pub fn on_ready(&mut self) {
        self.ready = true;
        if let Some(message) = self.queued.take() {
            self.post(&message);
        }
    }

    /// Ends the worker without starting another: the next request does.
    pub fn end(&mut self) {
        if let Some(worker) = self.worker.take() {
            worker.terminate();
        }
        self.ready = false;
        self.queued = None;
    }

    /// Ends the worker (and any search in it) and starts a fresh one.
    pub fn restart(&mut self) {
        self.end();
        self.wake();
    }
}

fn spawn(on_reply: std::rc::Rc<dyn Fn(WorkerReply)>) -> Worker {
    // A module worker: its loader imports the page's own wasm module.
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let worker =
        Worker::new_with_options(&loader(), &options).expect("module workers are supported");
    // The loader waits for this: the page's compiled module, shared, so
    // the worker starts without fetching or compiling it again.
    if let Err(e) = worker.post_message(&wasm_bindgen::module()) {
        web_sys::console::warn_2(&"cannot hand the module to the worker".into(), &e);
    }
    let reply = on_reply.clone();
    dom::on::<MessageEvent>(&worker, "message", move |event| {
        let message = match crate::protocol::read::from_worker(event.data()) {
            Ok(FromWorker::Ready) => WorkerReply::Ready,
            Ok(m) => WorkerReply::Message(m),
            Err(e) => WorkerReply::Crashed(format!("unreadable answer: {e}")),
        };
        reply(message);
    });
    let reply = on_reply;
    // A module worker whose script cannot be fetched fires a plain Event,
    // not an ErrorEvent: read the message only where there is one.
    dom::on::<Event>(&worker, "error", move |event| {
        event.prevent_default();
        let message = match event.dyn_ref::<ErrorEvent>() {
            Some(e) if !e.message().is_empty() => e.message(),
            _ => "the computer player could not start".to_string(),
        };
        reply(WorkerReply::Crashed(message));
    });
    worker
}

/// The computer's time on the page, for e2e/figures.js: a User Timing
/// mark and a body attribute.
pub(super) fn mark_thought(ms: f64) {
    let ms = ms.round() as i64;
    if let Some(body) = dom::document().body() {
        dom::set_attr(&body, "data-last-think-ms", &ms.to_string());
    }
    let level = with_app(|app| {
        let game = app.state.play();
        use cheversi_engine::GameState;
        game.current()
            .to_move()
            .and_then(|m| game.seats()[m as usize].level())
            .map(|l| l.name())
    })
    .flatten();
    if let (Some(level), Some(p)) = (level, web_sys::window().and_then(|w| w.performance())) {
        let _ = p.mark(&format!("computer move: {level} {ms} ms"));
    }
}

/// How long the computer may stay silent before its worker is replaced:
/// every level answers within about a second.
const WATCHDOG_MS: i32 = 20_000;

pub(super) fn watch(id: u32, progress: usize) {
    let callback = Closure::once_into_js(move || {
        dispatch(Action::Worker(WorkerEvent::Silent { id, progress }))
    });
    let _ = web_sys::window()
        .expect("window")
        .set_timeout_with_callback_and_timeout_and_arguments_0(
            callback.unchecked_ref(),
            WATCHDOG_MS,
        );
}
