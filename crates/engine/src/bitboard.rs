//! A set of squares as one `u64`, bit i for square i.

use crate::square::Square;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const ALL: Bitboard = Bitboard(!0);
    /// The 32 dark squares (a1, c1, …): file + rank even.
    pub const DARK: Bitboard = Bitboard(0xAA55_AA55_AA55_AA55);
    pub const LIGHT: Bitboard = Bitboard(!0xAA55_AA55_AA55_AA55);

    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1 << sq.index();
    }

    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq.index());
    }

    /// The lowest square in the set.
    #[inline]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    /// The `n`-th square (from 0, lowest first). Halves the word by
    /// popcount, without branches (which half holds it is a coin toss to
    /// the branch predictor), down to a byte, then reads a table: there is
    /// no `pdep` on wasm32.
    #[inline]
    pub fn nth(self, mut n: u32) -> Option<Square> {
        if n >= self.count() {
            return None;
        }
        let mut bits = self.0;
        let mut base = 0u32;
        for width in [32u32, 16, 8] {
            let low_count = (bits & ((1u64 << width) - 1)).count_ones();
            let high = u32::from(n >= low_count);
            n -= low_count * high;
            bits = (bits >> (width * high)) & ((1u64 << width) - 1);
            base += width * high;
        }
        Some(Square::from_index_unchecked(
            (base + u32::from(NTH_IN_BYTE[bits as usize][n as usize & 7])) as u8,
        ))
    }

    /// Squares of the same colour as `sq` (dark or light).
    #[inline]
    pub const fn same_colour_as(sq: Square) -> Bitboard {
        if sq.is_dark() {
            Bitboard::DARK
        } else {
            Bitboard::LIGHT
        }
    }

    pub fn iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }
}

pub struct BitboardIter(u64);

impl Iterator for BitboardIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_index_unchecked(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;
    fn into_iter(self) -> BitboardIter {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for sq in iter {
            bb.insert(sq);
        }
        bb
    }
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
    };
}
bit_op!(BitAnd, bitand, &);
bit_op!(BitOr, bitor, |);
bit_op!(BitXor, bitxor, ^);

impl BitAndAssign for Bitboard {
    #[inline]
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}

impl BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// `NTH_IN_BYTE[b][n]`: the position of the `n`-th set bit of the byte `b`.
static NTH_IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut bit, mut n) = (0, 0);
        while bit < 8 {
            if byte >> bit & 1 == 1 {
                table[byte][n] = bit as u8;
                n += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nth_matches_iteration_order() {
        let mut state = 0x1234_5678_9abc_def0u64;
        for _ in 0..2000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let bb = Bitboard(state & state.rotate_left(11));
            let listed: Vec<Square> = bb.iter().collect();
            for (i, sq) in listed.iter().enumerate() {
                assert_eq!(bb.nth(i as u32), Some(*sq));
            }
            assert_eq!(bb.nth(listed.len() as u32), None);
        }
    }

    #[test]
    fn colour_masks_agree_with_squares() {
        for sq in Square::all() {
            assert_eq!(Bitboard::DARK.contains(sq), sq.is_dark(), "{sq}");
            assert_eq!(Bitboard::LIGHT.contains(sq), !sq.is_dark(), "{sq}");
        }
    }
}
