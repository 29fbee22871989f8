//! The result proof on two workers. Near the end of a Cheversi game the
//! Master's think starts by proving the result (win, draw or loss). The
//! thinking worker deals the root moves into two parts, sends one to the
//! worker it started beside it, proves the other itself a move at a time
//! (reading the part beside between two tasks), and hands the two
//! results to the engine ([`Engine::think_proven`]). Two workers
//! share no memory on a static host (that needs cross-origin isolation),
//! so the parts are fixed in advance and each worker has its own table.

use crate::asked::{ask, replay, Asked};
use crate::protocol::{Failure, FromWorker, Judgement, ToWorker};
use cheversi_engine::ai::player::Engine;
use cheversi_engine::ai::search::{deal, Proven};
use cheversi_engine::cheversi::Move;

/// The parts a result proof is dealt into: this worker's and the one's
/// beside it.
pub const PARTS: u32 = 2;

/// How much later than its own time limit the part of the worker beside
/// may come (its clock starts when the part arrives, and its first part
/// makes its table) before the think goes on without it.
pub const LATE_SECONDS: f64 = 0.5;

/// The thinking worker proves its part a move at a time, as many moves a
/// task as fit this long, and reads the part beside between two tasks.
/// (After five in a row a timer's task waits 4 ms: this long a slice
/// keeps that wait small.)
pub const SLICE_SECONDS: f64 = 0.03;

/// The worker beside, as the thinking worker sees it.
pub trait Helper {
    /// An id for a part, if the worker beside is ready and free to prove
    /// one (then the part is sent at once); `None` makes the think prove
    /// the whole result alone.
    fn free(&mut self) -> Option<u32>;
    /// Sends the part whose id [`Helper::free`] gave; false if it could
    /// not (then the think proves alone, and the worker beside is free).
    fn send(&mut self, part: &ToWorker) -> bool;
}

/// No worker beside (the tests of a think alone; the worker's own
/// `Beside` says the same until one is ready).
#[cfg(test)]
pub struct Alone;

#[cfg(test)]
impl Helper for Alone {
    fn free(&mut self) -> Option<u32> {
        None
    }

    fn send(&mut self, _: &ToWorker) -> bool {
        false
    }
}

/// One search: answered, or split and going on (this worker's next
/// moves, or, [`Waiting::idle`], the part beside).
pub enum Search {
    Done(FromWorker),
    Waiting(Box<Waiting>),
}

/// A search whose result proof is split: this worker proves its part a
/// few root moves a task ([`Waiting::step`]), so that a win in the part
/// beside ([`Waiting::heard`]) ends it between two; then, once both parts are in
/// (or the part beside is overdue), the think goes on.
pub struct Waiting {
    id: u32,
    asked: Asked,
    /// This worker's moves still to prove, the next one last.
    left: Vec<Move>,
    /// The result over this worker's moves proven so far (a loss over
    /// none); `None` once one could not be proven in time.
    mine: Option<Proven<Move>>,
    nodes: u64,
    /// The moves of the part beside, to read its answer against.
    their_moves: Vec<Move>,
    /// The part beside's result (`None` within: not proven), once it came.
    theirs: Option<Option<Proven<Move>>>,
    /// When the proof started, by the think's clock.
    started: f64,
    /// The parts' time limit.
    seconds: f64,
}

/// Searches one thinking request (`seconds`: as in [`ask`]). Where the
/// Master's think starts with a result proof and the worker beside is
/// free, sends it its part and returns the search, to prove this
/// worker's part a move at a time; otherwise searches alone.
pub fn search(
    engine: &mut Engine,
    message: ToWorker,
    clock: &dyn Fn() -> f64,
    seconds: Option<f64>,
    helper: &mut impl Helper,
) -> Search {
    let asked = match ask(message, seconds) {
        Ok(asked) => asked,
        Err(failed) => return Search::Done(failed),
    };
    let game = asked.session.latest();
    let plan = engine.result_proof(game, &asked.request);
    let started = clock();
    let sent = plan.as_ref().and_then(|plan| {
        let id = helper.free()?;
        helper
            .send(&ToWorker::Think {
                id,
                spec: asked.spec.clone(),
                moves: asked.moves.clone(),
                level: String::new(),
                purpose: asked.purpose,
                nodes: None,
                part: Some(1),
                parts: Some(PARTS),
                seconds: Some(plan.seconds),
            })
            .then_some(id)
    });
    let (Some(plan), Some(id)) = (plan, sent) else {
        let thought = engine.think(game, &asked.request, clock, None);
        return Search::Done(asked.answer(thought));
    };
    // Last move first, to be taken from the end.
    let mut dealt = deal(plan.moves, PARTS as usize);
    let their_moves = dealt.pop().unwrap_or_default();
    let mut left = dealt.pop().unwrap_or_default();
    left.reverse();
    Search::Waiting(Box::new(Waiting {
        id,
        asked,
        left,
        mine: Some(Proven::Loss),
        nodes: 0,
        their_moves,
        theirs: None,
        started,
        seconds: plan.seconds,
    }))
}

impl Waiting {
    /// The id of the part it waits for.
    pub fn id(&self) -> u32 {
        self.id
    }

    /// When to go on without the part beside, by the think's clock.
    pub fn overdue_at(&self) -> f64 {
        self.started + self.seconds + LATE_SECONDS
    }

    /// This worker's part is done: proven, won, or out of time.
    fn mine_done(&self) -> bool {
        self.left.is_empty() || !matches!(self.mine, Some(Proven::Loss | Proven::Draw(_)))
    }

    /// Nothing to do but wait for the part beside.
    pub fn idle(&self) -> bool {
        self.mine_done() && self.theirs.is_none()
    }

    /// Proves this worker's next moves, for about [`SLICE_SECONDS`]
    /// (each within what is left of the parts' time), and answers once
    /// the result is known.
    pub fn step(mut self: Box<Self>, engine: &mut Engine, clock: &dyn Fn() -> f64) -> Search {
        let start = clock();
        // Moves quickly proven share a task: each task costs a turn of the
        // event loop.
        while !self.mine_done() && clock() - start < SLICE_SECONDS {
            let Some(mv) = self.left.pop() else { break };
            let left = (self.started + self.seconds - clock()).max(0.0);
            let game = self.asked.session.latest();
            let proof = engine.prove_moves(game, vec![mv], Some(left), clock);
            let (proven, nodes) = proof.map_or((None, 0), |p| (p.proven, p.nodes));
            self.nodes += nodes;
            self.mine = match proven {
                Some(p) => Proven::combine([self.mine.take(), Some(p)]),
                None => None,
            };
        }
        self.settle(engine, clock)
    }

    /// The answer of the worker beside for this search's part (`None`:
    /// overdue), then as [`Waiting::step`]: a win beside ends the search
    /// at once.
    pub fn heard(
        mut self: Box<Self>,
        engine: &mut Engine,
        clock: &dyn Fn() -> f64,
        theirs: Option<FromWorker>,
    ) -> Search {
        let (result, nodes) = match theirs {
            Some(FromWorker::Thought {
                id,
                exact,
                judgement,
                best,
                pv,
                nodes,
                ..
            }) if id == self.id => {
                let proven = exact.then(|| read(judgement, &best, &pv, &self.their_moves));
                (proven.flatten(), nodes)
            }
            _ => (None, 0),
        };
        self.nodes += nodes;
        self.theirs = Some(result);
        self.settle(engine, clock)
    }

    /// The think once the result is known: a win in either part, or both
    /// parts in.
    fn settle(self: Box<Self>, engine: &mut Engine, clock: &dyn Fn() -> f64) -> Search {
        let won = |p: &Option<Proven<Move>>| matches!(p, Some(Proven::Win(_)));
        let known = won(&self.mine) || self.theirs.as_ref().is_some_and(won);
        if !known && (!self.mine_done() || self.theirs.is_none()) {
            return Search::Waiting(self);
        }
        let Waiting {
            asked,
            mine,
            nodes,
            theirs,
            started,
            ..
        } = *self;
        let proven = Proven::combine([mine, theirs.flatten()]);
        let spent = clock() - started;
        let game = asked.session.latest();
        let thought = engine
            .think_proven(game, &asked.request, clock, proven, spent)
            .map(|mut t| {
                t.nodes += nodes;
                t.seconds += spent;
                t
            });
        Search::Done(asked.answer(thought))
    }
}

/// The result the worker beside sent ([`prove`]), its moves read among
/// its part's (`None`, unproven, if one is not there).
fn read(judgement: Judgement, best: &str, draws: &[String], part: &[Move]) -> Option<Proven<Move>> {
    let find = |text: &str| part.iter().copied().find(|m| m.to_string() == text);
    Some(match judgement {
        Judgement::Wins(_) => Proven::Win(find(best)?),
        Judgement::Margin(0) => Proven::Draw(draws.iter().map(|m| find(m)).collect::<Option<_>>()?),
        Judgement::Loses(_) => Proven::Loss,
        _ => return None,
    })
}

/// The most parts a part may be asked of: enough for one move a part
/// (`e2e/worker-ratio.js` proves the thinking worker's part so), as a
/// Cheversi placement has at most a few hundred.
const MOST_PARTS: u32 = 1024;

/// The worker beside's answer to a think about a part (`part` set): its part proven
/// with its own table, as a thought about the part. Proven (`exact`), it
/// wins with `best`, draws with the moves of `pv`, or loses; not proven
/// in time, it is not `exact`. (A message of its own would add its
/// reading to the page's module.)
pub fn prove(engine: &mut Engine, message: ToWorker, clock: &dyn Fn() -> f64) -> FromWorker {
    let ToWorker::Think {
        id,
        spec,
        moves,
        purpose,
        part: Some(part),
        parts,
        seconds,
        ..
    } = message
    else {
        return FromWorker::Failed {
            id: message.id(),
            failure: Failure::NotThinking,
        };
    };
    let session = match replay(&spec, &moves) {
        Ok(session) => session,
        Err(failure) => return FromWorker::Failed { id, failure },
    };
    // No time limit, or a wrong one, is no time at all.
    let seconds = seconds
        .filter(|s| s.is_finite())
        .map_or(0.0, |s| s.clamp(0.0, 60.0));
    let parts = parts.unwrap_or(PARTS);
    let proof = (1..=MOST_PARTS)
        .contains(&parts)
        .then(|| {
            let game = session.latest();
            engine.prove_part(game, part as usize, parts as usize, Some(seconds), clock)
        })
        .flatten();
    let (proven, nodes) = proof.map_or((None, 0), |p| (p.proven, p.nodes));
    let exact = proven.is_some();
    let (judgement, best, pv) = match proven {
        Some(Proven::Win(mv)) => (Judgement::Wins(None), mv.to_string(), vec![]),
        Some(Proven::Draw(draws)) => {
            let draws = draws.iter().map(Move::to_string).collect();
            (Judgement::Margin(0), String::new(), draws)
        }
        Some(Proven::Loss) | None => (Judgement::Loses(None), String::new(), vec![]),
    };
    FromWorker::Thought {
        id,
        purpose,
        best,
        judgement,
        exact,
        depth: 0,
        nodes,
        pv,
        ms: 0.0,
        more: false,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::protocol::Purpose;
    use cheversi_api::spec::GameSpec;
    use cheversi_engine::ai::cheversi::{distinct_moves, PlainScore};
    use cheversi_engine::ai::search::minimax::minimax;
    use cheversi_engine::ai::search::proof_order;
    use cheversi_engine::cheversi::{self, RuleSet, PLIES};
    use cheversi_engine::rng::Rng;
    use cheversi_engine::{GameOptions, GameState};

    /// A worker beside in the same thread: each part it is sent is kept,
    /// to be proven by an engine of its own when the test says.
    pub(crate) struct Beside {
        pub(crate) engine: Engine,
        pub(crate) free: bool,
        pub(crate) sent: Vec<ToWorker>,
    }

    impl Helper for Beside {
        fn free(&mut self) -> Option<u32> {
            self.free.then_some(40)
        }

        fn send(&mut self, part: &ToWorker) -> bool {
            self.sent.push(part.clone());
            true
        }
    }

    pub(crate) fn clock() -> impl Fn() -> f64 {
        let start = std::time::Instant::now();
        move || start.elapsed().as_secs_f64()
    }

    /// Random games `left` placements from the end, in every rule set:
    /// the request's spec, its moves, and the position.
    pub(crate) fn late_games(
        left: usize,
        each: usize,
    ) -> Vec<(GameSpec, Vec<String>, cheversi::Position)> {
        let mut rng = Rng::new(11);
        let mut games = Vec::new();
        for rules in RuleSet::ALL {
            let options = cheversi::Options::new(rules);
            for _ in 0..each {
                let mut pos = cheversi::Position::new(options);
                let mut played = Vec::new();
                let mut moves = Vec::new();
                while pos.ply() < PLIES - left {
                    moves.clear();
                    pos.legal_moves(&mut moves);
                    let mv = moves[rng.below(moves.len() as u32) as usize];
                    played.push(mv.to_string());
                    pos.play_unchecked(mv);
                }
                games.push((GameSpec::of(GameOptions::Cheversi(options)), played, pos));
            }
        }
        games
    }

    /// A part's answer as the worker beside sends it, searching no node.
    pub(crate) fn part_thought(
        id: u32,
        judgement: Judgement,
        best: &str,
        exact: bool,
    ) -> FromWorker {
        FromWorker::Thought {
            id,
            purpose: Purpose::Play,
            best: best.into(),
            judgement,
            exact,
            depth: 0,
            nodes: 0,
            pv: vec![],
            ms: 0.0,
            more: false,
        }
    }

    /// A split search to its answer: this worker's part a move at a time,
    /// then `theirs`; or `theirs` first (`first`), then the moves left.
    pub(crate) fn complete(
        mut waiting: Box<Waiting>,
        engine: &mut Engine,
        clock: &dyn Fn() -> f64,
        theirs: Option<FromWorker>,
        first: bool,
    ) -> FromWorker {
        let wins = matches!(
            theirs,
            Some(FromWorker::Thought {
                exact: true,
                judgement: Judgement::Wins(_),
                ..
            })
        );
        let mut theirs = Some(theirs);
        loop {
            let next = match theirs.take_if(|_| first || waiting.idle()) {
                Some(theirs) => {
                    let next = waiting.heard(engine, clock, theirs);
                    let done = matches!(next, Search::Done(_));
                    assert!(done || !wins, "a win beside ends the search at once");
                    next
                }
                None => waiting.step(engine, clock),
            };
            match next {
                Search::Done(answer) => return answer,
                Search::Waiting(w) => waiting = w,
            }
            assert!(
                theirs.is_some() || !waiting.idle(),
                "answered once both parts are in"
            );
        }
    }

    pub(crate) fn think(spec: &GameSpec, moves: &[String]) -> ToWorker {
        let (spec, moves) = (spec.clone(), moves.to_vec());
        ToWorker::think(3, spec, moves, "master", Purpose::Play, None)
    }

    /// The result with best play by plain minimax to the end of the game:
    /// 1, 0 or -1 for the side to move.
    pub(crate) fn brute_force(pos: &cheversi::Position) -> i32 {
        let me = pos.to_move().unwrap();
        minimax(pos, &PlainScore, me, 3, 0).signum()
    }

    pub(crate) fn result_of(answer: &FromWorker) -> Option<i32> {
        match answer {
            FromWorker::Thought {
                exact: true,
                judgement,
                ..
            } => match judgement {
                Judgement::Wins(_) => Some(1),
                Judgement::Loses(_) => Some(-1),
                Judgement::Margin(m) => Some(m.signum()),
                Judgement::Score(_) => None,
            },
            _ => None,
        }
    }

    /// The Master's think with its result proven in two workers (this
    /// engine's part here, the other part by a second engine through the
    /// messages the two workers pass) says the result plain minimax
    /// gives, as proven, and plays a move that keeps it.
    #[test]
    fn a_think_on_two_workers_reports_the_minimax_result() {
        let clock = clock();
        let mut seen = [0; 3];
        let mut waited = 0;
        for (spec, moves, pos) in late_games(3, 6) {
            let expected = brute_force(&pos);
            let mut engine = Engine::new(1);
            let mut beside = Beside {
                engine: Engine::new(2),
                free: true,
                sent: Vec::new(),
            };
            // The part beside's answer read after this worker's part, and
            // before it (a win beside ends the search between two moves).
            let first = waited % 2 == 1;
            let answer = match search(
                &mut engine,
                think(&spec, &moves),
                &clock,
                Some(0.3),
                &mut beside,
            ) {
                Search::Done(answer) => panic!("split near the end: {answer:?}"),
                Search::Waiting(waiting) => {
                    waited += 1;
                    let [part] = &beside.sent[..] else {
                        panic!("one part sent: {:?}", beside.sent)
                    };
                    let theirs = prove(&mut beside.engine, part.clone(), &clock);
                    assert!(
                        matches!(theirs, FromWorker::Thought { id, nodes, .. } if id == waiting.id() && nodes > 0),
                        "{theirs:?}"
                    );
                    complete(waiting, &mut engine, &clock, Some(theirs), first)
                }
            };
            assert_eq!(
                result_of(&answer),
                Some(expected),
                "{spec:?} {moves:?}: {answer:?}"
            );
            let FromWorker::Thought { best, .. } = &answer else {
                unreachable!()
            };
            let mv: cheversi::Move = best.parse().unwrap();
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let me = pos.to_move().unwrap();
            assert_eq!(
                minimax(&child, &PlainScore, me, 3, 1).signum(),
                expected,
                "{spec:?} {moves:?}: {best} changes the result"
            );
            seen[(expected + 1) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 0), "every result met: {seen:?}");
        assert!(waited > 0, "every think split");
    }

    /// Without the other part (overdue, a stale answer, a move not in the
    /// part) the result is not proven, unless this worker's part wins;
    /// with no worker beside free, the think proves alone.
    #[test]
    fn a_missing_or_wrong_part_leaves_the_result_unproven() {
        let clock = clock();
        let mut checked = 0;
        // Positions this worker's part cannot win (no move wins), so the
        // think waits for the other part.
        let unwon = late_games(3, 16)
            .into_iter()
            .filter(|g| brute_force(&g.2) < 1);
        for (spec, moves, pos) in unwon.take(5) {
            let mut beside = Beside {
                engine: Engine::new(2),
                free: true,
                sent: Vec::new(),
            };
            let waiting = |beside: &mut Beside| match search(
                &mut Engine::new(1),
                think(&spec, &moves),
                &clock,
                Some(0.1),
                beside,
            ) {
                Search::Waiting(waiting) => Some(waiting),
                Search::Done(_) => None,
            };
            let id = waiting(&mut beside).expect("no part wins").id();
            // The right answer proves it: what follows fails for the
            // reason named, not for want of time.
            let right = prove(&mut beside.engine, beside.sent[0].clone(), &clock);
            let answer = complete(
                waiting(&mut beside).expect("waits"),
                &mut Engine::new(1),
                &clock,
                Some(right),
                false,
            );
            assert_eq!(result_of(&answer), Some(brute_force(&pos)), "{answer:?}");
            let stale = part_thought(id + 1, Judgement::Loses(None), "", true);
            // A move of this worker's own part, not of the one beside.
            let mine = deal(proof_order(&pos, distinct_moves(&pos)), 2)[0][0];
            let foreign = part_thought(id, Judgement::Wins(None), &mine.to_string(), true);
            let unproven = part_thought(id, Judgement::Loses(None), "", false);
            let failed = FromWorker::Failed {
                id,
                failure: Failure::GameOver,
            };
            for theirs in [
                None,
                Some(stale),
                Some(foreign),
                Some(unproven),
                Some(failed),
            ] {
                let waiting = waiting(&mut beside).expect("the same search waits again");
                let what = format!("{spec:?} {moves:?} with {theirs:?}");
                let answer = complete(waiting, &mut Engine::new(1), &clock, theirs, false);
                assert!(
                    matches!(answer, FromWorker::Thought { exact: false, .. }),
                    "{what}: {answer:?}"
                );
            }
            checked += 1;
        }
        assert_eq!(checked, 5, "positions where no move wins");
        // No worker beside free: the think proves alone, sending nothing.
        let (spec, moves, pos) = late_games(3, 1).remove(0);
        let mut busy = Beside {
            engine: Engine::new(2),
            free: false,
            sent: Vec::new(),
        };
        let Search::Done(answer) = search(
            &mut Engine::new(1),
            think(&spec, &moves),
            &clock,
            Some(0.3),
            &mut busy,
        ) else {
            panic!("a think alone does not wait")
        };
        assert!(busy.sent.is_empty());
        assert_eq!(result_of(&answer), Some(brute_force(&pos)));
    }

    /// A part the worker beside cannot prove is answered as unproven, or
    /// as a failure naming the move, never with a panic.
    #[test]
    fn a_bad_part_is_answered_without_a_proof() {
        let clock = clock();
        let (spec, moves, _) = late_games(3, 1).remove(0);
        let asked = |part, parts, moves: &[String]| ToWorker::Think {
            id: 8,
            spec: spec.clone(),
            moves: moves.to_vec(),
            level: String::new(),
            purpose: Purpose::Play,
            nodes: None,
            part: Some(part),
            parts: Some(parts),
            seconds: Some(f64::NAN),
        };
        let mut engine = Engine::new(1);
        for (part, parts) in [(2, 2), (0, u32::MAX), (0, 1025), (5, 0)] {
            assert_eq!(
                prove(&mut engine, asked(part, parts, &moves), &clock),
                part_thought(8, Judgement::Loses(None), "", false),
                "part {part} of {parts}"
            );
        }
        let mut bad = moves.clone();
        bad[1] = "Qz9".into();
        assert!(matches!(
            prove(&mut engine, asked(0, 2, &bad), &clock),
            FromWorker::Failed {
                id: 8,
                failure: Failure::Move { number: 2, .. }
            }
        ));
        // A NaN time limit is none at all.
        assert!(matches!(
            prove(&mut engine, asked(0, 2, &moves), &clock),
            FromWorker::Thought { id: 8, .. }
        ));
    }
}
