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
    // An insertion sort: a few hundred entries, read once, and the std
    // sort would add kilobytes of code to the wasm module for this type.
    for i in 1..entries.len() {
        let mut j = i;
        while j > 0 && entries[j - 1].0 > entries[j].0 {
            entries.swap(j - 1, j);
            j -= 1;
        }
    }
    if let Some(w) = entries.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(format!("key {} appears twice", w[0].0));
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::parse;

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
        let entries = parse(&text).unwrap();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(entries.iter().map(|e| e.0).collect::<Vec<_>>(), sorted);
        assert!(entries.iter().all(|(k, v)| *v == format!("text of {k}")));
        assert_eq!(
            parse("b = 1\na = 2\nb = 3\n").unwrap_err(),
            "key b appears twice"
        );
    }
}
