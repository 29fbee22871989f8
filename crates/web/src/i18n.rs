//! The page's words in every language: one file per language in `lang/`
//! (`key = text`, `{name}` filled in), found by `build.rs`. A missing key
//! falls back to English; tests check every file has every English key.

use std::cell::Cell;
use std::sync::LazyLock;

mod files {
    include!(concat!(env!("OUT_DIR"), "/languages.rs"));
}

pub struct Lang {
    pub code: &'static str,
    entries: Vec<(&'static str, &'static str)>,
}

impl Lang {
    fn get(&self, key: &str) -> Option<&'static str> {
        self.entries
            .binary_search_by(|(k, _)| (*k).cmp(key))
            .ok()
            .map(|i| self.entries[i].1)
    }

    /// The language's own name ("Italiano").
    pub fn name(&self) -> &'static str {
        self.get("language.name").unwrap_or(self.code)
    }

    pub fn keys(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.entries.iter().map(|(k, _)| *k)
    }
}

/// Reads a language file; the error names the line.
pub fn parse(text: &'static str) -> Result<Vec<(&'static str, &'static str)>, String> {
    let mut entries = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once(" = ")
            .ok_or_else(|| format!("line {}: expected `key = text`", n + 1))?;
        entries.push((key.trim(), value.trim()));
    }
    entries.sort_by(|a, b| a.0.cmp(b.0));
    if let Some(w) = entries.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(format!("key {} appears twice", w[0].0));
    }
    Ok(entries)
}

static LANGS: LazyLock<Vec<Lang>> = LazyLock::new(|| {
    files::FILES
        .iter()
        .map(|&(code, text)| Lang {
            code,
            entries: parse(text).unwrap_or_else(|e| panic!("lang/{code}.lang: {e}")),
        })
        .collect()
});

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

#[cfg(test)]
mod tests {
    use super::*;

    fn placeholders(text: &str) -> Vec<&str> {
        let mut out: Vec<&str> = text
            .split('{')
            .skip(1)
            .filter_map(|s| s.split_once('}').map(|(name, _)| name))
            .collect();
        out.sort_unstable();
        out
    }

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
