//! The page's language: picked from the browser, switchable, remembered.

use super::dispatch;
use super::dom::{self, by_id};
use crate::i18n::{self, t, tf};
use crate::problem::Problem;
use crate::problem_words::words;
use crate::state::Action;
use crate::stored::Language;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, HtmlSelectElement};

const KEY: &str = "cheversi.lang";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The language to start in: the embed's `lang=`, else the remembered
/// one, else the browser's first that the site has.
fn wanted(embed_lang: Option<String>) -> String {
    if let Some(code) = embed_lang {
        return code;
    }
    let saved = storage()
        .and_then(|s| s.get_item(KEY).ok().flatten())
        .and_then(|text| super::kept::read::<Language>(&text).ok())
        .map(|Language(code)| code)
        .filter(|code| i18n::is_known(code));
    saved.unwrap_or_else(|| {
        let preferred: Vec<String> = web_sys::window()
            .map(|w| {
                w.navigator()
                    .languages()
                    .iter()
                    .filter_map(|v| v.as_string())
                    .collect()
            })
            .unwrap_or_default();
        i18n::pick(&preferred).to_string()
    })
}

/// Fetches a language's words unless they are here; `done` gets why not.
fn load(code: String, done: Box<dyn FnOnce(Result<(), String>)>) {
    if i18n::is_loaded(&code) {
        return done(Ok(()));
    }
    let file = i18n::file_of(&code);
    crate::fetch::fetch_text(
        &file.clone(),
        Box::new(move |text| {
            let result = text
                .map_err(|status| Problem::NotFetched {
                    file: file.clone(),
                    status,
                })
                .and_then(|text| {
                    i18n::install(&code, &text).map_err(|refused| {
                        let line = match refused {
                            i18n::Refused::File(e) => Some(e.line),
                            i18n::Refused::NotALanguage(_) => None,
                        };
                        Problem::data_file(&file, line)
                    })
                })
                .map_err(|problem| {
                    // The language named in the sentence's own
                    // ("Limba italiană", not "Limba Italiano").
                    let name = if i18n::is_known(&code) {
                        t(&format!("language.in.{code}")).to_string()
                    } else {
                        crate::problem::clip(&code)
                    };
                    let english = tf(
                        "language.not_loaded",
                        &[("language", &name), ("reason", &words(&problem))],
                    );
                    // Said in the language asked for too: its reader may
                    // not read the English the page stays in.
                    match i18n::unavailable(&code) {
                        Some(own) => format!("{own} {english}"),
                        None => english,
                    }
                });
            done(result)
        }),
    );
}

/// Chooses the language and fetches its words, then calls `then` with
/// the reason when they could not be had (the page is then in English).
pub fn init(embed_lang: Option<String>, then: impl FnOnce(Option<String>) + 'static) {
    let code = wanted(embed_lang);
    load(
        code.clone(),
        Box::new(move |loaded| {
            let problem = loaded.err();
            i18n::set(if problem.is_none() { &code } else { "en" });
            // The page is written in English (a test keeps its words those
            // of lang/en.lang): rewriting them would only cost the first
            // board a layout of the whole page.
            if i18n::current() != "en" {
                apply_static();
            }
            then(problem);
            // The page, hidden until its words are in (theme.js), shows.
            if let Some(root) = dom::document().document_element() {
                let _ = root.remove_attribute("data-words");
            }
        }),
    );
}

/// Fills the language switcher and follows it.
pub fn wire() {
    let select: HtmlSelectElement = by_id("language");
    for (code, name) in i18n::known() {
        let option = dom::element("option", "", name);
        dom::set_attr(&option, "value", code);
        dom::set_attr(&option, "lang", code);
        select.append_child(&option).ok();
    }
    select.set_value(i18n::current());
    let s = select.clone();
    dom::on::<Event>(&select, "change", move |_| {
        let code = s.value();
        let s = s.clone();
        load(
            code.clone(),
            Box::new(move |loaded| match loaded {
                Ok(()) if i18n::set(&code) => {
                    if let Some(storage) = storage() {
                        let _ = storage.set_item(KEY, &super::kept::text_of(&Language(code)));
                    }
                    apply_static();
                    super::dom::fit_header();
                    super::setup::translate();
                    dispatch(Action::LanguageChanged);
                    super::lessons::language_changed();
                }
                Ok(()) => s.set_value(i18n::current()),
                Err(text) => {
                    s.set_value(i18n::current());
                    dispatch(Action::Tell { text, error: true });
                }
            }),
        );
    });
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
