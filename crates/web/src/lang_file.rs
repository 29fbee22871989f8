//! Reads a language file (`key = text` lines, `#` comments). Shared by
//! `build.rs`, which turns the files into tables, the page, which reads
//! the fetched files, and the tests.

use std::fmt;

/// Where a language file is wrong (the line, from 1) and why. The line
/// names the key, so the reason is a fixed text (no formatting code in the
/// page's module).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LangError {
    pub line: usize,
    pub reason: &'static str,
}

impl fmt::Display for LangError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

/// The entries of a language file, sorted by key. A key `is_key` refuses
/// is an error on its line (`&dyn`: one copy of this code in the module).
pub fn parse<'a>(
    text: &'a str,
    is_key: &dyn Fn(&str) -> bool,
) -> Result<Vec<(&'a str, &'a str)>, LangError> {
    let mut entries: Vec<(&str, &str)> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |reason| LangError {
            line: n + 1,
            reason,
        };
        let (key, value) = line
            .split_once(" = ")
            .ok_or_else(|| bad("expected `key = text`"))?;
        let key = key.trim();
        if !is_key(key) {
            return Err(bad("not a key of this build"));
        }
        // Each entry goes to its place as it is read (a few hundred, read
        // once: the std sort would add kilobytes to the wasm module), so a
        // repeated key is found on its own line.
        let at = entries.partition_point(|(k, _)| *k < key);
        if entries.get(at).is_some_and(|(k, _)| *k == key) {
            return Err(bad("a key given before"));
        }
        entries.insert(at, (key, value.trim()));
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::{parse, LangError};

    fn any_key(_: &str) -> bool {
        true
    }

    #[test]
    fn entries_come_sorted_by_key_and_a_repeated_key_is_refused() {
        // Against the std sort, on keys in a scrambled order.
        let keys: Vec<String> = (0..200)
            .map(|i| format!("k.{}", (i * 7919) % 211))
            .collect();
        let text: String = keys
            .iter()
            .map(|k| format!("{k} = text of {k}\n"))
            .collect();
        let entries = parse(&text, &any_key).unwrap();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(entries.iter().map(|e| e.0).collect::<Vec<_>>(), sorted);
        assert!(entries.iter().all(|(k, v)| *v == format!("text of {k}")));
        assert_eq!(
            parse("b = 1\na = 2\n# c\nb = 3\n", &any_key).unwrap_err(),
            LangError {
                line: 4,
                reason: "a key given before"
            }
        );
        assert_eq!(parse("a = 1\nb: 2\n", &any_key).unwrap_err().line, 2);
        let only_a = |k: &str| k == "a";
        assert_eq!(
            parse("a = 1\n\nb = 2\n", &only_a).unwrap_err(),
            LangError {
                line: 3,
                reason: "not a key of this build"
            }
        );
    }
}
