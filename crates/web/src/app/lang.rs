//! The page's language: picked from the browser, switchable, remembered.

use super::dispatch;
use super::dom::{self, by_id};
use crate::i18n::{self, t};
use crate::state::Action;
use crate::stored::Language;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, HtmlSelectElement};

const KEY: &str = "cheversi.lang";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Chooses the language (remembered, else the browser's) and wires the
/// switcher.
pub fn init() {
    let saved = storage()
        .and_then(|s| s.get_item(KEY).ok().flatten())
        .and_then(|text| super::kept::read::<Language>(&text).ok())
        .map(|Language(code)| code);
    let code = match saved {
        Some(code) if i18n::set(&code) => code,
        _ => {
            let preferred: Vec<String> = web_sys::window()
                .map(|w| {
                    w.navigator()
                        .languages()
                        .iter()
                        .filter_map(|v| v.as_string())
                        .collect()
                })
                .unwrap_or_default();
            let code = i18n::pick(&preferred).to_string();
            i18n::set(&code);
            code
        }
    };
    let select: HtmlSelectElement = by_id("language");
    for lang in i18n::all() {
        let option = dom::element("option", "", lang.name());
        dom::set_attr(&option, "value", lang.code);
        dom::set_attr(&option, "lang", lang.code);
        select.append_child(&option).ok();
    }
    select.set_value(&code);
    let s = select.clone();
    dom::on::<Event>(&select, "change", move |_| {
        let code = s.value();
        if i18n::set(&code) {
            if let Some(storage) = storage() {
                let _ = storage.set_item(KEY, &super::kept::text_of(&Language(code.clone())));
            }
            apply_static();
            super::setup::translate();
            dispatch(Action::LanguageChanged);
            super::lessons::language_changed();
        }
    });
    apply_static();
}

/// Puts the current language's words into the page's fixed text.
pub fn apply_static() {
    let document = dom::document();
    if let Some(root) = document.document_element() {
        dom::set_attr(&root, "lang", i18n::current());
    }
    document.set_title(t("app.title"));
    if let Some(link) = document.get_element_by_id("rules-link") {
        dom::set_attr(&link, "href", t("link.rules_page"));
    }
    if let Ok(nodes) = document.query_selector_all("[data-i18n]") {
        for i in 0..nodes.length() {
            if let Some(el) = nodes.get(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                if let Some(key) = el.get_attribute("data-i18n") {
                    el.set_text_content(Some(t(&key)));
                }
            }
        }
    }
    if let Ok(nodes) = document.query_selector_all("[data-i18n-label]") {
        for i in 0..nodes.length() {
            if let Some(el) = nodes.get(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                if let Some(key) = el.get_attribute("data-i18n-label") {
                    dom::set_attr(&el, "aria-label", t(&key));
                }
            }
        }
    }
}
