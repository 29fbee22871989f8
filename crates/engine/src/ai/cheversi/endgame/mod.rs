//! Cheversi's shortcuts near the end of the game, for the search
//! ([`Endgame`]): the last placement scored directly, the last two bounded
//! or read in one pass, and passes over pairs of placements three and four
//! from the end. Each is checked in its tests against making every
//! placement.

mod last_four;
mod last_four_bounded;
mod last_king;
mod last_three;
mod last_two;
mod margins;

pub use last_four::PairPass;
pub use last_two::PreparedReply;
pub use margins::{CutLines, Margins};

use super::game::{for_me, SCALE};
use crate::ai::search::{Endgame, RefutedAll, RefutedLine};
use crate::cheversi::{Move, Position, RuleSet, PLIES};
use crate::game::Player;
use crate::square::Square;

/// From this many last placements on, [`Endgame::solve_last_move`] finds
/// each slider's cut lines once for all of them.
const MANY_TARGETS: u32 = 24;

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

impl Endgame<Move> for Position {
    type Prepared = PreparedReply;

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

    /// As [`Endgame::best_with_reply`]: White places next.
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

    fn two_moves_left(&self) -> bool {
        self.ply() + 2 == PLIES
    }
}
