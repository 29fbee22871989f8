//! Small DOM helpers: find, create, listen. Text goes in as text, never
//! as HTML.

use wasm_bindgen::prelude::*;
use web_sys::{Document, Element, HtmlElement};

pub fn document() -> Document {
    web_sys::window()
        .and_then(|w| w.document())
        .expect("a page")
}

pub fn by_id<T: JsCast>(id: &str) -> T {
    document()
        .get_element_by_id(id)
        .unwrap_or_else(|| panic!("index.html has #{id}"))
        .dyn_into::<T>()
        .unwrap_or_else(|_| panic!("#{id} has the expected type"))
}

/// A new element with a class (may be empty) and text.
pub fn element(tag: &str, class: &str, text: &str) -> HtmlElement {
    let el: HtmlElement = document()
        .create_element(tag)
        .expect("valid tag")
        .unchecked_into();
    if !class.is_empty() {
        el.set_class_name(class);
    }
    if !text.is_empty() {
        el.set_text_content(Some(text));
    }
    el
}

pub fn set_attr(el: &Element, name: &str, value: &str) {
    el.set_attribute(name, value).expect("valid attribute");
}

pub fn clear(el: &Element) {
    el.set_text_content(None);
}

/// For a part rebuilt from scratch: false when `key` (what it shows) is
/// the same as last time; else records the key, empties the element and
/// returns true. Rebuilding only on change keeps a click from being split
/// between an old button and its replacement.
pub fn rebuild(el: &Element, key: &str) -> bool {
    if el.get_attribute("data-key").as_deref() == Some(key) {
        return false;
    }
    set_attr(el, "data-key", key);
    clear(el);
    true
}

/// Adds an event listener that lives as long as the page.
pub fn on<E: JsCast + 'static>(
    target: &web_sys::EventTarget,
    event: &str,
    mut f: impl FnMut(E) + 'static,
) {
    listen(
        target,
        event,
        Box::new(move |e: JsValue| f(e.unchecked_into())),
    );
}

/// [`on`]'s work, the same for every listener: one copy in the module
/// rather than one a listener.
#[inline(never)]
fn listen(target: &web_sys::EventTarget, event: &str, f: Box<dyn FnMut(JsValue)>) {
    let closure = Closure::wrap(f);
    target
        .add_event_listener_with_callback(event, closure.as_ref().unchecked_ref())
        .expect("listener added");
    closure.forget();
}

pub fn show(el: &HtmlElement, visible: bool) {
    el.set_hidden(!visible);
}

/// Shows a panel that opens on a press; where it appears out of sight
/// (on a phone the panels sit under the board), or `anchor` is scrolled
/// off above, the page scrolls to `anchor`: the panel itself, or the board
/// above a task. Never in an embedded board: scrolling a frame scrolls
/// its host page too (a rules page jumped to its last lesson).
pub fn show_opened(el: &HtmlElement, anchor: &HtmlElement) {
    let newly = el.hidden();
    el.set_hidden(false);
    let Some(height) = scrollable_height() else {
        return;
    };
    let rect = el.get_bounding_client_rect();
    let below = rect.bottom() > height && rect.top() > height / 2.0;
    if newly && (below || anchor.get_bounding_client_rect().top() < 0.0) {
        anchor.scroll_into_view_with_bool(true);
    }
}

/// Brings `el` into view where it lies out of sight (never in an
/// embedded board, see [`scrollable_height`]).
pub fn reveal(el: &HtmlElement) {
    let Some(height) = scrollable_height() else {
        return;
    };
    let rect = el.get_bounding_client_rect();
    if rect.bottom() > height || rect.top() < 0.0 {
        el.scroll_into_view_with_bool(false);
    }
}

/// The window's height, where the page may scroll itself: never in an
/// embedded board, whose scrolling would scroll its host page too.
fn scrollable_height() -> Option<f64> {
    if is_embedded() {
        return None;
    }
    web_sys::window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|h| h.as_f64())
}

/// A User Timing mark (`cheversi: …`), for the start-up figures.
pub fn mark(name: &str) {
    if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
        let _ = p.mark(&format!("cheversi: {name}"));
    }
}

/// The board's room below the header, which wraps to more rows where its
/// words are longer or the window narrower (`--bar` in style.css).
pub fn fit_header() {
    let document = document();
    let (Some(root), Some(bar)) = (
        document.document_element(),
        document.query_selector(".bar").ok().flatten(),
    ) else {
        return;
    };
    // Whole pixels: printing a float would bring float printing into the
    // module (number.rs).
    let height = bar.get_bounding_client_rect().height().ceil() as i64;
    let root: &HtmlElement = root.unchecked_ref();
    let _ = root.style().set_property("--bar", &format!("{height}px"));
}

/// The page is a board embedded in a host's page (`embed.html`).
pub fn is_embedded() -> bool {
    document()
        .body()
        .is_some_and(|b| b.has_attribute("data-embed"))
}
