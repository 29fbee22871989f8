//! The exact search split over threads, each with a table of its own. In
//! the result proof the threads take the root moves from one queue, and a
//! win stops the others; in the value proof each thread proves its part of
//! the root moves ([`deal`]): every probe ("is it at least `k`?") is asked
//! of every part, and the first part to reach `k` stops the others' probe. The engine itself has no
//! threads (it runs in a browser worker too); this is the native tool's
//! use of its parts.

use cheversi_engine::ai::budget::Budget;
use cheversi_engine::ai::search::{
    deal, proof_order, Closing, Draws, Evaluator, Known, MoveResult, Proven, Searchable, Searcher,
};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// What a proof on threads found, the nodes all its threads searched,
/// and the seconds it took (the result: its longest part), each part timed
/// from when its table was made, as the Master's is made before a move.
pub struct Proof<T> {
    pub proven: Option<T>,
    pub nodes: u64,
    pub seconds: f64,
}

/// The result of `pos` over `moves`, proven by `threads` threads within
/// `seconds` (each thread's own limit, from the same start), with tables
/// of `table_bits`. The moves, in [`proof_order`], are a queue the threads
/// take from one at a time, so that none waits while another still has
/// many to prove; a win stops them all, and with `Draws::One` a draw found
/// by one leaves the others asking only "does it win?". One thread proves
/// as [`Searcher::prove_result`] alone.
pub fn prove_result<G, E>(
    pos: &G,
    eval: &E,
    moves: Vec<G::Move>,
    draws: Draws,
    seconds: Option<f64>,
    threads: usize,
    table_bits: u32,
) -> Proof<Proven<G::Move>>
where
    G: Searchable + Sync,
    G::Move: Send + Sync,
    E: Evaluator<G> + Sync,
{
    let queue = proof_order(pos, moves);
    let next = AtomicUsize::new(0);
    let origin = Instant::now();
    let won = AtomicBool::new(false);
    let drawn = AtomicBool::new(false);
    let parts: Vec<Proof<Proven<G::Move>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|_| {
                let (queue, next, won, drawn) = (&queue, &next, &won, &drawn);
                scope.spawn(move || {
                    // The table is made before the clock starts, as the
                    // Master's is before a move.
                    let mut searcher = Searcher::new(table_bits);
                    let clock = move || origin.elapsed().as_secs_f64();
                    let stop = || won.load(Ordering::Relaxed);
                    let mut budget = Budget::new(&clock, seconds, None, Some(&stop));
                    let proven =
                        searcher
                            .move_proofs(pos, eval, &mut budget)
                            .and_then(|mut proofs| {
                                let mut found = Vec::new();
                                while let Some(&mv) =
                                    queue.get(next.fetch_add(1, Ordering::Relaxed))
                                {
                                    let draw_in_hand =
                                        draws == Draws::One && drawn.load(Ordering::Relaxed);
                                    match proofs.prove(pos, mv, draw_in_hand)? {
                                        MoveResult::Wins => {
                                            won.store(true, Ordering::Relaxed);
                                            return Some(Proven::Win(mv));
                                        }
                                        MoveResult::Draws => {
                                            drawn.store(true, Ordering::Relaxed);
                                            found.push(mv);
                                        }
                                        MoveResult::Loses | MoveResult::NoWin => {}
                                    }
                                }
                                Some(if found.is_empty() {
                                    Proven::Loss
                                } else {
                                    Proven::Draw(found)
                                })
                            });
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

/// What the value proof asks a thread about its part.
enum Ask<M> {
    /// Is the value at least this?
    AtLeast(i32),
    /// The line of best play for this value, from this probe's line.
    Line(Vec<M>, i32),
}

/// A thread's answer: which thread, and what it found.
enum Told<M> {
    /// `None` when the budget ran out or another part answered first.
    Probe(usize, Option<(i32, Option<Vec<M>>)>),
    Line(Vec<M>),
}

/// A part's sender, which answers "not proven" as its thread ends: a part
/// that panicked mid-probe ends the wait for its answer (then the next
/// probe's ask fails, a panic rather than a hang).
struct LastWord<M>(usize, mpsc::Sender<Told<M>>);

impl<M> Drop for LastWord<M> {
    fn drop(&mut self) {
        let _ = self.1.send(Told::Probe(self.0, None));
    }
}

/// The exact value of `pos` over `moves` and a line of best play (its
/// first move the best), proven by `threads` threads within `seconds`,
/// with tables of `table_bits`: [`Searcher::prove_value`]'s probes, each
/// asked of every part. The guess the probes start from is searched on the
/// first table; its order (best first) is dealt into the parts. `known`
/// bounds the value, as there.
#[allow(clippy::too_many_arguments)]
pub fn prove_value<G, E>(
    pos: &G,
    eval: &E,
    moves: Vec<G::Move>,
    known: Known,
    seconds: Option<f64>,
    threads: usize,
    table_bits: u32,
) -> Proof<(i32, Vec<G::Move>)>
where
    G: Searchable + Sync,
    G::Move: Send,
    E: Evaluator<G> + Sync,
{
    let mut searchers: Vec<Searcher<G>> = (0..threads.max(1))
        .map(|_| Searcher::new(table_bits))
        .collect();
    let origin = Instant::now();
    let clock = move || origin.elapsed().as_secs_f64();
    let mut first = Budget::new(&clock, seconds, None, None);
    let guess = searchers[0].guess_value(pos, eval, &mut first, moves);
    let (guess_nodes, done) = (first.nodes, first.stopped());
    if done || guess.exact {
        let proven = (!done).then_some((guess.value, guess.pv));
        return Proof {
            proven,
            nodes: guess_nodes,
            seconds: clock(),
        };
    }
    let parts = searchers.len();
    // The probe being asked, and the last probe a part reached `k` in: a
    // part's search stops while they are the same.
    let probe = AtomicU32::new(0);
    let reached = AtomicU32::new(u32::MAX);
    let (told_tx, told) = mpsc::channel::<Told<G::Move>>();
    let (proven, nodes) = std::thread::scope(|scope| {
        let mut asks = Vec::new();
        let mut handles = Vec::new();
        for (i, (searcher, part)) in searchers
            .iter_mut()
            .zip(deal(guess.root, parts))
            .enumerate()
        {
            let (ask, asked) = mpsc::channel::<Ask<G::Move>>();
            asks.push(ask);
            let told = LastWord(i, told_tx.clone());
            let (probe, reached, clock) = (&probe, &reached, &clock);
            handles.push(scope.spawn(move || {
                let stop = || reached.load(Ordering::Relaxed) == probe.load(Ordering::Relaxed);
                // The same deadline as the guess's.
                let left = seconds.map(|s| (s - clock()).max(0.0));
                let mut budget = Budget::new(clock, left, None, Some(&stop));
                let Some(mut probes) = searcher.probes(pos, eval, &mut budget, part) else {
                    return 0;
                };
                for ask in asked {
                    let answer = match ask {
                        Ask::AtLeast(k) => {
                            probes.go_on();
                            Told::Probe(i, probes.at_least(pos, k))
                        }
                        Ask::Line(hint, value) => Told::Line(probes.line(pos, hint, value)),
                    };
                    if told.1.send(answer).is_err() {
                        break;
                    }
                }
                drop(probes);
                budget.nodes
            }));
        }
        // Only the parts send, and each says when it ends ([`LastWord`]).
        drop(told_tx);
        let mut closing = Closing::new(known, guess.value, G::VALUE_UNIT);
        // The part whose move reached the value last: its table holds the line.
        let mut holder = 0;
        let proven = loop {
            let Some(k) = closing.next() else {
                break closing.proven();
            };
            probe.fetch_add(1, Ordering::Relaxed);
            for ask in &asks {
                ask.send(Ask::AtLeast(k))
                    .expect("a part thread is listening");
            }
            let mut passed: Option<(usize, i32, Vec<G::Move>)> = None;
            let mut top = Some(i32::MIN);
            for _ in 0..parts {
                let Ok(Told::Probe(i, answer)) = told.recv() else {
                    unreachable!("each part answers its probe");
                };
                match answer {
                    Some((v, Some(line))) => {
                        reached.store(probe.load(Ordering::Relaxed), Ordering::Relaxed);
                        if passed.as_ref().is_none_or(|(_, best, _)| v > *best) {
                            passed = Some((i, v, line));
                        }
                    }
                    Some((v, None)) => top = top.map(|t| t.max(v)),
                    None => top = None,
                }
            }
            let agreed = match (passed, top) {
                (Some((i, v, line)), _) => {
                    holder = i;
                    closing.answer(k, v, Some(line))
                }
                (None, Some(v)) => closing.answer(k, v, None),
                (None, None) => break None, // out of time
            };
            if !agreed {
                break None; // `known` was wrong: prove nothing
            }
        };
        // No probe is under way: the line's searches must not stop.
        probe.fetch_add(1, Ordering::Relaxed);
        let proven = proven.map(|(value, hint)| {
            asks[holder]
                .send(Ask::Line(hint, value))
                .expect("a part thread is listening");
            let Ok(Told::Line(line)) = told.recv() else {
                unreachable!("the part answers with the line");
            };
            (value, line)
        });
        drop(asks);
        let nodes: u64 = handles
            .into_iter()
            .map(|h| h.join().expect("a proof thread does not panic"))
            .sum();
        (proven, nodes)
    });
    Proof {
        proven,
        nodes: guess_nodes + nodes,
        seconds: clock(),
    }
}

#[cfg(test)]
mod tests {
    use super::{prove_result, prove_value};
    use cheversi_engine::ai::cheversi::{distinct_moves, HandValues, PlainScore};
    use cheversi_engine::ai::search::minimax::minimax;
    use cheversi_engine::ai::search::{Draws, Known, Proven, Searchable};
    use cheversi_engine::cheversi::{self, RuleSet, PLIES};
    use cheversi_engine::rng::Rng;
    use cheversi_engine::GameState;

    /// A position `left` placements from the end, by random play.
    fn late_position(options: cheversi::Options, left: usize, rng: &mut Rng) -> cheversi::Position {
        let mut pos = cheversi::Position::new(options);
        let mut moves = Vec::new();
        while pos.ply() < PLIES - left {
            moves.clear();
            pos.legal_moves(&mut moves);
            pos.play_unchecked(moves[rng.below(moves.len() as u32) as usize]);
        }
        pos
    }

    /// The margin of `pos` and its line on `threads` threads, with no time
    /// limit and small tables (2^8), so that the parts' probes run past the
    /// abort check's polls.
    fn margin_on_threads(
        pos: &cheversi::Position,
        eval: &HandValues,
        threads: usize,
    ) -> (i32, Vec<cheversi::Move>) {
        let proof = prove_value(
            pos,
            eval,
            distinct_moves(pos),
            Known::NOTHING,
            None,
            threads,
            8,
        );
        assert!(proof.nodes > 0, "nodes counted");
        proof.proven.expect("no limit")
    }

    /// On one to three threads, the result plain minimax gives (to the
    /// end of the game, three placements from it), and the move named
    /// keeps it; every drawing move named where every one is wanted.
    #[test]
    fn a_result_proven_on_threads_is_the_minimax_result() {
        let mut rng = Rng::new(9);
        let mut seen = [0; 3];
        for rules in RuleSet::ALL {
            let options = cheversi::Options::new(rules);
            let eval = HandValues::calibrate(options);
            for _ in 0..10 {
                let pos = late_position(options, 3, &mut rng);
                let me = pos.to_move().unwrap();
                let best = minimax(&pos, &PlainScore, me, 3, 0);
                let value_after = |mv| {
                    let mut child = pos.clone();
                    child.play_unchecked(mv);
                    minimax(&child, &PlainScore, me, 3, 1)
                };
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                let drawing: Vec<_> = moves.iter().filter(|&&mv| value_after(mv) == 0).collect();
                for (threads, wanted) in [1, 2, 3]
                    .into_iter()
                    .flat_map(|t| [(t, Draws::One), (t, Draws::Every)])
                {
                    let proof = prove_result(&pos, &eval, moves.clone(), wanted, None, threads, 12);
                    assert!(proof.nodes > 0, "{rules}: nodes counted");
                    match proof.proven.expect("no limit") {
                        Proven::Win(mv) => {
                            assert!(best > 0 && value_after(mv) > 0, "{rules}: {mv} wins?");
                            seen[0] += 1;
                        }
                        Proven::Draw(mut draws) => {
                            assert_eq!(best, 0, "{rules}: a draw?");
                            assert!(draws.iter().all(|&mv| value_after(mv) == 0));
                            if wanted == Draws::Every {
                                draws.sort_by_key(|m| m.to_string());
                                let mut every = drawing.clone();
                                every.sort_by_key(|m| m.to_string());
                                assert_eq!(
                                    draws.iter().collect::<Vec<_>>(),
                                    every,
                                    "{rules}: every draw"
                                );
                            }
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

    /// On one to three threads, the margin plain minimax gives to the end
    /// of the game, 3 to 5 placements from it (5 where few squares are
    /// open, so minimax stays quick), and every move of the line keeps it:
    /// the opponent's too. One part reaching `k` stops the others' probe.
    #[test]
    fn a_margin_proven_on_threads_is_the_minimax_margin() {
        let mut rng = Rng::new(31);
        let mut cases = 0;
        for rules in RuleSet::ALL {
            let options = cheversi::Options::new(rules);
            let eval = HandValues::calibrate(options);
            let deepest = if matches!(rules, RuleSet::Lewicki | RuleSet::Brainking) {
                5
            } else {
                4
            };
            for left in [3, 4, deepest] {
                let pos = late_position(options, left, &mut rng);
                let me = pos.to_move().unwrap();
                let margin = minimax(&pos, &PlainScore, me, left as u32, 0);
                for threads in [1, 2, 3] {
                    let (value, line) = margin_on_threads(&pos, &eval, threads);
                    assert_eq!(value, margin, "{rules}, {left} left, {threads} threads");
                    let mut p = pos.clone();
                    for (i, &mv) in line.iter().enumerate() {
                        p.play_unchecked(mv);
                        let after = minimax(&p, &PlainScore, me, left as u32, i as i32 + 1);
                        assert_eq!(after, margin, "{rules}: {line:?} keeps the margin");
                    }
                    assert!(!line.is_empty(), "{rules}: a best move");
                    cases += 1;
                }
            }
        }
        assert!(cases >= 45, "{cases} cases");
    }

    /// Further from the end (7 placements), where the line's searches run
    /// past the abort check's polls: the line shown goes to the end of the
    /// game and ends at the value proven, on one thread and on two.
    #[test]
    fn a_margin_line_on_threads_plays_to_the_end() {
        let mut rng = Rng::new(17);
        for rules in RuleSet::ALL {
            let options = cheversi::Options::new(rules);
            let eval = HandValues::calibrate(options);
            let pos = late_position(options, 7, &mut rng);
            let me = pos.to_move().unwrap();
            for threads in [1, 2] {
                let (value, line) = margin_on_threads(&pos, &eval, threads);
                assert_eq!(line.len(), 7, "{rules}, {threads} threads: {line:?}");
                let mut end = pos.clone();
                for &mv in &line {
                    end.play_unchecked(mv);
                }
                assert_eq!(end.decided(me), Some(value), "{rules}: {line:?}");
            }
        }
    }

    /// A range known beforehand that leaves out the value proves nothing.
    #[test]
    fn a_wrong_known_margin_on_threads_proves_nothing() {
        let options = cheversi::Options::new(RuleSet::Lewicki);
        let eval = HandValues::calibrate(options);
        let mut rng = Rng::new(5);
        let pos = late_position(options, 4, &mut rng);
        let me = pos.to_move().unwrap();
        let margin = minimax(&pos, &PlainScore, me, 4, 0);
        for known in [Known::at_least(margin + 1), Known::at_most(margin - 1)] {
            let proof = prove_value(&pos, &eval, distinct_moves(&pos), known, None, 2, 8);
            assert!(proof.proven.is_none(), "{known:?}");
        }
    }
}
