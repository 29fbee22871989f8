//! The Web Worker: receives [`ToWorker`] messages, answers with
//! [`FromWorker`]. The page stops a search by ending the worker, so the
//! engine never needs a shared abort flag.

use crate::answer::handle;
use crate::protocol::{Failure, FromWorker, ToWorker};
use cheversi_engine::ai::player::engine::Engine;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

fn post(scope: &DedicatedWorkerGlobalScope, message: &FromWorker) {
    let value = serde_wasm_bindgen::to_value(message).expect("plain data");
    scope.post_message(&value).expect("the page is listening");
}

pub fn start() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let engine = RefCell::new(Engine::new(js_sys::Date::now() as u64));
    let reply_to = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        match serde_wasm_bindgen::from_value::<ToWorker>(event.data()) {
            Ok(message) => {
                let clock = || js_sys::Date::now() / 1000.0;
                handle(&mut engine.borrow_mut(), message, &clock, &mut |reply| {
                    post(&reply_to, &reply)
                });
            }
            Err(e) => {
                // The detail is for the developer; the page says only that.
                web_sys::console::warn_1(&format!("unreadable request: {e}").into());
                post(
                    &reply_to,
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
