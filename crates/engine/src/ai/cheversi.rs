//! What the search knows about Cheversi: hashing, the final margin, an
//! evaluation of the final margin, and the board's symmetries at the root.
//!
//! Values are the margin for the player `me` in eighths of a point, so the
//! evaluation's fractional hand values keep their precision.

use super::search::{Evaluator, Peek, RefutedAll, RefutedLine, Searchable};
use crate::cheversi::{
    Color, Kind, Move, Options, PairPass, Position, PreparedReply, RuleSet, PLIES,
};
use crate::game::Player;
use crate::rng::Rng;
use crate::square::Square;
use std::collections::HashSet;
use std::ops::ControlFlow;

/// From this many last placements on, [`Searchable::solve_last_move`] finds
/// each slider's cut lines once for all of them.
const MANY_TARGETS: u32 = 24;

/// Eighths of a point per point.
pub const SCALE: i32 = 8;

/// A pass over pairs of placements, valued for `me`.
fn refuted_line(found: PairPass, me: Player) -> RefutedLine<Move> {
    RefutedLine {
        line: found.line,
        value: for_me(found.margin * SCALE, me),
        count: found.scored,
        unanswered: found.unanswered,
    }
}

/// Takes `value` (of the last move `mv`) into `best` where it is better
/// for the mover (`maximising` for `me`); true when it also ends the search
/// of the last move, outside the window `(alpha, beta)`.
fn take_last(
    best: &mut Option<(i32, Move)>,
    value: i32,
    mv: Move,
    maximising: bool,
    alpha: i32,
    beta: i32,
) -> bool {
    let better = best.is_none_or(|(b, _)| if maximising { value > b } else { value < b });
    if better {
        *best = Some((value, mv));
    }
    better
        && if maximising {
            value >= beta
        } else {
            value <= alpha
        }
}

/// The highest margin (White's score minus Black's, in points) whose value
/// for `me` is no better for White than `bound`: White's limit where White
/// places next.
fn margin_limit(bound: i32, me: Player) -> i32 {
    for_me(bound, me).div_euclid(SCALE)
}

fn for_me(margin: i32, me: Player) -> i32 {
    if me == 0 {
        margin
    } else {
        -margin
    }
}

impl Searchable for Position {
    type PreparedReply = PreparedReply;

    fn key(&self) -> u64 {
        self.hash()
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.targets().contains(mv)
    }

    fn decided(&self, me: Player) -> Option<i32> {
        self.is_over().then(|| for_me(self.margin() * SCALE, me))
    }

    fn quick_value(&self, me: Player) -> i32 {
        for_me(self.margin() * SCALE, me)
    }

    fn solve_last_move(
        &self,
        me: Player,
        alpha: i32,
        beta: i32,
        first: [Option<Move>; 2],
    ) -> Option<(i32, Move)> {
        if self.ply() + 1 != PLIES {
            return None;
        }
        let maximising = (self.ply() % 2) as Player == me;
        let targets = self.targets();
        let mut best: Option<(i32, Move)> = None;
        let mut take =
            |value: i32, mv: Move| take_last(&mut best, value, mv, maximising, alpha, beta);
        // The killers usually settle it: each scored alone, which costs less
        // than sharing the work between every placement.
        for mv in first
            .into_iter()
            .flatten()
            .filter(|&mv| targets.contains(mv))
        {
            if take(for_me(self.margin_after(mv) * SCALE, me), mv) {
                return best;
            }
        }
        let margins = self.margins();
        if targets.count() < MANY_TARGETS {
            for mv in targets.moves() {
                if take(for_me(margins.after(mv) * SCALE, me), mv) {
                    break;
                }
            }
            return best;
        }
        // The rest are most often all asked about (the mover cannot reach
        // the bound): with many, each slider's cut lines are found once for
        // all of them.
        let cut_lines = margins.cut_lines();
        for mv in targets.moves() {
            if take(for_me(margins.after_with(mv, &cut_lines) * SCALE, me), mv) {
                break;
            }
        }
        best
    }

    /// White places next: its margin's bound is what both sides read.
    fn mover_bound(&self, me: Player, bound: i32) -> Option<i32> {
        let limit = margin_limit(bound, me);
        Some(for_me(self.highest_margin_at_most(limit)? * SCALE, me))
    }

    /// In `brainking`, where Black's last piece is its King next to
    /// White's last (at most eight squares): each scored from here.
    fn solve_after(
        &self,
        mv: Move,
        me: Player,
        alpha: i32,
        beta: i32,
        first: [Option<Move>; 2],
    ) -> Option<(i32, Move)> {
        let replies = self.few_last_replies(mv)?;
        let maximising = ((self.ply() + 1) % 2) as Player == me;
        let mut best: Option<(i32, Move)> = None;
        let killers = first.into_iter().flatten().filter(|k| replies.contains(*k));
        let rest = replies.moves().filter(|r| !first.contains(&Some(*r)));
        for reply in killers.chain(rest) {
            let value = for_me(self.margin_after_two(mv, reply) * SCALE, me);
            if take_last(&mut best, value, reply, maximising, alpha, beta) {
                break;
            }
        }
        best
    }

    fn prepare_reply(&self, reply: Move) -> Option<PreparedReply> {
        Position::prepare_reply(self, reply)
    }

    /// In `lewicki` the last piece goes where the one before attacks, in
    /// `brainking` next to it: the reply at the same offset from the new
    /// next-to-last piece. Elsewhere a reply may go anywhere, and the
    /// killers already carry it.
    fn translate_reply(&self, from: Move, reply: Move, to: Move) -> Option<Move> {
        if !matches!(self.options().rules, RuleSet::Lewicki | RuleSet::Brainking) {
            return None;
        }
        let file = reply.square.file() as i32 - from.square.file() as i32 + to.square.file() as i32;
        let rank = reply.square.rank() as i32 - from.square.rank() as i32 + to.square.rank() as i32;
        let square = Square::from_coords(u8::try_from(file).ok()?, u8::try_from(rank).ok()?)?;
        Some(Move {
            kind: reply.kind,
            square,
        })
    }

    fn is_legal_reply(&self, mv: Move, reply: Move) -> bool {
        self.ply() + 2 == PLIES && self.last_is_legal_after(mv, reply)
    }

    fn value_with_reply(&self, mv: Move, reply: &PreparedReply, me: Player) -> i32 {
        for_me(reply.margin_after_unchecked(self, mv) * SCALE, me)
    }

    /// White places the next-to-last piece: its margin is what both sides
    /// read, so `bound` becomes a limit on the margin.
    fn best_with_reply(
        &self,
        moves: &[Move],
        reply: &PreparedReply,
        me: Player,
        bound: i32,
    ) -> Option<RefutedAll<Move>> {
        let limit = margin_limit(bound, me);
        let (best, margin, count) = reply.highest_after(self, moves, limit)?;
        Some(RefutedAll {
            best,
            value: for_me(margin * SCALE, me),
            count,
        })
    }

    /// As [`Searchable::best_with_reply`]: White places next.
    fn best_with_replies(
        &self,
        first: Move,
        last: Move,
        second: Option<Move>,
        me: Player,
        bound: i32,
    ) -> Option<RefutedLine<Move>> {
        let limit = margin_limit(bound, me);
        let found = self.highest_after_replies(first, last, second, limit)?;
        Some(refuted_line(found, me))
    }

    /// Black places next: the margin is Black's loss, so `bound` becomes
    /// a floor on it.
    fn best_with_reply_between(
        &self,
        reply: Move,
        me: Player,
        bound: i32,
    ) -> Option<RefutedLine<Move>> {
        // The least margin `m` with `for_me(m * SCALE, me)` refuting.
        let floor = -(-for_me(bound, me)).div_euclid(SCALE);
        let found = self.lowest_after_reply(reply, floor)?;
        Some(refuted_line(found, me))
    }

    /// White places next, four from the end (`brainking`): its margin's
    /// bound is what both sides read.
    fn bounded_with_reply(
        &self,
        reply: Move,
        second: Option<Move>,
        me: Player,
        bound: i32,
    ) -> Option<RefutedLine<Move>> {
        let limit = margin_limit(bound, me);
        let found = self.highest_bound_after_reply(reply, second, limit)?;
        Some(refuted_line(found, me))
    }

    fn moves_left(&self) -> Option<u32> {
        Some((PLIES - self.ply()) as u32)
    }

    fn key_after(&self, mv: Move) -> u64 {
        self.hash_after(mv)
    }

    fn two_moves_left(&self) -> bool {
        self.ply() + 2 == PLIES
    }

    fn peek(&self, mv: Move, me: Player) -> Peek {
        peek_with_margin(self, mv, self.margin_after(mv), me)
    }

    fn peek_each(
        &self,
        moves: &[Move],
        me: Player,
        mut visit: impl FnMut(usize, Peek) -> ControlFlow<()>,
    ) {
        let margins = self.margins();
        for (i, &mv) in moves.iter().enumerate() {
            if visit(i, peek_with_margin(self, mv, margins.after(mv), me)).is_break() {
                return;
            }
        }
    }
}

/// The peek at `mv` from `pos`, given the margin it leaves.
fn peek_with_margin(pos: &Position, mv: Move, margin: i32, me: Player) -> Peek {
    Peek {
        value: for_me(margin * SCALE, me),
        decided: pos.ply() + 1 == PLIES,
        key: pos.hash_after(mv),
    }
}

/// The current margin only: what "beats the plain current score" is
/// measured against.
pub struct PlainScore;

impl Evaluator<Position> for PlainScore {
    fn evaluate(&self, pos: &Position, me: Player) -> i32 {
        for_me(pos.margin() * SCALE, me)
    }
}

/// The current margin plus what the pieces still in hand are expected to
/// add: each kind is worth its average gain when placed, measured once per
/// rule set and scoring by seeded greedy self-play. This removes the swing
/// of a plain score, which favours whoever placed last.
#[derive(Clone, Debug)]
pub struct HandValues {
    /// Eighths of a point per kind (by [`Kind::index`]), by game phase
    /// (placements made, in four quarters).
    pub per_kind: [[i32; 5]; 4],
}

impl HandValues {
    /// Measures the average margin gain of each kind in greedy games.
    pub fn calibrate(options: Options) -> HandValues {
        let mut sums = [[0i64; 5]; 4];
        let mut counts = [[0i64; 5]; 4];
        let mut rng = Rng::new(0x5eed);
        for _ in 0..48 {
            let mut pos = Position::new(options);
            while let Some(me) = pos.side_to_move() {
                let targets = pos.targets();
                let before = pos.margin();
                // Greedy with random ties: the best immediate gain.
                let mut best: Vec<(Move, i32)> = Vec::new();
                for mv in targets.moves() {
                    let mut child = pos.clone();
                    child.place_unchecked(mv);
                    let gain = for_me(child.margin() - before, me.index() as Player);
                    match best.first() {
                        Some(&(_, g)) if gain < g => {}
                        Some(&(_, g)) if gain == g => best.push((mv, gain)),
                        _ => best = vec![(mv, gain)],
                    }
                }
                let (mv, gain) = best[rng.below(best.len() as u32) as usize];
                let phase = pos.ply() * 4 / PLIES;
                sums[phase][mv.kind.index()] += gain as i64;
                counts[phase][mv.kind.index()] += 1;
                pos.place_unchecked(mv);
            }
        }
        let mut per_kind = [[0i32; 5]; 4];
        for phase in 0..4 {
            for k in 0..5 {
                // A kind never placed greedily in a phase: its overall mean.
                let (s, c) = if counts[phase][k] > 0 {
                    (sums[phase][k], counts[phase][k])
                } else {
                    (
                        sums.iter().map(|r| r[k]).sum(),
                        counts.iter().map(|r| r[k]).sum::<i64>().max(1),
                    )
                };
                per_kind[phase][k] = (s * SCALE as i64 / c) as i32;
            }
        }
        HandValues { per_kind }
    }
}

impl Evaluator<Position> for HandValues {
    fn evaluate(&self, pos: &Position, me: Player) -> i32 {
        let phase = (pos.ply() * 4 / PLIES).min(3);
        let values = &self.per_kind[phase];
        let (white, black) = (pos.hand(Color::White), pos.hand(Color::Black));
        let hand: i32 = Kind::ALL
            .iter()
            .map(|k| (white[k.index()] as i32 - black[k.index()] as i32) * values[k.index()])
            .sum();
        for_me(pos.margin() * SCALE + hand, me)
    }

    /// The margin after the placement less what the piece placed would
    /// have gained later: its value in the last quarter of the game, where
    /// exact searches spend most of their nodes. A Rook placed now, worth
    /// about 10 points late in `lewicki`, ranks below a Knight that gains a
    /// little less now. Measured on result proofs (README): against the
    /// margin alone, 47% fewer nodes in `lewicki` 10 placements from the end
    /// and 39% fewer 9 from it; the value of each piece in the child's own
    /// quarter saved only 33% and 26%; in brainking 14% fewer 9 from the end
    /// and as many 8 from it; within 2% either way where any empty square
    /// is open.
    fn order_value(&self, pos: &Position, mv: Move, peek: &Peek, me: Player) -> i32 {
        let value = self.per_kind[3][mv.kind.index()];
        let mover = if pos.ply().is_multiple_of(2) {
            value
        } else {
            -value
        };
        peek.value - for_me(mover, me)
    }
}

/// The legal placements, with those that lead to the same position up to a
/// symmetry of the board kept once (the first ones on an empty board: 10
/// squares per kind instead of 64).
pub fn distinct_moves(pos: &Position) -> Vec<Move> {
    let mut seen = HashSet::new();
    pos.targets()
        .moves()
        .filter(|&mv| {
            let mut child = pos.clone();
            child.place_unchecked(mv);
            seen.insert(canonical_key(&child))
        })
        .collect()
}

/// The same number for every image of a position under the board's
/// symmetries (and, but for hash collisions, for no other).
pub fn canonical_key(p: &Position) -> u64 {
    Square::SYMMETRIES
        .iter()
        .map(|map| p.hash_mapped(map))
        .min()
        .unwrap_or(0)
}

/// What a Cheversi search keeps between positions of one rule set and
/// scoring: the options, their hand values and the searcher with its table.
pub type Brain = (Options, HandValues, super::search::Searcher<Position>);

/// The brain in `slot` for `options`, made afresh (hand values measured,
/// an empty table of `2^table_bits` slots) when the options change.
pub fn brain_for(slot: &mut Option<Brain>, options: Options, table_bits: u32) -> &mut Brain {
    if slot.as_ref().map(|(o, _, _)| *o) != Some(options) {
        *slot = Some((
            options,
            HandValues::calibrate(options),
            super::search::Searcher::new(table_bits),
        ));
    }
    slot.as_mut().expect("just set")
}

/// Plies left in the game.
pub fn remaining(pos: &Position) -> u32 {
    (PLIES - pos.ply()) as u32
}
