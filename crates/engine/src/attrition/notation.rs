//! Attrition moves in text: placements `Nd4` / `Bd4` (also `N@d4`), jumps
//! `d4-f5`, captures `d4xf5` (a jump may also be written `d4f5`).

use crate::game::{MoveSyntax, ParseMoveError};
use crate::square::Square;
use std::fmt;
use std::str::FromStr;

/// A player's piece: every variant has the Knight; the two-piece variants
/// add a second piece of another look, written `B`. Both move as knights.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Piece {
    Knight = 0,
    Second = 1,
}

impl Piece {
    pub const BOTH: [Piece; 2] = [Piece::Knight, Piece::Second];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Piece {
        if i == 0 {
            Piece::Knight
        } else {
            Piece::Second
        }
    }

    pub const fn letter(self) -> char {
        match self {
            Piece::Knight => 'N',
            Piece::Second => 'B',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Piece::Knight => "Knight (N)",
            Piece::Second => "second piece (B)",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    Place { piece: Piece, square: Square },
    Jump { from: Square, to: Square },
}

impl fmt::Display for Move {
    /// Jumps print with `-`; [`crate::GameState::notation`] adds the `x`
    /// of a capture, which needs the position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Place { piece, square } => write!(f, "{}{}", piece.letter(), square),
            Move::Jump { from, to } => write!(f, "{from}-{to}"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        let err = |reason| ParseMoveError {
            text: crate::game::quoted(text),
            reason,
        };
        let square = |s: &str| s.parse::<Square>().map_err(|e| err(MoveSyntax::Square(e)));
        let piece = match text.chars().next() {
            None => return Err(err(MoveSyntax::Empty { cheversi: false })),
            Some('N' | 'n') => Some(Piece::Knight),
            Some('B') => Some(Piece::Second),
            _ => None,
        };
        if let Some(piece) = piece {
            let rest = &text[1..];
            let rest = rest.strip_prefix('@').unwrap_or(rest);
            return Ok(Move::Place {
                piece,
                square: square(rest)?,
            });
        }
        let (from, to) = if let Some((a, b)) = text.split_once(['-', 'x']) {
            (a, b)
        } else if text.len() == 4 && text.is_ascii() {
            text.split_at(2)
        } else {
            return Err(err(MoveSyntax::NeitherPlacementNorJump));
        };
        Ok(Move::Jump {
            from: square(from)?,
            to: square(to)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_form() {
        let jump = "d4-f5".parse::<Move>().unwrap();
        for text in ["d4xf5", "d4f5"] {
            assert_eq!(text.parse::<Move>().unwrap(), jump, "{text}");
        }
        assert_eq!(jump.to_string(), "d4-f5");
        assert_eq!("N@d4".parse::<Move>().unwrap().to_string(), "Nd4");
        assert_eq!("nd4".parse::<Move>().unwrap().to_string(), "Nd4");
        assert_eq!("Bh1".parse::<Move>().unwrap().to_string(), "Bh1");
    }

    #[test]
    fn says_what_is_wrong() {
        for bad in ["", "d4-", "d4-z9", "Qd4", "d4", "N", "d4–f5", "é4-f5"] {
            let e = bad.parse::<Move>().unwrap_err();
            assert_eq!(e.text, bad);
            // Said after the quoted text (or alone, for an empty one).
            assert!(e.to_string().len() > bad.len() + 2, "{e}");
        }
    }
}
