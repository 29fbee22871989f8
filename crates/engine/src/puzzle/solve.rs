//! Exact values for puzzles, from the engine's alpha-beta searched to the
//! end of the game within a node limit (never a time limit: the same
//! question always gets the same answer, so a seed always gives the same
//! file).
//!
//! Values are the search's: Cheversi, the final margin for the player in
//! eighths of a point ([`SCALE`]); Attrition, a proof `±(WIN - plies)` with
//! the plies to the end counted from the position asked about.

use crate::ai::attrition::Mobility;
use crate::ai::budget::Budget;
use crate::ai::cheversi::{distinct_moves, remaining, search_for, CheversiSearch, SCALE};
use crate::ai::search::{is_proof, plies_to_end, Found, RootValues, Searcher};
use crate::any::{AnyGame, AnyMove};
use crate::attrition;
use crate::cheversi;
use crate::game::{GameState, Player};

/// A move and its exact value for the player making it, counted from the
/// position before the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Valued {
    pub mv: AnyMove,
    pub value: i32,
}

/// Best first, ties in move order. An insertion sort: a jump has a few
/// moves, and the std stable sort would add kilobytes to the wasm module
/// for this type.
fn best_first(moves: &mut [Valued]) {
    for i in 1..moves.len() {
        let mut j = i;
        while j > 0 && moves[j - 1].value < moves[j].value {
            moves.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// The exact searches, with their tables kept between questions (later
/// questions about the same game profit from the earlier ones).
pub struct Solver {
    /// Each table made by the first question about its game.
    cheversi: Option<CheversiSearch>,
    attrition: Option<Searcher<attrition::Position>>,
    table_bits: u32,
    /// Node limit of one question.
    pub node_limit: u64,
    /// Nodes searched so far, over all questions.
    pub nodes: u64,
}

/// Attrition searches stop at this many turns; the games end long before.
const MAX_TURNS: u32 = 64;

impl Solver {
    /// A solver with tables of `2^table_bits` slots, answering each
    /// question within `node_limit` nodes or not at all.
    pub fn new(node_limit: u64, table_bits: u32) -> Solver {
        Solver {
            cheversi: None,
            attrition: None,
            table_bits,
            node_limit,
            nodes: 0,
        }
    }

    fn attrition(&mut self) -> &mut Searcher<attrition::Position> {
        let bits = self.table_bits;
        self.attrition.get_or_insert_with(|| Searcher::new(bits))
    }

    /// The exact search of a Cheversi position to the end, over one
    /// placement of each symmetric set; `values` says which root values
    /// must be exact.
    fn search_cheversi(
        &mut self,
        p: &cheversi::Position,
        budget: &mut Budget<'_>,
        values: RootValues<cheversi::Move>,
    ) -> Found<cheversi::Move> {
        let (_, hand, searcher) = search_for(&mut self.cheversi, p.options(), self.table_bits);
        searcher.search(
            p,
            &*hand,
            budget,
            remaining(p),
            Some(distinct_moves(p)),
            values,
        )
    }

    /// The exact value of every candidate move of the side to move, best
    /// first: Cheversi, one move of each set of placements that are the
    /// same up to a symmetry of the board; Attrition, every legal move.
    /// `None` when the position is over or the node limit was reached.
    pub fn moves(&mut self, pos: &AnyGame) -> Option<Vec<Valued>> {
        let mut budget = Budget::new(&no_clock, None, Some(self.node_limit), None);
        let me = pos.to_move()?;
        let valued = match pos {
            AnyGame::Cheversi(p) => {
                let found = self.search_cheversi(p, &mut budget, RootValues::All);
                let exact = found.exact && found.root.iter().all(|r| r.exact);
                exact.then(|| {
                    found
                        .root
                        .iter()
                        .map(|r| Valued {
                            mv: AnyMove::Cheversi(r.mv),
                            value: r.value,
                        })
                        .collect::<Vec<_>>()
                })
            }
            AnyGame::Attrition(p) => {
                // Each move's child on its own: the root search stops as
                // soon as one move is a proven win, leaving the others'
                // values as bounds, and a puzzle must know every one.
                let mut legal = Vec::new();
                p.legal_moves(&mut legal);
                let mut out = Vec::with_capacity(legal.len());
                for mv in legal {
                    let mut child = p.clone();
                    child.play_unchecked(mv);
                    let Some(v) = attrition_value(self.attrition(), &child, me, &mut budget) else {
                        break;
                    };
                    out.push(Valued {
                        mv: AnyMove::Attrition(mv),
                        value: one_ply_earlier(v),
                    });
                }
                let complete = !budget.stopped() && out.len() == p.count_legal_moves() as usize;
                complete.then(|| {
                    best_first(&mut out);
                    out
                })
            }
        };
        self.nodes += budget.nodes;
        valued
    }

    /// The exact value of `pos` for `player` (not necessarily the side to
    /// move), and the best move of the side to move if the game goes on.
    /// `None` when the node limit was reached.
    pub fn value(&mut self, pos: &AnyGame, player: Player) -> Option<(i32, Option<AnyMove>)> {
        let mut budget = Budget::new(&no_clock, None, Some(self.node_limit), None);
        let answer = match pos {
            AnyGame::Cheversi(p) => {
                if p.is_over() {
                    Some((for_player(p.margin() * SCALE, 0, player), None))
                } else {
                    let me = p.to_move()?;
                    let found = self.search_cheversi(p, &mut budget, RootValues::Best);
                    found.exact.then(|| {
                        (
                            for_player(found.value, me, player),
                            Some(AnyMove::Cheversi(found.best)),
                        )
                    })
                }
            }
            AnyGame::Attrition(p) => {
                attrition_search(self.attrition(), p, &mut budget).map(|(v, mover, best)| {
                    (for_player(v, mover, player), best.map(AnyMove::Attrition))
                })
            }
        };
        self.nodes += budget.nodes;
        answer
    }
}

/// The value of an Attrition position for `player`, proven, or `None`.
fn attrition_value(
    searcher: &mut Searcher<attrition::Position>,
    p: &attrition::Position,
    player: Player,
    budget: &mut Budget<'_>,
) -> Option<i32> {
    attrition_search(searcher, p, budget).map(|(v, mover, _)| for_player(v, mover, player))
}

/// The proven value of an Attrition position for the player it names
/// (the side to move, or player 0 once the game is over), and the side to
/// move's best move.
fn attrition_search(
    searcher: &mut Searcher<attrition::Position>,
    p: &attrition::Position,
    budget: &mut Budget<'_>,
) -> Option<(i32, Player, Option<attrition::Move>)> {
    use crate::ai::search::Searchable;
    let Some(mover) = p.to_move() else {
        return p.decided(0).map(|v| (v, 0, None));
    };
    if let Some(v) = p.decided(mover) {
        return Some((v, mover, None));
    }
    let found = searcher.search(p, &Mobility, budget, MAX_TURNS, None, RootValues::Best);
    (found.exact && is_proof(found.value)).then_some((found.value, mover, Some(found.best)))
}

/// The clock of a search limited by nodes only.
pub(super) fn no_clock() -> f64 {
    0.0
}

/// A value for `from` seen by `to` (two players: the other's is negated;
/// a proof keeps its distance).
fn for_player(value: i32, from: Player, to: Player) -> i32 {
    if from == to {
        value
    } else {
        -value
    }
}

/// A value counted from a position, counted from the one a ply before it:
/// a proof's end is one ply further away.
pub fn one_ply_earlier(value: i32) -> i32 {
    if is_proof(value) {
        value - value.signum()
    } else {
        value
    }
}

/// A value as a person reads it: `+3`, `-1.5` (Cheversi points) or
/// `wins in 5`, `loses in 4`.
pub fn describe(value: i32, cheversi: bool) -> String {
    match plies_to_end(value) {
        Some(p) if value > 0 => format!("wins in {p}"),
        Some(p) => format!("loses in {p}"),
        None if cheversi && value % SCALE == 0 => format!("{:+}", value / SCALE),
        None if cheversi => format!("{:+}", f64::from(value) / f64::from(SCALE)),
        None => format!("{value:+} (not proven)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    #[test]
    fn best_first_is_the_std_stable_sort_by_value_descending() {
        let mv = |i: u8| {
            let to = Square::new(i).unwrap();
            AnyMove::Attrition(attrition::Move::Jump { from: to, to })
        };
        let mut state = 12345u64;
        for len in 0..40 {
            let moves: Vec<Valued> = (0..len)
                .map(|i| {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    Valued {
                        mv: mv(i),
                        value: (state >> 60) as i32 - 8,
                    }
                })
                .collect();
            let mut ours = moves.clone();
            best_first(&mut ours);
            let mut std = moves;
            std.sort_by_key(|v| -v.value);
            assert_eq!(ours, std, "{len} moves");
        }
    }
}
