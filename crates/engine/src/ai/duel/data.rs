//! The duel's opening book, from one place, and the solved setups it
//! lists (a setup's line gives who wins it: `data/duel_setups.txt`, the
//! solver's file, holds the same results, checked by a test). Natively
//! (feature `duel-data`, on by default) the book's text is compiled in.
//! The browser's module leaves it out: the page fetches `duel_book.txt`
//! with its first duel and [`provide`]s it, so a visitor who never plays
//! the duel never downloads it.

use super::book::{self, BookLine, DuelBook};
use super::table::{DuelTable, SetupValue, Solved};
use crate::data_file::LineError;
use std::sync::OnceLock;

/// The book's lines, read once: where the page provided them.
static PROVIDED: OnceLock<Vec<BookLine>> = OnceLock::new();

#[cfg(feature = "duel-data")]
fn lines() -> &'static [BookLine] {
    static SHIPPED: OnceLock<Vec<BookLine>> = OnceLock::new();
    SHIPPED.get_or_init(|| book::parse(book::SHIPPED).unwrap_or_default())
}

#[cfg(not(feature = "duel-data"))]
fn lines() -> &'static [BookLine] {
    PROVIDED.get().map_or(&[], Vec::as_slice)
}

/// True when the data is here: compiled in, or provided.
pub fn present() -> bool {
    cfg!(feature = "duel-data") || PROVIDED.get().is_some()
}

/// The book's lookup and its solved setups, built once from the lines.
struct Built {
    book: DuelBook,
    table: DuelTable,
}

fn build(lines: &[BookLine]) -> Built {
    let setups: Vec<Solved> = lines
        .iter()
        .filter(|l| l.first.is_none())
        .map(|l| Solved {
            setup: l.setup,
            value: match l.white_wins {
                Some(true) => SetupValue::WhiteWins,
                Some(false) => SetupValue::BlackWins,
                None => SetupValue::Unknown,
            },
            nodes: 0,
        })
        .collect();
    Built {
        book: DuelBook::from_lines(lines),
        table: DuelTable::from_lines(&setups),
    }
}

/// Built once the data is here; until then an empty one, not kept, so a
/// lookup made before the page provides the book does not hide it after.
fn built() -> &'static Built {
    static BUILT: OnceLock<Built> = OnceLock::new();
    static EMPTY: OnceLock<Built> = OnceLock::new();
    if present() {
        BUILT.get_or_init(|| build(lines()))
    } else {
        EMPTY.get_or_init(|| build(&[]))
    }
}

/// The solved setups: the book's lines about a setup itself (empty until
/// the page provides the book).
pub fn table() -> &'static DuelTable {
    &built().table
}

/// The opening book (empty until the page provides it).
pub fn opening_book() -> &'static DuelBook {
    &built().book
}

/// Why a fetched book was not taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// A line does not read.
    Line(LineError),
    /// Every line reads, but none gives a setup.
    NoSetups,
}

/// Takes the fetched book once read. Once the data is here, later calls
/// change nothing.
pub fn provide(book_text: &str) -> Result<(), Refused> {
    if present() {
        return Ok(());
    }
    let lines = book::parse(book_text).map_err(Refused::Line)?;
    if !lines.iter().any(|l| l.first.is_none()) {
        return Err(Refused::NoSetups);
    }
    let _ = PROVIDED.set(lines);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::duel::table;
    use crate::ai::duel::Setup;

    #[test]
    fn natively_the_data_is_compiled_in() {
        assert!(present());
        assert!(!lines().is_empty());
        // Providing another text changes nothing.
        assert_eq!(provide("a1 b1 W b3"), Ok(()));
        assert_eq!(lines(), book::parse(book::SHIPPED).unwrap());
    }

    /// The setups' results the book gives are the solver's file's, for
    /// every one of the 492 setups.
    #[test]
    fn the_books_setups_are_the_solved_setups() {
        let solved = table::parse(include_str!("../../../data/duel_setups.txt")).unwrap();
        assert_eq!(solved.len(), 492);
        let from_book = table();
        assert_eq!(from_book.len(), 492);
        for s in &solved {
            assert_eq!(from_book.value(s.setup), s.value, "{:?}", s.setup);
        }
        let a1 = |black: &str| Setup {
            white: "a1".parse().unwrap(),
            black: black.parse().unwrap(),
        };
        // Read off the file: a1 b1 W, a1 c1 B.
        assert_eq!(from_book.value(a1("b1")), SetupValue::WhiteWins);
        assert_eq!(from_book.value(a1("c1")), SetupValue::BlackWins);
    }
}
