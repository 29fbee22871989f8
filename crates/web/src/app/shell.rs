//! The page's shell, the helpers every room of the app shares: the page's
//! address, the clipboard, a file to download, a file fetched as text, a
//! fresh id and the time.

use super::dom;
use wasm_bindgen::prelude::*;
use web_sys::HtmlAnchorElement;

/// A new game id: 12 random letters and digits.
pub(super) fn new_id() -> String {
    const DIGITS: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut bytes = [0u8; 12];
    let crypto = web_sys::window().and_then(|w| w.crypto().ok());
    let filled = crypto.is_some_and(|c| c.get_random_values_with_u8_array(&mut bytes).is_ok());
    if !filled {
        for b in bytes.iter_mut() {
            *b = (js_sys::Math::random() * 256.0) as u8;
        }
    }
    bytes
        .iter()
        .map(|b| DIGITS[*b as usize % DIGITS.len()] as char)
        .collect()
}

pub(super) fn now() -> f64 {
    js_sys::Date::now()
}

/// The page's address without query or fragment (links are built on it,
/// so they work from any sub-path).
pub(super) fn page_url() -> String {
    let location = web_sys::window().expect("window").location();
    location.origin().unwrap_or_default() + &location.pathname().unwrap_or_default()
}

/// Copies `text`, or calls `refused` where the browser will not: a page
/// served over plain http has no clipboard at all, and a browser may
/// refuse the permission (later, when its promise fails). Callers say the
/// text was copied before calling, so that a refusal has the last word.
pub(super) fn copy_to_clipboard(text: &str, refused: impl FnOnce() + 'static) {
    let clipboard = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w.navigator(), &JsValue::from_str("clipboard")).ok())
        .filter(|c| c.is_object());
    let Some(clipboard) = clipboard else {
        return refused();
    };
    let clipboard: web_sys::Clipboard = clipboard.unchecked_into();
    let refused = Closure::once(move |_: JsValue| refused());
    let _ = clipboard.write_text(text).catch(&refused);
    refused.forget();
}

/// Copies a link; where the browser will not, the status shows it, to be
/// copied by hand.
pub(super) fn copy_link(url: &str) {
    let refused = crate::i18n::tf("status.link_not_copied", &[("url", url)]);
    copy_to_clipboard(url, move || {
        super::dispatch(crate::state::Action::Tell {
            text: refused,
            error: true,
        })
    });
}

/// Says in the status that the text could not be copied.
pub(super) fn tell_not_copied() {
    super::dispatch(crate::state::Action::Tell {
        text: crate::i18n::t("status.not_copied").into(),
        error: true,
    });
}

/// Offers `text` as a file to download.
pub(super) fn download_text(text: &str, name: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/plain");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    let a: HtmlAnchorElement = dom::element("a", "", "").unchecked_into();
    a.set_href(&url);
    a.set_download(name);
    a.click();
    let _ = web_sys::Url::revoke_object_url(&url);
}
