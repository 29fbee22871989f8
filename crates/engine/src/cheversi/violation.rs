//! Why a placement is illegal: one variant per rule of docs/rules.md.
//!
//! Legality itself is decided by [`Position::targets`]; this module only
//! names the rule a rejected placement breaks, so the two can never disagree.

use super::notation::Move;
use super::options::RuleSet;
use super::piece::{Color, Kind};
use super::position::{Placed, Position};
use crate::attacks::{king_attacks, neighbours_of};
use crate::bitboard::Bitboard;
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Violation {
    GameOver,
    NotInHand {
        color: Color,
        kind: Kind,
    },
    Occupied {
        square: crate::square::Square,
    },
    /// `brainking`, `brainking-classic`: White opens with the King.
    FirstMustBeKing,
    /// `brainking-classic`: Black's first placement is the Queen.
    BlackFirstMustBeQueen,
    /// `brainking` rule 2.
    MustTouch,
    /// `brainking` rule 3.
    BlackKingLast,
    /// `brainking` rule 3: the King touches White's 8th piece.
    BlackKingMustTouch {
        white_last: Placed,
    },
    /// `brainking` rule 4.
    WhiteLastNeedsEmptyNeighbour,
    /// `brainking` rule 5.
    BishopsSameColour,
    /// `brainking` rule 6.
    QueenCalled {
        color: Color,
    },
    /// `lewicki`: on a square the opponent's last piece attacks.
    NotAttackedByLast {
        last: Placed,
    },
    /// `lewicki-any`: on a square some opponent piece attacks.
    NotAttackedByAny,
    /// Never produced: the property tests check that every rejection names
    /// a rule. It exists so that a bug yields an error, not a panic.
    Unexplained,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Violation::GameOver => write!(f, "the game is over: all 16 pieces are placed"),
            Violation::NotInHand { color, kind } => {
                write!(f, "{color} has no {kind} left in hand")
            }
            Violation::Occupied { square } => write!(f, "{square} is already occupied"),
            Violation::FirstMustBeKing => write!(f, "White's first placement must be the King"),
            Violation::BlackFirstMustBeQueen => {
                write!(f, "Black's first placement must be the Queen")
            }
            Violation::MustTouch => {
                write!(f, "every placement must touch a piece already on the board")
            }
            Violation::BlackKingLast => write!(f, "Black's King must be Black's last piece"),
            Violation::BlackKingMustTouch { white_last } => write!(
                f,
                "Black's King must touch White's last piece ({}{})",
                white_last.kind.letter(),
                white_last.square
            ),
            Violation::WhiteLastNeedsEmptyNeighbour => write!(
                f,
                "White's last piece must leave an empty square beside it for Black's King"
            ),
            Violation::BishopsSameColour => {
                write!(f, "your Bishops must stand on different colours")
            }
            Violation::QueenCalled { color } => {
                write!(f, "the Queen was called — {color} must place the Queen now")
            }
            Violation::NotAttackedByLast { last } => write!(
                f,
                "must be on a square attacked by the opponent's last piece ({}{})",
                last.kind.letter(),
                last.square
            ),
            Violation::NotAttackedByAny => {
                write!(
                    f,
                    "must be on a square attacked by one of the opponent's pieces"
                )
            }
            Violation::Unexplained => write!(f, "not a legal placement here"),
        }
    }
}

impl Position {
    /// `Ok` exactly when `mv` is legal; otherwise the rule it breaks.
    pub fn check(&self, mv: Move) -> Result<(), Violation> {
        let Some(me) = self.side_to_move() else {
            return Err(Violation::GameOver);
        };
        if self.in_hand(me, mv.kind) == 0 {
            return Err(Violation::NotInHand {
                color: me,
                kind: mv.kind,
            });
        }
        if self.occupied.contains(mv.square) {
            return Err(Violation::Occupied { square: mv.square });
        }
        if self.targets().contains(mv) {
            return Ok(());
        }
        Err(self.broken_rule(me, mv))
    }

    /// The first rule that an empty-square placement of a piece in hand
    /// breaks, in the order docs/rules.md gives (only called when it is
    /// illegal).
    fn broken_rule(&self, me: Color, mv: Move) -> Violation {
        let ply = self.ply();
        let last = ply.checked_sub(1).map(|i| self.placed[i]);
        match (self.options.rules, last) {
            (RuleSet::Lewicki, Some(last)) => Violation::NotAttackedByLast { last },
            (RuleSet::LewickiAny, _) => Violation::NotAttackedByAny,
            (RuleSet::BrainkingClassic | RuleSet::Brainking, None) => Violation::FirstMustBeKing,
            (RuleSet::BrainkingClassic, Some(_)) => Violation::BlackFirstMustBeQueen,
            (RuleSet::Brainking, Some(last)) => {
                if self.queen_called(me) && mv.kind != Kind::Queen {
                    Violation::QueenCalled { color: me }
                } else if me == Color::Black && mv.kind == Kind::King && !self.is_blacks_last() {
                    Violation::BlackKingLast
                } else if me == Color::Black
                    && self.is_blacks_last()
                    && !king_attacks(last.square).contains(mv.square)
                {
                    Violation::BlackKingMustTouch { white_last: last }
                } else if mv.kind == Kind::Bishop
                    && (self.bishops[me.index()] & Bitboard::same_colour_as(mv.square)).any()
                {
                    Violation::BishopsSameColour
                } else if me == Color::White
                    && self.is_whites_last()
                    && (king_attacks(mv.square) & !self.occupied).is_empty()
                {
                    Violation::WhiteLastNeedsEmptyNeighbour
                } else {
                    debug_assert!(!neighbours_of(self.occupied).contains(mv.square));
                    Violation::MustTouch
                }
            }
            // Lewicki's first placement and lewicki-free allow every
            // empty-square placement of a piece in hand.
            (RuleSet::Lewicki | RuleSet::LewickiFree, _) => {
                debug_assert!(false, "{mv} was rejected under {}", self.options.rules);
                Violation::Unexplained
            }
        }
    }
}
