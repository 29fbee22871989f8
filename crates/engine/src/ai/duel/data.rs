//! The duel's solved setups and opening book, from one place. Natively
//! (feature `duel-data`, on by default) their texts are compiled in. The
//! browser's module leaves them out: the page fetches them with its first
//! duel (`duel_setups.txt`, `duel_book.txt`) and [`provide`]s them, so a
//! visitor who never plays the duel never downloads them.

use super::book::{self, DuelBook};
use super::table::{self, DuelTable};
use std::sync::OnceLock;

static PROVIDED: OnceLock<(&'static str, &'static str)> = OnceLock::new();

#[cfg(feature = "duel-data")]
fn texts() -> (&'static str, &'static str) {
    (table::SHIPPED, book::SHIPPED)
}

#[cfg(not(feature = "duel-data"))]
fn texts() -> (&'static str, &'static str) {
    PROVIDED.get().copied().unwrap_or(("", ""))
}

/// True when the data is here: compiled in, or provided.
pub fn present() -> bool {
    cfg!(feature = "duel-data") || PROVIDED.get().is_some()
}

/// The solved setups (empty until the page provides them).
pub fn table() -> DuelTable {
    DuelTable::from_lines(&table::parse(texts().0).unwrap_or_default())
}

/// The opening book (empty until the page provides it).
pub fn opening_book() -> DuelBook {
    DuelBook::from_lines(&book::parse(texts().1).unwrap_or_default())
}

/// Takes the fetched texts once both read; the error names the file and
/// the line. Once the data is here, later calls change nothing.
pub fn provide(setups: &str, book: &str) -> Result<(), String> {
    if present() {
        return Ok(());
    }
    if table::parse(setups)?.is_empty() {
        return Err("duel table: no setups".into());
    }
    book::parse(book)?;
    let _ = PROVIDED.set((String::leak(setups.into()), String::leak(book.into())));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natively_the_data_is_compiled_in() {
        assert!(present());
        assert_eq!(table::parse(texts().0).unwrap().len(), 492);
        assert!(!book::parse(texts().1).unwrap().is_empty());
        // Providing other texts changes nothing.
        assert_eq!(provide("a1 b1 W", ""), Ok(()));
        assert_eq!(texts().0, table::SHIPPED);
    }
}
