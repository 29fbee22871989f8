//! The root of the search: iterative deepening over the root moves, the
//! best line, and the [`Searcher`] that keeps its table between searches.

use super::alpha_beta::{child_depth, Run, INFINITY};
use super::game::{is_proof, Evaluator, Searchable};
use super::order::sort_by_key;
use super::table::Table;
use crate::ai::budget::Budget;

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
    /// The killers the last result proof's questions ended with, and the
    /// key of the position they were asked from: a proof asked a move or
    /// a reply at a time goes on with them ([`super::MoveProofs`]).
    pub(super) proof_killers: KeptKillers<G::Move>,
}

/// Killers kept from one search to the next, with the key of the position
/// searched from.
pub(super) type KeptKillers<M> = Option<(u64, Vec<[Option<M>; 2]>)>;

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
            proof_killers: None,
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
        let mut run = Run::new(&mut self.table, eval, budget, me, full_window);
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
        let mut run = Run::new(&mut self.table, eval, budget, me, true);
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
    pub(super) fn line(&self, ply: usize) -> &[G::Move] {
        self.lines.get(ply).map_or(&[], Vec::as_slice)
    }

    /// The line the search built, each move checked legal, continued by
    /// the moves the table remembers where the search's line stops (cut
    /// off by a table hit).
    pub(super) fn principal_variation(&self, pos: &G, found: Vec<G::Move>) -> Vec<G::Move> {
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
