//! The node search under the root: alpha-beta with principal variation
//! search, a transposition table, killer moves, and children ordered by a
//! peek at them, made only when searched.

use super::endgame::Endgame;
use super::game::{is_proof, Evaluator, Searchable, MAX_PLIES, WIN};
use super::order::sort_key;
use super::table::{Bound, Entry, Table, MARKED_DEPTH};
use crate::ai::budget::Budget;
use crate::game::Player;
use std::ops::ControlFlow;

pub(super) const INFINITY: i32 = WIN + MAX_PLIES + 1;

/// From this many moves from the end, a search to the end looks each
/// child up in the table before searching any ([`Run::transposed`]): there
/// a child's subtree costs thousands of look-ups; nearer the end the
/// look-ups cost more than they save.
const LOOK_AHEAD_LEFT: u32 = 5;
// The table marks the entries the look-ahead reads (`Table::may_hold`).
const _: () = assert!(LOOK_AHEAD_LEFT > MARKED_DEPTH as u32);

/// The most nodes two from the end searched without asking for a bound
/// after failures in a row ([`Run::bounded`]).
pub(super) const MOST_SKIPPED: u32 = 16;

pub(super) struct Run<'a, 'b, G: Searchable, E: Evaluator<G>> {
    pub(super) table: &'a mut Table<G::Move>,
    pub(super) eval: &'a E,
    pub(super) budget: &'a mut Budget<'b>,
    pub(super) me: Player,
    pub(super) full_window: bool,
    /// The principal variation below each ply, built as the search
    /// returns (`lines[ply]` starts with the best move found at `ply`).
    pub(super) lines: Vec<Vec<G::Move>>,
    /// Each ply's children, buffers reused from node to node.
    frames: Vec<Frame<G>>,
    /// Per ply, the last two moves that cut off there, tried early.
    pub(super) killers: Vec<[Option<G::Move>; 2]>,
    /// Nodes two from the end still to search without asking for a bound,
    /// and how many were skipped after the last failure ([`Run::bounded`]).
    pub(super) skip_bound: u32,
    pub(super) bound_misses: u32,
}

/// The children of the node being searched at one ply.
struct Frame<G: Searchable> {
    moves: Vec<G::Move>,
    /// Search order: sort keys whose low half indexes `moves`.
    order: Vec<u64>,
}

impl<G: Searchable> Default for Frame<G> {
    fn default() -> Self {
        Frame {
            moves: Vec::new(),
            order: Vec::new(),
        }
    }
}

/// What a node knows while its children are searched.
pub(super) struct NodeSearch<M> {
    pub(super) maximising: bool,
    pub(super) alpha: i32,
    pub(super) beta: i32,
    pub(super) best_value: i32,
    pub(super) best_move: Option<M>,
    /// No heuristic leaf below so far.
    pub(super) exact: bool,
    pub(super) searched: usize,
}

impl<M> NodeSearch<M> {
    /// The side of the window a move must pass to matter: alpha where the
    /// node maximises, beta where it minimises.
    pub(super) fn bound(&self) -> i32 {
        if self.maximising {
            self.alpha
        } else {
            self.beta
        }
    }
}

/// What a pass refuting many moves at once left to search.
pub(super) enum PassLeft<M> {
    /// The budget ran out.
    Stopped,
    /// These moves, which the pass did not answer.
    Left(Vec<M>),
}

/// The depth left below `child`: a player's consecutive moves share one.
pub(super) fn child_depth<G: Searchable>(pos: &G, child: &G, depth: u32) -> u32 {
    if child.to_move() == pos.to_move() {
        depth
    } else {
        depth - 1
    }
}

/// The value a table entry gives a node at `ply` searched `depth` deep in
/// the window `(alpha, beta)`, if it settles the node.
fn cut_by<M>(e: &Entry<M>, depth: u32, ply: i32, alpha: i32, beta: i32) -> Option<i32> {
    if (e.depth as u32) < depth && !e.exact {
        return None;
    }
    let v = from_table(e.value, ply);
    let usable = match e.bound {
        Bound::Exact => true,
        Bound::Lower => v >= beta,
        Bound::Upper => v <= alpha,
    };
    usable.then_some(v)
}

impl<'a, 'b, G: Searchable, E: Evaluator<G>> Run<'a, 'b, G, E> {
    pub(super) fn new(
        table: &'a mut Table<G::Move>,
        eval: &'a E,
        budget: &'a mut Budget<'b>,
        me: Player,
        full_window: bool,
    ) -> Self {
        Run {
            table,
            eval,
            budget,
            me,
            full_window,
            lines: Vec::new(),
            frames: Vec::new(),
            killers: Vec::new(),
            skip_bound: 0,
            bound_misses: 0,
        }
    }

    /// Alpha-beta for `me`; returns `(value, exact)` where `exact` means no
    /// heuristic leaf was used below.
    pub(super) fn alpha_beta(
        &mut self,
        pos: &G,
        depth: u32,
        ply: i32,
        alpha: i32,
        beta: i32,
    ) -> (i32, bool) {
        if self.budget.tick() {
            return (0, false);
        }
        let at = ply as usize;
        if self.lines.len() <= at + 1 {
            self.lines.resize_with(at + 2, Vec::new);
            self.frames.resize_with(at + 2, Frame::default);
            self.killers.resize(at + 2, [None; 2]);
        }
        self.lines[at].clear();
        if let Some(v) = pos.decided(self.me) {
            return (with_distance(v, ply), true);
        }
        if depth == 0 {
            return (self.eval.evaluate(pos, self.me), false);
        }
        if let Some((v, best)) =
            pos.endgame()
                .solve_last_move(self.me, alpha, beta, self.killers[at])
        {
            self.lines[at].push(best);
            let maximising = pos.to_move() == Some(self.me);
            if (maximising && v >= beta) || (!maximising && v <= alpha) {
                self.remember_killer(at, best);
            }
            return (v, true);
        }
        let key = self.key(pos);
        let maximising = pos.to_move() == Some(self.me);
        if let Some(b) = self.bounded(pos, key, maximising, alpha, beta) {
            return (b, true);
        }
        let mut tt_move = None;
        if let Some(e) = self.table.get(key) {
            tt_move = e.best;
            // Not in a window wider than null, where the best line is being
            // built: a cut-off there would end the line shown.
            let on_the_line = beta - alpha > 1;
            if let Some(v) = cut_by(e, depth, ply, alpha, beta).filter(|_| !on_the_line) {
                return (v, e.exact);
            }
        }
        if let Some(v) = self.transposed(pos, depth, ply, maximising, alpha, beta) {
            return (v, true);
        }
        let mut node = NodeSearch {
            maximising,
            alpha,
            beta,
            best_value: if maximising { -INFINITY } else { INFINITY },
            best_move: None,
            exact: true,
            searched: 0,
        };
        // The frame's buffers are lent out while the children are searched,
        // so that no node allocates.
        let mut frame = std::mem::take(&mut self.frames[at]);
        self.expand(pos, &mut frame, depth, ply, tt_move, &mut node);
        self.frames[at] = frame;
        if self.budget.stopped() {
            return (0, false);
        }
        let bound = if node.best_value <= alpha {
            Bound::Upper
        } else if node.best_value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if node.alpha >= node.beta {
            if let Some(m) = node.best_move {
                self.remember_killer(at, m);
            }
        }
        self.table.put(Entry {
            key,
            // A search to the end stands for the moves left, not more:
            // entries nearer the root keep their slots (`Entry::worth`).
            depth: depth.min(pos.moves_left().unwrap_or(u32::MAX)).min(255) as u8,
            value: to_table(node.best_value, ply),
            bound,
            exact: node.exact,
            best: node.best_move,
        });
        (node.best_value, node.exact)
    }

    /// Where a child's table entry settles the node in a null window
    /// (enhanced transposition cut-off), its value: children of the side
    /// that refutes often reach a position already proven by another
    /// order of the same placements. Only in searches to the end, at least
    /// [`LOOK_AHEAD_LEFT`] moves from it, in games that count them
    /// ([`Searchable::moves_left`]); not in the mid-game search, where it
    /// has not been shown to pay.
    pub(super) fn transposed(
        &mut self,
        pos: &G,
        depth: u32,
        ply: i32,
        maximising: bool,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        let far_to_the_end = pos
            .moves_left()
            .is_some_and(|left| left >= LOOK_AHEAD_LEFT && depth >= left);
        if beta - alpha > 1 || !far_to_the_end {
            return None;
        }
        let at = ply as usize;
        let mut frame = std::mem::take(&mut self.frames[at]);
        frame.moves.clear();
        pos.legal_moves(&mut frame.moves);
        let me_key = self.me_key();
        // The order buffer, free until the node is expanded, holds the
        // children's keys: all fetched before any is read.
        frame.order.clear();
        for &mv in &frame.moves {
            let key = pos.key_after(mv) ^ me_key;
            // Most children were never stored: those cost no fetch.
            if self.table.may_hold(key) {
                self.table.prefetch(key);
                frame.order.push(key);
            }
        }
        let found = frame.order.iter().find_map(|&key| {
            let v = cut_by(self.table.get(key)?, depth - 1, ply + 1, alpha, beta)?;
            let settles = if maximising { v >= beta } else { v <= alpha };
            settles.then_some(v)
        });
        self.frames[at] = frame;
        found
    }

    /// `mv` cut off at ply `at`: tried first at that ply from now on.
    pub(super) fn remember_killer(&mut self, at: usize, mv: G::Move) {
        let killers = &mut self.killers[at];
        if killers[0] != Some(mv) {
            *killers = [Some(mv), killers[0]];
        }
    }

    /// The table's key of a position (the searching player is part of it:
    /// values are seen from that player).
    pub(super) fn key(&self, pos: &G) -> u64 {
        pos.key() ^ self.me_key()
    }

    pub(super) fn me_key(&self) -> u64 {
        (self.me as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    /// Searches the children of `pos` into `node`: the table's move first, then
    /// the two killers (the last moves that cut off at this ply), all before
    /// the others are looked at, since they cut off often; then the others best
    /// first by the evaluator's [`Evaluator::order_value`], all peeked at in
    /// one pass ([`Searchable::peek_each`]) without making them; each child is
    /// made only when it is searched, and one that ends the game not at all.
    /// (Looking each child up in the table first, for a cut-off without
    /// search, pays only far from the end, in searches to the end:
    /// [`Run::transposed`].)
    fn expand(
        &mut self,
        pos: &G,
        frame: &mut Frame<G>,
        depth: u32,
        ply: i32,
        tt_move: Option<G::Move>,
        node: &mut NodeSearch<G::Move>,
    ) {
        let tt_move = tt_move.filter(|&m| pos.is_legal(m));
        let killers = self.killers[ply as usize]
            .map(|k| k.filter(|&m| Some(m) != tt_move && pos.is_legal(m)));
        let tried = [tt_move, killers[0], killers[1]];
        for mv in tried.into_iter().flatten() {
            if self.try_first(pos, mv, depth, ply, node) {
                return;
            }
        }
        frame.moves.clear();
        if depth == 1 || pos.endgame().two_moves_left() {
            pos.legal_moves(&mut frame.moves);
            // The children are leaves, or solved directly: made one at a
            // time, since a cut-off saves making the rest, and not worth
            // ordering (two moves from the end, ordering costs about as
            // much as solving a child and saves few nodes). Those that end the
            // game are not made at all. Two from the end, replies are tried
            // on each child without making it, and refute most of them: the
            // one that refuted the last child, moved along with the child
            // where the game says so (the last piece goes near the one
            // before), then the last placement's killers. Where the game
            // can solve a child from here (few last moves), the others are
            // solved so, not made.
            let refuting = pos.endgame().two_moves_left() && depth >= 2;
            let [k0, k1] = self.killers[ply as usize + 1];
            let mut replies = if refuting { [None, k0, k1] } else { [None; 3] };
            // Each made ready once it is first legal after a child.
            let mut prepared = [None, None, None];
            frame.moves.retain(|mv| !tried.contains(&Some(*mv)));
            // The first killer refutes most nodes' children all at once,
            // read in one pass: only those it cannot follow are left.
            let mut refuted_all = None;
            if let (true, Some(k0)) = (refuting, k0) {
                prepared[1] = pos.endgame().prepare_reply(k0);
                match self.refute_all(pos, &frame.moves, k0, prepared[1].as_ref(), ply, node) {
                    Some(true) => return,
                    Some(false) => refuted_all = Some(k0),
                    None => {}
                }
            }
            let mut last: Option<(G::Move, G::Move)> = None;
            let mut peeking = !pos.endgame().two_moves_left();
            for i in 0..frame.moves.len() {
                let mv = frame.moves[i];
                if refuted_all.is_some_and(|k| pos.endgame().is_legal_reply(mv, k)) {
                    continue;
                }
                if refuting {
                    replies[0] = last.and_then(|(m, r)| pos.endgame().translate_reply(m, r, mv));
                    prepared[0] = None;
                }
                match self.refute_by_reply(pos, mv, &mut replies, &mut prepared, ply, node) {
                    Some((true, _)) => return,
                    Some((false, reply)) => {
                        last = Some((mv, reply));
                        continue;
                    }
                    None => {}
                }
                if refuting {
                    match self.solve_child(pos, mv, ply, node) {
                        Some((true, _)) => return,
                        Some((false, reply)) => {
                            last = Some((mv, reply));
                            continue;
                        }
                        None => {}
                    }
                }
                if peeking {
                    let peek = pos.peek(mv, self.me);
                    if peek.decided {
                        if self.take_decided(node, mv, peek.value, ply) {
                            return;
                        }
                        continue;
                    }
                    // In Cheversi the children that end the game come
                    // together (the last placement): after one that does
                    // not, peeking costs more than it saves.
                    peeking = false;
                }
                let mut child = pos.clone();
                child.play_unchecked(mv);
                if self.visit(pos, &child, mv, depth, ply, node) {
                    return;
                }
                if refuting {
                    last = self.lines[ply as usize + 1].first().map(|&r| (mv, r));
                }
            }
            return;
        }
        frame.order.clear();
        // Three and four moves from the end, the killers of the replies
        // refute most nodes' moves all at once: only those they do not
        // answer are left, and the others are not even listed. The ones
        // tried first are not peeked at again.
        let pass = (depth >= 3)
            .then(|| self.refute_pairs(pos, ply, node))
            .flatten();
        match pass {
            Some(PassLeft::Stopped) => return,
            Some(PassLeft::Left(unanswered)) => frame.moves.extend(
                unanswered
                    .into_iter()
                    .filter(|mv| !tried.contains(&Some(*mv))),
            ),
            None => {
                pos.legal_moves(&mut frame.moves);
                frame.moves.retain(|mv| !tried.contains(&Some(*mv)));
            }
        }
        let me_key = self.me_key();
        let mut cut = false;
        pos.peek_each(&frame.moves, self.me, |i, peek| {
            if peek.decided {
                // Its value is known: no need to make it or order it (on
                // the last placement, the first that cuts off ends the node).
                cut = self.take_decided(node, frame.moves[i], peek.value, ply);
                return if cut {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                };
            }
            // Its table entry is looked up when it is searched: start
            // fetching that memory now, while the others are ordered.
            self.table.prefetch(peek.key ^ me_key);
            let value = self.eval.order_value(pos, frame.moves[i], &peek, self.me);
            let rank = if node.maximising { -value } else { value };
            frame.order.push(sort_key(rank, i));
            ControlFlow::Continue(())
        });
        if cut {
            return;
        }
        frame.order.sort_unstable();
        for &k in &frame.order {
            let mv = frame.moves[k as u32 as usize];
            let mut child = pos.clone();
            child.play_unchecked(mv);
            if self.visit(pos, &child, mv, depth, ply, node) {
                return;
            }
        }
    }

    /// Searches a child chosen before the others are looked at (the
    /// table's move, a killer) into `node`; true when the node is cut off
    /// or the budget ran out. It is made rather than peeked at: most are
    /// searched, and a peek that only finds the game goes on is wasted.
    pub(super) fn try_first(
        &mut self,
        pos: &G,
        mv: G::Move,
        depth: u32,
        ply: i32,
        node: &mut NodeSearch<G::Move>,
    ) -> bool {
        if pos.endgame().two_moves_left() && depth >= 2 {
            if let Some((cut, _)) = self.solve_child(pos, mv, ply, node) {
                return cut;
            }
        }
        let mut child = pos.clone();
        child.play_unchecked(mv);
        if let Some(value) = child.decided(self.me) {
            return self.take_decided(node, mv, value, ply);
        }
        self.visit(pos, &child, mv, depth, ply, node)
    }

    /// Searches one child into `node`, the first in the node's window, the
    /// others in a null window first (principal variation search), again
    /// in full if they land inside it. True when the node is cut off or
    /// the budget ran out.
    pub(super) fn visit(
        &mut self,
        pos: &G,
        child: &G,
        mv: G::Move,
        depth: u32,
        ply: i32,
        node: &mut NodeSearch<G::Move>,
    ) -> bool {
        let depth = child_depth(pos, child, depth);
        let (a, b) = (node.alpha, node.beta);
        // A leaf's value comes from the evaluation whatever the window: a
        // null window there would only make it evaluated twice.
        let scout = node.searched > 0 && b - a > 1 && depth > 0;
        let (mut v, mut e) = if !scout {
            self.alpha_beta(child, depth, ply + 1, a, b)
        } else if node.maximising {
            self.alpha_beta(child, depth, ply + 1, a, a + 1)
        } else {
            self.alpha_beta(child, depth, ply + 1, b - 1, b)
        };
        if scout && v > a && v < b && !self.budget.stopped() {
            (v, e) = self.alpha_beta(child, depth, ply + 1, a, b);
        }
        if self.budget.stopped() {
            return true;
        }
        self.take(node, mv, v, e, ply)
    }

    /// Takes the value of a child that ends the game, read without making
    /// it, into `node`; true when that cuts the node off.
    pub(super) fn take_decided(
        &mut self,
        node: &mut NodeSearch<G::Move>,
        mv: G::Move,
        value: i32,
        ply: i32,
    ) -> bool {
        self.lines[ply as usize + 1].clear(); // its line is the move alone
        self.take(node, mv, with_distance(value, ply + 1), true, ply)
    }

    /// Takes the value `v` (exact or not) of the child after `mv` into
    /// `node`; true when that cuts the node off.
    pub(super) fn take(
        &mut self,
        node: &mut NodeSearch<G::Move>,
        mv: G::Move,
        v: i32,
        e: bool,
        ply: i32,
    ) -> bool {
        node.searched += 1;
        node.exact &= e;
        let better = if node.maximising {
            v > node.best_value
        } else {
            v < node.best_value
        };
        if better {
            node.best_value = v;
            node.best_move = Some(mv);
            let at = ply as usize;
            let (here, below) = self.lines.split_at_mut(at + 1);
            here[at].clear();
            here[at].push(mv);
            here[at].extend_from_slice(&below[0]);
        }
        if node.maximising {
            node.alpha = node.alpha.max(v);
        } else {
            node.beta = node.beta.min(v);
        }
        node.alpha >= node.beta
    }
}

/// A decided value at `ply` from the root: wins sooner are worth more.
fn with_distance(v: i32, ply: i32) -> i32 {
    if v >= WIN {
        WIN - ply
    } else if v <= -WIN {
        -(WIN - ply)
    } else {
        v
    }
}

/// Proof distances are stored from the entry's own node.
fn to_table(v: i32, ply: i32) -> i32 {
    if is_proof(v) {
        v + v.signum() * ply
    } else {
        v
    }
}

fn from_table(v: i32, ply: i32) -> i32 {
    if is_proof(v) {
        v - v.signum() * ply
    } else {
        v
    }
}
