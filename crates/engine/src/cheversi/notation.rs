//! Cheversi placements in text: `Kd4`, also read as `K@d4` or `kd4`.

use super::piece::Kind;
use crate::game::{MoveSyntax, ParseMoveError};
use crate::square::Square;
use std::fmt;
use std::str::FromStr;

/// A placement. The two Rooks (Bishops, Knights) of a side are alike, so a
/// kind and a square are the whole move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub kind: Kind,
    pub square: Square,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.kind.letter(), self.square)
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        let err = |reason| ParseMoveError {
            text: crate::game::quoted(text),
            reason,
        };
        let mut chars = text.chars();
        let letter = chars
            .next()
            .ok_or_else(|| err(MoveSyntax::Empty { cheversi: true }))?;
        let kind = Kind::from_letter(letter).ok_or_else(|| err(MoveSyntax::NotAPiece(letter)))?;
        let rest = chars.as_str();
        let square_text = rest.strip_prefix('@').unwrap_or(rest);
        let square = square_text
            .parse::<Square>()
            .map_err(|e| err(MoveSyntax::Square(e)))?;
        Ok(Move { kind, square })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_accepted_form_and_prints_canonically() {
        for text in ["Kd4", "K@d4", "kd4", "k@d4"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), "Kd4", "{text}");
        }
        assert_eq!("Nh8".parse::<Move>().unwrap().kind, Kind::Knight);
    }

    #[test]
    fn says_what_is_wrong() {
        let e = "Xd4".parse::<Move>().unwrap_err();
        assert_eq!(e.reason, MoveSyntax::NotAPiece('X'));
        assert!(e.to_string().contains("'X' is not a piece"), "{e}");
        let e = "Kz9".parse::<Move>().unwrap_err();
        assert!(
            e.to_string().starts_with("Kz9: 'z9' is not a square"),
            "{e}"
        );
        assert!("".parse::<Move>().is_err());
        assert!("K@".parse::<Move>().is_err());
        assert!("Kd4x".parse::<Move>().is_err());
    }
}
