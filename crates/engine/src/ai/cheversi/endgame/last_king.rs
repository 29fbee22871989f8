//! Black's King, the last placement in `brainking`, scored on each square
//! next to White's last piece from one reading of the board with that
//! piece placed: how the bound two from the end
//! ([`Position::highest_margin_at_most`]) and the pass four from the end
//! score exactly a placement of White's that their bound does not hold.
//!
//! Counted by multiplicity, a piece landing on a square takes from each
//! piece attacking it that square (where only empty squares score) and,
//! from each slider, the squares past it on that line; every other attack
//! is unchanged. So once White's piece stands, the margin after the King is
//! the margin before it less what the King takes and plus what it attacks,
//! read from the pieces that attack its square alone. Tests check it against
//! counting the position with both placed.

use crate::attacks::{beyond, king_attacks};
use crate::bitboard::Bitboard;
use crate::cheversi::Move;
use crate::cheversi::{piece_attacks, Position, PLIES};
use crate::cheversi::{Count, Squares};
use crate::square::Square;

/// The board two placements from the end with White's last piece placed,
/// read once for each square of Black's King.
pub(super) struct BeforeKing {
    /// Each piece's attacks once White's last stands (its own last).
    attacks: [Bitboard; PLIES],
    squares: [Square; PLIES],
    sliders: u16,
    pieces: usize,
    /// The board with White's last piece placed.
    occupied: Bitboard,
    /// The squares that score with White's last piece placed.
    mask: Bitboard,
    only_empty: bool,
    /// White's score minus Black's with White's last piece placed.
    margin: i32,
}

impl Position {
    /// White's `last` (legal) read for Black's King to follow, two
    /// placements from the end; `None` where squares are counted once
    /// (a square's score is then not the sum of its attackers').
    pub(super) fn before_king(&self, last: Move) -> Option<BeforeKing> {
        debug_assert_eq!(self.ply() + 2, PLIES);
        if self.options.scoring.count != Count::Multiplicity {
            return None;
        }
        let occupied = self.occupied | Bitboard::from_square(last.square);
        let only_empty = self.options.scoring.squares == Squares::Empty;
        let mask = if only_empty { !occupied } else { Bitboard::ALL };
        let pieces = self.ply() + 1;
        let mut attacks = [Bitboard::EMPTY; PLIES];
        let mut squares = [last.square; PLIES];
        let mut margin = 0;
        for j in 0..self.ply() {
            let mut reach = self.attacks[j];
            if self.sliders >> j & 1 == 1 && reach.contains(last.square) {
                reach.0 &= !beyond(self.placed[j].square, last.square).0;
            }
            attacks[j] = reach;
            squares[j] = self.placed[j].square;
            margin += sign(j) * (reach & mask).count() as i32;
        }
        let own = piece_attacks(last.kind, last.square, occupied);
        attacks[self.ply()] = own;
        margin += sign(self.ply()) * (own & mask).count() as i32;
        let sliders = self.sliders | u16::from(last.kind.is_slider()) << self.ply();
        Some(BeforeKing {
            attacks,
            squares,
            sliders,
            pieces,
            occupied,
            mask,
            only_empty,
            margin,
        })
    }
}

/// +1 for White's pieces (even plies), -1 for Black's.
fn sign(ply: usize) -> i32 {
    1 - 2 * (ply & 1) as i32
}

impl BeforeKing {
    /// White's score minus Black's once Black's King lands on `king` (an
    /// empty square).
    pub(super) fn margin_with_king(&self, king: Square) -> i32 {
        let mut margin = self.margin;
        for j in 0..self.pieces {
            let reach = self.attacks[j];
            if !reach.contains(king) {
                continue;
            }
            let mut taken = u32::from(self.only_empty);
            if self.sliders >> j & 1 == 1 {
                taken += (beyond(self.squares[j], king) & reach & self.mask).count();
            }
            margin -= sign(j) * taken as i32;
        }
        let mask = if self.only_empty {
            self.mask & !Bitboard::from_square(king)
        } else {
            self.mask
        };
        margin - (king_attacks(king) & mask).count() as i32
    }

    /// The least margin over the King's empty squares next to White's
    /// last piece (rule 3); `None` where there is none.
    pub(super) fn lowest_with_king(&self) -> Option<i32> {
        let last = self.squares[self.pieces - 1];
        (king_attacks(last) & !self.occupied)
            .into_iter()
            .map(|k| self.margin_with_king(k))
            .min()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cheversi::{Kind, Options, RuleSet};
    use crate::rng::Rng;

    /// Against placing both pieces and counting, for every legal last
    /// White piece and every empty square next to it, in every brainking
    /// scoring (none where squares count once).
    #[test]
    fn the_king_after_whites_last_piece_scores_as_placing_both() {
        let mut rng = Rng::new(0x4b1e);
        let mut checked = 0;
        for options in Options::every().filter(|o| o.rules == RuleSet::Brainking) {
            for _ in 0..60 {
                let pos = Position::random_with_left(options, 2, &mut rng);
                for last in pos.targets().moves() {
                    let Some(before) = pos.before_king(last) else {
                        assert_eq!(options.scoring.count, Count::Distinct);
                        continue;
                    };
                    let mut child = pos.clone();
                    child.place_unchecked(last);
                    let mut lowest = None::<i32>;
                    for k in king_attacks(last.square) & !child.occupied() {
                        let mut end = child.clone();
                        end.place_unchecked(Move {
                            kind: Kind::King,
                            square: k,
                        });
                        assert_eq!(
                            before.margin_with_king(k),
                            end.margin(),
                            "{last:?} then K{k:?}"
                        );
                        lowest = Some(lowest.map_or(end.margin(), |l| l.min(end.margin())));
                        checked += 1;
                    }
                    assert_eq!(before.lowest_with_king(), lowest);
                }
            }
        }
        assert!(checked > 2000, "{checked}");
    }
}
