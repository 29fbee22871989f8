//! Iterative-deepening alpha-beta with a transposition table, generic over
//! the game.
//!
//! Values are seen from one player, `me` (the player to move at the root):
//! `me` maximises and every other player minimises, which is plain
//! alpha-beta with two players and the *paranoid* search with more. Depth is
//! counted in turns: a player's consecutive moves (a two-piece turn, a
//! two-piece setup) share one level. Proven wins and losses are
//! `±(WIN - plies)`, so the shortest win and the longest loss are preferred.

use super::budget::Budget;
use super::tt::{Bound, Entry, Table};
use crate::game::{GameState, Player};

/// A proven win; values within `MAX_PLIES` of it carry a distance.
pub const WIN: i32 = 1_000_000;
const MAX_PLIES: i32 = 1_000;
const INFINITY: i32 = WIN + MAX_PLIES + 1;

/// True for a value that is a proven win or loss.
pub fn is_proof(value: i32) -> bool {
    value.abs() > WIN - MAX_PLIES
}

/// Plies to the end of the game of a proven value.
pub fn plies_to_end(value: i32) -> Option<u32> {
    is_proof(value).then(|| (WIN - value.abs()) as u32)
}

/// What the search needs from a game, beyond its rules.
pub trait Searchable: GameState {
    /// A hash of the position (equal positions, equal keys).
    fn key(&self) -> u64;
    /// The value for `me` if the game is decided for `me`: over, or `me`
    /// already out of a multi-player game. Wins are `±WIN`; a game whose
    /// result is a margin (Cheversi) gives the margin.
    fn decided(&self, me: Player) -> Option<i32>;
    /// A cheap guess of the value for `me`, for ordering moves.
    fn quick_value(&self, me: Player) -> i32;
}

/// The heuristic value of a position whose search stops before the end.
pub trait Evaluator<G> {
    fn evaluate(&self, pos: &G, me: Player) -> i32;
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
    table: Table<G::Move>,
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

struct Run<'a, 'b, G: Searchable, E: Evaluator<G>> {
    table: &'a mut Table<G::Move>,
    eval: &'a E,
    budget: &'a mut Budget<'b>,
    me: Player,
    full_window: bool,
    /// The principal variation below each ply, built as the search
    /// returns (`lines[ply]` starts with the best move found at `ply`).
    lines: Vec<Vec<G::Move>>,
}

impl<G: Searchable> Searcher<G> {
    /// A searcher with a table of `2^table_bits` slots, reused across
    /// searches (positions later in the same game profit from it).
    pub fn new(table_bits: u32) -> Searcher<G> {
        Searcher {
            table: Table::new(table_bits),
        }
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
        let mut run = Run {
            table: &mut self.table,
            eval,
            budget,
            me,
            full_window,
            lines: Vec::new(),
        };
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
        let mut run = Run {
            table: &mut self.table,
            eval,
            budget,
            me,
            full_window: true,
            lines: Vec::new(),
        };
        run.alpha_beta(pos, depth, 0, -INFINITY, INFINITY)
    }
}

/// A result proven by [`Searcher::prove_result`], for the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proven<M> {
    /// This move wins.
    Win(M),
    /// No move wins; these draw (every root move that does, unless the
    /// budget ran out while they were sorted out: then those found).
    Draw(Vec<M>),
    /// Every move loses.
    Loss,
}

impl<G: Searchable> Searcher<G> {
    /// The result with best play, proven by null-window searches to the
    /// end of the game around a draw: "does a move win?", then "does a
    /// move draw?". Much cheaper than the exact margin, so it reaches
    /// further from the end; a margin's size matters only after the
    /// result. `None` if the budget runs out first. Games whose `decided`
    /// value is a margin (Cheversi) or a win/loss both work.
    pub fn prove_result<E: Evaluator<G>>(
        &mut self,
        pos: &G,
        eval: &E,
        budget: &mut Budget<'_>,
        root_moves: Vec<G::Move>,
    ) -> Option<Proven<G::Move>> {
        let me = pos.to_move()?;
        let mut scored: Vec<(G::Move, i32)> = root_moves
            .into_iter()
            .map(|mv| {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                (
                    mv,
                    child.decided(me).unwrap_or_else(|| child.quick_value(me)),
                )
            })
            .collect();
        sort_by_key(&mut scored, |&(_, v)| -v);
        let mut run = Run {
            table: &mut self.table,
            eval,
            budget,
            me,
            full_window: false,
            lines: Vec::new(),
        };
        // Deep enough that only the end of the game is ever judged.
        let depth = MAX_PLIES as u32;
        let value_above = |run: &mut Run<'_, '_, G, E>, mv: G::Move, floor: i32| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let (value, _) = run.alpha_beta(&child, depth, 1, floor, floor + 1);
            (!run.budget.stopped()).then_some(value > floor)
        };
        for &(mv, _) in &scored {
            if value_above(&mut run, mv, 0)? {
                return Some(Proven::Win(mv));
            }
        }
        // No win: every move that keeps the draw, so that the caller can
        // choose among them the one that sets the opponent most problems.
        let mut draws = Vec::new();
        for &(mv, _) in &scored {
            match value_above(&mut run, mv, -1) {
                Some(true) => draws.push(mv),
                Some(false) => {}
                None if draws.is_empty() => return None,
                None => break,
            }
        }
        if !draws.is_empty() {
            return Some(Proven::Draw(draws));
        }
        Some(Proven::Loss)
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
            let child_depth = if child.to_move() == pos.to_move() {
                depth
            } else {
                depth - 1
            };
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

    /// Alpha-beta for `me`; returns `(value, exact)` where `exact` means no
    /// heuristic leaf was used below.
    fn alpha_beta(
        &mut self,
        pos: &G,
        depth: u32,
        ply: i32,
        mut alpha: i32,
        mut beta: i32,
    ) -> (i32, bool) {
        if self.budget.tick() {
            return (0, false);
        }
        let at = ply as usize;
        if self.lines.len() <= at + 1 {
            self.lines.resize_with(at + 2, Vec::new);
        }
        self.lines[at].clear();
        if let Some(v) = pos.decided(self.me) {
            return (with_distance(v, ply), true);
        }
        if depth == 0 {
            return (self.eval.evaluate(pos, self.me), false);
        }
        let key = pos.key() ^ (self.me as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut tt_move = None;
        if let Some(e) = self.table.get(key) {
            tt_move = e.best;
            if e.depth as u32 >= depth || e.exact {
                let v = from_table(e.value, ply);
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if usable {
                    return (v, e.exact);
                }
            }
        }
        let maximising = pos.to_move() == Some(self.me);
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if depth > 1 {
            self.order(pos, &mut moves, maximising);
        }
        if let Some(m) = tt_move {
            if let Some(i) = moves.iter().position(|&x| x == m) {
                moves[..=i].rotate_right(1);
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut best_value = if maximising { -INFINITY } else { INFINITY };
        let mut best_move = None;
        let mut exact = true;
        for mv in moves {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let child_depth = if child.to_move() == pos.to_move() {
                depth
            } else {
                depth - 1
            };
            let (v, e) = self.alpha_beta(&child, child_depth, ply + 1, alpha, beta);
            if self.budget.stopped() {
                return (0, false);
            }
            exact &= e;
            if (maximising && v > best_value) || (!maximising && v < best_value) {
                best_value = v;
                best_move = Some(mv);
                let (here, below) = self.lines.split_at_mut(at + 1);
                here[at].clear();
                here[at].push(mv);
                here[at].extend_from_slice(&below[0]);
            }
            if maximising {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        let bound = if best_value <= alpha0 {
            Bound::Upper
        } else if best_value >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.put(Entry {
            key,
            depth: depth.min(255) as u8,
            value: to_table(best_value, ply),
            bound,
            exact,
            best: best_move,
        });
        (best_value, exact)
    }

    /// Best first for the side to move, by the quick value of each child.
    fn order(&self, pos: &G, moves: &mut [G::Move], maximising: bool) {
        let mut keys: Vec<u64> = moves
            .iter()
            .enumerate()
            .map(|(i, &mv)| {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                let v = child
                    .decided(self.me)
                    .unwrap_or_else(|| child.quick_value(self.me));
                sort_key(if maximising { -v } else { v }, i)
            })
            .collect();
        keys.sort_unstable();
        let original = moves.to_vec();
        for (slot, k) in moves.iter_mut().zip(keys) {
            *slot = original[k as u32 as usize];
        }
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
            let next = from_search.next().or_else(|| {
                let key = p.key() ^ (self.me as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                self.table.get(key).and_then(|e| e.best)
            });
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
fn sort_key(key: i32, index: usize) -> u64 {
    (u64::from((key as u32) ^ 0x8000_0000) << 32) | index as u64
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
