//! The last four placements where a piece may go anywhere (`lewicki-free`,
//! `brainking-classic`), read in one pass with Black's two replies fixed:
//! what the search refutes a whole node four from the end with, where White
//! loses (each of White's placements answered by Black's killer, then each
//! of White's last by the last placement's killer).
//!
//! The final score depends only on the pieces on the board, not on the
//! order they came in. With Black's pieces fixed, White's two placements
//! `a` then `c` and `c` then `a` end on the same board, so each pair is
//! scored once for both orders: half the work of trying each of White's
//! placements in turn. Each of White's first pieces is placed with Black's
//! two in a scratch position, and White's last is scored from it as a
//! single placement ([`super::Margins`]' shared counts).
//!
//! Most pairs are not scored at all: a bound on what White's last piece can
//! add over the margin with the first alone ([`Counts::most_gained`]) shows
//! they cannot change what the pass finds. And where Black's fixed last
//! reply does not refute a pair, Black's other last replies are tried on it
//! before White's placements in it are left to the search ([`OtherLasts`]).

use super::margins::{Counts, CutLines};
use crate::attacks::beyond;
use crate::bitboard::Bitboard;
use crate::cheversi::Move;
use crate::cheversi::{piece_attacks, Position, PLIES};
use crate::cheversi::{Color, Kind};
use crate::square::Square;

/// What a pass over pairs of one side's placements finds
/// ([`Position::highest_after_replies`], [`Position::lowest_after_reply`]):
/// the line with the pair best for that side, in an order the other side's
/// fixed replies answer, and the placements they do not answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairPass {
    /// The side's next placement, the reply, and on to the end.
    pub line: Vec<Move>,
    pub margin: i32,
    /// The nodes the pass stands for, counted as the search counts them:
    /// four from the end, each order of White's two placements read;
    /// three from the end, two per Black's first placement (White's node,
    /// and Black's last placement, solved as one).
    pub scored: u32,
    /// White's next placements not answered or not refuted: to be searched.
    pub unanswered: Vec<Move>,
}

impl Position {
    /// The highest margin (White's score minus Black's) over White's next
    /// two placements, Black answering the first with `first` and the last
    /// with `last`, or, where White's last took `last`'s square, with the
    /// best last placement once White's last piece is there (found with
    /// White's first piece left off: it is the same for every one). Where
    /// `last` leaves a pair above `limit`, Black's last reply is `second`
    /// (the second killer) or another found for the pair, if one refutes
    /// it ([`OtherLasts`]). White's next placements these cannot answer (on `first`'s, `last`'s
    /// or that spare's square) or do not refute (a line above `limit`) are
    /// left out and named, to be searched. `None` once more than
    /// [`MOST_UNANSWERED`] are not refuted, or where no pair is; where the
    /// rule set is not one where a piece may go anywhere; not four
    /// placements from the end; or where `first` and `last` cannot follow
    /// (taken squares, pieces not in hand).
    pub fn highest_after_replies(
        &self,
        first: Move,
        last: Move,
        second: Option<Move>,
        limit: i32,
    ) -> Option<PairPass> {
        if !self.options.rules.places_anywhere()
            || self.ply() + 4 != PLIES
            || first.square == last.square
            || self.occupied.contains(first.square)
            || self.occupied.contains(last.square)
            || !self.black_can_place(first, last)
        {
            return None;
        }
        let [x, y] = self.two_kinds(Color::White)?;
        let empty = !self.occupied;
        let replies = Bitboard::from_square(first.square) | Bitboard::from_square(last.square);
        // Per kind of White's on `last`'s square, Black's answer there.
        let spare_x = self.spare(
            first,
            Move {
                kind: x,
                square: last.square,
            },
        )?;
        let spare_y = if x == y {
            spare_x
        } else {
            self.spare(
                first,
                Move {
                    kind: y,
                    square: last.square,
                },
            )?
        };
        let mut pass = Pass::<4>::new(limit);
        // Every pair off the replies' squares, answered by `last`: one
        // scratch per square of White's `x`.
        let open = empty & !replies;
        let around = Around::new(self, &[Some(first), None, Some(last)]);
        let mut others = OtherLasts::new(self, first, last, second);
        let skipped = around.each_pair([x, y], [open, open], |a, c, margin| {
            // The order the replies answer: `x` first unless it sits on
            // the square of the spare that answers `y` on `last`'s.
            let line = |last| {
                if a.square == spare_y.square {
                    [c, first, a, last]
                } else {
                    [a, first, c, last]
                }
            };
            // Black's last reply adapts to the pair: where `last` does
            // not refute it, another may.
            let (margin, reply) = match (margin > limit)
                .then(|| others.refuting(a, c, limit))
                .flatten()
            {
                Some(found) => found,
                None => (margin, last),
            };
            pass.score(margin, line(reply), true)?;
            Some(pass.matters_above())
        })?;
        // Each pair left out stands for both its orders.
        pass.scored += 2 * skipped;
        // White's last on `last`'s square, answered by the spare, White's
        // first of the other kind anywhere the spare leaves free.
        let kinds = if x == y {
            vec![(x, spare_x, x)]
        } else {
            vec![(x, spare_x, y), (y, spare_y, x)]
        };
        let mut scratch = Scratch::of(self);
        for &(on_last, spare, first_kind) in &kinds {
            let c = Move {
                kind: on_last,
                square: last.square,
            };
            scratch.fill(self, &[c, first], spare);
            for s in open & !Bitboard::from_square(spare.square) {
                let a = Move {
                    kind: first_kind,
                    square: s,
                };
                pass.score(scratch.margin(a), [a, first, c, spare], false)?;
            }
        }
        let (line, margin) = pass.highest?;
        // Also unanswered: a first piece on the replies' squares, or on
        // the square of the spare that answers the other kind on `last`'s.
        for &(_, spare, first_kind) in &kinds {
            for square in [first.square, last.square, spare.square] {
                pass.leave(Move {
                    kind: first_kind,
                    square,
                });
            }
        }
        Some(PairPass {
            line: line.to_vec(),
            margin,
            scored: pass.scored,
            unanswered: pass.unanswered,
        })
    }

    /// Black's best last placement once White's `on_last` and Black's
    /// `first` are placed, White's other piece left off.
    fn spare(&self, first: Move, on_last: Move) -> Option<Move> {
        let mut scratch = self.clone();
        scratch.place_unchecked(on_last);
        scratch.place_unchecked(first);
        // White's slot stays empty: Black places the last piece.
        scratch.ply += 1;
        let margins = scratch.margins();
        scratch
            .targets()
            .moves()
            .min_by_key(|&mv| margins.after(mv))
    }

    /// The two kinds `color` holds, its last two pieces (the same kind
    /// twice where two of it are left).
    pub(super) fn two_kinds(&self, color: Color) -> Option<[Kind; 2]> {
        let mut kinds = Kind::ALL
            .into_iter()
            .flat_map(|k| std::iter::repeat_n(k, self.in_hand(color, k) as usize));
        let found = [kinds.next()?, kinds.next()?];
        kinds.next().is_none().then_some(found)
    }

    /// Whether Black holds the pieces for `first` and then `then`.
    fn black_can_place(&self, first: Move, then: Move) -> bool {
        let have = |k: Kind| self.in_hand(Color::Black, k);
        have(first.kind) >= 1 && have(then.kind) > u8::from(then.kind == first.kind)
    }
}
/// Black's last replies a pass over White's pairs tries where its fixed
/// last reply does not refute a pair: Black's last placement is chosen
/// after White's, so any one that refutes the pair will do. The second
/// killer, then the last two replies found for such pairs, each scored
/// from a scratch of its own; then every last placement. (Left to the
/// search, each such pair would cost a node for each of White's two
/// placements in it.)
struct OtherLasts<'a> {
    from: &'a Position,
    first: Move,
    /// The second killer, and the last two replies found by trying every
    /// one, the latest first.
    tried: [Option<OtherLast>; 3],
}

/// One of [`OtherLasts`]: its reply with the pieces around a pair placed.
struct OtherLast {
    reply: Move,
    around: Around,
    scratch: Scratch,
    /// The pair's first placement the scratch holds.
    row: Option<Move>,
}

impl<'a> OtherLasts<'a> {
    /// `second` is tried where it can follow `first` as Black's last
    /// placement (its square free and not `last`'s, its piece in hand).
    fn new(from: &'a Position, first: Move, last: Move, second: Option<Move>) -> OtherLasts<'a> {
        let second = second.filter(|s| {
            s.square != first.square
                && s.square != last.square
                && !from.occupied.contains(s.square)
                && from.black_can_place(first, *s)
        });
        OtherLasts {
            from,
            first,
            tried: [second.map(|s| OtherLast::new(from, first, s)), None, None],
        }
    }

    /// A last reply that holds White's pair `a` and `c` (the first answered
    /// by `first`) to `limit` or less, with the margin it leaves.
    fn refuting(&mut self, a: Move, c: Move, limit: i32) -> Option<(i32, Move)> {
        for other in self.tried.iter_mut().flatten() {
            if let Some(margin) = other.margin(a, c).filter(|&m| m <= limit) {
                return Some((margin, other.reply));
            }
        }
        let mut end = self.from.clone();
        for mv in [a, self.first, c] {
            end.place_unchecked(mv);
        }
        let margins = end.margins();
        let (margin, reply) = end
            .targets()
            .moves()
            .map(|r| (margins.after(r), r))
            .min_by_key(|&(m, _)| m)?;
        if margin > limit {
            return None;
        }
        if self.tried[1..].iter().flatten().all(|t| t.reply != reply) {
            self.tried.swap(1, 2);
            self.tried[1] = Some(OtherLast::new(self.from, self.first, reply));
        }
        Some((margin, reply))
    }
}

impl OtherLast {
    fn new(from: &Position, first: Move, reply: Move) -> OtherLast {
        let around = Around::new(from, &[Some(first), None, Some(reply)]);
        OtherLast {
            reply,
            scratch: Scratch::of(&around.pos),
            around,
            row: None,
        }
    }

    /// The margin once White's `a` and `c` are placed around the replies;
    /// `None` where either takes the reply's square.
    fn margin(&mut self, a: Move, c: Move) -> Option<i32> {
        if a.square == self.reply.square || c.square == self.reply.square {
            return None;
        }
        if self.row != Some(a) {
            self.scratch.fill_first(&self.around, a);
            self.row = Some(a);
        }
        Some(self.scratch.margin(c))
    }
}

/// White's first placements the replies do not refute (above the limit)
/// beyond which the pass gives up: each is searched alone, and past this
/// many the replies are not the ones that refute the node.
pub(super) const MOST_UNANSWERED: usize = 64;

/// The highest margin so far within the limit, and the first placements
/// above it.
pub(super) struct Pass<const N: usize> {
    pub(super) limit: i32,
    pub(super) highest: Option<([Move; N], i32)>,
    pub(super) scored: u32,
    pub(super) unanswered: Vec<Move>,
    /// `unanswered`'s squares per kind, to name each once.
    left: [Bitboard; 5],
}

impl<const N: usize> Pass<N> {
    pub(super) fn new(limit: i32) -> Pass<N> {
        Pass {
            limit,
            highest: None,
            scored: 0,
            unanswered: Vec::new(),
            left: [Bitboard::EMPTY; 5],
        }
    }

    /// Scores `line` (the side's first placement, the other's, the side's
    /// last, and the other's where there is one), `margin` as the side
    /// counts it; with `either_first`, the side's two in either order. One
    /// above the limit leaves the side's first placements in it
    /// unanswered; `None` once too many are.
    #[inline]
    pub(super) fn score(&mut self, margin: i32, line: [Move; N], either_first: bool) -> Option<()> {
        self.scored += 1 + u32::from(either_first);
        if margin > self.limit {
            self.leave(line[0]);
            if either_first {
                self.leave(line[2]);
            }
            return (self.unanswered.len() <= MOST_UNANSWERED).then_some(());
        }
        if self.highest.is_none_or(|(_, h)| margin > h) {
            self.highest = Some((line, margin));
        }
        Some(())
    }

    /// The margin a line must pass to change what the pass finds: above
    /// the limit it is left to be searched, above the highest it is the
    /// new highest.
    pub(super) fn matters_above(&self) -> i32 {
        self.highest.map_or(i32::MIN, |(_, h)| h.min(self.limit))
    }

    pub(super) fn leave(&mut self, mv: Move) {
        let left = &mut self.left[mv.kind.index()];
        if !left.contains(mv.square) {
            left.insert(mv.square);
            self.unanswered.push(mv);
        }
    }
}

/// What a side's last piece of one kind attacks from each square a pair
/// may use, with every piece but the pair's first on the board: the first
/// then only cuts those lines, cheaper than finding them again for each
/// pair.
struct LastAttacks {
    kind: Kind,
    attacks: [Bitboard; 64],
}

impl LastAttacks {
    fn new(kind: Kind, squares: Bitboard, occupied: Bitboard) -> LastAttacks {
        let mut attacks = [Bitboard::EMPTY; 64];
        for square in squares {
            attacks[square.index()] = piece_attacks(kind, square, occupied);
        }
        LastAttacks { kind, attacks }
    }

    /// From `square`, once the pair's first piece stands on `first`.
    #[inline]
    fn with_first_on(&self, square: Square, first: Square) -> Bitboard {
        let attacks = self.attacks[square.index()];
        if self.kind.is_slider() && attacks.contains(first) {
            attacks & !beyond(square, first)
        } else {
            attacks
        }
    }
}

/// The pieces placed after a pair's first, its slot left empty, counted
/// once per pass: each first placement is then put in that slot out of
/// turn ([`Scratch::fill_first`]), cheaper than placing them all again.
pub(super) struct Around {
    pos: Position,
    counts: Counts,
    cut_lines: CutLines,
    slot: usize,
}

impl Around {
    /// `from` with its next slot left empty and `later` placed after it
    /// in turn, `None` leaving a slot empty too.
    pub(super) fn new(from: &Position, later: &[Option<Move>]) -> Around {
        let mut pos = from.clone();
        pos.ply += 1;
        for mv in later {
            match mv {
                Some(mv) => pos.place_unchecked(*mv),
                None => pos.ply += 1,
            }
        }
        Around {
            counts: Counts::of(&pos),
            cut_lines: CutLines::of(&pos),
            slot: from.ply(),
            pos,
        }
    }

    /// Every pair of one side's `x` on a square of `firsts` then `y` on
    /// another of `lasts` (each pair once where the two are of a kind, and
    /// then the squares are the same), `x`'s piece in the empty slot and
    /// `y`'s scored as the last: `visit(first, last, margin)` returns the
    /// margin, seen from the side, a pair must pass to matter, and pairs
    /// that cannot pass it ([`Counts::most_gained`] over the margin with
    /// `x`'s piece alone) are not scored. How many pairs were left out so;
    /// `None` as soon as `visit` gives up.
    pub(super) fn each_pair(
        &self,
        [x, y]: [Kind; 2],
        [firsts, lasts]: [Bitboard; 2],
        mut visit: impl FnMut(Move, Move, i32) -> Option<i32>,
    ) -> Option<u32> {
        debug_assert!(x != y || firsts == lasts);
        // The pair is one side's: its last is scored as the last placement.
        let color = self.slot & 1;
        debug_assert_eq!(self.pos.ply() & 1, color);
        let sign = if color == 0 { 1 } else { -1 };
        let scoring = self.pos.options.scoring;
        let mut scratch = Scratch::of(&self.pos);
        let last_attacks = LastAttacks::new(y, lasts, self.pos.occupied);
        let sliding = self.pos.sliding_attacks(color);
        let lost = self.counts.lines_lost(&self.pos, 1 - color, scoring.count);
        let gains = MostGained::new(lasts, |s2| {
            self.counts.most_gained(
                color,
                s2,
                last_attacks.attacks[s2.index()],
                lost[s2.index()],
                sliding,
                scoring,
            )
        });
        let mut matters_above = i32::MIN;
        let mut skipped = 0;
        for s1 in firsts {
            let first = Move {
                kind: x,
                square: s1,
            };
            let others = if x == y {
                Bitboard(lasts.0 & (!0u64 << s1.index()) << 1)
            } else {
                lasts & !Bitboard::from_square(s1)
            };
            // The margin with `x`'s piece alone, read from the counts
            // without it: only pairs whose last may gain enough over it
            // are scored, and the scratch is filled only for them.
            let alone = sign
                * self
                    .counts
                    .after_cut(&self.pos, first, self.cut_lines.at(s1));
            let mut todo = others & gains.above(matters_above.saturating_sub(alone));
            let mut filled = false;
            let mut scored = 0;
            while let Some(s2) = todo.first() {
                todo.remove(s2);
                if !filled {
                    let attacks = piece_attacks(x, s1, self.pos.occupied);
                    scratch.fill_counts(self, first, attacks);
                    debug_assert_eq!(alone, sign * scratch.counts.margin(scoring.count));
                    filled = true;
                }
                let last = Move {
                    kind: y,
                    square: s2,
                };
                let attacks = last_attacks.with_first_on(s2, s1);
                let now = visit(first, last, scratch.margin_attacking(self, last, attacks))?;
                scored += 1;
                if now != matters_above {
                    matters_above = now;
                    todo &= gains.above(matters_above.saturating_sub(alone));
                }
            }
            skipped += others.count() - scored;
        }
        Some(skipped)
    }
}

/// Per square a pair's last piece may take, at most what it gains there
/// ([`Counts::most_gained`]), kept as the squares where that is above each
/// value: the pairs that may matter in a row are then found at once.
struct MostGained {
    /// `above[v]`: the squares where the piece may gain more than `v`.
    above: [Bitboard; 128],
    squares: Bitboard,
}

impl MostGained {
    fn new(squares: Bitboard, most_gained: impl Fn(Square) -> i32) -> MostGained {
        let mut at = [Bitboard::EMPTY; 128];
        for s in squares {
            // At most 27 attacked and 8 lines of 6 cut, and 8 attackers.
            let most = most_gained(s);
            debug_assert!((0..128).contains(&most));
            at[most.clamp(0, 127) as usize].insert(s);
        }
        let mut above = [Bitboard::EMPTY; 128];
        for v in (0..127).rev() {
            above[v] = above[v + 1] | at[v + 1];
        }
        MostGained { above, squares }
    }

    /// The squares where the piece may gain more than `v`.
    fn above(&self, v: i32) -> Bitboard {
        match usize::try_from(v) {
            Err(_) => self.squares,
            Ok(v) => self.above.get(v).copied().unwrap_or(Bitboard::EMPTY),
        }
    }
}

/// Pieces placed ahead of one scored from here as the last: White's first
/// and Black's two in their slots, White's last slot left empty and the
/// position counted as over ([`Scratch::fill`]); or those of an [`Around`]
/// with a pair's first in its slot ([`Scratch::fill_first`]).
pub(super) struct Scratch {
    pos: Position,
    counts: Counts,
    cut_lines: CutLines,
}

impl Scratch {
    /// A scratch to be filled ([`Scratch::fill`]): one per pass, refilled
    /// for each first placement rather than built anew (it is large).
    pub(super) fn of(from: &Position) -> Scratch {
        Scratch {
            pos: from.clone(),
            counts: Counts::of(from),
            cut_lines: CutLines::of(from),
        }
    }

    /// `from` with `moves` placed in turn, then `after_gap` with a slot
    /// left empty before it (White's last, the piece scored from here).
    pub(super) fn fill(&mut self, from: &Position, moves: &[Move], after_gap: Move) {
        self.pos.clone_from(from);
        for &mv in moves {
            self.pos.place_unchecked(mv);
        }
        self.pos.ply += 1;
        self.pos.place_unchecked(after_gap);
        self.counts = Counts::of(&self.pos);
        self.cut_lines.fill(&self.pos);
    }

    /// `around`'s pieces with `mv` in their empty slot: the same as
    /// placing `mv` and then them in turn.
    pub(super) fn fill_first(&mut self, around: &Around, mv: Move) {
        self.pos.clone_from(&around.pos);
        let end = self.pos.ply;
        self.pos.ply = around.slot as u8;
        self.pos.place_unchecked(mv);
        self.pos.ply = end;
        self.fill_counts(around, mv, self.pos.attacks[around.slot]);
    }

    /// [`Scratch::fill_first`]'s counts and cut lines alone, the piece on
    /// `mv` attacking `attacks`: what [`Scratch::margin_attacking`] reads,
    /// without placing the piece in the scratch's position (saving a copy
    /// and a placement each time).
    fn fill_counts(&mut self, around: &Around, mv: Move, attacks: Bitboard) {
        self.counts = around.counts.with_piece(
            around.slot & 1,
            mv.square,
            attacks,
            around.cut_lines.at(mv.square),
            around.pos.options.scoring.squares,
        );
        self.cut_lines.fill_with_piece(
            &around.cut_lines,
            &around.pos,
            mv,
            around.slot & 1,
            attacks,
        );
    }

    /// White's score minus Black's once the last piece is `mv`.
    #[inline]
    pub(super) fn margin(&self, mv: Move) -> i32 {
        self.counts
            .after_cut(&self.pos, mv, self.cut_lines.at(mv.square))
    }

    /// [`Scratch::margin`], the squares `mv`'s piece attacks known: only
    /// the counts and cut lines are read (filled by
    /// [`Scratch::fill_counts`]), and `around`'s position for the rules.
    #[inline]
    fn margin_attacking(&self, around: &Around, mv: Move, attacks: Bitboard) -> i32 {
        self.counts
            .after_cut_attacking(&around.pos, mv, self.cut_lines.at(mv.square), attacks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cheversi::{Options, RuleSet};
    use crate::rng::Rng;

    /// White's best margin after a placement, and the same with Black's
    /// last reply fixed (see [`values_after`]).
    type Values = (i32, Option<i32>);

    /// Brute force: White's best margin after `a`, Black answering with
    /// `first`, then White's best last placement and Black's best reply;
    /// and the same with Black's last reply fixed as the pass fixes it
    /// (`last`, or the spare where White took its square), `None` in it
    /// where that reply cannot follow.
    fn values_after(
        pos: &Position,
        a: Move,
        first: Move,
        last: Move,
    ) -> Option<(i32, Option<i32>)> {
        let mut child = pos.clone();
        child.place_unchecked(a);
        if !child.targets().contains(first) {
            return None;
        }
        child.place_unchecked(first);
        let (mut best, mut fixed) = (i32::MIN, Some(i32::MIN));
        for c in child.targets().moves() {
            let mut grand = child.clone();
            grand.place_unchecked(c);
            let margins = grand.margins();
            best = best.max(
                grand
                    .targets()
                    .moves()
                    .map(|r| margins.after(r))
                    .min()
                    .unwrap(),
            );
            let reply = if c.square == last.square {
                pos.spare(first, c).unwrap()
            } else {
                last
            };
            let margin = grand
                .targets()
                .contains(reply)
                .then(|| margins.after(reply));
            fixed = fixed.zip(margin).map(|(f, m)| f.max(m));
        }
        Some((best, fixed))
    }

    /// Every White placement the pass answers is worth no more than the
    /// margin it names, and the replies it fixes do follow it; with no
    /// limit, the margin is the highest of those lines, and that margin
    /// is its line's, made; at a limit below some values, those
    /// placements are left to be searched.
    #[test]
    fn the_pairs_read_in_one_pass_bound_every_placement_they_answer() {
        let mut rng = Rng::new(0x4f0a);
        let (mut answered, mut left_out, mut rescued) = (0, 0, 0);
        for options in Options::every() {
            let free = RuleSet::ANYWHERE.contains(&options.rules);
            for _ in 0..6 {
                let pos = Position::random_with_left(options, 4, &mut rng);
                // Black's replies: the first drawn at random, the last the
                // best after White's placements drawn at random (as a
                // killer is: White's last then often does best on its
                // square).
                let mut after = pos.clone();
                after.place_unchecked(after.random_placement(&mut rng));
                let first = after.random_placement(&mut rng);
                after.place_unchecked(first);
                after.place_unchecked(after.random_placement(&mut rng));
                let margins = after.margins();
                let last = after
                    .targets()
                    .moves()
                    .min_by_key(|&r| margins.after(r))
                    .unwrap();
                if !free {
                    assert_eq!(pos.highest_after_replies(first, last, None, i32::MAX), None);
                    continue;
                }
                let values: Vec<(Move, Option<Values>)> = pos
                    .targets()
                    .moves()
                    .map(|a| (a, values_after(&pos, a, first, last)))
                    .collect();
                let mut known: Vec<i32> = values.iter().filter_map(|v| v.1.map(|b| b.0)).collect();
                known.sort_unstable();
                // No limit; one that a few placements' values are above.
                let near_top = |k: usize| known[known.len() - k];
                // Black's second-best last reply, as a second killer is.
                let second = after
                    .targets()
                    .moves()
                    .filter(|&r| r != last)
                    .min_by_key(|&r| margins.after(r));
                let limits = [i32::MAX, near_top(2), near_top(6), near_top(12)];
                for (limit, second) in limits.into_iter().flat_map(|l| [(l, None), (l, second)]) {
                    let Some(found) = pos.highest_after_replies(first, last, second, limit) else {
                        // Only where too many are above the limit.
                        assert!(limit < i32::MAX, "{options:?}");
                        continue;
                    };
                    assert!(found.margin <= limit);
                    let mut end = pos.clone();
                    for &mv in &found.line {
                        assert!(end.targets().contains(mv), "{options:?} {:?}", found.line);
                        end.place_unchecked(mv);
                    }
                    assert_eq!(end.margin(), found.margin, "{options:?}");
                    let mut highest = i32::MIN;
                    for &(a, value) in &values {
                        if found.unanswered.contains(&a) {
                            left_out += 1;
                            continue;
                        }
                        // Black's best replies hold `a` to the margin
                        // named: the pass's own replies did.
                        let (best, fixed) = value.expect("Black's first reply follows");
                        let fixed = fixed.expect("Black's last reply follows");
                        assert!(best <= fixed && best <= found.margin, "{options:?} {a:?}");
                        // Above the limit, `last` alone did not: other
                        // last replies answered some pairs.
                        if fixed > found.margin {
                            rescued += 1;
                        }
                        highest = highest.max(fixed);
                        answered += 1;
                    }
                    if limit == i32::MAX {
                        assert_eq!(highest, found.margin, "{options:?}: the highest line");
                    }
                }
            }
        }
        assert!(
            answered > 4_000 && left_out > 300 && rescued > 300,
            "{answered} {left_out} {rescued}"
        );
    }
}
