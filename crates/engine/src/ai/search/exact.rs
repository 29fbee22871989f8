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

/// Where a value proof's first probe is asked, in units of the value
/// ([`Searchable::VALUE_UNIT`]) below the guess. A probe that reaches its
/// `k` usually costs a small part of one that falls short near the
/// value, and two-turn guesses miss by several points either way, more
/// often above. Chosen on the benchmark's set tuned on: 2 proved as many
/// positions within its budget as the old policy or more, in less time in
/// all (0, 1, 2 and 4 tried; `docs/performance.md`).
pub const START_BELOW: i32 = 2;

/// The window of a proof by null windows closing in on the value from a
/// guess (MTD(f)): each probe asks "is the value at least `k`?" of the
/// root moves, which one table can answer ([`Probes`]) or several, each for
/// its part of the moves (on threads: the first part to reach `k`
/// answers for all, else the highest bound of all the parts). The first
/// probe is asked a little below the guess ([`START_BELOW`]). After a probe
/// that reaches `k`, the next asks just above what it reached; after two
/// or more in a row that fall short, the next is asked further below the
/// bound each time (twice the stride), so a guess far above the value
/// costs a few probes, not one a point. Once the window is bounded both
/// ways, each probe halves it.
#[derive(Clone, Debug)]
pub struct Closing<M> {
    low: i32,
    high: i32,
    guess: i32,
    best: Option<(i32, Vec<M>)>,
    /// Probes in a row that fell short of their `k`.
    falls: u32,
    /// How far below the last upper bound the next `k` is asked.
    stride: i32,
}

impl<M> Closing<M> {
    /// Between what `known` allows, from `guess`, for values that differ
    /// by at least `value_unit` ([`Searchable::VALUE_UNIT`]).
    pub fn new(known: Known, guess: i32, value_unit: i32) -> Closing<M> {
        Closing {
            low: known.low,
            high: known.high,
            guess: guess - START_BELOW * value_unit,
            best: None,
            falls: 0,
            stride: 0,
        }
    }

    /// The `k` of the next probe; `None` once the value is pinned and a
    /// move shown to reach it.
    pub fn next(&self) -> Option<i32> {
        if self.low < self.high {
            // In a window bounded both ways (a stride overshot the value,
            // or a climb from below fell short): halve it.
            let bounded = self.low > -INFINITY && self.high < INFINITY;
            let k = if bounded {
                self.low + (self.high - self.low + 1) / 2
            } else {
                self.guess - self.stride
            };
            Some(k.clamp(self.low + 1, self.high))
        } else if self.best.as_ref().is_none_or(|(v, _)| *v < self.low) {
            Some(self.low)
        } else {
            None
        }
    }

    /// The answer to the probe at `k` ([`Closing::next`]'s): `value` is
    /// fail-soft, a lower bound with the line of a move that reached `k`
    /// (`passed`), else an upper bound. False when the answers contradict
    /// each other (`known` was wrong).
    pub fn answer(&mut self, k: i32, value: i32, passed: Option<Vec<M>>) -> bool {
        if let Some(line) = passed {
            self.low = self.low.max(value);
            self.best = Some((value, line));
            (self.falls, self.stride) = (0, 0);
        } else {
            self.high = value;
            if self.falls > 0 {
                // Values lie within ±INFINITY: so do strides.
                self.stride = (2 * self.stride).max(k - value).min(INFINITY);
            }
            self.falls += 1;
        }
        self.guess = value;
        self.high >= self.low
    }

    /// The value and the line of a move that reaches it, once
    /// [`Closing::next`] is `None`.
    pub fn proven(self) -> Option<(i32, Vec<M>)> {
        self.next().is_none().then_some(self.best).flatten()
    }
}

/// The probes of a value proof over some root moves, with one table: the
/// whole proof's ([`Searcher::prove_value`]), or one part's when the root
/// moves are split. The search (its killers, its lines) carries over from
/// probe to probe, as the table does.
pub struct Probes<'a, 'b, G: Searchable, E: Evaluator<G>> {
    run: Run<'a, 'b, G, E>,
    root: Vec<RootMove<G::Move>>,
}

impl<G: Searchable, E: Evaluator<G>> Probes<'_, '_, G, E> {
    /// Is the value of `pos` at least `k` over these root moves? The value
    /// found (fail-soft: a lower bound with the line of the move that
    /// reached `k`, which then comes first, else an upper bound), `None`
    /// if the budget ran out.
    #[allow(clippy::type_complexity)]
    pub fn at_least(&mut self, pos: &G, k: i32) -> Option<(i32, Option<Vec<G::Move>>)> {
        self.run.at_least(pos, &mut self.root, k)
    }

    /// A line of best play from `pos` whose value is `value`, from the
    /// line of the probe that reached it (see `exact_line`).
    pub fn line(&mut self, pos: &G, hint: Vec<G::Move>, value: i32) -> Vec<G::Move> {
        self.run.exact_line(pos, hint, value)
    }

    /// Lets the next probe go on after one stopped by the abort check alone
    /// ([`Budget::go_on`]).
    pub fn go_on(&mut self) {
        self.run.budget.go_on();
    }
}

impl<G: Searchable> Searcher<G> {
    /// The guess a value proof starts from: `root_moves` searched two
    /// turns deep, best first (exact already where the end is that near).
    pub fn guess_value<E: Evaluator<G>>(
        &mut self,
        pos: &G,
        eval: &E,
        budget: &mut Budget<'_>,
        root_moves: Vec<G::Move>,
    ) -> Found<G::Move> {
        self.search(
            pos,
            eval,
            budget,
            GUESS_DEPTH,
            Some(root_moves),
            RootValues::Best,
        )
    }

    /// The probes of a value proof of `pos` (not over) over `root`, with
    /// this table and `budget`.
    pub fn probes<'a, 'b, E: Evaluator<G>>(
        &'a mut self,
        pos: &G,
        eval: &'a E,
        budget: &'a mut Budget<'b>,
        root: Vec<RootMove<G::Move>>,
    ) -> Option<Probes<'a, 'b, G, E>> {
        let me = pos.to_move()?;
        Some(Probes {
            run: Run::new(&mut self.table, eval, budget, me, false),
            root,
        })
    }

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
        let guess = self.guess_value(pos, eval, budget, root_moves);
        if budget.stopped() {
            return None;
        }
        if guess.exact {
            return Some(guess);
        }
        // The guess's order: its best move first.
        let mut probes = self.probes(pos, eval, budget, guess.root)?;
        let mut closing = Closing::new(known, guess.value, G::VALUE_UNIT);
        while let Some(k) = closing.next() {
            let (value, passed) = probes.at_least(pos, k)?;
            if !closing.answer(k, value, passed) {
                return None; // `known` was wrong: prove nothing
            }
        }
        let (value, line) = closing.proven()?;
        let pv = probes.line(pos, line, value);
        let mut root = probes.root;
        root[0].value = value;
        root[0].exact = true;
        Some(Found {
            best: root[0].mv,
            value,
            exact: true,
            depth: pos.moves_left().unwrap_or(MAX_PLIES as u32),
            nodes: probes.run.budget.nodes,
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

#[cfg(test)]
mod tests {
    use super::{Closing, Known};

    /// The value `v` proven from `guess`, each probe answered as a search
    /// answers: fail-soft, with the weakest bound (`k`, or `k - 1`) or the
    /// value itself (`tight`); and the probes that fell short of their `k`
    /// (near the value, the costly ones). `None` if the answers contradict
    /// `known`.
    fn close(v: i32, guess: i32, known: Known, unit: i32, tight: bool) -> Option<(i32, u32)> {
        let mut closing = Closing::new(known, guess, unit);
        let (mut probes, mut falls) = (0, 0);
        while let Some(k) = closing.next() {
            probes += 1;
            assert!(probes <= 5000, "{v} from {guess}: no end");
            let agreed = if v >= k {
                closing.answer(k, if tight { v } else { k }, Some(vec![k]))
            } else {
                falls += 1;
                closing.answer(k, if tight { v } else { k - 1 }, None)
            };
            if !agreed {
                return None;
            }
        }
        let (value, line) = closing.proven().expect("pinned");
        assert!(
            line[0] <= value,
            "the move shown reaches at least its probe"
        );
        Some((value, falls))
    }

    /// Closes on the value from any guess and any true range known
    /// beforehand, whatever bounds the probes answer with; a range that
    /// leaves the value out proves nothing.
    #[test]
    fn the_window_closes_on_the_value() {
        for unit in [1, 8] {
            for v in -6..=6 {
                for guess in -60..=60 {
                    for known in [
                        Known::NOTHING,
                        Known::at_least(v - 2),
                        Known::at_most(v + 1),
                        Known::exactly(v),
                    ] {
                        for tight in [false, true] {
                            let (value, _) = close(v, guess, known, unit, tight).expect("agreed");
                            assert_eq!(value, v, "from {guess}, {known:?}, unit {unit}");
                        }
                    }
                }
                for known in [Known::at_least(v + 1), Known::at_most(v - 1)] {
                    assert_eq!(close(v, 0, known, unit, true), None, "{v}, {known:?}");
                }
            }
        }
    }

    /// A guess far above the value costs a few probes that fall short, not
    /// one for each value in between: the strides below double. (The climb
    /// back from below is made of probes that reach their `k`: cheap.)
    #[test]
    fn a_far_guess_costs_few_falls() {
        for (v, guess) in [(0, 1000), (-500, 500), (7, 9000)] {
            let (value, falls) = close(v, guess, Known::NOTHING, 1, false).expect("agreed");
            assert_eq!(value, v);
            let most = 2 * (32 - ((guess - v) as u32).leading_zeros()) + 4;
            assert!(
                falls <= most,
                "{v} from {guess}: {falls} falls, more than {most}"
            );
        }
        // From below, a probe that reaches the value itself ends the climb.
        assert_eq!(close(0, -1000, Known::NOTHING, 1, true), Some((0, 1)));
    }
}
