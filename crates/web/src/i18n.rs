//! The page's words in every language: one file per language in `lang/`
//! (`key = text`, `{name}` filled in), found by `build.rs`. English is
//! compiled in; another language is fetched (`lang/<code>.lang`) and
//! [`install`]ed before it is [`set`]. A missing key falls back to
//! English; tests check every file has every English key.

use std::cell::{Cell, RefCell};

mod files {
    include!(concat!(env!("OUT_DIR"), "/languages.rs"));
}

use crate::lang_file::LangError;

/// The texts of one language, in the order of [`keys`] (empty
/// where the file lacks the key). Installed languages live as long as
/// the page: at most one copy of each file.
type Texts = &'static [&'static str];

thread_local! {
    static LOADED: RefCell<Vec<(&'static str, Texts)>> =
        RefCell::new(vec![("en", english().1)]);
    static CURRENT: Cell<Texts> = Cell::new(english().1);
    static CURRENT_CODE: Cell<&'static str> = const { Cell::new("en") };
}

/// English's keys (sorted) and texts, read from its file at the first
/// word asked for. `build.rs` has read the file already: it stops the
/// build where it does not read.
fn english() -> &'static (Texts, Texts) {
    static ENGLISH: std::sync::OnceLock<(Texts, Texts)> = std::sync::OnceLock::new();
    ENGLISH.get_or_init(|| {
        // Not `expect`: the error's Debug would bring string escaping into
        // the module for a line that never runs.
        let entries = crate::lang_file::parse(files::ENGLISH_FILE, &|_| true)
            .unwrap_or_else(|_| unreachable!("build.rs read it"));
        let keys = entries.iter().map(|(k, _)| *k).collect();
        let texts = entries.iter().map(|(_, t)| *t).collect();
        (Vec::leak(keys), Vec::leak(texts))
    })
}

/// Every key, sorted.
fn keys() -> Texts {
    english().0
}

fn lookup(texts: Texts, key: &str) -> Option<&'static str> {
    keys()
        .binary_search(&key)
        .ok()
        .map(|i| texts[i])
        .filter(|text| !text.is_empty())
}

/// Every language the site has, as (code, its own name: "Italiano").
pub fn known() -> &'static [(&'static str, &'static str)] {
    files::KNOWN
}

/// Whether `code` is one of [`known`]'s languages.
pub fn is_known(code: &str) -> bool {
    known().iter().any(|(known, _)| *known == code)
}

/// A language's own sentence for its words not coming (the page stays in
/// English), from the module: its file is what failed.
pub fn unavailable(code: &str) -> Option<&'static str> {
    files::UNAVAILABLE
        .iter()
        .find(|(c, _)| *c == code && code != "en")
        .map(|(_, text)| *text)
}

fn known_code(code: &str) -> Option<&'static str> {
    known().iter().map(|(c, _)| *c).find(|c| *c == code)
}

/// The file that holds a language's words, relative to the page.
pub fn file_of(code: &str) -> String {
    format!("lang/{code}.lang")
}

fn loaded(code: &str) -> Option<Texts> {
    LOADED.with(|l| l.borrow().iter().find(|(c, _)| *c == code).map(|(_, t)| *t))
}

/// True when the language's words are here, so [`set`] will take it.
pub fn is_loaded(code: &str) -> bool {
    loaded(code).is_some()
}

/// Why a fetched language file was not taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The site has no language of this code.
    NotALanguage(String),
    /// The file is wrong on a line.
    File(LangError),
}

/// Takes a fetched language file.
pub fn install(code: &str, text: &str) -> Result<(), Refused> {
    let code = known_code(code).ok_or_else(|| Refused::NotALanguage(code.to_string()))?;
    let is_key = |k: &str| keys().binary_search(&k).is_ok();
    let entries = crate::lang_file::parse(text, &is_key).map_err(Refused::File)?;
    let texts: Vec<&'static str> = keys()
        .iter()
        .map(|k| {
            entries
                .binary_search_by(|(e, _)| e.cmp(k))
                .map_or("", |i| &*String::leak(entries[i].1.to_string()))
        })
        .collect();
    let texts: Texts = Vec::leak(texts);
    LOADED.with(|l| {
        let mut l = l.borrow_mut();
        l.retain(|(c, _)| *c != code);
        l.push((code, texts));
    });
    if current() == code {
        CURRENT.with(|c| c.set(texts));
    }
    Ok(())
}

/// The current language's code.
pub fn current() -> &'static str {
    CURRENT_CODE.with(Cell::get)
}

/// Switches language; false for a language that is unknown or not yet
/// installed.
pub fn set(code: &str) -> bool {
    #[cfg(test)]
    if !is_loaded(code) {
        if let Some((_, text)) = files::FILES.iter().find(|(c, _)| *c == code) {
            install(code, text).expect("the shipped language files read");
        }
    }
    match (known_code(code), loaded(code)) {
        (Some(code), Some(texts)) => {
            CURRENT.with(|c| c.set(texts));
            CURRENT_CODE.with(|c| c.set(code));
            true
        }
        _ => false,
    }
}

/// The first of the browser's preferred languages that we have (`it-IT`
/// picks `it`), else English.
pub fn pick(preferred: &[String]) -> &'static str {
    preferred
        .iter()
        .find_map(|p| {
            let base = p.split('-').next().unwrap_or("").to_ascii_lowercase();
            known_code(&base)
        })
        .unwrap_or("en")
}

/// The text for `key`.
pub fn t(key: &str) -> &'static str {
    lookup(CURRENT.with(Cell::get), key)
        .or_else(|| lookup(english().1, key))
        .unwrap_or("?")
}

/// The text for `key` with `{name}` placeholders filled in.
pub fn tf(key: &str, args: &[(&str, &str)]) -> String {
    let mut text = t(key).to_string();
    for (name, value) in args {
        text = text.replace(&format!("{{{name}}}"), value);
    }
    text
}

/// A number the page shows, written with a decimal point ("+1.6", as
/// [`crate::number`] writes it), as the language writes it ("+1,6").
/// Attributes and drawings keep the point.
pub fn number(written: String) -> String {
    match t("number.decimal_mark") {
        "." => written,
        mark => written.replace('.', mark),
    }
}

/// A Cheversi rule set's name as a person reads it ("Lewicki variante
/// II"); links and records keep its id ("lewicki-free").
pub fn rule_set(rules: cheversi_engine::cheversi::RuleSet) -> &'static str {
    use cheversi_engine::cheversi::RuleSet;
    t(match rules {
        RuleSet::Lewicki => "rules_name.lewicki",
        RuleSet::LewickiAny => "rules_name.lewicki-any",
        RuleSet::LewickiFree => "rules_name.lewicki-free",
        RuleSet::BrainkingClassic => "rules_name.brainking-classic",
        RuleSet::Brainking => "rules_name.brainking",
    })
}

/// An Attrition variant's name as a person reads it ("Morte improvvisa");
/// links and records keep its id ("sudden-death").
pub fn variant(variant: cheversi_engine::attrition::Variant) -> &'static str {
    use cheversi_engine::attrition::Variant;
    t(match variant {
        Variant::Duel => "variant_name.duel",
        Variant::TwoKnights => "variant_name.two-knights",
        Variant::SuddenDeath => "variant_name.sudden-death",
        Variant::Melee => "variant_name.melee",
    })
}

/// A seat's name ("White", "Bianco", …).
pub fn player(seat: u8) -> &'static str {
    t(&format!("player.{seat}"))
}

/// A piece's name; Attrition's second piece is a second Knight.
pub fn piece(letter: char, cheversi: bool) -> &'static str {
    if !cheversi && letter == 'B' {
        t("piece.second")
    } else if !cheversi {
        t("piece.N")
    } else {
        t(&format!("piece.{letter}"))
    }
}

/// A player's piece ("White King"; "Re Bianco", "Donna Nera"): in each
/// language's order, the player's name agreeing with the piece's gender
/// (`piece.feminine` lists the letters of feminine names, `player.f.*`
/// the names that go with them).
pub fn owned_piece(seat: u8, letter: char, cheversi: bool) -> String {
    let feminine = cheversi
        && t("piece.feminine")
            .split(' ')
            .any(|l| l.len() == 1 && l.starts_with(letter));
    let owner = if feminine {
        t(&format!("player.f.{seat}"))
    } else {
        player(seat)
    };
    tf(
        "piece.owned",
        &[("player", owner), ("piece", piece(letter, cheversi))],
    )
}

/// The `{name}`s of a text, sorted: every language must fill the same.
#[cfg(test)]
pub(crate) fn placeholders(text: &str) -> Vec<&str> {
    let mut out: Vec<&str> = text
        .split('{')
        .skip(1)
        .filter_map(|s| s.split_once('}').map(|(name, _)| name))
        .collect();
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang_file::parse;

    /// The host script (`www/public/cheversi.js`) passes a page's language
    /// to its diagrams only where the site has it: its list is the site's.
    #[test]
    fn the_host_script_knows_every_language() {
        let script = include_str!("../../../www/public/cheversi.js");
        let codes: Vec<String> = known().iter().map(|(c, _)| format!("'{c}'")).collect();
        let line = format!("const LANGUAGES = [{}];", codes.join(", "));
        assert!(script.contains(&line), "cheversi.js lacks {line}");
        // theme.js chooses the page's language before the module runs.
        let script = include_str!("../../../www/public/theme.js");
        let line = format!("var LANGUAGES = [{}];", codes.join(", "));
        assert!(script.contains(&line), "theme.js lacks {line}");
    }

    #[test]
    fn every_language_has_every_key_with_the_same_placeholders() {
        assert!(files::FILES.len() >= 3, "en, it, ro");
        assert_eq!(known().len(), files::FILES.len());
        for (code, text) in files::FILES {
            let entries = parse(text, &|_| true).unwrap();
            let keys: Vec<_> = entries.iter().map(|(k, _)| *k).collect();
            assert_eq!(keys, super::keys(), "lang/{code}.lang keys");
            for (key, value) in &entries {
                assert!(!value.is_empty(), "lang/{code}.lang: {key} is empty");
                assert_eq!(
                    placeholders(value),
                    placeholders(lookup(english().1, key).unwrap()),
                    "lang/{code}.lang: {key}"
                );
            }
        }
    }

    /// Text that names a control by its words names it as the control
    /// reads (Romanian's empty list of games sent people to "Partidă
    /// nouă", a button called "Joc nou").
    /// The module says in each language that its file did not come.
    #[test]
    fn every_fetched_language_says_in_its_own_words_that_it_did_not_come() {
        assert_eq!(unavailable("en"), None, "English is in the module");
        assert_eq!(unavailable("it"), Some("Impossibile caricare l'italiano."));
        for (code, _) in known().iter().filter(|(c, _)| *c != "en") {
            let own = unavailable(code).unwrap_or_else(|| panic!("{code}"));
            let english = files::FILES.iter().find(|(c, _)| *c == "en").unwrap().1;
            assert!(!english.contains(own), "{code}: {own} is English");
        }
    }

    #[test]
    fn words_that_name_a_control_match_it() {
        for (code, text) in files::FILES {
            let entries = parse(text, &|_| true).unwrap();
            let word = |key: &str| entries.iter().find(|(k, _)| *k == key).unwrap().1;
            for (key, names) in [("games.empty", ["button.new_game", "seat.remote"])] {
                for name in names {
                    assert!(
                        word(key).contains(word(name)),
                        "lang/{code}.lang: {key} does not name {name} ({:?})",
                        word(name)
                    );
                }
            }
        }
    }

    #[test]
    fn a_fetched_file_is_checked_before_it_is_taken() {
        assert_eq!(
            install("xx", "a = b"),
            Err(Refused::NotALanguage("xx".into()))
        );
        // The error says on which line the file is wrong.
        assert_eq!(
            install("it", "# parole\nplayer.0 = Bianco\n\n no.such.key = testo"),
            Err(Refused::File(LangError {
                line: 4,
                reason: "not a key of this build"
            }))
        );
        let line = |text| match install("it", text) {
            Err(Refused::File(e)) => e.line,
            other => panic!("{other:?}"),
        };
        assert_eq!(line("player.0 = Bianco\nplayer.0 = Nero"), 2);
        assert_eq!(line("player.0 = Bianco\nplayer.1: Nero"), 2);
        // A file short of keys is taken: English fills the gaps.
        install("ro", "player.0 = Alb").unwrap();
        assert!(set("ro"));
        assert_eq!(player(0), "Alb");
        assert_eq!(player(1), "Black");
        install(
            "ro",
            files::FILES.iter().find(|(c, _)| *c == "ro").unwrap().1,
        )
        .unwrap();
        assert_eq!(player(1), "Negru");
        assert!(set("en"));
    }

    /// A piece's owner agrees with its gender ("Donna Nero" was written).
    #[test]
    fn an_owned_piece_agrees_with_its_gender() {
        assert!(set("it"));
        assert_eq!(owned_piece(1, 'Q', true), "Donna Nera");
        assert_eq!(owned_piece(0, 'R', true), "Torre Bianca");
        assert_eq!(owned_piece(0, 'K', true), "Re Bianco");
        assert_eq!(owned_piece(2, 'N', false), "Cavallo Rosso");
        assert!(set("ro"));
        assert_eq!(owned_piece(1, 'Q', true), "Damă Neagră");
        assert_eq!(owned_piece(0, 'R', true), "Turn Alb");
        assert!(set("en"));
    }

    #[test]
    fn switching_and_picking() {
        assert_eq!(pick(&["it-IT".into(), "en".into()]), "it");
        assert_eq!(pick(&["de".into(), "ro".into()]), "ro");
        assert_eq!(pick(&["de".into()]), "en");
        assert!(set("it"));
        assert_eq!(player(0), "Bianco");
        assert_eq!(tf("news.wins", &[("player", player(1))]), "Vince Nero.");
        assert!(!set("xx"));
        assert_eq!(
            known().iter().find(|(c, _)| *c == "it").unwrap().1,
            "Italiano"
        );
        assert_eq!(current(), "it");
        assert!(set("en"));
        assert_eq!(piece('B', false), "second Knight");
        assert_eq!(owned_piece(1, 'Q', true), "Black Queen");
        assert!(parse("no equals sign", &|_| true).is_err());
        assert!(parse("a = 1\na = 2", &|_| true).is_err());
    }

    /// The HTML entities index.html uses, read.
    fn unescape(text: &str) -> String {
        text.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&amp;", "&")
    }

    /// The value of `name="..."` in one tag (after any whitespace, so a
    /// tag written over several lines reads as well).
    fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
        let wanted = format!("{name}=\"");
        let at = tag
            .match_indices(&wanted)
            .find(|&(i, _)| tag[..i].ends_with(char::is_whitespace))?;
        tag[at.0 + wanted.len()..].split('"').next()
    }

    /// The page starts in English without rewriting its words
    /// (`app::lang::init`), so they must be English's: every
    /// `data-i18n` element's text, every `data-i18n-label`'s
    /// `aria-label`, the title, the language and the rules link.
    #[test]
    fn index_html_holds_the_english_words() {
        let html = include_str!("../../../index.html");
        let english =
            |key: &str| lookup(english().1, key).unwrap_or_else(|| panic!("en has {key}"));
        let tags: Vec<&str> = html.split('<').skip(1).collect();
        let (mut checked, mut title, mut lang, mut rules) = (0, false, false, false);
        for (i, piece) in tags.iter().enumerate() {
            let Some((tag, text)) = piece.split_once('>') else {
                continue;
            };
            if let Some(key) = attribute(tag, "data-i18n") {
                // The text runs to the next tag, which closes this one.
                assert!(tags[i + 1].starts_with('/'), "{key}: text only");
                assert_eq!(unescape(text), english(key), "index.html's {key}");
                checked += 1;
            }
            if let Some(key) = attribute(tag, "data-i18n-label") {
                let label =
                    attribute(tag, "aria-label").unwrap_or_else(|| panic!("{key}: aria-label"));
                assert_eq!(unescape(label), english(key), "index.html's {key} label");
                checked += 1;
            } else if let Some(label) = attribute(tag, "aria-label") {
                // Every label is translated: by its key, or set from Rust
                // (the graph's description, the name fields' seats).
                let id = attribute(tag, "id").unwrap_or_default();
                assert!(
                    id == "eval-graph" || id.starts_with("ng-name-"),
                    "index.html's label '{label}' has no data-i18n-label"
                );
            }
            if tag == "title" {
                assert_eq!(unescape(text), english("app.title"));
                title = true;
            }
            if tag.starts_with("html") {
                assert_eq!(attribute(tag, "lang"), Some("en"));
                lang = true;
            }
            if attribute(tag, "id") == Some("rules-link") {
                assert_eq!(attribute(tag, "href"), Some(english("link.rules_page")));
                rules = true;
            }
        }
        // Every word the page marks was read, however its tag is written.
        let marked =
            html.matches("data-i18n=\"").count() + html.matches("data-i18n-label=\"").count();
        assert_eq!(checked, marked);
        assert!(
            checked > 80 && title && lang && rules,
            "{checked} words checked"
        );
    }
}
