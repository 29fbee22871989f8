//! The last two placements, from a position two placements from the end,
//! read without making either: what the search refutes the next-to-last
//! placement with (the reply that refuted a sibling, scored at once).
//!
//! The final score depends only on the pieces on the board, not on the
//! order they came in. So a reply is placed once, out of turn, in a scratch
//! position whose next-to-last slot stays empty, and each next-to-last
//! placement is then scored from it as a single placement
//! ([`super::Margins`]' shared counts). Where few placements allow a given
//! reply (`lewicki`, `brainking`), each pair is scored in one pass over the
//! pieces with both squares occupied instead. The rules for the last placement
//! are those of [`Position::targets`] read one placement ahead. Tests
//! check both against making the two placements.

use super::margins::{Counts, CutLines};
use crate::attacks::{beyond, king_attacks};
use crate::bitboard::Bitboard;
use crate::cheversi::Move;
use crate::cheversi::Targets;
use crate::cheversi::{piece_attacks, Position, PLIES};
use crate::cheversi::{Color, Kind};
use crate::cheversi::{Count, RuleSet, Squares};
use crate::square::Square;

impl Position {
    /// Whether `reply` is a legal last placement once `mv` (legal, the next
    /// to last) is placed: the same as making `mv` and asking
    /// [`Position::targets`], at the cost of the one placement asked about.
    /// Only two placements from the end.
    pub fn last_is_legal_after(&self, mv: Move, reply: Move) -> bool {
        debug_assert_eq!(self.ply() + 2, PLIES);
        let ply = self.ply();
        let occupied = self.occupied | Bitboard::from_square(mv.square);
        let empty = !occupied;
        // The last placement is Black's.
        if !empty.contains(reply.square) || self.in_hand(Color::Black, reply.kind) == 0 {
            return false;
        }
        // Lewicki's squares: those attacked, or any when none is.
        let attacked_or_none =
            |attacked: Bitboard| attacked.contains(reply.square) || (attacked & empty).is_empty();
        match self.options.rules {
            RuleSet::LewickiFree | RuleSet::BrainkingClassic => true,
            RuleSet::Lewicki => attacked_or_none(piece_attacks(mv.kind, mv.square, occupied)),
            RuleSet::LewickiAny => {
                // White's pieces, their lines cut by the new one, and it.
                let mut attacked = piece_attacks(mv.kind, mv.square, occupied);
                for j in (0..ply).step_by(2) {
                    attacked |= self.attacks_cut_by(j, [mv.square]);
                }
                attacked_or_none(attacked)
            }
            // Rule 3: Black's last piece is its King (nothing else is left
            // in hand, so Queen-calls-Queen and rule 5 have nothing to say),
            // touching White's last piece, which also meets rule 2, so rule
            // 8 lifts nothing; rule 4 left such a square empty.
            RuleSet::Brainking => king_attacks(mv.square).contains(reply.square),
        }
    }

    /// `reply`, a last placement, made ready to be scored after many
    /// next-to-last placements; `None` two or more placements away from
    /// that, or where `reply` can follow no placement (its piece is not in
    /// Black's hand, its square is taken).
    pub fn prepare_reply(&self, reply: Move) -> Option<PreparedReply> {
        if self.ply() + 2 != PLIES
            || self.in_hand(Color::Black, reply.kind) == 0
            || self.occupied.contains(reply.square)
        {
            return None;
        }
        // In `lewicki` the last piece goes where the one before attacks, in
        // `brainking` next to it: few placements allow a given reply, and
        // scoring each alone costs less than sharing the work.
        if matches!(self.options.rules, RuleSet::Lewicki | RuleSet::Brainking) {
            return Some(PreparedReply {
                reply,
                shared: None,
            });
        }
        // Black's slot, the last: White's, the next to last, stays empty
        // (no attacks, not a slider), and the scratch counts as over, so
        // that a placement scored from it is White's.
        let mut scratch = self.clone();
        scratch.ply += 1;
        scratch.place_unchecked(reply);
        Some(PreparedReply {
            reply,
            shared: Some(Box::new(Shared {
                counts: Counts::of(&scratch),
                cut_lines: CutLines::of(&scratch),
                scratch,
            })),
        })
    }

    /// The legal last placements once `mv` (legal, the next to last) is
    /// placed, where there are few: in `brainking`, Black's King next to
    /// `mv` (see [`Position::last_is_legal_after`]). `None` elsewhere, and
    /// not two placements from the end.
    pub fn few_last_replies(&self, mv: Move) -> Option<Targets> {
        if self.options.rules != RuleSet::Brainking || self.ply() + 2 != PLIES {
            return None;
        }
        let mut replies = Targets([Bitboard::EMPTY; 5]);
        replies.0[Kind::King.index()] = king_attacks(mv.square) & !self.occupied;
        Some(replies)
    }

    /// Two placements from the end in `brainking`: a bound, at most
    /// `limit`, on the margin White's last placement can keep once Black's
    /// King answers it, read without trying most pairs: for each of White's
    /// placements, what it may gain ([`Counts::most_gained`]) and the least
    /// a King next to it may give back ([`Counts::most_given_by_king`]). A
    /// placement whose bound is above `limit` is scored exactly, the King on
    /// each of its squares ([`Position::before_king`], where squares count
    /// by multiplicity). `None` where a placement is above `limit` even so
    /// (or its bound is, counted once), and where the rule set is not
    /// `brainking`.
    pub fn highest_margin_at_most(&self, limit: i32) -> Option<i32> {
        if self.options.rules != RuleSet::Brainking || self.ply() + 2 != PLIES {
            return None;
        }
        let counts = Counts::of(self);
        let scoring = self.options.scoring;
        let now = counts.margin(scoring.count);
        let sliding = self.sliding_attacks(0);
        let lost = counts.lines_lost(self, 1, scoring.count);
        let empty = !self.occupied;
        let mut given = [i32::MIN; 64];
        let mut highest = i32::MIN;
        for mv in self.targets().moves() {
            let gained = counts.most_gained(
                0,
                mv.square,
                piece_attacks(mv.kind, mv.square, self.occupied),
                lost[mv.square.index()],
                sliding,
                scoring,
            );
            let mut least = i32::MAX;
            for k in king_attacks(mv.square) & empty {
                let g = &mut given[k.index()];
                if *g == i32::MIN {
                    *g = counts.most_given_by_king(1, k, lost[k.index()], scoring);
                }
                least = least.min(*g);
            }
            if least == i32::MAX {
                // No square for the King (rule 4 keeps one): no bound.
                return None;
            }
            let mut bound = now + gained + least;
            if bound > limit {
                // Scored exactly before giving up: most such bounds are
                // loose.
                bound = self.before_king(mv)?.lowest_with_king()?;
                if bound > limit {
                    return None;
                }
            }
            highest = highest.max(bound);
        }
        (highest > i32::MIN).then_some(highest)
    }

    /// What piece `j` attacks once pieces land on `squares`, in turn: a
    /// line the first cuts no longer reaches the second. Always inlined: as
    /// a call it cost the margin's loop about a third more.
    #[inline(always)]
    fn attacks_cut_by<const N: usize>(&self, j: usize, squares: [Square; N]) -> Bitboard {
        let mut attacks = self.attacks[j];
        if self.sliders >> j & 1 == 1 {
            for square in squares {
                if attacks.contains(square) {
                    attacks.0 &= !beyond(self.placed[j].square, square).0;
                }
            }
        }
        attacks
    }

    /// White's score minus Black's once `mv` (legal) and then `reply` (legal
    /// after it) are placed, the last two placements.
    pub fn margin_after_two(&self, mv: Move, reply: Move) -> i32 {
        debug_assert_eq!(self.ply() + 2, PLIES);
        let occupied =
            self.occupied | Bitboard::from_square(mv.square) | Bitboard::from_square(reply.square);
        let mask = match self.options.scoring.squares {
            Squares::Empty => !occupied,
            Squares::All => Bitboard::ALL,
        };
        let attacks = |j: usize| self.attacks_cut_by(j, [mv.square, reply.square]);
        // White places the next to last piece, Black the last.
        let new = [
            piece_attacks(mv.kind, mv.square, occupied),
            piece_attacks(reply.kind, reply.square, occupied),
        ];
        // White's pieces at even plies, Black's at odd ones (an even
        // count): one accumulator each, kept in registers, and only what
        // the count asks for.
        let pairs = (0..self.ply()).step_by(2);
        match self.options.scoring.count {
            Count::Multiplicity => {
                let [mut white, mut black] = new.map(|a| (a & mask).count() as i32);
                for j in pairs {
                    white += (attacks(j) & mask).count() as i32;
                    black += (attacks(j + 1) & mask).count() as i32;
                }
                white - black
            }
            Count::Distinct => {
                let [mut white, mut black] = new;
                for j in pairs {
                    white |= attacks(j);
                    black |= attacks(j + 1);
                }
                (white & mask).count() as i32 - (black & mask).count() as i32
            }
        }
    }
}

/// A last placement made ready by [`Position::prepare_reply`].
pub struct PreparedReply {
    reply: Move,
    /// What the placements asked about share, where many allow the reply
    /// (boxed: a reply without it is moved about cheaply).
    shared: Option<Box<Shared>>,
}

/// The reply placed out of turn, with the scratch position's counts and
/// cut lines (made for all the placements at once: most are asked about).
struct Shared {
    scratch: Position,
    counts: Counts,
    cut_lines: CutLines,
}

impl PreparedReply {
    /// White's score minus Black's once `mv` (legal in `pos`, the position
    /// this was made ready from) and then the reply are placed, if the
    /// reply is legal after `mv`.
    pub fn margin_after(&self, pos: &Position, mv: Move) -> Option<i32> {
        pos.last_is_legal_after(mv, self.reply)
            .then(|| self.margin_after_unchecked(pos, mv))
    }

    /// The highest margin (White's score minus Black's) among `moves`
    /// (legal next-to-last placements in `pos`, the position this was made
    /// ready from) after which the reply is legal, each followed by it:
    /// `(move, margin, how many)`. `None` as soon as one is above `limit`,
    /// or where the reply follows none of them. One tight pass where a
    /// piece may go anywhere (`lewicki-free`, `brainking-classic`), the
    /// reply there following every placement but the one on its square;
    /// `None` in the other rule sets, where asking about each placement in
    /// turn is faster.
    pub fn highest_after(
        &self,
        pos: &Position,
        moves: &[Move],
        limit: i32,
    ) -> Option<(Move, i32, u32)> {
        let shared = self.shared.as_ref()?;
        if !pos.options.rules.places_anywhere() {
            return None;
        }
        let mut highest: Option<(Move, i32)> = None;
        let mut count = 0;
        for &mv in moves {
            if mv.square == self.reply.square {
                continue;
            }
            let cut = shared.cut_lines.at(mv.square);
            let margin = shared.counts.after_cut(&shared.scratch, mv, cut);
            if margin > limit {
                return None;
            }
            count += 1;
            if highest.is_none_or(|(_, h)| margin > h) {
                highest = Some((mv, margin));
            }
        }
        highest.map(|(mv, margin)| (mv, margin, count))
    }

    /// [`PreparedReply::margin_after`] where the reply is known to be legal
    /// after `mv` (otherwise a number that means nothing).
    pub fn margin_after_unchecked(&self, pos: &Position, mv: Move) -> i32 {
        match &self.shared {
            Some(shared) => {
                let cut = shared.cut_lines.at(mv.square);
                shared.counts.after_cut(&shared.scratch, mv, cut)
            }
            None => pos.margin_after_two(mv, self.reply),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cheversi::{Kind, Options};
    use crate::rng::Rng;
    use crate::square::Square;

    /// Against making both placements, for every next-to-last placement
    /// and every piece on every square as the last, from random positions
    /// in every rule set and scoring.
    /// The bound on White's last two placements in `brainking` is at least
    /// the margin best play keeps (making every pair); with that margin as
    /// the limit, it is that margin where squares count by multiplicity
    /// (each placement above the limit is scored exactly), and a limit
    /// below it finds none; the other rule sets give none.
    #[test]
    fn the_bound_on_the_last_two_placements_holds_best_play() {
        let mut rng = Rng::new(0x90b3);
        let (mut checked, mut within_two) = (0, 0);
        for options in Options::every() {
            for _ in 0..40 {
                let pos = Position::random_with_left(options, 2, &mut rng);
                let Some(bound) = pos.highest_margin_at_most(i32::MAX) else {
                    assert_ne!(options.rules, RuleSet::Brainking);
                    continue;
                };
                assert_eq!(options.rules, RuleSet::Brainking);
                let best = pos
                    .targets()
                    .moves()
                    .map(|mv| {
                        let mut child = pos.clone();
                        child.place_unchecked(mv);
                        let margins = child.margins();
                        child
                            .targets()
                            .moves()
                            .map(|r| margins.after(r))
                            .min()
                            .unwrap()
                    })
                    .max()
                    .unwrap();
                assert!(best <= bound, "{options:?}: {best} above {bound}");
                assert_eq!(pos.highest_margin_at_most(bound), Some(bound));
                let at_best = pos.highest_margin_at_most(best);
                if options.scoring.count == Count::Multiplicity {
                    assert_eq!(at_best, Some(best), "{options:?}");
                } else {
                    assert!(at_best.is_none() || bound == best, "{options:?}");
                }
                assert_eq!(pos.highest_margin_at_most(best - 1), None);
                checked += 1;
                within_two += usize::from(bound - best <= 2);
            }
        }
        assert!(checked >= 160 && within_two > 10, "{checked} {within_two}");
    }

    #[test]
    fn the_last_two_placements_read_ahead_match_making_them() {
        let mut rng = Rng::new(0x1a57);
        let mut legal_pairs = 0;
        for options in Options::every() {
            for _ in 0..12 {
                let pos = Position::random_with_left(options, 2, &mut rng);
                for mv in pos.targets().moves() {
                    let mut child = pos.clone();
                    child.place_unchecked(mv);
                    let targets = child.targets();
                    for kind in Kind::ALL {
                        for square in Square::all() {
                            let reply = Move { kind, square };
                            assert_eq!(
                                pos.last_is_legal_after(mv, reply),
                                targets.contains(reply),
                                "{options:?} {mv:?} then {reply:?}"
                            );
                            let prepared = pos.prepare_reply(reply);
                            assert_eq!(
                                prepared.and_then(|p| p.margin_after(&pos, mv)).is_some(),
                                targets.contains(reply)
                            );
                        }
                    }
                    for reply in targets.moves() {
                        let mut end = child.clone();
                        end.place_unchecked(reply);
                        let prepared = pos.prepare_reply(reply).expect("a legal reply");
                        assert_eq!(prepared.margin_after(&pos, mv), Some(end.margin()));
                        assert_eq!(pos.margin_after_two(mv, reply), end.margin());
                        legal_pairs += 1;
                    }
                }
            }
        }
        assert!(legal_pairs > 100_000, "{legal_pairs}");
    }

    /// The one-pass highest margin against making both placements of
    /// every pair, with the limit at that margin and one below it.
    #[test]
    fn the_highest_margin_after_a_reply_matches_making_each_pair() {
        let mut rng = Rng::new(0x41e5);
        let mut passes = 0;
        for options in Options::every() {
            let free = RuleSet::ANYWHERE.contains(&options.rules);
            for _ in 0..12 {
                let pos = Position::random_with_left(options, 2, &mut rng);
                let moves: Vec<Move> = pos.targets().moves().collect();
                for kind in Kind::ALL {
                    for square in !pos.occupied {
                        let reply = Move { kind, square };
                        let Some(prepared) = pos.prepare_reply(reply) else {
                            continue;
                        };
                        let mut expected: Option<(Move, i32)> = None;
                        let mut count = 0;
                        for &mv in &moves {
                            let mut end = pos.clone();
                            end.place_unchecked(mv);
                            if !end.targets().contains(reply) {
                                continue;
                            }
                            end.place_unchecked(reply);
                            count += 1;
                            if expected.is_none_or(|(_, m)| end.margin() > m) {
                                expected = Some((mv, end.margin()));
                            }
                        }
                        let Some((best, highest)) = expected else {
                            assert_eq!(prepared.highest_after(&pos, &moves, i32::MAX), None);
                            continue;
                        };
                        let found = prepared.highest_after(&pos, &moves, highest);
                        if free {
                            assert_eq!(
                                found,
                                Some((best, highest, count)),
                                "{options:?} {reply:?}"
                            );
                            passes += 1;
                        } else {
                            assert_eq!(found, None, "{options:?}");
                        }
                        assert_eq!(prepared.highest_after(&pos, &moves, highest - 1), None);
                    }
                }
            }
        }
        assert!(passes > 1_000, "{passes}");
    }
}
