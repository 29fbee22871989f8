//! Iterative-deepening alpha-beta with a transposition table, generic over
//! the game.
//!
//! Values are seen from one player, `me` (the player to move at the root):
//! `me` maximises and every other player minimises, which is plain
//! alpha-beta with two players and the *paranoid* search with more. Depth is
//! counted in turns: a player's consecutive moves (a two-piece turn, a
//! two-piece setup) share one level. Proven wins and losses are
//! `±(WIN - plies)`, so the shortest win and the longest loss are preferred.

use super::alpha_beta::{child_depth, Run, INFINITY};
use super::budget::Budget;
pub use super::prove::{Draws, Proven};
use super::tt::Table;
use crate::game::{GameState, Player};
use std::ops::ControlFlow;

/// A proven win; values within `MAX_PLIES` of it carry a distance.
pub const WIN: i32 = 1_000_000;
pub(super) const MAX_PLIES: i32 = 1_000;

/// True for a value that is a proven win or loss.
pub fn is_proof(value: i32) -> bool {
    value.abs() > WIN - MAX_PLIES
}

/// Plies to the end of the game of a proven value.
pub fn plies_to_end(value: i32) -> Option<u32> {
    is_proof(value).then(|| (WIN - value.abs()) as u32)
}

/// What [`Searchable::best_with_reply`] finds: the best of the moves one
/// reply refutes, its value, and how many moves it refutes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefutedAll<M> {
    pub best: M,
    pub value: i32,
    pub count: u32,
}

/// What [`Searchable::best_with_replies`] and
/// [`Searchable::best_with_reply_between`] find: the best line of the
/// mover's two moves and the replies, its value, how many nodes the pass
/// stands for, and the moves it leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefutedLine<M> {
    pub line: Vec<M>,
    pub value: i32,
    pub count: u32,
    /// The mover's moves not answered, each legal and named once: to be
    /// searched (the search lists no others).
    pub unanswered: Vec<M>,
}

/// What the search needs from a game, beyond its rules.
pub trait Searchable: GameState {
    /// What [`Searchable::prepare_reply`] makes ready (`()` for games
    /// that do not).
    type PreparedReply;
    /// A hash of the position (equal positions, equal keys).
    fn key(&self) -> u64;
    /// The value for `me` if the game is decided for `me`: over, or `me`
    /// already out of a multi-player game. Wins are `±WIN`; a game whose
    /// result is a margin (Cheversi) gives the margin.
    fn decided(&self, me: Player) -> Option<i32>;
    /// A cheap guess of the value for `me`, for ordering moves.
    fn quick_value(&self, me: Player) -> i32;
    /// Whether `mv` is legal here: how a move from the table or a killer
    /// is checked before the moves are listed (a cut-off by one of them
    /// saves listing them).
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.check_move(mv).is_ok()
    }
    /// What ordering needs of the position after `mv`: games that can tell
    /// it without making the move save a copy of the position per child.
    fn peek(&self, mv: Self::Move, me: Player) -> Peek {
        let mut child = self.clone();
        child.play_unchecked(mv);
        let decided = child.decided(me);
        Peek {
            value: decided.unwrap_or_else(|| child.quick_value(me)),
            decided: decided.is_some(),
            key: child.key(),
        }
    }

    /// Where exactly one move is left in the game: the value for `me` of
    /// the mover's best move and that move, found directly, without the
    /// table (the search's leaves one move from the end are most of its
    /// nodes). The moves in `first` (the ply's killers) are tried first, and
    /// the search stops at the first move whose value reaches outside the
    /// window `(alpha, beta)`: that value is then a bound, as in
    /// alpha-beta. `None` where more moves are left, or the game does not
    /// say.
    fn solve_last_move(
        &self,
        me: Player,
        alpha: i32,
        beta: i32,
        first: [Option<Self::Move>; 2],
    ) -> Option<(i32, Self::Move)> {
        let _ = (me, alpha, beta, first);
        None
    }

    /// Where two moves are left, a bound on the node's value for `me` read
    /// without searching it, where it shows that the mover cannot pass
    /// `bound` (alpha where the mover is `me`, beta where not): at most
    /// `bound` in the first case, at least in the second. `None` where it
    /// does not, or the game does not say.
    fn mover_bound(&self, me: Player, bound: i32) -> Option<i32> {
        let _ = (me, bound);
        None
    }

    /// Where two moves are left: the value for `me` of `mv`'s child, and
    /// the best last move there, as [`Searchable::solve_last_move`] would
    /// find them in the window `(alpha, beta)` (the killers `first` first),
    /// without making the child: where the game's last moves after `mv` are
    /// few enough that reading each from here costs less. `None` where the
    /// game does not say.
    fn solve_after(
        &self,
        mv: Self::Move,
        me: Player,
        alpha: i32,
        beta: i32,
        first: [Option<Self::Move>; 2],
    ) -> Option<(i32, Self::Move)> {
        let _ = (mv, me, alpha, beta, first);
        None
    }

    /// Where two moves are left: whether `reply` is a legal last move after
    /// `mv`, without making `mv` (how a reply that refuted a sibling is
    /// tried on the others). False where the game does not say.
    fn is_legal_reply(&self, mv: Self::Move, reply: Self::Move) -> bool {
        let _ = (mv, reply);
        false
    }

    /// Where two moves are left and `reply` was the best last move after
    /// `from`: the move that plays the same part after `to`, in games
    /// whose last move goes near the one before (a reply tried on each
    /// sibling, as the killers are). `None` where the game does not say.
    fn translate_reply(
        &self,
        from: Self::Move,
        reply: Self::Move,
        to: Self::Move,
    ) -> Option<Self::Move> {
        let _ = (from, reply, to);
        None
    }

    /// Where two moves are left: `reply`, a last move, made ready to be
    /// valued after many next-to-last moves cheaply. `None` where the game
    /// does not say, or `reply` can follow no move.
    fn prepare_reply(&self, reply: Self::Move) -> Option<Self::PreparedReply> {
        let _ = reply;
        None
    }

    /// The value for `me` of the game after `mv` and then the prepared
    /// reply, read without making either; the reply must be legal after
    /// `mv` ([`Searchable::is_legal_reply`]).
    fn value_with_reply(&self, mv: Self::Move, reply: &Self::PreparedReply, me: Player) -> i32 {
        let _ = (mv, reply, me);
        unreachable!("a game that prepares replies values them")
    }

    /// Where two moves are left: the moves of `moves` after which the
    /// prepared reply is legal, each valued followed by it, read in one
    /// pass. The best of them for the side to move (the highest value for
    /// `me` where `me` moves, the lowest otherwise) and how many there
    /// were, when none does better for the mover than `bound` (so the
    /// reply refutes every one of them); `None` as soon as one does, where
    /// none is followed legally by the reply, or where the game does not
    /// say.
    fn best_with_reply(
        &self,
        moves: &[Self::Move],
        reply: &Self::PreparedReply,
        me: Player,
        bound: i32,
    ) -> Option<RefutedAll<Self::Move>> {
        let _ = (moves, reply, me, bound);
        None
    }

    /// Where four moves are left: the best value for the side to move
    /// (as in [`Searchable::best_with_reply`]) over its next two moves,
    /// the other side answering with `first` and then `last` (or its best
    /// other move where that cannot follow, and, where `last` does not hold
    /// a pair of the mover's moves to `bound`, `second` or another last
    /// move that does), read in one pass, where none does better for the
    /// mover than `bound`. The mover's moves it cannot
    /// answer are named, to be searched. `None` as soon as one does
    /// better, or where the game does not say.
    fn best_with_replies(
        &self,
        first: Self::Move,
        last: Self::Move,
        second: Option<Self::Move>,
        me: Player,
        bound: i32,
    ) -> Option<RefutedLine<Self::Move>> {
        let _ = (first, last, second, me, bound);
        None
    }

    /// Where three moves are left: as [`Searchable::best_with_replies`]
    /// over the mover's two moves, the other side answering the first
    /// with `reply`.
    fn best_with_reply_between(
        &self,
        reply: Self::Move,
        me: Player,
        bound: i32,
    ) -> Option<RefutedLine<Self::Move>> {
        let _ = (reply, me, bound);
        None
    }

    /// Where four moves are left, in games where the last two cannot be
    /// read in one pass: a value for the mover that each of its moves,
    /// answered by `reply` (or by `second` where `reply` does not hold it),
    /// cannot pass by a bound on the last two (no better for the mover than
    /// `bound`), the highest such, read without making any. Its moves
    /// neither holds are named, to be searched. `None` where none is
    /// bounded so, or the game does not say.
    fn bounded_with_reply(
        &self,
        reply: Self::Move,
        second: Option<Self::Move>,
        me: Player,
        bound: i32,
    ) -> Option<RefutedLine<Self::Move>> {
        let _ = (reply, second, me, bound);
        None
    }

    /// True where the next two moves end the game and the game solves the
    /// last one itself ([`Searchable::solve_last_move`]): the children are
    /// then cheap enough that ordering them costs more than it saves.
    fn two_moves_left(&self) -> bool {
        false
    }

    /// How many moves are left at most, where the game knows: a search
    /// that deep reaches the end (the depth the table keeps for it), and
    /// far enough from the end such a search looks its children up in the
    /// table before searching any ([`Searchable::key_after`]).
    fn moves_left(&self) -> Option<u32> {
        None
    }

    /// The [`Searchable::key`] of `mv`'s child, read without making it
    /// (asked only where [`Searchable::moves_left`] is known).
    fn key_after(&self, mv: Self::Move) -> u64 {
        let mut child = self.clone();
        child.play_unchecked(mv);
        child.key()
    }

    /// Peeks at each of `moves` in turn, handing `visit` its index and
    /// peek, until `visit` breaks. Games whose children share work
    /// override it.
    fn peek_each(
        &self,
        moves: &[Self::Move],
        me: Player,
        mut visit: impl FnMut(usize, Peek) -> ControlFlow<()>,
    ) {
        for (i, &mv) in moves.iter().enumerate() {
            if visit(i, self.peek(mv, me)).is_break() {
                return;
            }
        }
    }
}

/// The position after a move, as far as ordering the move needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Peek {
    /// Its decided value for `me` if the game is decided there, else its
    /// quick value.
    pub value: i32,
    pub decided: bool,
    /// Its [`Searchable::key`].
    pub key: u64,
}

/// The heuristic value of a position whose search stops before the end.
pub trait Evaluator<G: Searchable> {
    fn evaluate(&self, pos: &G, me: Player) -> i32;

    /// What the search orders the child after `mv`, a move that does not
    /// end the game, by: read from its peek, without making it. By default
    /// the peek's quick value.
    fn order_value(&self, pos: &G, mv: G::Move, peek: &Peek, me: Player) -> i32 {
        let _ = (pos, mv, me);
        peek.value
    }
}

/// One root move with what the last finished iteration found for it.
#[derive(Clone, Debug)]
pub struct RootMove<M> {
    pub mv: M,
    pub value: i32,
    /// The value is proven (searched to the end of the game everywhere).
    pub exact: bool,
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct Found<M> {
    /// The best root move and its value for the player to move.
    pub best: M,
    pub value: i32,
    pub exact: bool,
    /// The deepest iteration completed (turns).
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<M>,
    /// Every root move searched in the last completed iteration, best first
    /// (values are bounds except for the best unless `all_exact`).
    pub root: Vec<RootMove<M>>,
}

pub struct Searcher<G: Searchable> {
    pub(super) table: Table<G::Move>,
    /// Whether nodes near the end may be refuted in one pass
    /// ([`Searchable::best_with_reply`], [`Searchable::best_with_replies`],
    /// [`Searchable::best_with_reply_between`]) or by a bound
    /// ([`Searchable::mover_bound`]), and their children solved without
    /// making them ([`Searchable::solve_after`]).
    pub(super) one_pass: bool,
}

/// Which root values a search must make exact (not bounds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootValues<M> {
    /// The best move's only: the others are searched with a null window.
    Best,
    /// Every root move's (noisy levels pick among them).
    All,
    /// The best move's and this move's (a review: what the move played
    /// cost), which is searched first, in a full window.
    BestAnd(M),
}

impl<M> RootValues<M> {
    /// Every root value when `all` (noisy levels), else the best's.
    pub fn all_if(all: bool) -> RootValues<M> {
        if all {
            RootValues::All
        } else {
            RootValues::Best
        }
    }
}

impl<G: Searchable> Searcher<G> {
    /// A searcher with a table of `2^table_bits` slots, reused across
    /// searches (positions later in the same game profit from it).
    pub fn new(table_bits: u32) -> Searcher<G> {
        Searcher {
            table: Table::new(table_bits),
            one_pass: true,
        }
    }

    /// The same search with every move made and searched on its own, never
    /// refuted in one pass with others nor by a bound: what the tests check
    /// those shortcuts against.
    pub fn without_one_pass(mut self) -> Searcher<G> {
        self.one_pass = false;
        self
    }

    /// Searches `pos` (not over) until the budget runs out or the value is
    /// proven, up to `max_depth` turns. The root moves may be given (e.g.
    /// with symmetric duplicates removed); otherwise all legal moves.
    /// `values` says which root values must be exact (the others are
    /// bounds); with [`RootValues::BestAnd`], the move must be a root move.
    pub fn search<E: Evaluator<G>>(
        &mut self,
        pos: &G,
        eval: &E,
        budget: &mut Budget<'_>,
        max_depth: u32,
        root_moves: Option<Vec<G::Move>>,
        values: RootValues<G::Move>,
    ) -> Found<G::Move> {
        let full_window = values == RootValues::All;
        let pinned = match values {
            RootValues::BestAnd(m) => Some(m),
            _ => None,
        };
        let me = pos.to_move().expect("search needs a game that is not over");
        let mut moves = root_moves.unwrap_or_else(|| {
            let mut m = Vec::new();
            pos.legal_moves(&mut m);
            m
        });
        assert!(!moves.is_empty(), "a game that is not over has a move");
        // First guess: the immediate value of each move.
        let mut scored: Vec<(G::Move, i32)> = moves
            .drain(..)
            .map(|mv| {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                let v = child.decided(me).unwrap_or_else(|| child.quick_value(me));
                (mv, v)
            })
            .collect();
        sort_by_key(&mut scored, |&(_, v)| -v);
        let mut root: Vec<RootMove<G::Move>> = scored
            .into_iter()
            .map(|(mv, value)| RootMove {
                mv,
                value,
                exact: false,
            })
            .collect();
        let mut run = Run::new(
            &mut self.table,
            eval,
            budget,
            me,
            full_window,
            self.one_pass,
        );
        let mut depth_done = 0;
        let mut best_line = Vec::new();
        for depth in 1..=max_depth {
            if let Some(i) = pinned.and_then(|m| root.iter().position(|r| r.mv == m)) {
                root[..=i].rotate_right(1);
            }
            let Some((iteration, complete, line)) = run.root_iteration(pos, &root, depth) else {
                break; // out of budget before any move: keep the last iteration
            };
            if !complete {
                // A partial iteration mixes depths; with every root value
                // wanted (noise, reviews) keep the last whole one.
                if !full_window {
                    if line.first() == Some(&iteration[0].mv) {
                        best_line = line;
                    }
                    root = iteration;
                }
                break;
            }
            root = iteration;
            best_line = line;
            depth_done = depth;
            if proven(&root) {
                break;
            }
        }
        let best = root[0].clone();
        if best_line.first() != Some(&best.mv) {
            best_line = vec![best.mv];
        }
        let pv = run.principal_variation(pos, best_line);
        Found {
            best: best.mv,
            value: best.value,
            exact: proven(&root),
            depth: depth_done,
            nodes: run.budget.nodes,
            pv,
            root,
        }
    }

    /// The value of `pos` for its player to move, searched to `depth` turns
    /// (for reviews): `(value, exact)`.
    pub fn value<E: Evaluator<G>>(
        &mut self,
        pos: &G,
        eval: &E,
        budget: &mut Budget<'_>,
        depth: u32,
    ) -> (i32, bool) {
        let me = pos.to_move().unwrap_or(0);
        let mut run = Run::new(&mut self.table, eval, budget, me, true, self.one_pass);
        run.alpha_beta(pos, depth, 0, -INFINITY, INFINITY)
    }
}

/// The root value is proven: every move's value (or bound) came from the
/// end of the game, or the best move is a proven win.
fn proven<M>(root: &[RootMove<M>]) -> bool {
    root.iter().all(|r| r.exact) || (root[0].exact && is_proof(root[0].value) && root[0].value > 0)
}

impl<G: Searchable, E: Evaluator<G>> Run<'_, '_, G, E> {
    /// One iteration over the root moves, best first, whether it finished,
    /// and the best move's line. `None` if the budget ran out before the
    /// first move was searched; a partial iteration keeps the moves it
    /// finished, then the others in the old order.
    #[allow(clippy::type_complexity)]
    fn root_iteration(
        &mut self,
        pos: &G,
        previous: &[RootMove<G::Move>],
        depth: u32,
    ) -> Option<(Vec<RootMove<G::Move>>, bool, Vec<G::Move>)> {
        let mut alpha = -INFINITY;
        let mut best_line: Vec<G::Move> = Vec::new();
        let mut done: Vec<RootMove<G::Move>> = Vec::with_capacity(previous.len());
        for (i, r) in previous.iter().enumerate() {
            let mut child = pos.clone();
            child.play_unchecked(r.mv);
            let child_depth = child_depth(pos, &child, depth);
            // The first move gets a full window; the rest a null window
            // first, searched again in full when they beat alpha.
            let (mut value, mut exact) = if i == 0 || self.full_window {
                self.alpha_beta(&child, child_depth, 1, -INFINITY, INFINITY)
            } else {
                self.alpha_beta(&child, child_depth, 1, alpha, alpha + 1)
            };
            if i > 0 && !self.full_window && value > alpha && !self.budget.stopped() {
                (value, exact) = self.alpha_beta(&child, child_depth, 1, alpha, INFINITY);
            }
            if self.budget.stopped() {
                if done.is_empty() {
                    return None;
                }
                sort_by_key(&mut done, |r| -r.value);
                let seen: Vec<G::Move> = done.iter().map(|r| r.mv).collect();
                done.extend(previous.iter().filter(|r| !seen.contains(&r.mv)).cloned());
                return Some((done, false, best_line));
            }
            if best_line.is_empty() || value > alpha {
                best_line.clear();
                best_line.push(r.mv);
                best_line.extend_from_slice(self.line(1));
            }
            // A move that fails low keeps an upper bound as its value.
            done.push(RootMove {
                mv: r.mv,
                value,
                exact,
            });
            alpha = alpha.max(value);
        }
        sort_by_key(&mut done, |r| -r.value);
        Some((done, true, best_line))
    }

    /// The line found below `ply` by the last search there.
    fn line(&self, ply: usize) -> &[G::Move] {
        self.lines.get(ply).map_or(&[], Vec::as_slice)
    }

    /// The line the search built, each move checked legal, continued by
    /// the moves the table remembers where the search's line stops (cut
    /// off by a table hit).
    fn principal_variation(&self, pos: &G, found: Vec<G::Move>) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut p = pos.clone();
        let mut legal = Vec::new();
        let mut from_search = found.into_iter();
        while line.len() < 64 && !p.is_over() {
            let next = from_search
                .next()
                .or_else(|| self.table.get(self.key(&p)).and_then(|e| e.best));
            let Some(mv) = next else { break };
            legal.clear();
            p.legal_moves(&mut legal);
            if !legal.contains(&mv) {
                break;
            }
            line.push(mv);
            p.play_unchecked(mv);
        }
        line
    }
}

/// Sorts `items` by `key`, ascending, keeping the order of equal keys,
/// through one sort of plain integers: the wasm build then carries one
/// copy of the sort code instead of one per item type and key.
pub(crate) fn sort_by_key<T: Clone>(items: &mut [T], key: impl Fn(&T) -> i32) {
    let mut order: Vec<u64> = items
        .iter()
        .enumerate()
        .map(|(i, item)| sort_key(key(item), i))
        .collect();
    order.sort_unstable();
    let sorted: Vec<T> = order
        .iter()
        .map(|&k| items[k as u32 as usize].clone())
        .collect();
    items.clone_from_slice(&sorted);
}

/// A key and an index packed so that integer order is key order, then
/// index order (the low 32 bits give the index back).
pub(super) fn sort_key(key: i32, index: usize) -> u64 {
    (u64::from((key as u32) ^ 0x8000_0000) << 32) | index as u64
}

#[cfg(test)]
mod tests {
    use super::sort_by_key;
    use proptest::prelude::*;

    proptest! {
        /// Same order as the standard library's stable sort, equal keys
        /// included (the extremes of i32 too).
        #[test]
        fn sorts_like_the_stable_sort(keys in proptest::collection::vec(prop_oneof![-3..3i32, any::<i32>()], 0..80)) {
            let mut items: Vec<(i32, usize)> = keys.iter().copied().zip(0..).collect();
            let mut expected = items.clone();
            expected.sort_by_key(|&(k, _)| k);
            sort_by_key(&mut items, |&(k, _)| k);
            prop_assert_eq!(items, expected);
        }
    }
}
