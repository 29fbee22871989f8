//! Attack sets of chess pieces as bitboards.
//!
//! Leapers come from tables built at compile time. Sliders use ray tables:
//! along each direction the first occupied square is attacked and the ray
//! behind it is cut off — docs/rules.md's blocking rule. Ray tables are 4 KiB,
//! small enough for the wasm build, where magic tables would not be.

use crate::bitboard::Bitboard;
use crate::square::Square;

const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

const KING_STEPS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Directions as (file step, rank step). The first four increase the square
/// index (the nearest blocker is the lowest bit), the last four decrease it.
const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),   // north
    (1, 0),   // east
    (1, 1),   // north-east
    (-1, 1),  // north-west
    (0, -1),  // south
    (-1, 0),  // west
    (-1, -1), // south-west
    (1, -1),  // south-east
];

const fn leaper_table(steps: [(i8, i8); 8]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut bits = 0u64;
        let mut i = 0;
        while i < 8 {
            let (f, r) = (file + steps[i].0, rank + steps[i].1);
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                bits |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        table[sq] = Bitboard(bits);
        sq += 1;
    }
    table
}

const fn ray_table() -> [[u64; 64]; 8] {
    let mut table = [[0u64; 64]; 8];
    let mut dir = 0;
    while dir < 8 {
        let mut sq = 0;
        while sq < 64 {
            let (mut f, mut r) = ((sq % 8) as i8, (sq / 8) as i8);
            let mut bits = 0u64;
            loop {
                f += DIRECTIONS[dir].0;
                r += DIRECTIONS[dir].1;
                if f < 0 || f >= 8 || r < 0 || r >= 8 {
                    break;
                }
                bits |= 1 << (r * 8 + f);
            }
            table[dir][sq] = bits;
            sq += 1;
        }
        dir += 1;
    }
    table
}

static KNIGHT: [Bitboard; 64] = leaper_table(KNIGHT_STEPS);
static KING: [Bitboard; 64] = leaper_table(KING_STEPS);
static RAYS: [[u64; 64]; 8] = ray_table();

#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT[sq.index()]
}

#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING[sq.index()]
}

// Branch-free: a sentinel bit on the far corner stands for "no blocker",
// and the ray from that corner in these directions is empty. Whether a
// line is blocked is a coin toss to the branch predictor.
#[inline]
fn ray_up(dir: usize, sq: usize, occupied: u64) -> u64 {
    let ray = RAYS[dir][sq];
    let nearest = ((ray & occupied) | 1 << 63).trailing_zeros() as usize;
    ray ^ RAYS[dir][nearest]
}

#[inline]
fn ray_down(dir: usize, sq: usize, occupied: u64) -> u64 {
    let ray = RAYS[dir][sq];
    let nearest = 63 - ((ray & occupied) | 1).leading_zeros() as usize;
    ray ^ RAYS[dir][nearest]
}

#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let (s, o) = (sq.index(), occupied.0);
    Bitboard(ray_up(0, s, o) | ray_up(1, s, o) | ray_down(4, s, o) | ray_down(5, s, o))
}

#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let (s, o) = (sq.index(), occupied.0);
    Bitboard(ray_up(2, s, o) | ray_up(3, s, o) | ray_down(6, s, o) | ray_down(7, s, o))
}

#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// For two squares on one line, the direction index (into `DIRECTIONS`)
/// from the first towards the second; 0 elsewhere (callers mask it out).
/// A 4 KiB table: worked out arithmetically, it is the placement's hot spot.
const fn direction_table() -> [[u8; 64]; 64] {
    let mut table = [[0u8; 64]; 64];
    let mut dir = 0;
    while dir < 8 {
        let mut from = 0;
        while from < 64 {
            let (mut f, mut r) = ((from % 8) as i8, (from / 8) as i8);
            loop {
                f += DIRECTIONS[dir].0;
                r += DIRECTIONS[dir].1;
                if f < 0 || f >= 8 || r < 0 || r >= 8 {
                    break;
                }
                table[from][(r * 8 + f) as usize] = dir as u8;
            }
            from += 1;
        }
        dir += 1;
    }
    table
}

static DIRECTION: [[u8; 64]; 64] = direction_table();

/// The squares past `to` on the line from `from` through `to`: what a
/// slider on `from` stops attacking when a piece lands on `to`.
#[inline]
pub fn beyond(from: Square, to: Square) -> Bitboard {
    let dir = DIRECTION[from.index()][to.index()] as usize & 7;
    Bitboard(RAYS[dir][to.index()])
}

/// Every square next to (a king's step from) a square of `set`.
#[inline]
pub fn neighbours_of(set: Bitboard) -> Bitboard {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let b = set.0;
    let sideways = ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    let row = b | sideways;
    Bitboard(sideways | (row << 8) | (row >> 8))
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_support::sq;

    fn set(squares: &[&str]) -> Bitboard {
        squares.iter().map(|s| sq(s)).collect()
    }

    /// Walks the board one step at a time: the simple reference.
    fn slow_slider(from: Square, occupied: Bitboard, dirs: &[(i8, i8)]) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for &(df, dr) in dirs {
            let (mut f, mut r) = (from.file() as i8, from.rank() as i8);
            loop {
                f += df;
                r += dr;
                let Some(s) = Square::from_coords(f as u8, r as u8).filter(|_| f >= 0 && r >= 0)
                else {
                    break;
                };
                out.insert(s);
                if occupied.contains(s) {
                    break;
                }
            }
        }
        out
    }

    #[test]
    fn leapers_in_the_corner_and_centre() {
        assert_eq!(knight_attacks(sq("a1")), set(&["b3", "c2"]));
        assert_eq!(knight_attacks(sq("d4")).count(), 8);
        assert_eq!(king_attacks(sq("h8")), set(&["g8", "g7", "h7"]));
    }

    #[test]
    fn sliders_stop_at_the_first_piece_and_attack_it() {
        let occupied = set(&["d6", "f4"]);
        let rook = rook_attacks(sq("d4"), occupied);
        assert!(rook.contains(sq("d6")));
        assert!(!rook.contains(sq("d7")));
        assert!(rook.contains(sq("f4")));
        assert!(!rook.contains(sq("g4")));
        assert!(rook.contains(sq("a4")) && rook.contains(sq("d1")));
        assert!(
            !rook.contains(sq("d4")),
            "a piece never attacks its own square"
        );
    }

    #[test]
    fn sliders_match_a_step_by_step_walk() {
        let rook_dirs = [(0, 1), (1, 0), (0, -1), (-1, 0)];
        let bishop_dirs = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..500 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let occupied = Bitboard(state & state.rotate_left(23) & state.rotate_left(41));
            for from in Square::all() {
                assert_eq!(
                    rook_attacks(from, occupied),
                    slow_slider(from, occupied, &rook_dirs)
                );
                assert_eq!(
                    bishop_attacks(from, occupied),
                    slow_slider(from, occupied, &bishop_dirs)
                );
            }
        }
    }

    #[test]
    fn beyond_is_the_rest_of_the_line() {
        assert_eq!(beyond(sq("d4"), sq("d6")), set(&["d7", "d8"]));
        assert_eq!(beyond(sq("d4"), sq("b2")), set(&["a1"]));
        assert_eq!(beyond(sq("d4"), sq("g4")), set(&["h4"]));
        assert_eq!(beyond(sq("h1"), sq("a8")), Bitboard::EMPTY);
        // Placing a blocker and cutting the line gives the recomputed set.
        for from in Square::all() {
            for to in queen_attacks(from, Bitboard::EMPTY) {
                let cut = queen_attacks(from, Bitboard::EMPTY) & !beyond(from, to);
                assert_eq!(
                    cut,
                    queen_attacks(from, Bitboard::from_square(to)),
                    "{from} {to}"
                );
            }
        }
    }

    #[test]
    fn neighbours_of_a_set_is_the_union_of_king_steps() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..500 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let s = Bitboard(state & state.rotate_left(29));
            let expected = s
                .iter()
                .fold(Bitboard::EMPTY, |acc, q| acc | king_attacks(q));
            assert_eq!(neighbours_of(s), expected);
        }
    }

    #[test]
    fn the_symmetries_are_eight_distinct_board_maps_that_keep_knight_moves() {
        let mut images = std::collections::HashSet::new();
        for map in Square::SYMMETRIES {
            let image: Vec<Square> = Square::all().map(map).collect();
            let mut sorted = image.clone();
            sorted.sort();
            assert_eq!(sorted, Square::all().collect::<Vec<_>>(), "a bijection");
            images.insert(image);
            for a in Square::all() {
                for b in knight_attacks(a) {
                    assert!(knight_attacks(map(a)).contains(map(b)));
                }
            }
        }
        assert_eq!(images.len(), 8);
    }
}
