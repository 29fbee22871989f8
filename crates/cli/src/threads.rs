//! The exact search split over threads, each with a table of its own. In
//! the result proof the threads take the root moves from one queue, and a
//! win stops the others; in the value proof each thread proves its part of
//! the root moves ([`deal`]): every probe ("is it at least `k`?") is asked
//! of every part, and the first part to reach `k` stops the others' probe.
//! The engine itself has no threads (it runs in a browser worker too);
//! this is the native tool's use of its parts.

use cheversi_engine::ai::budget::Budget;
use cheversi_engine::ai::search::{
    deal, proof_order, Closing, Draws, Evaluator, Known, MoveProofs, MoveResult, Proven,
    Searchable, Searcher,
};
use std::cell::Cell;
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
/// by one leaves the others asking only "does it win?". The first move,
/// the likeliest to win, is proven by all the threads at once where the
/// opponent answers it ([`FirstMove`]): a win is one move's proof, which
/// a queue of moves leaves to one thread. One thread proves as
/// [`Searcher::prove_result`] alone.
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
    let threads = threads.max(1);
    let queue = proof_order(pos, moves);
    let first = queue
        .first()
        .filter(|_| threads > 1)
        .and_then(|&mv| FirstMove::of(pos, mv));
    let next = AtomicUsize::new(usize::from(first.is_some()));
    let origin = Instant::now();
    let won = AtomicBool::new(false);
    let drawn = AtomicBool::new(false);
    let parts: Vec<Proof<Proven<G::Move>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|index| {
                let (queue, next, won, drawn, first) = (&queue, &next, &won, &drawn, &first);
                scope.spawn(move || {
                    // The table is made before the clock starts, as the
                    // Master's is before a move.
                    let mut searcher = Searcher::new(table_bits);
                    let clock = move || origin.elapsed().as_secs_f64();
                    // What this thread proves: the first move's question
                    // settled by another thread stops it too.
                    let asking = Cell::new(Asking::Queue);
                    let stop = || {
                        won.load(Ordering::Relaxed)
                            || first.as_ref().is_some_and(|f| f.settled(asking.get()))
                    };
                    let mut budget = Budget::new(&clock, seconds, None, Some(&stop));
                    let proven =
                        searcher
                            .move_proofs(pos, eval, &mut budget)
                            .and_then(|mut proofs| {
                                if let Some(first) = first {
                                    if first.share(&mut proofs, index, threads, &asking, drawn)? {
                                        won.store(true, Ordering::Relaxed);
                                        return Some(Proven::Win(first.mv));
                                    }
                                    // A stop by the time stays: the queue's
                                    // next move then proves nothing.
                                    asking.set(Asking::Queue);
                                    proofs.go_on();
                                }
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
    let first = first.map(|f| f.proven(threads));
    Proof {
        nodes: parts.iter().map(|p| p.nodes).sum(),
        seconds: parts.iter().map(|p| p.seconds).fold(0.0, f64::max),
        proven: Proven::combine(parts.into_iter().map(|p| p.proven).chain(first)),
    }
}

/// Which question about the first move a thread is asking, if any.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Asking {
    /// Does it draw at least?
    Draws,
    /// Does it win?
    Wins,
    /// Neither: the other root moves, from the queue.
    Queue,
}

/// The first root move proven by every thread at once, each asking about
/// its share of the opponent's replies (dealt in turn, best for the
/// opponent first): the move draws at least where no reply holds it below
/// a draw, and wins where none holds it to a draw. A reply that holds it
/// settles the question for every thread.
struct FirstMove<G: Searchable> {
    mv: G::Move,
    /// The position after it, and the replies.
    child: G,
    replies: Vec<G::Move>,
    /// A reply holds it below a draw: it loses.
    loses: AtomicBool,
    /// A reply holds it to a draw at most: it does not win.
    no_win: AtomicBool,
    /// Threads whose replies all keep a draw at least, and a win.
    keep_draw: AtomicUsize,
    keep_win: AtomicUsize,
}

impl<G: Searchable> FirstMove<G> {
    /// The first move `mv`'s proof shared out, where the opponent answers
    /// it (always, in Cheversi; in a game where a mover may move again,
    /// such a move is the best of its own next moves, not the worst of
    /// replies: it stays in the queue).
    fn of(pos: &G, mv: G::Move) -> Option<Self> {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        if child.to_move()? == pos.to_move()? {
            return None;
        }
        let mut replies = Vec::new();
        child.legal_moves(&mut replies);
        Some(FirstMove {
            replies: proof_order(&child, replies),
            mv,
            child,
            loses: AtomicBool::new(false),
            no_win: AtomicBool::new(false),
            keep_draw: AtomicUsize::new(0),
            keep_win: AtomicUsize::new(0),
        })
    }

    /// Whether the question a thread is `asking` is already answered.
    fn settled(&self, asking: Asking) -> bool {
        match asking {
            Asking::Draws => self.loses.load(Ordering::SeqCst),
            Asking::Wins => self.loses.load(Ordering::SeqCst) || self.no_win.load(Ordering::SeqCst),
            Asking::Queue => false,
        }
    }

    /// Thread `index` of `threads` asks about its share of the replies:
    /// `Some(true)` where it is the last to find its share won (the move
    /// wins), `Some(false)` when done otherwise (the question answered
    /// here or elsewhere), `None` when its time ran out or a win elsewhere
    /// stopped it first. A draw proven sets `drawn`.
    fn share<E: Evaluator<G>>(
        &self,
        proofs: &mut MoveProofs<'_, '_, G, E>,
        index: usize,
        threads: usize,
        asking: &Cell<Asking>,
        drawn: &AtomicBool,
    ) -> Option<bool> {
        let mine: Vec<G::Move> = self
            .replies
            .iter()
            .skip(index)
            .step_by(threads)
            .copied()
            .collect();
        for (question, floor, held, kept) in [
            (Asking::Draws, -1, &self.loses, &self.keep_draw),
            (Asking::Wins, 0, &self.no_win, &self.keep_win),
        ] {
            asking.set(question);
            for &reply in &mine {
                if self.settled(question) {
                    return Some(false);
                }
                let mut below = self.child.clone();
                below.play_unchecked(reply);
                match proofs.above(&below, 2, floor) {
                    Some(true) => {}
                    Some(false) => {
                        held.store(true, Ordering::SeqCst);
                        self.note_draw(threads, drawn);
                        return Some(false);
                    }
                    // Stopped by the question answered elsewhere: on to
                    // the queue. By a win elsewhere, or by the time: done.
                    None if self.settled(question) => return Some(false),
                    None => return None,
                }
            }
            if kept.fetch_add(1, Ordering::SeqCst) + 1 == threads && question == Asking::Wins {
                return Some(true);
            }
            self.note_draw(threads, drawn);
        }
        Some(false)
    }

    /// Sets `drawn` once the move is proven to draw. (Sequentially
    /// consistent: of the last share to keep a draw and the share that
    /// holds the move to one, at least one sees the other.)
    fn note_draw(&self, threads: usize, drawn: &AtomicBool) {
        if matches!(self.proven(threads), Some(Proven::Draw(_))) {
            drawn.store(true, Ordering::SeqCst);
        }
    }

    /// What the threads proved of the move: as a part of the root moves
    /// for [`Proven::combine`] (a loss: it neither draws nor wins).
    fn proven(&self, threads: usize) -> Option<Proven<G::Move>> {
        if self.loses.load(Ordering::SeqCst) {
            Some(Proven::Loss)
        } else if self.keep_win.load(Ordering::SeqCst) == threads {
            Some(Proven::Win(self.mv))
        } else if self.keep_draw.load(Ordering::SeqCst) == threads
            && self.no_win.load(Ordering::SeqCst)
        {
            Some(Proven::Draw(vec![self.mv]))
        } else {
            None
        }
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
                let stop = || reached.load(Ordering::SeqCst) == probe.load(Ordering::SeqCst);
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
            probe.fetch_add(1, Ordering::SeqCst);
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
                        reached.store(probe.load(Ordering::SeqCst), Ordering::SeqCst);
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
        probe.fetch_add(1, Ordering::SeqCst);
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
    use super::{prove_result, prove_value, Asking, FirstMove};
    use cheversi_engine::ai::budget::{Budget, POLL_EVERY};
    use cheversi_engine::ai::cheversi::{distinct_moves, HandValues, PlainScore};
    use cheversi_engine::ai::search::minimax::minimax;
    use cheversi_engine::ai::search::{proof_order, Draws, Known, Proven, Searchable, Searcher};
    use cheversi_engine::cheversi::{self, RuleSet, PLIES};
    use cheversi_engine::rng::Rng;
    use cheversi_engine::GameState;
    use std::cell::Cell;
    use std::sync::atomic::{AtomicBool, Ordering};

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
    /// end of the game, three to five placements from it), and the move named
    /// keeps it; every drawing move named where every one is wanted.
    #[test]
    fn a_result_proven_on_threads_is_the_minimax_result() {
        let mut rng = Rng::new(9);
        let mut seen = [0; 3];
        for rules in RuleSet::ALL {
            let options = cheversi::Options::new(rules);
            let eval = HandValues::calibrate(options);
            // And one five from the end (four where many squares are open,
            // so minimax stays quick): more replies to share out.
            let deepest = if matches!(rules, RuleSet::Lewicki | RuleSet::Brainking) {
                5
            } else {
                4
            };
            let lefts = std::iter::repeat_n(3, 10).chain([deepest]);
            for left in lefts {
                let pos = late_position(options, left, &mut rng);
                let me = pos.to_move().unwrap();
                let depth = left as u32;
                let best = minimax(&pos, &PlainScore, me, depth, 0);
                let value_after = |mv| {
                    let mut child = pos.clone();
                    child.play_unchecked(mv);
                    minimax(&child, &PlainScore, me, depth, 1)
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

    /// A thread asking about the first move stops when another thread
    /// settles the question (at the abort check's next poll) and goes on
    /// to the queue; a thread whose time runs out proves nothing.
    #[test]
    fn a_first_move_question_settled_elsewhere_stops_the_thread() {
        let options = cheversi::Options::new(RuleSet::Lewicki);
        let eval = HandValues::calibrate(options);
        let pos = late_position(options, 8, &mut Rng::new(5));
        let mv = proof_order(&pos, distinct_moves(&pos))[0];
        let clock = || 0.0;
        let drawn = AtomicBool::new(false);
        // Alone, share 0 of the replies keeps a win.
        let first = FirstMove::of(&pos, mv).expect("the opponent answers in Lewicki");
        let mut searcher = Searcher::new(8);
        let mut budget = Budget::new(&clock, None, None, None);
        let mut proofs = searcher.move_proofs(&pos, &eval, &mut budget).unwrap();
        let alone = first.share(&mut proofs, 0, 2, &Cell::new(Asking::Queue), &drawn);
        drop(proofs);
        assert_eq!(
            (alone, first.keep_win.load(Ordering::SeqCst)),
            (Some(false), 1)
        );
        let alone = budget.nodes;

        // Where another thread found a reply that holds the move to a draw.
        let first = FirstMove::of(&pos, mv).unwrap();
        first.no_win.store(true, Ordering::SeqCst);
        let asking = Cell::new(Asking::Queue);
        let stop = || first.settled(asking.get());
        let mut searcher = Searcher::new(8);
        let mut budget = Budget::new(&clock, None, None, Some(&stop));
        let mut proofs = searcher.move_proofs(&pos, &eval, &mut budget).unwrap();
        assert_eq!(first.share(&mut proofs, 0, 2, &asking, &drawn), Some(false));
        assert!(asking.get() == Asking::Wins, "stopped at the win question");
        assert_eq!(first.keep_win.load(Ordering::SeqCst), 0);
        asking.set(Asking::Queue);
        proofs.go_on();
        drop(proofs);
        assert!(!budget.stopped(), "no limit: the queue goes on");
        assert!(
            budget.nodes < alone,
            "stopped early: {} nodes against {alone}",
            budget.nodes
        );

        // Out of nodes, nothing is proven, and the queue does not go on.
        let fresh = FirstMove::of(&pos, mv).unwrap();
        let mut searcher = Searcher::new(8);
        let mut budget = Budget::new(&clock, None, Some(POLL_EVERY), None);
        let mut proofs = searcher.move_proofs(&pos, &eval, &mut budget).unwrap();
        let out = fresh.share(&mut proofs, 0, 2, &Cell::new(Asking::Queue), &drawn);
        assert_eq!(out, None);
        proofs.go_on();
        drop(proofs);
        assert!(budget.stopped());
        assert_eq!(fresh.proven(2), None);
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
