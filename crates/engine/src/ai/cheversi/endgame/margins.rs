//! The margin after each placement from one position, with the work the
//! placements share done once: what the search orders a node's children by.
//!
//! [`Position::margin_after`] rescores every piece for each placement. Here
//! each colour's attack counts per square are kept as four bit planes, so a
//! placement only reads which sliders' lines it cuts and the new piece's
//! own attacks.
//!
//! The cut lines of two sliders never share a square: both would have to
//! lie on one line, on the same side of the new piece, and the nearer one
//! blocks the other. So a square on a cut line loses exactly one attacker,
//! and leaves a colour's union only if that colour attacked it once.

use crate::attacks::{beyond, king_attacks};
use crate::bitboard::Bitboard;
use crate::cheversi::Move;
use crate::cheversi::{piece_attacks, Position};
use crate::cheversi::{Count, Scoring, Squares};
use crate::square::Square;

/// Shared by every placement from one position: see [`Position::margins`].
pub struct Margins<'a> {
    pos: &'a Position,
    counts: Counts,
}

/// Each colour's attack counts in a position, for [`Margins`] (which
/// borrows the position) and for scratch positions that own theirs.
#[cfg_attr(test, derive(Debug, PartialEq))]
pub(super) struct Counts {
    /// Per colour, how many of its pieces attack each square, in binary:
    /// `planes[c][k]` holds bit `k` of each square's count (at most 8).
    planes: [[Bitboard; 4]; 2],
    /// Per colour, the squares it attacks (the union of its planes).
    union: [Bitboard; 2],
    /// Per colour, the squares exactly one of its pieces attacks.
    once: [Bitboard; 2],
    /// Per colour, its score under multiplicity counting now.
    scores: [i32; 2],
    mask: Bitboard,
}

/// Per square, per colour, the squares that colour's sliders stop
/// attacking when a piece lands there: see [`Margins::cut_lines`].
pub struct CutLines([[Bitboard; 2]; 64]);

impl Position {
    /// What [`Margins::after`] shares between the placements from here.
    pub fn margins(&self) -> Margins<'_> {
        Margins {
            pos: self,
            counts: Counts::of(self),
        }
    }
}

impl Margins<'_> {
    /// White's score minus Black's once `mv` (legal) is placed: the same as
    /// [`Position::margin_after`].
    pub fn after(&self, mv: Move) -> i32 {
        self.counts.after(self.pos, mv)
    }

    /// Per square, per colour, the squares its sliders stop attacking when
    /// a piece lands there: for every square at once, found by walking each
    /// slider's own attacks rather than asking every slider about every
    /// square. Cheaper than [`Margins::after`]'s own work when most squares
    /// are asked about.
    pub fn cut_lines(&self) -> CutLines {
        CutLines::of(self.pos)
    }

    /// [`Margins::after`] with the lines cut read from `cut_lines`.
    pub fn after_with(&self, mv: Move, cut_lines: &CutLines) -> i32 {
        self.counts.after_cut(self.pos, mv, cut_lines.at(mv.square))
    }
}

impl CutLines {
    pub(super) fn of(pos: &Position) -> CutLines {
        let mut cut = CutLines([[Bitboard::EMPTY; 2]; 64]);
        cut.fill(pos);
        cut
    }

    /// The cut lines of `pos`, written over these (no new table).
    pub(super) fn fill(&mut self, pos: &Position) {
        let cut = &mut self.0;
        *cut = [[Bitboard::EMPTY; 2]; 64];
        let mut sliders = pos.sliders;
        while sliders != 0 {
            let j = sliders.trailing_zeros() as usize;
            sliders &= sliders - 1;
            let attacks = pos.attacks[j];
            for square in attacks & !pos.occupied {
                cut[square.index()][j & 1] |= beyond(pos.placed[j].square, square) & attacks;
            }
        }
    }

    /// `base`'s cut lines (those of `pos`) once `mv`, a piece of `color`
    /// attacking `attacks`, is placed in `pos`, written over these: only
    /// the lines it cuts and its own change, so this costs less than
    /// [`CutLines::of`] the new position. The entry of its own square is
    /// left stale (no piece lands there).
    pub(super) fn fill_with_piece(
        &mut self,
        base: &CutLines,
        pos: &Position,
        mv: Move,
        color: usize,
        attacks: Bitboard,
    ) {
        let square = mv.square;
        self.0 = base.0;
        let empty = !(pos.occupied | Bitboard::from_square(square));
        let mut sliders = pos.sliders;
        while sliders != 0 {
            let j = sliders.trailing_zeros() as usize;
            sliders &= sliders - 1;
            let (from, reach) = (pos.placed[j].square, pos.attacks[j]);
            if !reach.contains(square) {
                continue;
            }
            // Its line past the new piece is lost: each square it
            // attacks no longer has that part as its cut line (cut lines
            // of two sliders at one square never meet, so this touches
            // none but this slider's).
            let lost = beyond(from, square) & reach;
            for at in reach & empty {
                self.0[at.index()][j & 1] &= !(beyond(from, at) & lost);
            }
        }
        if mv.kind.is_slider() {
            for at in attacks & empty {
                self.0[at.index()][color] |= beyond(square, at) & attacks;
            }
        }
    }

    /// Per colour, the lines a piece landing on `square` cuts.
    pub(super) fn at(&self, square: Square) -> [Bitboard; 2] {
        self.0[square.index()]
    }
}

/// Per byte, its bits spread one to a byte: bit `i` to bit `8 * i`.
const SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            table[byte] |= ((byte as u64 >> bit) & 1) << (8 * bit);
            bit += 1;
        }
        byte += 1;
    }
    table
};

impl Counts {
    pub(super) fn of(pos: &Position) -> Counts {
        let mut planes = [[Bitboard::EMPTY; 4]; 2];
        for (j, attacks) in pos.attacks[..pos.ply()].iter().enumerate() {
            // A carry-save add of one more attacker to each square's count.
            let mut carry = *attacks;
            for plane in &mut planes[j & 1] {
                let next = *plane & carry;
                plane.0 ^= carry.0;
                carry = next;
            }
        }
        Counts::from_planes(planes, pos.scoring_mask())
    }

    fn from_planes(planes: [[Bitboard; 4]; 2], mask: Bitboard) -> Counts {
        let union = planes.map(|p| p[0] | p[1] | p[2] | p[3]);
        let once = planes.map(|p| p[0] & !(p[1] | p[2] | p[3]));
        let scores = planes.map(|p| (0..4).map(|k| ((p[k] & mask).count() as i32) << k).sum());
        Counts {
            planes,
            union,
            once,
            scores,
            mask,
        }
    }

    /// These counts once a piece of `color` (0 White, 1 Black) attacking
    /// `attacks` lands on `square`, cutting the lines `cut` (per colour,
    /// as [`CutLines::at`] reads them here): the same as counting the
    /// position with it placed, without counting every piece again.
    pub(super) fn with_piece(
        &self,
        color: usize,
        square: Square,
        attacks: Bitboard,
        cut: [Bitboard; 2],
        squares: Squares,
    ) -> Counts {
        let mut planes = self.planes;
        for (c, lost) in cut.into_iter().enumerate() {
            // Each square of a cut line loses exactly one attacker (see
            // the module's note): a borrowing subtract of one.
            let mut borrow = lost;
            for plane in &mut planes[c] {
                let next = !*plane & borrow;
                plane.0 ^= borrow.0;
                borrow = next;
            }
        }
        let mut carry = attacks;
        for plane in &mut planes[color] {
            let next = *plane & carry;
            plane.0 ^= carry.0;
            carry = next;
        }
        Counts::from_planes(planes, self.mask_after(square, squares))
    }

    /// White's score minus Black's as these count it.
    pub(super) fn margin(&self, count: Count) -> i32 {
        match count {
            Count::Distinct => {
                (self.union[0] & self.mask).count() as i32
                    - (self.union[1] & self.mask).count() as i32
            }
            Count::Multiplicity => self.scores[0] - self.scores[1],
        }
    }

    /// At most what a piece of `color` attacking `attacks` from `square`
    /// (empty) adds to its colour's margin over the other's, placed here
    /// or after any one more piece of its colour: the pass over pairs
    /// skips pairs this shows cannot matter. `lost_other` is what the
    /// other colour may lose from the lines it cuts here
    /// ([`Counts::lines_lost`]); `sliding` the squares `color`'s sliders
    /// attack.
    ///
    /// The bound takes every square the piece attacks as new to its colour
    /// unless its colour attacks it in a way one more piece cannot undo
    /// (twice, or once by a piece that does not slide: the earlier piece
    /// cuts at most one of its colour's lines at a square, see the
    /// module's note); its own colour's losses count as nothing.
    pub(super) fn most_gained(
        &self,
        color: usize,
        square: Square,
        attacks: Bitboard,
        lost_other: u8,
        sliding: Bitboard,
        scoring: Scoring,
    ) -> i32 {
        let other = 1 - color;
        let at_square = scoring.squares == Squares::Empty && self.mask.contains(square);
        let gained = match scoring.count {
            Count::Distinct => {
                let safe = self.union[color] & !(self.once[color] & sliding);
                (attacks & self.mask & !safe).count()
                    + u32::from(at_square && self.union[other].contains(square))
            }
            Count::Multiplicity => {
                (attacks & self.mask).count() + u32::from(at_square) * self.attackers(other, square)
            }
        };
        gained as i32 + i32::from(lost_other)
    }

    /// Per square of `on` (empty), White's score minus Black's (counted by
    /// multiplicity) once a piece lands there, less what the piece itself
    /// attacks: the lines it cuts (`lost`, per colour, [`Counts::lines_lost`])
    /// and, where only empty squares score, each attack on its square.
    pub(super) fn margins_on_landing(
        &self,
        lost: [&[u8; 64]; 2],
        squares: Squares,
        on: Bitboard,
    ) -> [i32; 64] {
        let margin = self.scores[0] - self.scores[1];
        let mut margins = [margin; 64];
        let ends = squares == Squares::Empty;
        let [white, black] = [0, 1].map(|color| self.attackers_everywhere(color));
        for square in on {
            let i = square.index();
            let mut change = i32::from(lost[1][i]) - i32::from(lost[0][i]);
            if ends && self.mask.contains(square) {
                change += i32::from(black[i]) - i32::from(white[i]);
            }
            margins[i] += change;
        }
        margins
    }

    /// How many of `color`'s pieces attack each square, read for every
    /// square at once: each plane's bits spread one to a byte.
    pub(super) fn attackers_everywhere(&self, color: usize) -> [u8; 64] {
        let mut ranks = [0u64; 8];
        for (k, plane) in self.planes[color].iter().enumerate() {
            for (r, rank) in ranks.iter_mut().enumerate() {
                *rank += SPREAD[(plane.0 >> (8 * r)) as usize & 0xff] << k;
            }
        }
        let mut counts = [0u8; 64];
        for (bytes, rank) in counts.chunks_exact_mut(8).zip(ranks) {
            bytes.copy_from_slice(&rank.to_le_bytes());
        }
        counts
    }

    /// The scoring squares of `attacks` once a piece lands on `square`.
    pub(super) fn scored_after(&self, attacks: Bitboard, square: Square, squares: Squares) -> i32 {
        (attacks & self.mask_after(square, squares)).count() as i32
    }

    /// The scoring squares once a piece lands on `square`.
    fn mask_after(&self, square: Square, squares: Squares) -> Bitboard {
        match squares {
            Squares::Empty => self.mask & !Bitboard::from_square(square),
            Squares::All => self.mask,
        }
    }

    /// How many of `color`'s pieces attack `square`.
    fn attackers(&self, color: usize, square: Square) -> u32 {
        (0..4)
            .map(|k| (self.planes[color][k].0 >> square.index() & 1) as u32 * (1 << k))
            .sum()
    }

    /// How many of `color`'s pieces attack `square` whatever `blockers`
    /// (at most two) more pieces landing first do: each cuts at most one
    /// line to it, and only the lines of `color`'s sliders not next to it
    /// (`far`, [`Position::far_sliding_attacks`]) can be cut.
    pub(super) fn surely_attacking(
        &self,
        far: &[Bitboard; 2],
        color: usize,
        square: Square,
        blockers: u32,
    ) -> u32 {
        let cuttable = far[..blockers as usize]
            .iter()
            .filter(|f| f.contains(square))
            .count() as u32;
        self.attackers(color, square) - cuttable
    }

    /// The squares `color` attacks at most twice.
    fn at_most_twice(&self, color: usize) -> Bitboard {
        let [p0, p1, p2, p3] = self.planes[color];
        self.union[color] & !(p2 | p3) & !(p0 & p1)
    }

    /// Per empty square, at most what `color` loses from its sliders'
    /// lines a piece landing there cuts, where one more piece of the other
    /// colour may have come first: with multiplicity, every scoring square
    /// past it on each line; counted once, those `color` attacks at most
    /// twice (the earlier piece may have cut one more of their attackers,
    /// and the cut lines of two sliders never meet: the module's note).
    pub(super) fn lines_lost(&self, pos: &Position, color: usize, count: Count) -> [u8; 64] {
        let counted = match count {
            Count::Multiplicity => self.mask,
            Count::Distinct => self.mask & self.at_most_twice(color),
        };
        let mut lost = [0u8; 64];
        let mut sliders = pos.sliders & if color == 0 { 0x5555 } else { 0xaaaa };
        while sliders != 0 {
            let j = sliders.trailing_zeros() as usize;
            sliders &= sliders - 1;
            let (from, attacks) = (pos.placed[j].square, pos.attacks[j]);
            for sq in attacks & !pos.occupied {
                lost[sq.index()] += (beyond(from, sq) & attacks & counted).count() as u8;
            }
        }
        lost
    }

    /// At most what a King of `color` on `square` (empty) gives the other
    /// colour's margin over its own, placed after one piece of the other
    /// colour next to it: the squares and lines it takes from its own
    /// colour (`lost_own`, [`Counts::lines_lost`]), less what it surely
    /// attacks anew.
    pub(super) fn most_given_by_king(
        &self,
        color: usize,
        square: Square,
        lost_own: u8,
        scoring: Scoring,
    ) -> i32 {
        let only_empty = scoring.squares == Squares::Empty;
        let attacks = king_attacks(square) & self.mask;
        let (lost_at, gained) = match scoring.count {
            Count::Multiplicity => (
                u32::from(only_empty) * self.attackers(color, square),
                attacks.count(),
            ),
            Count::Distinct => (
                u32::from(only_empty && self.union[color].contains(square)),
                (attacks & !self.union[color]).count(),
            ),
        };
        // The piece next to it takes one of those squares where only empty
        // squares score.
        let gained = gained.saturating_sub(u32::from(only_empty));
        (lost_at + u32::from(lost_own)) as i32 - gained as i32
    }

    /// White's score minus Black's once `mv` is placed in `pos`, the
    /// position these are the counts of.
    pub(super) fn after(&self, pos: &Position, mv: Move) -> i32 {
        let at = mv.square.index();
        // Per colour, the squares its sliders stop attacking (White's
        // pieces at even plies), each in a register of its own.
        let cut_by = |mut sliders: u16| {
            let mut cut = 0;
            while sliders != 0 {
                let j = sliders.trailing_zeros() as usize;
                sliders &= sliders - 1;
                let hit = (pos.attacks[j].0 >> at & 1).wrapping_neg();
                cut |= beyond(pos.placed[j].square, mv.square).0 & pos.attacks[j].0 & hit;
            }
            Bitboard(cut)
        };
        self.after_cut(
            pos,
            mv,
            [cut_by(pos.sliders & 0x5555), cut_by(pos.sliders & 0xaaaa)],
        )
    }

    /// [`Counts::after`] once the lines `mv` cuts, per colour, are known.
    #[inline(always)]
    pub(super) fn after_cut(&self, pos: &Position, mv: Move, cut: [Bitboard; 2]) -> i32 {
        let square = Bitboard::from_square(mv.square);
        let new = piece_attacks(mv.kind, mv.square, pos.occupied | square);
        self.after_cut_attacking(pos, mv, cut, new)
    }

    /// [`Counts::after_cut`] once the squares the new piece attacks are
    /// known too.
    #[inline(always)]
    pub(super) fn after_cut_attacking(
        &self,
        pos: &Position,
        mv: Move,
        cut: [Bitboard; 2],
        new: Bitboard,
    ) -> i32 {
        let at = mv.square.index();
        let mask = self.mask_after(mv.square, pos.options.scoring.squares);
        let mover = pos.ply() & 1;
        match pos.options.scoring.count {
            Count::Distinct => {
                let kept = |c: usize| self.union[c] & !(cut[c] & self.once[c]);
                let mut union = [kept(0), kept(1)];
                union[mover] |= new;
                (union[0] & mask).count() as i32 - (union[1] & mask).count() as i32
            }
            Count::Multiplicity => {
                let mut scores = self.scores;
                for (c, score) in scores.iter_mut().enumerate() {
                    *score -= (cut[c] & mask).count() as i32;
                    if pos.options.scoring.squares == Squares::Empty {
                        // Every attacker of the square loses it.
                        *score -= (0..4)
                            .map(|k| ((self.planes[c][k].0 >> at & 1) as i32) << k)
                            .sum::<i32>();
                    }
                }
                scores[mover] += (new & mask).count() as i32;
                scores[0] - scores[1]
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cheversi::{Color, Kind, Options};
    use crate::rng::Rng;
    use crate::square::Square;

    /// Hands `check` every position of `games` random games (seeded) per
    /// rule set and scoring, with its placements and a child made for
    /// each: `check(pos, [(mv, child)])`. How many placements.
    fn every_placement_of_random_games(
        seed: u64,
        games: usize,
        mut check: impl FnMut(&Position, &[(Move, Position)]),
    ) -> usize {
        let mut rng = Rng::new(seed);
        let mut checked = 0;
        for options in Options::every() {
            for _ in 0..games {
                let mut pos = Position::new(options);
                while !pos.is_over() {
                    let children: Vec<(Move, Position)> = pos
                        .targets()
                        .moves()
                        .map(|mv| {
                            let mut child = pos.clone();
                            child.place_unchecked(mv);
                            (mv, child)
                        })
                        .collect();
                    check(&pos, &children);
                    checked += children.len();
                    let (mv, _) = children[rng.below(children.len() as u32) as usize];
                    pos.place_unchecked(mv);
                }
            }
        }
        checked
    }

    /// The counts and cut lines after a placement, found from those before
    /// it ([`Counts::with_piece`], [`CutLines::fill_with_piece`]), against
    /// counting the position with it placed: every placement from every
    /// position of random games, in every rule set and scoring.
    /// [`Counts::most_gained`] bounds what a piece gains its colour, placed
    /// after any one more piece of its colour: against making both, for
    /// every square and kind in hand, after placements drawn from every
    /// position of random games.
    #[test]
    fn a_piece_gains_no_more_than_its_bound_after_one_more_of_its_colour() {
        let mut rng = Rng::new(0x6a1e);
        let (mut checked, mut tight) = (0, 0);
        every_placement_of_random_games(0x51d0, 2, |pos, children| {
            if pos.ply() > 13 {
                return;
            }
            let color = pos.ply() & 1;
            let sign = if color == 0 { 1 } else { -1 };
            let counts = Counts::of(pos);
            let lost = counts.lines_lost(pos, 1 - color, pos.options.scoring.count);
            let mut sliding = Bitboard::EMPTY;
            for j in (color..pos.ply()).step_by(2) {
                if pos.sliders >> j & 1 == 1 {
                    sliding |= pos.attacks[j];
                }
            }
            for _ in 0..6 {
                let (_, child) = &children[rng.below(children.len() as u32) as usize];
                // The other colour's turn passes: its slot stays empty.
                let mut before = child.clone();
                before.ply += 1;
                for kind in Kind::ALL {
                    if before.in_hand(Color::BOTH[color], kind) == 0 {
                        continue;
                    }
                    for square in !before.occupied {
                        let mut after = before.clone();
                        after.place_unchecked(Move { kind, square });
                        let gained = sign * (after.margin() - before.margin());
                        let bound = counts.most_gained(
                            color,
                            square,
                            piece_attacks(kind, square, pos.occupied),
                            lost[square.index()],
                            sliding,
                            pos.options.scoring,
                        );
                        assert!(gained <= bound, "{:?} {kind:?} {square:?}", pos.options);
                        checked += 1;
                        tight += usize::from(gained == bound);
                    }
                }
            }
        });
        assert!(checked > 100_000 && tight > 1_000, "{checked} {tight}");
    }

    /// [`Counts::lines_lost`] against each square's cut lines, their squares
    /// counted with the attackers found piece by piece.
    #[test]
    fn the_lines_lost_at_a_square_are_its_cut_lines_counted() {
        let mut checked = 0;
        every_placement_of_random_games(0x2b7c, 1, |pos, _| {
            let counts = Counts::of(pos);
            let cut_lines = CutLines::of(pos);
            let attackers = |color: usize, square: Square| {
                (color..pos.ply())
                    .step_by(2)
                    .filter(|&j| pos.attacks[j].contains(square))
                    .count()
            };
            let mask = pos.scoring_mask();
            for color in 0..2 {
                for count in [Count::Multiplicity, Count::Distinct] {
                    let lost = counts.lines_lost(pos, color, count);
                    for square in !pos.occupied {
                        let line = cut_lines.at(square)[color] & mask;
                        let expected = match count {
                            Count::Multiplicity => line.count() as usize,
                            Count::Distinct => line
                                .into_iter()
                                .filter(|&s| attackers(color, s) <= 2)
                                .count(),
                        };
                        assert_eq!(usize::from(lost[square.index()]), expected);
                        checked += 1;
                    }
                }
            }
        });
        assert!(checked > 10_000, "{checked}");
    }

    /// [`Counts::most_given_by_king`] bounds what a King gives the other
    /// colour placed right after one of that colour's pieces next to it:
    /// against making both, after every placement of random games.
    #[test]
    fn a_king_gives_no_more_than_its_bound_next_to_the_piece_before() {
        let (mut checked, mut tight) = (0, 0);
        every_placement_of_random_games(0x7e11, 2, |pos, children| {
            let color = pos.ply() & 1;
            let king = 1 - color;
            if pos.ply() > 14 || pos.in_hand(Color::BOTH[king], Kind::King) == 0 {
                return;
            }
            let sign = if color == 0 { 1 } else { -1 };
            let counts = Counts::of(pos);
            let lost = counts.lines_lost(pos, king, pos.options.scoring.count);
            for (mv, child) in children {
                for square in king_attacks(mv.square) & !child.occupied {
                    let mut after = child.clone();
                    after.place_unchecked(Move {
                        kind: Kind::King,
                        square,
                    });
                    let given = sign * (after.margin() - child.margin());
                    let bound = counts.most_given_by_king(
                        king,
                        square,
                        lost[square.index()],
                        pos.options.scoring,
                    );
                    assert!(given <= bound, "{:?} {mv:?} K{square:?}", pos.options);
                    checked += 1;
                    tight += usize::from(given == bound);
                }
            }
        });
        assert!(checked > 50_000 && tight > 1_000, "{checked} {tight}");
    }

    /// However one or two more pieces land, each colour's attackers of a
    /// square number at least what `surely_attacking` reads before, and
    /// exactly that where the pieces cut what they can.
    #[test]
    fn a_square_keeps_the_attackers_it_surely_has() {
        let mut rng = Rng::new(0x5e7a);
        let (mut checked, mut tight) = (0, 0);
        every_placement_of_random_games(0x2c4d, 2, |pos, children| {
            let counts = Counts::of(pos);
            let far = [pos.far_sliding_attacks(0), pos.far_sliding_attacks(1)];
            for (_, child) in children {
                let mut later = vec![(1, child.clone())];
                let targets: Vec<Move> = child.targets().moves().collect();
                if !targets.is_empty() {
                    let mut grandchild = child.clone();
                    grandchild.place_unchecked(targets[rng.below(targets.len() as u32) as usize]);
                    later.push((2, grandchild));
                }
                for (blockers, after) in later {
                    let after_counts = Counts::of(&after);
                    for square in !after.occupied {
                        for (color, far) in far.iter().enumerate() {
                            let surely = counts.surely_attacking(far, color, square, blockers);
                            let found = after_counts.attackers(color, square);
                            assert!(found >= surely, "{:?} {square:?}", after.placements());
                            checked += 1;
                            tight += usize::from(
                                found == surely && surely < counts.attackers(color, square),
                            );
                        }
                    }
                }
            }
        });
        assert!(checked > 100_000 && tight > 100, "{checked} {tight}");
    }

    #[test]
    fn counts_and_cut_lines_follow_a_placement() {
        let checked = every_placement_of_random_games(0x51c7, 12, |pos, children| {
            let (counts, cut_lines) = (Counts::of(pos), CutLines::of(pos));
            let color = pos.ply() & 1;
            let squares = pos.options.scoring.squares;
            let mut after = CutLines::of(pos);
            for (mv, child) in children {
                let (mv, attacks) = (*mv, child.attacks[pos.ply()]);
                let cut = cut_lines.at(mv.square);
                let found = counts.with_piece(color, mv.square, attacks, cut, squares);
                assert_eq!(found, Counts::of(child), "{:?} {mv:?}", pos.placements());
                after.fill_with_piece(&cut_lines, pos, mv, color, attacks);
                let expected = CutLines::of(child);
                for square in Square::all().filter(|&q| q != mv.square) {
                    assert_eq!(
                        after.at(square),
                        expected.at(square),
                        "{:?} {mv:?} at {square:?}",
                        pos.placements()
                    );
                }
            }
        });
        assert!(checked > 20_000, "{checked} placements");
    }

    /// Against placing the piece and scoring the board, and against the
    /// one-at-a-time [`Position::margin_after`], every placement from every
    /// position of random games, in every rule set and scoring.
    #[test]
    fn the_shared_margins_match_placing_each_piece() {
        let checked = every_placement_of_random_games(0x3a29, 40, |pos, children| {
            let margins = pos.margins();
            let cut_lines = margins.cut_lines();
            for &(mv, ref child) in children {
                assert_eq!(
                    margins.after(mv),
                    child.margin(),
                    "{:?} {:?} then {mv:?}",
                    pos.options,
                    pos.placements()
                );
                assert_eq!(margins.after(mv), pos.margin_after(mv));
                assert_eq!(margins.after_with(mv, &cut_lines), child.margin());
            }
        });
        assert!(checked > 100_000, "{checked} placements");
    }
}
