//! The result proof on two workers. Near the end of a Cheversi game the
//! Master's think starts by proving the result (win, draw or loss). The
//! thinking worker deals the root moves into two parts, sends one to the
//! worker it started beside it, proves the other itself, and hands the
//! two results to the engine ([`Engine::think_proven`]). Two workers
//! share no memory on a static host (that needs cross-origin isolation),
//! so the parts are fixed in advance and each worker has its own table.

use crate::asked::{ask, replay, Asked};
use crate::protocol::{Failure, FromWorker, Judgement, Purpose, ToWorker};
use cheversi_engine::ai::player::{Engine, PartProof};
use cheversi_engine::ai::search::{deal, Proven};
use cheversi_engine::cheversi::Move;

/// The parts a result proof is dealt into: this worker's and the one's
/// beside it.
pub const PARTS: u32 = 2;

/// How much later than its own time limit the part of the worker beside
/// may come (its clock starts when the part arrives, and its first part
/// makes its table) before the think goes on without it.
pub const LATE_SECONDS: f64 = 0.5;

/// The worker beside, as the thinking worker sees it.
pub trait Helper {
    /// An id for a part, if the worker beside is ready and free to prove
    /// one (then the part is sent at once); `None` makes the think prove
    /// the whole result alone.
    fn free(&mut self) -> Option<u32>;
    /// Sends the part whose id [`Helper::free`] gave.
    fn send(&mut self, part: &ToWorker);
}

/// No worker beside: the worker beside itself, a single core, tests.
pub struct Alone;

impl Helper for Alone {
    fn free(&mut self) -> Option<u32> {
        None
    }

    fn send(&mut self, _: &ToWorker) {}
}

/// One search: answered, or waiting for the worker beside.
pub enum Search {
    Done(FromWorker),
    Waiting(Box<Waiting>),
}

/// A search whose own part of the result proof is done, waiting for the
/// part of the worker beside.
pub struct Waiting {
    id: u32,
    asked: Asked,
    mine: PartProof,
    /// The moves of the part beside, to read its answer against.
    theirs: Vec<Move>,
    /// When the proof started, by the think's clock.
    started: f64,
    /// The part's own time limit.
    seconds: f64,
}

/// Searches one thinking request (`seconds`: as in [`ask`]). Where the
/// Master's think starts with a result proof and the worker beside is
/// free, proves this worker's part of it and returns the search waiting
/// for the other part; otherwise searches alone.
pub fn search(
    engine: &mut Engine,
    message: ToWorker,
    clock: &dyn Fn() -> f64,
    seconds: Option<f64>,
    helper: &mut dyn Helper,
) -> Search {
    let asked = match ask(message, seconds) {
        Ok(asked) => asked,
        Err(failed) => return Search::Done(failed),
    };
    let game = asked.session.latest();
    let plan = engine.result_proof(game, &asked.request);
    let id = plan.as_ref().and_then(|_| helper.free());
    let (Some(plan), Some(id)) = (plan, id) else {
        let thought = engine.think(game, &asked.request, clock, None);
        return Search::Done(asked.answer(thought));
    };
    let started = clock();
    helper.send(&ToWorker::Prove {
        id,
        spec: asked.spec.clone(),
        moves: asked.moves.clone(),
        part: 1,
        parts: PARTS,
        seconds: plan.seconds,
    });
    let theirs = deal(plan.moves, PARTS as usize).swap_remove(1);
    let mine = engine
        .prove_part(game, 0, PARTS as usize, Some(plan.seconds), clock)
        .unwrap_or(PartProof {
            proven: None,
            nodes: 0,
        });
    let won = matches!(mine.proven, Some(Proven::Win(_)));
    let waiting = Waiting {
        id,
        asked,
        mine,
        theirs,
        started,
        seconds: plan.seconds,
    };
    if won {
        // A win needs no other part: the part beside is dropped.
        return Search::Done(waiting.finish(engine, clock, None));
    }
    Search::Waiting(Box::new(waiting))
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

    /// The think, with both parts' result combined: `theirs` is the
    /// answer of the worker beside, `None` if it did not come in time
    /// (then the result is unproven unless this worker's part wins).
    pub fn finish(
        self,
        engine: &mut Engine,
        clock: &dyn Fn() -> f64,
        theirs: Option<FromWorker>,
    ) -> FromWorker {
        let (their_result, their_nodes) = match theirs {
            Some(FromWorker::Thought {
                id,
                exact: true,
                judgement,
                best,
                pv,
                nodes,
                ..
            }) if id == self.id => (read(judgement, &best, &pv, &self.theirs), nodes),
            _ => (None, 0),
        };
        let proven = Proven::combine([self.mine.proven, their_result]);
        let spent = clock() - self.started;
        let game = self.asked.session.latest();
        let thought = engine
            .think_proven(game, &self.asked.request, clock, proven, spent)
            .map(|mut t| {
                t.nodes += self.mine.nodes + their_nodes;
                t.seconds += spent;
                t
            });
        self.asked.answer(thought)
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

/// The most parts a part may be asked of (a part of many would be
/// mostly empty).
const MOST_PARTS: u32 = 8;

/// The worker beside's answer to a [`ToWorker::Prove`]: its part proven
/// with its own table, as a thought about the part. Proven (`exact`), it
/// wins with `best`, draws with the moves of `pv`, or loses; not proven
/// in time, it is not `exact`. (A message of its own would add its
/// reading to the page's module.)
pub fn prove(engine: &mut Engine, message: ToWorker, clock: &dyn Fn() -> f64) -> FromWorker {
    let ToWorker::Prove {
        id,
        spec,
        moves,
        part,
        parts,
        seconds,
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
    let seconds = if seconds.is_finite() {
        seconds.clamp(0.0, 60.0)
    } else {
        0.0
    };
    let proof = (parts <= MOST_PARTS)
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
        purpose: Purpose::Play,
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
mod tests {
    use super::*;
    use cheversi_api::spec::GameSpec;
    use cheversi_engine::ai::cheversi::PlainScore;
    use cheversi_engine::ai::search::minimax::minimax;
    use cheversi_engine::cheversi::{self, RuleSet, PLIES};
    use cheversi_engine::rng::Rng;
    use cheversi_engine::{GameOptions, GameState};

    /// A worker beside in the same thread: each part it is sent is kept,
    /// to be proven by an engine of its own when the test says.
    struct Beside {
        engine: Engine,
        free: bool,
        sent: Vec<ToWorker>,
    }

    impl Helper for Beside {
        fn free(&mut self) -> Option<u32> {
            self.free.then_some(40)
        }

        fn send(&mut self, part: &ToWorker) {
            self.sent.push(part.clone());
        }
    }

    fn clock() -> impl Fn() -> f64 {
        let start = std::time::Instant::now();
        move || start.elapsed().as_secs_f64()
    }

    /// Random games `left` placements from the end, in every rule set:
    /// the request's spec, its moves, and the position.
    fn late_games(left: usize, each: usize) -> Vec<(GameSpec, Vec<String>, cheversi::Position)> {
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
    fn part_thought(id: u32, judgement: Judgement, best: &str, exact: bool) -> FromWorker {
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

    fn think(spec: &GameSpec, moves: &[String]) -> ToWorker {
        ToWorker::Think {
            id: 3,
            spec: spec.clone(),
            moves: moves.to_vec(),
            level: "master".into(),
            purpose: Purpose::Play,
            nodes: None,
        }
    }

    /// The result with best play by plain minimax to the end of the game:
    /// 1, 0 or -1 for the side to move.
    fn brute_force(pos: &cheversi::Position) -> i32 {
        let me = pos.to_move().unwrap();
        minimax(pos, &PlainScore, me, 3, 0).signum()
    }

    fn result_of(answer: &FromWorker) -> Option<i32> {
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
            let answer = match search(
                &mut engine,
                think(&spec, &moves),
                &clock,
                Some(0.3),
                &mut beside,
            ) {
                Search::Done(answer) => answer,
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
                    waiting.finish(&mut engine, &clock, Some(theirs))
                }
            };
            assert_eq!(beside.sent.len(), 1, "{spec:?} {moves:?}: a part sent");
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
        assert!(waited > 0, "some thinks waited for the other part");
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
        for (spec, moves, _) in unwon.take(5) {
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
            let stale = part_thought(id + 1, Judgement::Loses(None), "", true);
            let foreign = part_thought(id, Judgement::Wins(None), "Zz9", true);
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
                let answer = waiting.finish(&mut Engine::new(1), &clock, theirs);
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
        let asked = |part, parts, moves: &[String]| ToWorker::Prove {
            id: 8,
            spec: spec.clone(),
            moves: moves.to_vec(),
            part,
            parts,
            seconds: f64::NAN,
        };
        let mut engine = Engine::new(1);
        for (part, parts) in [(2, 2), (0, u32::MAX), (5, 0)] {
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
