//! Legal placements, as one bitboard of squares per kind of piece.

use super::notation::Move;
use super::options::RuleSet;
use super::piece::{Color, Kind};
use super::position::{Position, PLIES};
use crate::attacks::{king_attacks, neighbours_of};
use crate::bitboard::Bitboard;

/// For each kind (by [`Kind::index`]), the squares it may be placed on.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Targets(pub [Bitboard; 5]);

impl Targets {
    #[inline]
    pub fn get(&self, kind: Kind) -> Bitboard {
        self.0[kind.index()]
    }

    #[inline]
    pub fn contains(&self, mv: Move) -> bool {
        self.get(mv.kind).contains(mv.square)
    }

    /// The number of legal placements.
    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|b| b.count()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|b| b.is_empty())
    }

    /// The `n`-th placement in [`Targets::moves`] order, without listing them.
    #[inline]
    pub fn nth(&self, mut n: u32) -> Option<Move> {
        for kind in Kind::ALL {
            let squares = self.get(kind);
            let c = squares.count();
            if n < c {
                return squares.nth(n).map(|square| Move { kind, square });
            }
            n -= c;
        }
        None
    }

    /// Every placement: by kind (K Q R B N), then by square (a1, b1, …).
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        Kind::ALL.into_iter().flat_map(move |kind| {
            self.get(kind)
                .into_iter()
                .map(move |square| Move { kind, square })
        })
    }

    /// The same squares for every kind in `kinds` (a bit per [`Kind::index`]).
    #[inline]
    fn uniform(kinds: u8, squares: Bitboard) -> Targets {
        Targets(std::array::from_fn(|k| {
            Bitboard(squares.0 & u64::from(kinds >> k & 1).wrapping_neg())
        }))
    }
}

impl Position {
    /// Kinds `color` still holds, a bit per [`Kind::index`].
    #[inline]
    pub(super) fn kinds_in_hand(&self, color: Color) -> u8 {
        self.kinds_in_hand[color.index()]
    }

    /// Every legal placement of the side to move (none once the game is over).
    pub fn targets(&self) -> Targets {
        let Some(me) = self.side_to_move() else {
            return Targets::default();
        };
        if let Some((kinds, squares)) = self.uniform_targets() {
            return Targets::uniform(kinds, squares);
        }
        match self.options.rules {
            RuleSet::Brainking => {
                let strict = self.brainking_targets(true);
                // Rule 8: with no placement that meets every rule, the
                // touching rule is lifted for this one placement.
                if strict.is_empty() {
                    self.brainking_targets(false)
                } else {
                    strict
                }
            }
            _ => Targets::uniform(self.kinds_in_hand(me), !self.occupied),
        }
    }

    /// The legal placements when every kind allowed may go on the same
    /// squares (every rule set but `brainking`): the kinds, a bit per
    /// [`Kind::index`], and the squares. Random playouts draw from these
    /// without listing the placements.
    pub(crate) fn uniform_targets(&self) -> Option<(u8, Bitboard)> {
        let me = self.side_to_move()?;
        let empty = !self.occupied;
        let kinds = self.kinds_in_hand(me);
        match self.options.rules {
            RuleSet::Lewicki | RuleSet::LewickiAny | RuleSet::LewickiFree => {
                Some((kinds, self.lewicki_squares()))
            }
            RuleSet::BrainkingClassic => match self.ply {
                0 => Some((1 << Kind::King.index(), empty)),
                1 => Some((1 << Kind::Queen.index(), empty)),
                _ => Some((kinds, empty)),
            },
            RuleSet::Brainking => None,
        }
    }

    /// Lewicki's squares before the fallback: attacked by the opponent's
    /// last piece (`lewicki`) or any of its pieces (`lewicki-any`).
    pub(super) fn lewicki_attacked(&self) -> Bitboard {
        let empty = !self.occupied;
        match (self.options.rules, self.ply()) {
            (RuleSet::LewickiFree, _) | (_, 0) => empty,
            (RuleSet::LewickiAny, ply) => self.attacked_by(Color::of_ply(ply - 1)) & empty,
            (_, ply) => self.attacks[ply - 1] & empty,
        }
    }

    /// Lewicki's squares with the fallback: anywhere empty when none is attacked.
    fn lewicki_squares(&self) -> Bitboard {
        let attacked = self.lewicki_attacked();
        if attacked.any() {
            attacked
        } else {
            !self.occupied
        }
    }

    /// True when the side to move is Black with its King as last piece.
    #[inline]
    pub(super) fn is_blacks_last(&self) -> bool {
        self.ply() == PLIES - 1
    }

    #[inline]
    pub(super) fn is_whites_last(&self) -> bool {
        self.ply() == PLIES - 2
    }

    /// True when the opponent just placed its Queen while ours is in hand.
    #[inline]
    pub(super) fn queen_called(&self, me: Color) -> bool {
        self.ply > 0
            && self.placed[self.ply() - 1].kind == Kind::Queen
            && self.in_hand(me, Kind::Queen) > 0
    }

    /// The BrainKing rules, with (`touch`) or without rule 2.
    pub(super) fn brainking_targets(&self, touch: bool) -> Targets {
        let (kinds, squares, bishop_squares) = self.brainking_parts(touch);
        let mut targets = Targets::uniform(kinds, squares);
        targets.0[Kind::Bishop.index()] &= bishop_squares;
        targets
    }

    /// The BrainKing rules as the kinds allowed, the squares they share,
    /// and the squares a Bishop may use (rule 5).
    pub(crate) fn brainking_parts(&self, touch: bool) -> (u8, Bitboard, Bitboard) {
        let ply = self.ply();
        let me = Color::of_ply(ply);
        let empty = !self.occupied;
        if ply == 0 {
            return (1 << Kind::King.index(), empty, Bitboard::ALL);
        }
        let mut squares = empty;
        if touch {
            squares &= neighbours_of(self.occupied);
        }
        let mut kinds = self.kinds_in_hand(me);
        if me == Color::Black {
            if self.is_blacks_last() {
                // Rule 3: Black's King touches White's last piece.
                squares &= king_attacks(self.placed[ply - 1].square);
            } else {
                kinds &= !(1 << Kind::King.index());
            }
        } else if self.is_whites_last() {
            // Rule 4: leave an empty neighbour for Black's King.
            squares &= neighbours_of(empty);
        }
        if self.queen_called(me) {
            kinds &= 1 << Kind::Queen.index();
        }
        (kinds, squares, self.bishop_squares(me))
    }

    /// Rule 5 in `brainking`: the squares `color`'s Bishop may take, the
    /// second on the other colour than the first.
    pub(crate) fn bishop_squares(&self, color: Color) -> Bitboard {
        match self.bishops[color.index()].first() {
            Some(first) => !Bitboard::same_colour_as(first),
            None => Bitboard::ALL,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cheversi::Options;

    #[test]
    fn brainking_rule_8_lifts_touching_when_nothing_else_is_legal() {
        // A contrived state no game reaches: Black to place its 2nd piece
        // with an empty board, so no square touches a piece.
        let mut pos = Position::new(Options::new(RuleSet::Brainking));
        pos.ply = 1;
        pos.hand[Color::White.index()][Kind::King.index()] = 0;
        assert!(pos.brainking_targets(true).is_empty());
        let targets = pos.targets();
        assert_eq!(targets, pos.brainking_targets(false));
        // Every kind but Black's King, on every square.
        assert_eq!(targets.count(), 4 * 64);
        assert!(targets.get(Kind::King).is_empty(), "rule 3 still holds");
    }
}
