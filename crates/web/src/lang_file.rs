//! Reads a language file (`key = text` lines, `#` comments). Shared by
//! `build.rs`, which turns the files into tables, and the tests.

/// The entries of a language file, sorted by key; the error names the line.
pub fn parse(text: &str) -> Result<Vec<(&str, &str)>, String> {
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
    entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
    if let Some(w) = entries.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(format!("key {} appears twice", w[0].0));
    }
    Ok(entries)
}
