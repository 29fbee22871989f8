//! The result proof split over threads: each thread proves its part of
//! the root moves ([`deal`]) with a table of its own, and a part that
//! proves a win stops the others. The engine itself has no threads (it
//! runs in a browser worker too); this is the native tool's use of its
//! parts.

use cheversi_engine::ai::budget::Budget;
use cheversi_engine::ai::search::{
    deal, proof_order, Draws, Evaluator, Proven, Searchable, Searcher,
};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What a proof on threads found, the nodes all its threads searched,
/// and the seconds the longest part took (each timed from when its table
/// was made, as the Master's is made before a move).
pub struct Proof<M> {
    pub proven: Option<Proven<M>>,
    pub nodes: u64,
    pub seconds: f64,
}

/// The result of `pos` over `moves`, proven by `threads` threads within
/// `seconds` (each part's own limit, from the same start), with tables of
/// `table_bits`. One thread proves as [`Searcher::prove_result`] alone.
pub fn prove_result<G, E>(
    pos: &G,
    eval: &E,
    moves: Vec<G::Move>,
    draws: Draws,
    seconds: Option<f64>,
    threads: usize,
    table_bits: u32,
) -> Proof<G::Move>
where
    G: Searchable + Sync,
    G::Move: Send,
    E: Evaluator<G> + Sync,
{
    let dealt = deal(proof_order(pos, moves), threads);
    let origin = Instant::now();
    let won = AtomicBool::new(false);
    let parts: Vec<Proof<G::Move>> = std::thread::scope(|scope| {
        let handles: Vec<_> = dealt
            .into_iter()
            .map(|part| {
                let won = &won;
                scope.spawn(move || {
                    // The table is made before the clock starts, as the
                    // Master's is before a move.
                    let mut searcher = Searcher::new(table_bits);
                    let clock = move || origin.elapsed().as_secs_f64();
                    let stop = || won.load(Ordering::Relaxed);
                    let mut budget = Budget::new(&clock, seconds, None, Some(&stop));
                    let proven = searcher.prove_result(pos, eval, &mut budget, part, draws);
                    if matches!(proven, Some(Proven::Win(_))) {
                        won.store(true, Ordering::Relaxed);
                    }
                    Proof {
                        proven,
                        nodes: budget.nodes,
                        seconds: budget.elapsed(),
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a proof thread does not panic"))
            .collect()
    });
    Proof {
        nodes: parts.iter().map(|p| p.nodes).sum(),
        seconds: parts.iter().map(|p| p.seconds).fold(0.0, f64::max),
        proven: Proven::combine(parts.into_iter().map(|p| p.proven)),
    }
}

#[cfg(test)]
mod tests {
    use super::prove_result;
    use cheversi_engine::ai::cheversi::{HandValues, PlainScore};
    use cheversi_engine::ai::search::minimax::minimax;
    use cheversi_engine::ai::search::{Draws, Proven};
    use cheversi_engine::cheversi::{self, RuleSet, PLIES};
    use cheversi_engine::rng::Rng;
    use cheversi_engine::GameState;

    /// On two and three threads, the result plain minimax gives (to the
    /// end of the game, three placements from it), and the move named
    /// keeps it.
    #[test]
    fn a_result_proven_on_threads_is_the_minimax_result() {
        let mut rng = Rng::new(9);
        let mut seen = [0; 3];
        for rules in RuleSet::ALL {
            let options = cheversi::Options::new(rules);
            let eval = HandValues::calibrate(options);
            for _ in 0..10 {
                let mut pos = cheversi::Position::new(options);
                let mut moves = Vec::new();
                while pos.ply() < PLIES - 3 {
                    moves.clear();
                    pos.legal_moves(&mut moves);
                    pos.play_unchecked(moves[rng.below(moves.len() as u32) as usize]);
                }
                let me = pos.to_move().unwrap();
                let best = minimax(&pos, &PlainScore, me, 3, 0);
                let value_after = |mv| {
                    let mut child = pos.clone();
                    child.play_unchecked(mv);
                    minimax(&child, &PlainScore, me, 3, 1)
                };
                moves.clear();
                pos.legal_moves(&mut moves);
                for threads in [2, 3] {
                    let proof =
                        prove_result(&pos, &eval, moves.clone(), Draws::One, None, threads, 12);
                    assert!(proof.nodes > 0, "{rules}: nodes counted");
                    match proof.proven.expect("no limit") {
                        Proven::Win(mv) => {
                            assert!(best > 0 && value_after(mv) > 0, "{rules}: {mv} wins?");
                            seen[0] += 1;
                        }
                        Proven::Draw(draws) => {
                            assert_eq!(best, 0, "{rules}: a draw?");
                            assert!(draws.iter().all(|&mv| value_after(mv) == 0));
                            seen[1] += 1;
                        }
                        Proven::Loss => {
                            assert!(best < 0, "{rules}: a loss?");
                            seen[2] += 1;
                        }
                    }
                }
            }
        }
        assert!(seen.iter().all(|&n| n > 0), "wins, draws, losses: {seen:?}");
    }
}
