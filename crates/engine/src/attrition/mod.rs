//! Chivalrous Attrition (William F. Bultas): every piece moves as a knight
//! and marks each square it lands on; marked squares are closed for good.

mod notation;
mod options;
mod position;
mod violation;

pub use notation::{Move, Piece};
pub use options::{Options, PlayersError, Variant};
pub use position::{Position, Slot, PLAYER_NAMES};
pub use violation::Violation;

use crate::game::{GameState, Outcome, ParseMoveError, Player};

impl GameState for Position {
    type Move = Move;
    type Reason = Violation;

    fn players(&self) -> usize {
        Position::players(self)
    }

    fn to_move(&self) -> Option<Player> {
        Position::to_move(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        let Some(me) = self.to_move() else { return };
        if self.in_setup() {
            let squares = self.placement_squares();
            for piece in Piece::BOTH {
                if self.slot(me, piece) == Slot::InHand {
                    out.extend(
                        squares
                            .into_iter()
                            .map(|square| Move::Place { piece, square }),
                    );
                }
            }
            return;
        }
        for piece in self.still_to_jump() {
            if let Some(from) = self.slot(me, piece).square() {
                out.extend(
                    self.jumps_from(from)
                        .into_iter()
                        .map(|to| Move::Jump { from, to }),
                );
            }
        }
    }

    fn count_legal_moves(&self) -> u64 {
        let Some(me) = self.to_move() else { return 0 };
        if self.in_setup() {
            let in_hand = Piece::BOTH
                .iter()
                .filter(|&&k| self.slot(me, k) == Slot::InHand)
                .count() as u64;
            return in_hand * self.placement_squares().count() as u64;
        }
        self.still_to_jump()
            .filter_map(|k| self.slot(me, k).square())
            .map(|from| self.jumps_from(from).count() as u64)
            .sum()
    }

    fn play_unchecked(&mut self, mv: Move) {
        Position::play_unchecked(self, mv);
    }

    fn check_move(&self, mv: Move) -> Result<(), Violation> {
        self.check(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        text.parse()
    }

    fn notation(&self, mv: Move) -> String {
        match mv {
            Move::Jump { from, to } if self.occupied().contains(to) => format!("{from}x{to}"),
            _ => mv.to_string(),
        }
    }

    fn player_name(&self, player: Player) -> &'static str {
        PLAYER_NAMES.get(player as usize).copied().unwrap_or("?")
    }
}
