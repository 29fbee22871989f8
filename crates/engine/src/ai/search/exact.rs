//! The exact value (Cheversi's final margin) proven by null-window
//! searches alone, closing in on it from a first guess (MTD(f)).
//!
//! A null window lets every shortcut and table entry cut off; a full
//! window at the root keeps a line of nodes that may not (the line shown),
//! and the search to the end costs several times more that way.

use super::alpha_beta::{Run, INFINITY};
use super::game::{Evaluator, Searchable, MAX_PLIES};
use super::root::{Found, RootMove, RootValues, Searcher};
use crate::ai::budget::Budget;

/// The searches to the end a first guess comes from: two turns see the
/// reply, and deeper ones cost more than the steps they save.
const GUESS_DEPTH: u32 = 2;

/// What is known of the value before the search: `low <= value <= high`
/// (a proven result narrows it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    pub low: i32,
    pub high: i32,
}

impl Known {
    pub const NOTHING: Known = Known {
        low: -INFINITY,
        high: INFINITY,
    };

    pub fn at_least(low: i32) -> Known {
        Known {
            low,
            ..Known::NOTHING
        }
    }

    pub fn at_most(high: i32) -> Known {
        Known {
            high,
            ..Known::NOTHING
        }
    }

    pub fn exactly(value: i32) -> Known {
        Known {
            low: value,
            high: value,
        }
    }
}

impl<G: Searchable> Searcher<G> {
    /// The value of `pos` with best play to the end of the game for the
    /// player to move, its best move and line, proven by null-window
    /// searches (each "is it at least `k`?") from a guess searched two
    /// turns deep. `known` bounds the value from what was proven before
    /// (the result). `None` if the budget runs out first.
    pub fn prove_value<E: Evaluator<G>>(
        &mut self,
        pos: &G,
        eval: &E,
        budget: &mut Budget<'_>,
        root_moves: Vec<G::Move>,
        known: Known,
    ) -> Option<Found<G::Move>> {
        let guess = self.search(
            pos,
            eval,
            budget,
            GUESS_DEPTH,
            Some(root_moves),
            RootValues::Best,
        );
        if budget.stopped() {
            return None;
        }
        if guess.exact {
            return Some(guess);
        }
        let me = pos.to_move()?;
        // The guess's order: its best move first.
        let mut root = guess.root;
        let mut run = Run::new(&mut self.table, eval, budget, me, false);
        let (mut low, mut high) = (known.low, known.high);
        let mut g = guess.value;
        let mut best: Option<(i32, Vec<G::Move>)> = None;
        // Until the value is pinned and a move shown to reach it.
        while low < high || best.as_ref().is_none_or(|(v, _)| *v < low) {
            let k = if low < high {
                g.clamp(low + 1, high)
            } else {
                low
            };
            let (value, passed) = run.at_least(pos, &mut root, k)?;
            if let Some(line) = passed {
                low = low.max(value);
                best = Some((value, line));
            } else {
                high = value;
            }
            if high < low {
                return None; // `known` was wrong: prove nothing
            }
            g = value;
        }
        let (value, line) = best?;
        root[0].value = value;
        root[0].exact = true;
        let pv = run.exact_line(pos, line, value);
        Some(Found {
            best: root[0].mv,
            value,
            exact: true,
            depth: pos.moves_left().unwrap_or(MAX_PLIES as u32),
            nodes: run.budget.nodes,
            pv,
            root,
        })
    }
}

impl<G: Searchable, E: Evaluator<G>> Run<'_, '_, G, E> {
    /// Is the value of `pos` at least `k`? Each root move searched in the
    /// null window `(k - 1, k)` until one reaches it, which then comes
    /// first in `root`, with its line. Returns the value found (fail-soft:
    /// a lower bound when one reached `k`, else an upper bound), `None` if
    /// the budget ran out.
    #[allow(clippy::type_complexity)]
    fn at_least(
        &mut self,
        pos: &G,
        root: &mut [RootMove<G::Move>],
        k: i32,
    ) -> Option<(i32, Option<Vec<G::Move>>)> {
        let mut top = -INFINITY;
        for i in 0..root.len() {
            let mut child = pos.clone();
            child.play_unchecked(root[i].mv);
            let (v, _) = self.alpha_beta(&child, MAX_PLIES as u32, 1, k - 1, k);
            if self.budget.stopped() {
                return None;
            }
            root[i].value = v;
            top = top.max(v);
            if v >= k {
                let mut line = vec![root[i].mv];
                line.extend_from_slice(self.line(1));
                root[..=i].rotate_right(1);
                return Some((v, Some(line)));
            }
        }
        Some((top, None))
    }

    /// A line of best play from `pos`, whose value is `value`: each move
    /// checked to keep it (the mover's reaching at least `value`, the
    /// other side's at most), the move of `hint` tried first while the line
    /// follows it, then the table's, then every legal move. A null-window
    /// search's own line may hold a reply that is not the best (any reply
    /// that did not refute) or stop at a table entry. Shorter if the budget
    /// runs out.
    fn exact_line(&mut self, pos: &G, hint: Vec<G::Move>, value: i32) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut p = pos.clone();
        let mut legal = Vec::new();
        let mut on_hint = true;
        while !p.is_over() && !self.budget.stopped() {
            legal.clear();
            p.legal_moves(&mut legal);
            let from_table = self.table.get(self.key(&p)).and_then(|e| e.best);
            let from_hint = hint.get(line.len()).filter(|_| on_hint).copied();
            // Each brought to the front in turn: the hint's move ends first.
            for first in [from_table, from_hint].into_iter().flatten() {
                if let Some(i) = legal.iter().position(|&m| m == first) {
                    legal[..=i].rotate_right(1);
                }
            }
            let mover = p.to_move() == Some(self.me);
            let (alpha, beta) = if mover {
                (value - 1, value)
            } else {
                (value, value + 1)
            };
            let ply = line.len() as i32 + 1;
            let kept = legal.iter().copied().find(|&mv| {
                let mut child = p.clone();
                child.play_unchecked(mv);
                let v = self
                    .alpha_beta(&child, MAX_PLIES as u32, ply, alpha, beta)
                    .0;
                !self.budget.stopped() && (if mover { v >= value } else { v <= value })
            });
            let Some(mv) = kept else { break };
            on_hint &= from_hint == Some(mv);
            line.push(mv);
            p.play_unchecked(mv);
        }
        line
    }
}
