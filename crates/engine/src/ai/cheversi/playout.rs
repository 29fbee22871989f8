//! Random games to the end, fast: what Monte-Carlo search spends its time
//! on. Pieces never move, so a playout need not cut each slider's lines as
//! pieces land (the search's placement does): every attack set is computed
//! once, on the final board. Only `lewicki-any`, whose rule reads every
//! opponent attack mid-game, keeps the full placement.

use crate::bitboard::Bitboard;
use crate::cheversi::Move;
use crate::cheversi::{piece_attacks, Placed, Position, PLIES};
use crate::cheversi::{Color, Kind};
use crate::cheversi::{Count, RuleSet};
use crate::rng::Rng;

impl Position {
    /// Plays uniformly random legal placements to the end of the game and
    /// returns the final margin (White minus Black).
    pub fn random_playout(&self, rng: &mut Rng) -> i32 {
        let mut pos = self.clone();
        let start = pos.ply();
        match self.options.rules {
            // The rule reads every opponent attack: full placements.
            RuleSet::LewickiAny => {
                while !pos.is_over() {
                    let attacked = match pos.ply() {
                        0 => Bitboard::ALL,
                        ply => pos.attacked_by(Color::of_ply(ply - 1)),
                    };
                    let mv = pos.lewicki_draw(attacked, rng);
                    pos.place_unchecked(mv);
                }
            }
            // The rule reads the last piece's attacks: each piece's are
            // computed as it lands, and at the end only the lines a later
            // piece cut are computed again.
            RuleSet::Lewicki => {
                while !pos.is_over() {
                    let attacked = match pos.ply() {
                        0 => Bitboard::ALL,
                        ply => pos.attacks[ply - 1],
                    };
                    let mv = pos.lewicki_draw(attacked, rng);
                    pos.place_light(mv);
                }
                pos.recompute_cut_lines(start);
            }
            // No rule reads an attack before the end: every attack set is
            // computed once, on the final board.
            _ => {
                while !pos.is_over() {
                    let mv = pos.random_placement(rng);
                    pos.place_blind(mv);
                }
                pos.recompute_attacks();
            }
        }
        pos.margin()
    }

    /// Plays to the end choosing each placement as the best of `tries`
    /// drawn at random, judged by a cheap stand-in for its gain: the
    /// scoring squares the piece would attack, counting under `distinct`
    /// only those its side does not attack yet (lines as they were when
    /// each piece landed). The final margin.
    pub fn biased_playout(&self, rng: &mut Rng, tries: u32) -> i32 {
        let mut pos = self.clone();
        let light = self.options.rules != RuleSet::LewickiAny;
        let distinct = self.options.scoring.count == Count::Distinct;
        let mut reached = [Bitboard::EMPTY; 2];
        for (i, attacks) in self.attacks[..self.ply()].iter().enumerate() {
            reached[i & 1] |= *attacks;
        }
        while !pos.is_over() {
            let me = pos.ply() & 1;
            let mask = pos.scoring_mask()
                & if distinct {
                    !reached[me]
                } else {
                    Bitboard::ALL
                };
            let gain = |mv: Move| (piece_attacks(mv.kind, mv.square, pos.occupied) & mask).count();
            let mut mv = pos.random_placement(rng);
            let mut best = gain(mv);
            for _ in 1..tries {
                let other = pos.random_placement(rng);
                let g = gain(other);
                if g > best {
                    (mv, best) = (other, g);
                }
            }
            if light {
                pos.place_light(mv);
            } else {
                pos.place_unchecked(mv);
            }
            reached[me] |= pos.attacks[pos.ply() - 1];
        }
        if light {
            pos.recompute_attacks();
        }
        pos.margin()
    }

    /// `random_placement` for the two Lewicki rules, inlined into their
    /// playouts: the same draw, a kind in hand on an empty square of
    /// `attacked`, or on any empty square when there is none.
    #[inline(always)]
    fn lewicki_draw(&self, attacked: Bitboard, rng: &mut Rng) -> Move {
        let empty = !self.occupied;
        let on = attacked & empty;
        let squares = if on.any() { on } else { empty };
        draw(self.kinds_in_hand[self.ply() & 1], squares, rng)
            .expect("a game not over has a placement")
    }

    /// A game played at random until `left` placements are left (tests).
    #[cfg(test)]
    pub(crate) fn random_with_left(
        options: crate::cheversi::Options,
        left: usize,
        rng: &mut Rng,
    ) -> Position {
        let mut pos = Position::new(options);
        while pos.ply() + left < PLIES {
            let mv = pos.random_placement(rng);
            pos.place_unchecked(mv);
        }
        pos
    }

    /// A legal placement drawn uniformly (the position is not over). One
    /// random number gives both the kind and the square where the rules
    /// let every kind in hand go on the same squares.
    #[inline]
    pub fn random_placement(&self, rng: &mut Rng) -> Move {
        if let Some((kinds, squares)) = self.uniform_targets() {
            if let Some(mv) = draw(kinds, squares, rng) {
                return mv;
            }
        } else if self.options.rules == RuleSet::Brainking {
            // Drawn from every kind on the shared squares, a Bishop on a
            // square rule 5 forbids is drawn again: still uniform over the
            // legal placements. With none (rule 8), the slow way below.
            let (kinds, squares, bishop_squares) = self.brainking_parts(true);
            let bishop = 1 << Kind::Bishop.index();
            let others = kinds & !bishop;
            if others != 0 && squares.any()
                || kinds & bishop != 0 && (squares & bishop_squares).any()
            {
                loop {
                    let mv = draw(kinds, squares, rng).expect("kinds and squares are not empty");
                    if mv.kind != Kind::Bishop || bishop_squares.contains(mv.square) {
                        return mv;
                    }
                }
            }
        }
        let targets = self.targets();
        targets
            .nth(rng.below(targets.count()))
            .expect("the rules always leave a legal placement")
    }

    /// A placement that keeps only what the rules read before the end:
    /// the board, the hands, the bishops, and the new piece's own attacks
    /// (Lewicki's rule reads the last piece's). Earlier sliders keep lines
    /// that may run through the new piece, and the hash is not updated, so
    /// [`Position::recompute_attacks`] must follow before scoring.
    fn place_light(&mut self, mv: Move) {
        let i = self.ply();
        self.take_from_hand(mv);
        self.placed[i] = Placed {
            kind: mv.kind,
            square: mv.square,
        };
        self.attacks[i] = piece_attacks(mv.kind, mv.square, self.occupied);
        self.ply += 1;
    }

    /// A placement that keeps only the board, the hands and the bishops:
    /// not even the new piece's attacks, so [`Position::recompute_attacks`]
    /// must follow before scoring.
    #[inline]
    fn place_blind(&mut self, mv: Move) {
        let i = self.ply();
        self.take_from_hand(mv);
        self.placed[i] = Placed {
            kind: mv.kind,
            square: mv.square,
        };
        self.ply += 1;
    }

    /// After light placements from ply `start` on: the attacks of every
    /// slider whose lines a later piece landed on, computed again (a piece
    /// beyond a slider's first blocker changes nothing; Kings and Knights
    /// are never blocked). Pieces before `start` were placed in full, but
    /// light placements did not cut their lines either.
    fn recompute_cut_lines(&mut self, start: usize) {
        let mut later = Bitboard::EMPTY;
        for i in (0..self.ply().min(PLIES)).rev() {
            let p = self.placed[i];
            if p.kind.is_slider() && (self.attacks[i] & later).any() {
                self.attacks[i] = piece_attacks(p.kind, p.square, self.occupied);
            }
            if i >= start {
                later.insert(p.square);
            }
        }
    }

    /// Every piece's attacks on the board as it stands (after light
    /// placements).
    fn recompute_attacks(&mut self) {
        for i in 0..self.ply().min(PLIES) {
            let p = self.placed[i];
            self.attacks[i] = piece_attacks(p.kind, p.square, self.occupied);
        }
    }
}

/// A kind of `kinds` and a square of `squares`, each uniform, from one
/// random number; `None` when either is empty.
#[inline]
fn draw(kinds: u8, squares: Bitboard, rng: &mut Rng) -> Option<Move> {
    let r = rng.next_u64();
    let pick = |n: u32, bits: u64| (((bits & 0xffff_ffff) * u64::from(n)) >> 32) as u32;
    let kind = Bitboard(u64::from(kinds)).nth(pick(kinds.count_ones(), r >> 32))?;
    let square = squares.nth(pick(squares.count(), r))?;
    Some(Move {
        kind: Kind::ALL[kind.index()],
        square,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cheversi::{Count, Options, Squares};

    /// The light placements end on the same margin as the full ones, for
    /// the same random choices, in every rule set and scoring.
    #[test]
    fn light_playouts_score_like_full_placements() {
        for rules in RuleSet::ALL {
            for count in [Count::Multiplicity, Count::Distinct] {
                for squares in [Squares::Empty, Squares::All] {
                    let mut options = Options::new(rules);
                    options.scoring.count = count;
                    options.scoring.squares = squares;
                    for seed in 0..300 {
                        // From the start, or from a game a few full
                        // placements in (as the tree search plays them).
                        let mut start = Position::new(options);
                        let mut rng = Rng::new(seed ^ 0xABCD);
                        for _ in 0..[0, 3, 9][seed as usize % 3] {
                            let mv = start.random_placement(&mut rng);
                            start.place_unchecked(mv);
                        }
                        // The same generator drives both games: the same
                        // placements as long as the targets agree.
                        let fast = start.random_playout(&mut Rng::new(seed));
                        let mut rng = Rng::new(seed);
                        let mut slow = start.clone();
                        while !slow.is_over() {
                            let mv = slow.random_placement(&mut rng);
                            assert!(slow.targets().contains(mv), "{mv} is not legal");
                            slow.place_unchecked(mv);
                        }
                        assert_eq!(
                            fast,
                            slow.margin(),
                            "{rules:?} {count:?} {squares:?} {seed}"
                        );
                    }
                }
            }
        }
    }

    /// Every legal placement is drawn, none other, each about equally
    /// often: positions a few placements into seeded games of every rule
    /// set, BrainKing's rule 5 (second Bishop) and Queen call included.
    #[test]
    fn random_placements_are_legal_and_uniform() {
        for rules in RuleSet::ALL {
            for (seed, plies) in [(1u64, 0usize), (2, 1), (3, 5), (4, 9), (5, 14)] {
                let mut pos = Position::new(Options::new(rules));
                let mut rng = Rng::new(seed);
                for _ in 0..plies {
                    let mv = pos.random_placement(&mut rng);
                    pos.place_unchecked(mv);
                }
                let legal: Vec<Move> = pos.targets().moves().collect();
                let per_move = 400;
                let mut counts = std::collections::HashMap::new();
                for _ in 0..per_move * legal.len() {
                    let mv = pos.random_placement(&mut rng);
                    *counts.entry(mv).or_insert(0u32) += 1;
                }
                for (mv, &n) in &counts {
                    assert!(legal.contains(mv), "{rules:?}: {mv} drawn but not legal");
                    // 400 expected: 6 standard deviations is 120.
                    assert!(
                        (280..=520).contains(&n),
                        "{rules:?} ply {plies}: {mv} drawn {n} times"
                    );
                }
                assert_eq!(
                    counts.len(),
                    legal.len(),
                    "{rules:?} ply {plies}: some legal move never drawn"
                );
            }
        }
    }
}
