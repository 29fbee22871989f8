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

pub(super) fn copy_to_clipboard(text: &str) {
    if let Some(window) = web_sys::window() {
        // A refusal (no permission) is fine: the text is also on the page.
        let ignore = Closure::<dyn FnMut(JsValue)>::new(|_| {});
        let _ = window
            .navigator()
            .clipboard()
            .write_text(text)
            .catch(&ignore);
        ignore.forget();
    }
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
