//! The search's use of a game's shortcuts near its end ([`Endgame`]): a
//! bound that settles a node two moves from the end, passes that refute
//! many moves with one reply, and a child solved without making it. Each
//! stands for the nodes it saves, so the search's values are the same
//! with and without them.

use super::alpha_beta::{NodeSearch, PassLeft, Run, MOST_SKIPPED};
use super::endgame::Endgame;
use super::game::{Evaluator, Searchable};

impl<G: Searchable, E: Evaluator<G>> Run<'_, '_, G, E> {
    /// Where a bound shows the mover cannot pass the window
    /// ([`Searchable::mover_bound`]), that bound; asked before the table,
    /// whose entry for `key` is fetched meanwhile. It shows it at most
    /// nodes of the side that loses, and at none of the other's: after it
    /// fails, it is not asked again for a number of nodes that doubles with
    /// each failure in a row (up to [`MOST_SKIPPED`]), since asking costs
    /// about as much as searching a node two from the end.
    pub(super) fn bounded(
        &mut self,
        pos: &G,
        key: u64,
        maximising: bool,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        if !pos.endgame().two_moves_left() {
            return None;
        }
        if self.skip_bound > 0 {
            self.skip_bound -= 1;
            return None;
        }
        self.table.prefetch(key);
        let bound = if maximising { alpha } else { beta };
        match pos.endgame().mover_bound(self.me, bound) {
            Some(b) => {
                debug_assert!(if maximising { b <= alpha } else { b >= beta });
                self.bound_misses = 0;
                Some(b)
            }
            None => {
                self.bound_misses = (self.bound_misses * 2).clamp(1, MOST_SKIPPED);
                self.skip_bound = self.bound_misses;
                None
            }
        }
    }

    /// Where the killers of the next ply and of the one three below (or,
    /// three moves from the end, of the next ply alone; or, where the game
    /// bounds the last two moves instead, the next ply's two killers)
    /// refute every move they answer, two of the mover's moves deep, takes
    /// them all into `node` at once (never a cut-off: the value is within
    /// the bound); `None` when all must be searched.
    pub(super) fn refute_pairs(
        &mut self,
        pos: &G,
        ply: i32,
        node: &mut NodeSearch<G::Move>,
    ) -> Option<PassLeft<G::Move>> {
        let at = ply as usize;
        let first = self.killers.get(at + 1)?[0]?;
        let bound = node.bound();
        // Four moves from the end, with the last reply's killers; three,
        // with the mover's own last move free.
        let lasts = self.killers.get(at + 3).copied().unwrap_or([None; 2]);
        let refuted = lasts[0]
            .and_then(|last| {
                pos.endgame()
                    .best_with_replies(first, last, lasts[1], self.me, bound)
            })
            .or_else(|| pos.endgame().best_with_reply_between(first, self.me, bound))
            .or_else(|| {
                let second = self.killers[at + 1][1];
                pos.endgame()
                    .bounded_with_reply(first, second, self.me, bound)
            })?;
        debug_assert!(refuted.unanswered.iter().all(|&mv| pos.is_legal(mv)));
        let [best, below @ ..] = refuted.line.as_slice() else {
            return None;
        };
        if self.take_refuted(node, ply, *best, below, refuted.value, refuted.count) {
            return Some(PassLeft::Stopped);
        }
        Some(PassLeft::Left(refuted.unanswered))
    }

    /// Where `reply` (made ready) refutes every one of `moves` it can
    /// follow, takes them all into `node` at once (never a cut-off);
    /// `Some(true)` when the budget ran out, `None` when one of them must
    /// be searched.
    pub(super) fn refute_all(
        &mut self,
        pos: &G,
        moves: &[G::Move],
        reply: G::Move,
        ready: Option<&<G::Endgame as Endgame<G::Move>>::Prepared>,
        ply: i32,
        node: &mut NodeSearch<G::Move>,
    ) -> Option<bool> {
        let refuted = pos
            .endgame()
            .best_with_reply(moves, ready?, self.me, node.bound())?;
        Some(self.take_refuted(
            node,
            ply,
            refuted.best,
            &[reply],
            refuted.value,
            refuted.count,
        ))
    }

    /// Takes the best of `count` moves refuted in one pass into `node`,
    /// with the line `below` it, counting them as the nodes they stand
    /// for; true when the budget ran out.
    pub(super) fn take_refuted(
        &mut self,
        node: &mut NodeSearch<G::Move>,
        ply: i32,
        best: G::Move,
        below: &[G::Move],
        value: i32,
        count: u32,
    ) -> bool {
        if self.budget.tick_many(u64::from(count)) {
            return true;
        }
        node.searched += (count as usize).saturating_sub(1);
        let line = &mut self.lines[ply as usize + 1];
        line.clear();
        line.extend_from_slice(below);
        self.take(node, best, value, true, ply);
        false
    }

    /// Tries `replies` (the last placement's killers, and the last child's
    /// refutation moved along) on `mv`, two moves
    /// from the end, without making it: where one is legal after `mv` and
    /// its value refutes `mv` (what solving the child would have found
    /// first), takes it into `node`. `prepared` holds each reply once made
    /// ready; a reply the game cannot prepare is dropped. `Some((cut,
    /// reply))` when refuted, `cut` true when the node is cut off or the
    /// budget ran out; `None` when `mv` must be made and searched.
    pub(super) fn refute_by_reply(
        &mut self,
        pos: &G,
        mv: G::Move,
        replies: &mut [Option<G::Move>; 3],
        prepared: &mut [Option<<G::Endgame as Endgame<G::Move>>::Prepared>; 3],
        ply: i32,
        node: &mut NodeSearch<G::Move>,
    ) -> Option<(bool, G::Move)> {
        for (slot, ready) in replies.iter_mut().zip(prepared.iter_mut()) {
            let Some(reply) = *slot else { continue };
            if !pos.endgame().is_legal_reply(mv, reply) {
                continue;
            }
            if ready.is_none() {
                *ready = pos.endgame().prepare_reply(reply);
                if ready.is_none() {
                    *slot = None;
                    continue;
                }
            }
            let Some(ready) = ready.as_ref() else {
                continue;
            };
            let v = pos.endgame().value_with_reply(mv, ready, self.me);
            let refutes = if node.maximising {
                v <= node.alpha
            } else {
                v >= node.beta
            };
            if !refutes {
                continue;
            }
            // Counted as the node it stands for.
            if self.budget.tick() {
                return Some((true, reply));
            }
            let better = if node.maximising {
                v > node.best_value
            } else {
                v < node.best_value
            };
            if !better {
                // Neither the best nor a cut-off: only counted (most are).
                node.searched += 1;
                return Some((false, reply));
            }
            let below = &mut self.lines[ply as usize + 1];
            below.clear();
            below.push(reply);
            return Some((self.take(node, mv, v, true, ply), reply));
        }
        None
    }

    /// Two moves from the end, solves `mv`'s child without making it where
    /// the game can ([`Searchable::solve_after`]), as searching it would,
    /// and takes it into `node`: `Some((cut, best reply))`, `cut` true when
    /// the node is cut off or the budget ran out.
    pub(super) fn solve_child(
        &mut self,
        pos: &G,
        mv: G::Move,
        ply: i32,
        node: &mut NodeSearch<G::Move>,
    ) -> Option<(bool, G::Move)> {
        let below = ply as usize + 1;
        let (v, reply) =
            pos.endgame()
                .solve_after(mv, self.me, node.alpha, node.beta, self.killers[below])?;
        // Counted as the child it stands for.
        if self.budget.tick() {
            return Some((true, reply));
        }
        // Where the reply cuts the child off, it is the killer there, as
        // when the child is searched.
        let cut_below = if node.maximising {
            v <= node.alpha
        } else {
            v >= node.beta
        };
        if cut_below {
            self.remember_killer(below, reply);
        }
        self.lines[below].clear();
        self.lines[below].push(reply);
        Some((self.take(node, mv, v, true, ply), reply))
    }
}
