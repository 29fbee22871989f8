//! Squares of the 8×8 board: `a1` is 0, `h1` is 7, `a8` is 56.

use std::fmt;
use std::str::FromStr;

/// One of the 64 squares. The index is `rank * 8 + file`, both from 0.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    pub const COUNT: usize = 64;

    /// The square with this index, if the index is below 64.
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// Caller guarantees `index < 64` (used on bit indices of a `u64`).
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index)
    }

    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// docs/rules.md: a1 is dark, so a square is dark when file + rank is even.
    #[inline]
    pub const fn is_dark(self) -> bool {
        (self.file() + self.rank()).is_multiple_of(2)
    }

    /// How many King steps apart two squares are.
    #[inline]
    pub const fn distance(self, other: Square) -> u8 {
        let files = self.file().abs_diff(other.file());
        let ranks = self.rank().abs_diff(other.rank());
        if files > ranks {
            files
        } else {
            ranks
        }
    }

    /// Mirror across the middle of the files (a1 ↔ h1).
    pub const fn flip_files(self) -> Square {
        Square(self.0 ^ 7)
    }

    /// Mirror across the middle of the ranks (h1 ↔ h8).
    pub const fn flip_ranks(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// Point reflection through the centre (h1 ↔ a8).
    pub const fn rotate_180(self) -> Square {
        Square(self.0 ^ 63)
    }

    /// The three mirror images of Chivalrous Attrition's setup rule.
    pub const fn mirrors(self) -> [Square; 3] {
        [self.flip_files(), self.flip_ranks(), self.rotate_180()]
    }

    /// The 8 symmetries of the board (the dihedral group of the square),
    /// identity first.
    pub const SYMMETRIES: [fn(Square) -> Square; 8] = [
        |s| s,
        |s| s.flip_files(),
        |s| s.flip_ranks(),
        |s| s.rotate_180(),
        |s| Square(s.file() * 8 + s.rank()),
        |s| Square((7 - s.file()) * 8 + (7 - s.rank())),
        |s| Square((7 - s.file()) * 8 + s.rank()),
        |s| Square(s.file() * 8 + (7 - s.rank())),
    ];

    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}

/// Why a text is not a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError {
    pub text: String,
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a square (a file a–h then a rank 1–8, like d4)",
            self.text
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(text: &str) -> Result<Square, ParseSquareError> {
        let err = || ParseSquareError {
            text: crate::quoted::quoted(text),
        };
        match text.as_bytes() {
            [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => {
                Square::from_coords(file - b'a', rank - b'1').ok_or_else(err)
            }
            _ => Err(err()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_distance_is_the_king_steps_between() {
        let sq = |text: &str| text.parse::<Square>().unwrap();
        assert_eq!(sq("a1").distance(sq("h8")), 7);
        assert_eq!(sq("d4").distance(sq("e6")), 2);
        assert_eq!(sq("e6").distance(sq("d4")), 2);
        assert_eq!(sq("c3").distance(sq("c3")), 0);
        assert_eq!(sq("h1").distance(sq("a2")), 7);
    }

    #[test]
    fn parses_and_prints_every_square() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!("a1".parse::<Square>().unwrap().index(), 0);
        assert_eq!("h8".parse::<Square>().unwrap().index(), 63);
    }

    #[test]
    fn rejects_bad_squares_with_the_text() {
        for bad in ["", "i1", "a9", "a0", "A1", "d44", "4d"] {
            let err = bad.parse::<Square>().unwrap_err();
            assert_eq!(err.text, bad);
        }
    }

    #[test]
    fn a1_is_dark_and_h1_is_light() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert!(sq("a1").is_dark());
        assert!(!sq("h1").is_dark());
        assert!(sq("h8").is_dark());
    }

    #[test]
    fn mirrors_follow_rules_examples() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(sq("h1").mirrors(), [sq("a1"), sq("h8"), sq("a8")]);
        assert_eq!(sq("d4").mirrors(), [sq("e4"), sq("d5"), sq("e5")]);
        for s in Square::all() {
            assert!(!s.mirrors().contains(&s), "no square is its own mirror");
        }
    }
}
