//! Text from outside, quoted in an error.

/// Text from outside quoted in an error: at most 40 characters (then
/// "…"), so that a pasted megabyte makes a message of a line.
pub fn quoted(text: &str) -> String {
    clipped(text, 40)
}

/// `text` cut to `most` characters, "…" marking the cut.
pub fn clipped(text: &str, most: usize) -> String {
    match text.char_indices().nth(most) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}
