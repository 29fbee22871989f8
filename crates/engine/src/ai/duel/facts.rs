//! Facts of the duel the solvers share: the knight's jumps, the region a
//! knight can still reach, the longest path through it and its bounds, the
//! race of separated knights, the proof of a position, and the setups.

use crate::attacks::knight_attacks;
use crate::bitboard::Bitboard;
use crate::square::Square;

/// A proven result for the player to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Proof {
    pub wins: bool,
    /// Plies until the game ends (see the module docs).
    pub plies: u16,
}

/// The knight's jumps from a square index.
#[inline]
pub(crate) fn knight(sq: u8) -> u64 {
    knight_attacks(Square::from_index_unchecked(sq)).0
}

use knight as n;

/// Every square a knight on any square of `from` jumps to: the whole set
/// at once, by shifts and masks (no loop over squares).
#[inline]
pub(crate) fn knight_spread(from: u64) -> u64 {
    const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
    const NOT_AB: u64 = 0xfcfc_fcfc_fcfc_fcfc;
    const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const NOT_GH: u64 = 0x3f3f_3f3f_3f3f_3f3f;
    // One file across (then two ranks), two files across (then one rank).
    let one = ((from << 1) & NOT_A) | ((from >> 1) & NOT_H);
    let two = ((from << 2) & NOT_AB) | ((from >> 2) & NOT_GH);
    one << 16 | one >> 16 | two << 8 | two >> 8
}

/// Squares reachable from `from`'s jumps through squares not in `blocked`.
pub(crate) fn flood(from: u64, blocked: u64) -> u64 {
    let open = !blocked;
    let mut reached = from & open;
    let mut frontier = reached;
    while frontier != 0 {
        frontier = knight_spread(frontier) & open & !reached;
        reached |= frontier;
    }
    reached
}

/// The longest knight's path from `start` through `free` squares (each
/// visited once), by depth-first search with a bound: a path alternates
/// colours, so it cannot be longer than twice the smaller colour count of
/// the squares it can still reach, plus one.
pub fn longest_path(start: u8, free: u64, budget: &mut u64) -> Option<u32> {
    fn go(at: u8, free: u64, best: &mut u32, len: u32, budget: &mut u64) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        if len > *best {
            *best = len;
        }
        let moves = n(at) & free;
        if moves == 0 || len + path_bound(at, free) <= *best {
            return true;
        }
        // Warnsdorff order: fewest onward jumps first finds long paths early.
        let (order, count) = ordered(moves, |t| (n(t) & free).count_ones());
        for &t in &order[..count] {
            if !go(t, free & !(1 << t), best, len + 1, budget) {
                return false;
            }
        }
        true
    }
    let mut best = greedy_path(start, free);
    go(start, free, &mut best, 0, budget).then_some(best)
}

/// The squares of `moves` (a knight's jumps: at most 8) by `key`, then by
/// square: in a fixed array, so a node allocates nothing.
#[inline]
pub(crate) fn ordered(moves: u64, key: impl Fn(u8) -> u32) -> ([u8; 8], usize) {
    let mut order = [(0u32, 0u8); 8];
    let mut count = 0;
    for t in Bitboard(moves) {
        let t = t.index() as u8;
        let item = (key(t), t);
        // Insertion sort: at most 8 items.
        let mut i = count;
        while i > 0 && order[i - 1] > item {
            order[i] = order[i - 1];
            i -= 1;
        }
        order[i] = item;
        count += 1;
    }
    let mut squares = [0u8; 8];
    for (slot, (_, t)) in squares.iter_mut().zip(&order[..count]) {
        *slot = *t;
    }
    (squares, count)
}

/// A path found by always jumping to the square with the fewest onward
/// jumps (Warnsdorff's rule): a lower bound on the longest path.
pub fn greedy_path(start: u8, mut free: u64) -> u32 {
    let mut at = start;
    let mut len = 0;
    loop {
        let next = Bitboard(n(at) & free)
            .into_iter()
            .min_by_key(|t| (n(t.index() as u8) & free).count_ones());
        match next {
            None => return len,
            Some(t) => {
                at = t.index() as u8;
                free &= !(1 << at);
                len += 1;
            }
        }
    }
}

/// An upper bound on the longest path from `start` through `free`: a path
/// alternates colours, so it is at most twice the smaller colour count of
/// the squares it can reach, plus one.
pub fn path_bound(start: u8, free: u64) -> u32 {
    let region = flood(n(start), !free);
    let first_colour = if Square::from_index_unchecked(start).is_dark() {
        Bitboard::LIGHT.0
    } else {
        Bitboard::DARK.0
    };
    let a = (region & first_colour).count_ones();
    let b = (region & !first_colour).count_ones();
    if a > b {
        2 * b + 1
    } else {
        2 * a
    }
}

/// The two longest paths of separated knights (regions `mine`, `theirs`).
pub(crate) fn race_paths(
    markers: u64,
    me: u8,
    them: u8,
    mine: u64,
    theirs: u64,
    budget: &mut u64,
) -> Option<(u32, u32)> {
    let a = longest_path(me, !markers & mine, budget)?;
    let b = longest_path(them, !markers & theirs, budget)?;
    Some((a, b))
}

/// Whether the player to move wins the race of separated knights: its path
/// must be longer, since it is the first to need a jump. Decided by bounds
/// when they do not overlap, else by exact paths within `budget`.
pub(crate) fn race_winner(
    markers: u64,
    me: u8,
    them: u8,
    mine: u64,
    theirs: u64,
    budget: &mut u64,
) -> Option<bool> {
    let (free_a, free_b) = (!markers & mine, !markers & theirs);
    let (low_a, high_a) = (greedy_path(me, free_a), path_bound(me, free_a));
    let (low_b, high_b) = (greedy_path(them, free_b), path_bound(them, free_b));
    if low_a > high_b {
        return Some(true);
    }
    if high_a <= low_b {
        return Some(false);
    }
    race_paths(markers, me, them, mine, theirs, budget).map(|(a, b)| a > b)
}

/// A setup of the duel: White's knight, then Black's.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Setup {
    pub white: Square,
    pub black: Square,
}

impl Setup {
    /// The representative of this setup's class under the 8 symmetries of
    /// the board (the smallest image).
    pub fn canonical(self) -> Setup {
        Square::SYMMETRIES
            .iter()
            .map(|map| Setup {
                white: map(self.white),
                black: map(self.black),
            })
            .min()
            .expect("eight symmetries")
    }

    /// Every legal setup up to symmetry: Black avoids White's square and
    /// its three mirror images.
    pub fn all_distinct() -> Vec<Setup> {
        let mut out: Vec<Setup> = Square::all()
            .flat_map(|white| {
                Square::all()
                    .filter(move |&black| black != white && !white.mirrors().contains(&black))
                    .map(move |black| Setup { white, black }.canonical())
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }
}
