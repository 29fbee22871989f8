//! Why an Attrition move is illegal: one variant per rule of docs/rules.md.

use super::notation::{Move, Piece};
use super::position::{Position, Slot, PLAYER_NAMES};
use crate::attacks::knight_attacks;
use crate::game::Player;
use crate::square::Square;
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Violation {
    GameOver,
    /// A jump while pieces are still being placed.
    StillInSetup,
    /// A placement after setup.
    SetupOver,
    /// `B` in a variant with one piece each.
    NoSecondPiece,
    AlreadyPlaced {
        piece: Piece,
    },
    Occupied {
        square: Square,
    },
    /// Setup: on a mirror image of another player's start.
    Mirror {
        owner: Player,
        start: Square,
    },
    NoPieceOn {
        square: Square,
    },
    NotYourPiece {
        square: Square,
        owner: Player,
    },
    AlreadyJumped {
        square: Square,
    },
    NotAKnightMove {
        from: Square,
        to: Square,
    },
    Marked {
        square: Square,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |p: Player| PLAYER_NAMES[p as usize];
        match *self {
            Violation::GameOver => write!(f, "the game is over"),
            Violation::StillInSetup => {
                write!(f, "pieces are still being placed: place a piece first")
            }
            Violation::SetupOver => write!(f, "every piece is placed: now jump"),
            Violation::NoSecondPiece => {
                write!(
                    f,
                    "this variant has one knight each (N), no second piece (B)"
                )
            }
            Violation::AlreadyPlaced { piece } => {
                write!(f, "your {} is already on the board", piece.name())
            }
            Violation::Occupied { square } => write!(f, "{square} is already occupied"),
            Violation::Mirror { owner, start } => {
                write!(f, "mirror image of {}'s start {start}", name(owner))
            }
            Violation::NoPieceOn { square } => write!(f, "there is no piece on {square}"),
            Violation::NotYourPiece { square, owner } => {
                write!(f, "the piece on {square} is {}'s", name(owner))
            }
            Violation::AlreadyJumped { square } => {
                write!(f, "the piece on {square} has already jumped this turn")
            }
            Violation::NotAKnightMove { from, to } => {
                write!(f, "{from} to {to} is not a knight's move")
            }
            Violation::Marked { square } => write!(f, "{square} is marked"),
        }
    }
}

impl Position {
    /// `Ok` exactly when `mv` is legal; otherwise the rule it breaks.
    pub fn check(&self, mv: Move) -> Result<(), Violation> {
        if self.winner().is_some() {
            return Err(Violation::GameOver);
        }
        let me = self.turn;
        match mv {
            Move::Place { piece, square } => {
                if !self.in_setup {
                    return Err(Violation::SetupOver);
                }
                match self.slot(me, piece) {
                    Slot::Unused => return Err(Violation::NoSecondPiece),
                    Slot::InHand => {}
                    _ => return Err(Violation::AlreadyPlaced { piece }),
                }
                if self.occupied.contains(square) {
                    return Err(Violation::Occupied { square });
                }
                if self.forbidden_for(me).contains(square) {
                    let (owner, start) = self.mirrored_start(me, square);
                    return Err(Violation::Mirror { owner, start });
                }
                Ok(())
            }
            Move::Jump { from, to } => {
                if self.in_setup {
                    return Err(Violation::StillInSetup);
                }
                let (owner, piece) = self
                    .piece_at(from)
                    .ok_or(Violation::NoPieceOn { square: from })?;
                if owner != me {
                    return Err(Violation::NotYourPiece {
                        square: from,
                        owner,
                    });
                }
                if self.pending >> piece.index() & 1 == 0 {
                    return Err(Violation::AlreadyJumped { square: from });
                }
                if !knight_attacks(from).contains(to) {
                    return Err(Violation::NotAKnightMove { from, to });
                }
                if !self.jumps_from(from).contains(to) {
                    return Err(Violation::Marked { square: to });
                }
                Ok(())
            }
        }
    }

    /// The other player's start square that `square` mirrors.
    fn mirrored_start(&self, me: Player, square: Square) -> (Player, Square) {
        (0..self.players() as Player)
            .filter(|&p| p != me)
            .flat_map(|p| Piece::BOTH.into_iter().map(move |k| (p, k)))
            .find_map(|(p, k)| {
                let start = self.slot(p, k).square()?;
                start.mirrors().contains(&square).then_some((p, start))
            })
            .unwrap_or((me, square))
    }
}
