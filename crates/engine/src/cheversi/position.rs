//! A Cheversi position: the board, both hands, and each piece's attacks.
//!
//! Pieces never move, so each placed piece keeps its attack set in a slot
//! indexed by the ply it was placed on. A placement only adds its own set
//! and cuts the lines of sliders that ran through its square; scores are
//! popcounts over those sets, which keeps a placement in tens of
//! nanoseconds.

use super::notation::Move;
use super::options::{Count, Options, RuleSet, Squares};
use super::piece::{Color, Kind};
use crate::attacks::{
    beyond, bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks,
};
use crate::bitboard::Bitboard;
use crate::game::Outcome;
use crate::square::Square;
use std::sync::LazyLock;

/// The number of placements in a game: 8 pieces each.
pub const PLIES: usize = 16;

/// Keys per colour and kind (index `color * 5 + kind`), then one per kind
/// for the last placed piece, which the Lewicki and BrainKing rules read.
static PIECE_KEYS: LazyLock<[[u64; 64]; 10]> = LazyLock::new(|| crate::zobrist::keys(0xC4E7));
static LAST_KEYS: LazyLock<[[u64; 64]; 5]> = LazyLock::new(|| crate::zobrist::keys(0x1A57));

/// A piece on the board. Its colour follows from its ply's parity.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Placed {
    pub kind: Kind,
    pub square: Square,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    pub(crate) options: Options,
    pub(crate) occupied: Bitboard,
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) bishops: [Bitboard; 2],
    pub(crate) hand: [[u8; 5]; 2],
    /// Per colour, a bit per [`Kind::index`] still in hand.
    pub(crate) kinds_in_hand: [u8; 2],
    /// `placed[i]` was placed at ply `i`: White at even plies.
    pub(crate) placed: [Placed; PLIES],
    pub(crate) attacks: [Bitboard; PLIES],
    /// Bit `i` set when `placed[i]` is a slider.
    pub(crate) sliders: u16,
    /// Zobrist hash of the pieces on the board.
    board_hash: u64,
    pub(crate) ply: u8,
}

/// The squares a piece of `kind` on `square` attacks, lines cut by `occupied`.
#[inline]
pub fn piece_attacks(kind: Kind, square: Square, occupied: Bitboard) -> Bitboard {
    match kind {
        Kind::King => king_attacks(square),
        Kind::Queen => queen_attacks(square, occupied),
        Kind::Rook => rook_attacks(square, occupied),
        Kind::Bishop => bishop_attacks(square, occupied),
        Kind::Knight => knight_attacks(square),
    }
}

impl Position {
    /// The empty board, White to place.
    pub fn new(options: Options) -> Position {
        Position {
            options,
            occupied: Bitboard::EMPTY,
            by_color: [Bitboard::EMPTY; 2],
            bishops: [Bitboard::EMPTY; 2],
            hand: [Kind::START_HAND; 2],
            kinds_in_hand: [0b11111; 2],
            placed: [Placed {
                kind: Kind::King,
                square: Square::from_index_unchecked(0),
            }; PLIES],
            attacks: [Bitboard::EMPTY; PLIES],
            sliders: 0,
            board_hash: 0,
            ply: 0,
        }
    }

    pub fn options(&self) -> Options {
        self.options
    }

    /// Placements made so far (0 to 16).
    pub fn ply(&self) -> usize {
        self.ply as usize
    }

    pub fn is_over(&self) -> bool {
        self.ply() == PLIES
    }

    pub fn side_to_move(&self) -> Option<Color> {
        (!self.is_over()).then(|| Color::of_ply(self.ply()))
    }

    /// How many of each kind (indexed by [`Kind::index`]) `color` holds.
    pub fn hand(&self, color: Color) -> [u8; 5] {
        self.hand[color.index()]
    }

    pub fn in_hand(&self, color: Color, kind: Kind) -> u8 {
        self.hand[color.index()][kind.index()]
    }

    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    pub fn pieces_of(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// Every placement so far, in order (White's at even indices).
    pub fn placements(&self) -> &[Placed] {
        &self.placed[..self.ply()]
    }

    pub fn piece_at(&self, square: Square) -> Option<(Color, Kind)> {
        if !self.occupied.contains(square) {
            return None;
        }
        self.placements()
            .iter()
            .position(|p| p.square == square)
            .map(|i| (Color::of_ply(i), self.placed[i].kind))
    }

    /// The piece placed most recently, with its colour.
    pub fn last_placed(&self) -> Option<(Color, Placed)> {
        let i = self.ply().checked_sub(1)?;
        Some((Color::of_ply(i), self.placed[i]))
    }

    /// The squares the piece placed at ply `i` attacks now.
    pub fn attacks_of_placement(&self, i: usize) -> Bitboard {
        self.attacks[..self.ply()][i]
    }

    /// Indices of `color`'s placements: its pieces are at alternate plies.
    fn indices_of(&self, color: Color) -> impl Iterator<Item = usize> {
        (color.index()..self.ply()).step_by(2)
    }

    /// Every square at least one of `color`'s pieces attacks.
    pub fn attacked_by(&self, color: Color) -> Bitboard {
        self.indices_of(color)
            .fold(Bitboard::EMPTY, |acc, i| acc | self.attacks[i])
    }

    /// For each square, how many of `color`'s pieces attack it.
    pub fn attack_counts(&self, color: Color) -> [u8; 64] {
        let mut counts = [0u8; 64];
        for i in self.indices_of(color) {
            for sq in self.attacks[i] {
                counts[sq.index()] += 1;
            }
        }
        counts
    }

    /// The squares that can score under the `squares` setting.
    pub fn scoring_mask(&self) -> Bitboard {
        match self.options.scoring.squares {
            Squares::Empty => !self.occupied,
            Squares::All => Bitboard::ALL,
        }
    }

    /// What the piece placed at ply `i` adds to its owner's score as if
    /// alone (with `distinct` counting, squares shared with other pieces of
    /// the same colour are counted for each, so these do not sum to it).
    pub fn points_of_placement(&self, i: usize) -> i32 {
        (self.attacks_of_placement(i) & self.scoring_mask()).count() as i32
    }

    /// The live score of `color` under this game's scoring settings.
    #[inline]
    pub fn score(&self, color: Color) -> i32 {
        let mask = self.scoring_mask();
        match self.options.scoring.count {
            Count::Multiplicity => self
                .indices_of(color)
                .map(|i| (self.attacks[i] & mask).count() as i32)
                .sum(),
            Count::Distinct => (self.attacked_by(color) & mask).count() as i32,
        }
    }

    /// `[White, Black]`.
    pub fn scores(&self) -> [i32; 2] {
        [self.score(Color::White), self.score(Color::Black)]
    }

    /// The squares `color`'s sliders attack (0 White, 1 Black).
    pub(crate) fn sliding_attacks(&self, color: usize) -> Bitboard {
        let mut sliding = Bitboard::EMPTY;
        let mut sliders = self.sliders;
        while sliders != 0 {
            let j = sliders.trailing_zeros() as usize;
            sliders &= sliders - 1;
            if j & 1 == color {
                sliding |= self.attacks[j];
            }
        }
        sliding
    }

    /// The squares `color`'s sliders attack from further than next to
    /// them: those attacked so by at least one, and by at least two.
    pub(crate) fn far_sliding_attacks(&self, color: usize) -> [Bitboard; 2] {
        let [mut once, mut twice] = [Bitboard::EMPTY; 2];
        let mut sliders = self.sliders;
        while sliders != 0 {
            let j = sliders.trailing_zeros() as usize;
            sliders &= sliders - 1;
            if j & 1 == color {
                let far = self.attacks[j] & !king_attacks(self.placed[j].square);
                twice |= once & far;
                once |= far;
            }
        }
        [once, twice]
    }

    /// White's score minus Black's.
    pub fn margin(&self) -> i32 {
        self.score(Color::White) - self.score(Color::Black)
    }

    pub fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        Some(match self.margin() {
            m if m > 0 => Outcome::Winner(Color::White as u8),
            m if m < 0 => Outcome::Winner(Color::Black as u8),
            _ => Outcome::Draw,
        })
    }

    /// True when the rules read the last piece placed (the Lewicki rule,
    /// BrainKing's Queen call and last King); elsewhere placements made in
    /// another order reach the same position.
    fn last_piece_matters(&self) -> bool {
        matches!(self.options.rules, RuleSet::Lewicki | RuleSet::Brainking)
    }

    /// A hash of everything that decides the game from here: the pieces on
    /// the board (which fix the hands and the side to move) and, where the
    /// rules read it, the last piece placed.
    pub fn hash(&self) -> u64 {
        match self.last_placed() {
            Some((_, last)) if self.last_piece_matters() => {
                self.board_hash ^ LAST_KEYS[last.kind.index()][last.square.index()]
            }
            _ => self.board_hash,
        }
    }

    /// [`Position::hash`] of this position seen through a symmetry of the
    /// board (`map` sends each square to its image).
    pub fn hash_mapped(&self, map: impl Fn(Square) -> Square) -> u64 {
        let mut h = 0;
        for (i, p) in self.placements().iter().enumerate() {
            h ^= PIECE_KEYS[Color::of_ply(i).index() * 5 + p.kind.index()][map(p.square).index()];
        }
        if let Some((_, last)) = self.last_placed().filter(|_| self.last_piece_matters()) {
            h ^= LAST_KEYS[last.kind.index()][map(last.square).index()];
        }
        h
    }

    /// White's score minus Black's once `mv` (legal) is placed, without
    /// placing it: what the search orders moves by, without copying the
    /// position for each.
    pub fn margin_after(&self, mv: Move) -> i32 {
        let i = self.ply();
        let occupied = self.occupied | Bitboard::from_square(mv.square);
        let mask = match self.options.scoring.squares {
            Squares::Empty => !occupied,
            Squares::All => Bitboard::ALL,
        };
        let mut sums = [0i32; 2];
        let mut unions = [Bitboard::EMPTY; 2];
        for j in 0..i {
            let mut attacks = self.attacks[j];
            // As in a placement: the new piece cuts the lines through it.
            let hit =
                ((self.sliders >> j) as u64 & attacks.0 >> mv.square.index() & 1).wrapping_neg();
            attacks.0 &= !(beyond(self.placed[j].square, mv.square).0 & hit);
            sums[j & 1] += (attacks & mask).count() as i32;
            unions[j & 1] |= attacks;
        }
        let new = piece_attacks(mv.kind, mv.square, occupied);
        sums[i & 1] += (new & mask).count() as i32;
        unions[i & 1] |= new;
        match self.options.scoring.count {
            Count::Multiplicity => sums[0] - sums[1],
            Count::Distinct => {
                (unions[0] & mask).count() as i32 - (unions[1] & mask).count() as i32
            }
        }
    }

    /// [`Position::hash`] once `mv` is placed, without placing it.
    pub fn hash_after(&self, mv: Move) -> u64 {
        let color = Color::of_ply(self.ply()).index();
        let board = self.board_hash ^ PIECE_KEYS[color * 5 + mv.kind.index()][mv.square.index()];
        if self.last_piece_matters() {
            board ^ LAST_KEYS[mv.kind.index()][mv.square.index()]
        } else {
            board
        }
    }

    /// The board, the side's pieces and bishops, and its hand after `mv`
    /// (what every placement updates; the ply is not advanced).
    #[inline]
    pub(crate) fn take_from_hand(&mut self, mv: Move) {
        let color = Color::of_ply(self.ply()).index();
        self.occupied.insert(mv.square);
        self.by_color[color].insert(mv.square);
        if mv.kind == Kind::Bishop {
            self.bishops[color].insert(mv.square);
        }
        self.hand[color][mv.kind.index()] -= 1;
        if self.hand[color][mv.kind.index()] == 0 {
            self.kinds_in_hand[color] &= !(1 << mv.kind.index());
        }
    }

    /// Places a piece the caller knows to be legal. Panics (in debug) on a
    /// full board or an occupied square; the search relies on it being fast.
    #[inline]
    pub fn place_unchecked(&mut self, mv: Move) {
        let i = self.ply();
        debug_assert!(i < PLIES && !self.occupied.contains(mv.square));
        let color = Color::of_ply(i).index();
        self.take_from_hand(mv);
        // The new piece cuts every line that ran through its square.
        let mut sliders = self.sliders;
        while sliders != 0 {
            let j = sliders.trailing_zeros() as usize;
            sliders &= sliders - 1;
            // Branch-free: whether a line runs through the square is a coin
            // toss to the branch predictor.
            let hit = (self.attacks[j].0 >> mv.square.index() & 1).wrapping_neg();
            self.attacks[j].0 &= !(beyond(self.placed[j].square, mv.square).0 & hit);
        }
        self.placed[i] = Placed {
            kind: mv.kind,
            square: mv.square,
        };
        self.attacks[i] = piece_attacks(mv.kind, mv.square, self.occupied);
        if mv.kind.is_slider() {
            self.sliders |= 1 << i;
        }
        self.board_hash ^= PIECE_KEYS[color * 5 + mv.kind.index()][mv.square.index()];
        self.ply += 1;
    }
}
