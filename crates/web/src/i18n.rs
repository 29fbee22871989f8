//! The page's words in every language: one file per language in `lang/`
//! (`key = text`, `{name}` filled in), found by `build.rs`. A missing key
//! falls back to English; tests check every file has every English key.

use std::cell::Cell;

mod files {
    include!(concat!(env!("OUT_DIR"), "/languages.rs"));
}

pub use crate::lang_file::parse;

/// One language: its texts in the order of [`files::KEYS`] (empty where
/// the file lacks the key).
pub struct Lang {
    pub code: &'static str,
    texts: &'static [&'static str],
}

impl Lang {
    fn get(&self, key: &str) -> Option<&'static str> {
        files::KEYS
            .binary_search(&key)
            .ok()
            .map(|i| self.texts[i])
            .filter(|text| !text.is_empty())
    }

    /// The language's own name ("Italiano").
    pub fn name(&self) -> &'static str {
        self.get("language.name").unwrap_or(self.code)
    }

    /// The keys this language has a text for.
    pub fn keys(&self) -> impl Iterator<Item = &'static str> + '_ {
        files::KEYS
            .iter()
            .zip(self.texts)
            .filter(|(_, text)| !text.is_empty())
            .map(|(key, _)| *key)
    }
}

static LANGS: [Lang; files::LANGS.len()] = {
    let mut out = [const {
        Lang {
            code: "",
            texts: &[],
        }
    }; files::LANGS.len()];
    let mut i = 0;
    while i < out.len() {
        out[i] = Lang {
            code: files::LANGS[i].0,
            texts: files::LANGS[i].1,
        };
        i += 1;
    }
    out
};

thread_local! {
    static CURRENT: Cell<usize> = const { Cell::new(usize::MAX) };
}

fn english() -> &'static Lang {
    LANGS.iter().find(|l| l.code == "en").expect("lang/en.lang")
}

pub fn all() -> &'static [Lang] {
    &LANGS
}

fn current_lang() -> &'static Lang {
    let i = CURRENT.with(Cell::get);
    LANGS.get(i).unwrap_or_else(english)
}

/// The current language's code.
pub fn current() -> &'static str {
    current_lang().code
}

/// Switches language; false for an unknown code.
pub fn set(code: &str) -> bool {
    match LANGS.iter().position(|l| l.code == code) {
        Some(i) => {
            CURRENT.with(|c| c.set(i));
            true
        }
        None => false,
    }
}

/// The first of the browser's preferred languages that we have (`it-IT`
/// picks `it`), else English.
pub fn pick(preferred: &[String]) -> &'static str {
    preferred
        .iter()
        .find_map(|p| {
            let base = p.split('-').next().unwrap_or("").to_ascii_lowercase();
            LANGS.iter().find(|l| l.code == base).map(|l| l.code)
        })
        .unwrap_or("en")
}

/// The text for `key`.
pub fn t(key: &str) -> &'static str {
    current_lang()
        .get(key)
        .or_else(|| english().get(key))
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

    #[test]
    fn every_language_has_every_key_with_the_same_placeholders() {
        assert!(all().len() >= 3, "en, it, ro");
        let en = english();
        for lang in all() {
            let keys: Vec<_> = lang.keys().collect();
            let english_keys: Vec<_> = en.keys().collect();
            assert_eq!(keys, english_keys, "lang/{}.lang keys", lang.code);
            for key in en.keys() {
                assert_eq!(
                    placeholders(lang.get(key).unwrap()),
                    placeholders(en.get(key).unwrap()),
                    "lang/{}.lang: {key}",
                    lang.code
                );
            }
        }
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
        assert_eq!(current(), "it");
        assert!(set("en"));
        assert_eq!(piece('B', false), "second Knight");
        assert!(parse("no equals sign").is_err());
        assert!(parse("a = 1\na = 2").is_err());
    }
}
