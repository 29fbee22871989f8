//! The result proof on two workers. Near the end of a Cheversi game the
//! Master's think starts by proving the result (win, draw or loss). The
//! thinking worker deals the proof into two parts ([`Engine::proof_parts`]:
//! each its share of the first root move's replies, then its share of the
//! other root moves), sends one to the worker it started beside it,
//! proves the other itself a reply or a move at a time (reading the part
//! beside between two tasks), and hands the result to the engine
//! ([`Engine::think_proven`]). The worker beside ([`crate::beside`])
//! answers twice: what the first move keeps against its replies, as soon
//! as it knows, then its root moves; this worker tells it what it no
//! longer needs of them as soon as it knows ([`ToWorker::Limit`]). Two
//! workers share no memory on a static host (that needs cross-origin
//! isolation), so the parts are fixed in advance, each worker has its own
//! table, and what one learns reaches the other between two tasks.

use crate::asked::{ask, Asked};
use crate::protocol::{FromWorker, Judgement, ToWorker, Wanted};
use crate::proving::{slice_left, Proving, PARTS, SLICE_SECONDS};
use cheversi_engine::ai::player::Engine;
use cheversi_engine::ai::search::{Held, ProofPart, Proven};
use cheversi_engine::cheversi::Move;

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
/// few replies or root moves a task ([`Waiting::step`]), so that what the
/// part beside sends ([`Waiting::heard`]) can end it between two; then,
/// once the result is known (or the part beside is overdue), the think
/// goes on.
pub struct Waiting {
    id: u32,
    asked: Asked,
    /// This worker's part.
    own: Proving,
    /// What the first move keeps against the share beside, once that came
    /// (`None` within: not proven).
    their_held: Option<Option<Held>>,
    /// The root moves of the part beside, to read its answer against.
    their_moves: Vec<Move>,
    /// The part beside's result (`None` within: not proven), once it came.
    theirs: Option<Option<Proven<Move>>>,
    /// When the proof started, by the think's clock.
    started: f64,
    /// The parts' time limit.
    seconds: f64,
    /// What the worker beside was last told is wanted of its part.
    told: Option<Wanted>,
    /// Its last answer came.
    beside_done: bool,
}

/// Searches one thinking request (`seconds`: as in [`ask`]). Where the
/// Master's think starts with a result proof and the worker beside is
/// free, sends it its part and returns the search, to prove this
/// worker's part a reply or a move at a time; otherwise searches alone.
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
    // The proof's share of the think's time, and its parts.
    let plan = engine
        .result_proof(game, &asked.request)
        .and_then(|plan| Some((plan.seconds, engine.proof_parts(game, PARTS as usize)?)));
    let started = clock();
    let sent = plan.as_ref().and_then(|&(proof_seconds, _)| {
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
                seconds: Some(proof_seconds),
            })
            .then_some(id)
    });
    let (Some((proof_seconds, mut parts)), Some(id)) = (plan, sent) else {
        let thought = engine.think(game, &asked.request, clock, None);
        return Search::Done(asked.answer(thought));
    };
    let theirs = parts.pop().map(|p| p.moves).unwrap_or_default();
    let own = Proving::new(parts.pop().unwrap_or(ProofPart {
        first: None,
        replies: Vec::new(),
        moves: Vec::new(),
    }));
    Search::Waiting(Box::new(Waiting {
        id,
        asked,
        own,
        their_held: None,
        their_moves: theirs,
        theirs: None,
        started,
        seconds: proof_seconds,
        told: None,
        beside_done: false,
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

    /// What the first move does as a part of the root moves, once known
    /// (`Some(None)`: not proven); with no first move dealt apart, a loss
    /// over no move.
    fn first_known(&self) -> Option<Option<Proven<Move>>> {
        let Some(mv) = self.own.first else {
            return Some(Some(Proven::Loss));
        };
        let lost = Some(Held::Loss);
        if self.own.held == lost || self.their_held == Some(lost) {
            return Some(Some(Proven::Loss));
        }
        match (self.own.held, self.their_held) {
            (None, _) | (_, Some(None)) => Some(None),
            (Some(mine), Some(Some(theirs))) if !self.own.replies_left() => {
                Some(Some(mine.min(theirs).proven(mv)))
            }
            _ => None,
        }
    }

    /// This worker's part is done: its share of the first move's replies
    /// (or the first move known), and its root moves proven, won, or out
    /// of time.
    fn mine_done(&self) -> bool {
        let share = !self.own.replies_left() || self.first_known().is_some();
        share && !self.own.moves_open()
    }

    /// Nothing to do but wait for the part beside.
    pub fn idle(&self) -> bool {
        self.mine_done() && (self.theirs.is_none() || self.first_known().is_none())
    }

    /// Proves this worker's next replies or moves, for about
    /// [`SLICE_SECONDS`] (each within what is left of the parts' time, a
    /// longer one going on in the next task), and answers once the result
    /// is known.
    pub fn step(
        mut self: Box<Self>,
        engine: &mut Engine,
        clock: &dyn Fn() -> f64,
        helper: &mut impl Helper,
    ) -> Search {
        let start = clock();
        // Moves quickly proven share a task: each task costs a turn of the
        // event loop.
        while !self.mine_done() && clock() - start < SLICE_SECONDS {
            let left = (self.started + self.seconds - clock()).max(0.0);
            let game = self.asked.session.latest();
            if self.first_known().is_none() && self.own.replies_left() {
                // Held to a draw beside: a win here would change nothing.
                let win_wanted = self.their_held != Some(Some(Held::Draw));
                let slice = slice_left(start, clock);
                self.own
                    .prove_reply(engine, game, win_wanted, left, slice, clock);
                self.tell(helper, false);
            } else {
                self.own
                    .prove_move(engine, game, left, slice_left(start, clock), clock);
            }
        }
        self.settle(engine, clock, helper)
    }

    /// Tells the worker beside what is no longer wanted of its part, once
    /// this worker knows it: its share only up to a draw where this one's
    /// holds the first move to a draw, not at all where it holds it lost,
    /// and nothing once the result is known (`known`).
    fn tell(&mut self, helper: &mut impl Helper, known: bool) {
        let wanted = if known {
            Some(Wanted::Nothing).filter(|_| !self.beside_done)
        } else if self.their_held.is_some() {
            None
        } else {
            match self.own.held {
                Some(Held::Loss) => Some(Wanted::Moves),
                Some(Held::Draw) => Some(Wanted::Draw),
                _ => None,
            }
        };
        if let Some(wanted) = wanted.filter(|&w| self.told < Some(w)) {
            self.told = Some(wanted);
            helper.send(&ToWorker::Limit {
                id: self.id,
                wanted,
            });
        }
    }

    /// A message of the worker beside for this search's part (`None`:
    /// overdue): what the first move keeps against its share of the
    /// replies (`more`), or its root moves' result; then as
    /// [`Waiting::step`]: a win ends the search at once.
    pub fn heard(
        mut self: Box<Self>,
        engine: &mut Engine,
        clock: &dyn Fn() -> f64,
        theirs: Option<FromWorker>,
        helper: &mut impl Helper,
    ) -> Search {
        match theirs {
            Some(FromWorker::Thought {
                id,
                exact,
                judgement,
                best,
                pv,
                nodes,
                more,
                ..
            }) if id == self.id => {
                self.own.nodes += nodes;
                if more {
                    // About this search's first move, or not read.
                    let about = self.own.first.is_some_and(|mv| mv.to_string() == best);
                    let held = match judgement {
                        Judgement::Wins(_) => Some(Held::Win),
                        Judgement::Margin(0) => Some(Held::Draw),
                        Judgement::Loses(_) => Some(Held::Loss),
                        _ => None,
                    };
                    self.their_held = Some(held.filter(|_| exact && about));
                } else {
                    let proven = exact.then(|| read(judgement, &best, &pv, &self.their_moves));
                    self.theirs = Some(proven.flatten());
                    self.beside_done = true;
                }
            }
            other => {
                self.theirs = Some(None);
                // Overdue, it may still be proving.
                self.beside_done = other.is_some();
            }
        }
        // Its last word: a share it did not send is not proven.
        if self.theirs.is_some() {
            self.their_held.get_or_insert(None);
        }
        self.settle(engine, clock, helper)
    }

    /// The think once the result is known: a win anywhere, or every part
    /// in.
    fn settle(
        mut self: Box<Self>,
        engine: &mut Engine,
        clock: &dyn Fn() -> f64,
        helper: &mut impl Helper,
    ) -> Search {
        let won = |p: &Option<Proven<Move>>| matches!(p, Some(Proven::Win(_)));
        let first = self.first_known();
        let known = won(&self.own.mine)
            || self.theirs.as_ref().is_some_and(won)
            || first.as_ref().is_some_and(won);
        if !known && (!self.mine_done() || self.theirs.is_none() || first.is_none()) {
            return Search::Waiting(self);
        }
        self.tell(helper, true);
        let Waiting {
            asked,
            own,
            theirs,
            started,
            ..
        } = *self;
        let (mine, nodes) = (own.mine, own.nodes);
        let proven = Proven::combine([mine, theirs.flatten(), first.flatten()]);
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

/// The result the worker beside sent ([`crate::beside`]), its moves read
/// among its part's (`None`, unproven, if one is not there).
fn read(judgement: Judgement, best: &str, draws: &[String], part: &[Move]) -> Option<Proven<Move>> {
    let find = |text: &str| part.iter().copied().find(|m| m.to_string() == text);
    Some(match judgement {
        Judgement::Wins(_) => Proven::Win(find(best)?),
        Judgement::Margin(0) => Proven::Draw(draws.iter().map(|m| find(m)).collect::<Option<_>>()?),
        Judgement::Loses(_) => Proven::Loss,
        _ => return None,
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::protocol::{Failure, Purpose};
    use cheversi_api::spec::GameSpec;
    use cheversi_engine::ai::cheversi::PlainScore;
    use cheversi_engine::ai::search::minimax::minimax;
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

    /// The messages of the worker beside proving `part` to its end.
    pub(crate) fn proved(
        engine: &mut Engine,
        part: ToWorker,
        clock: &dyn Fn() -> f64,
    ) -> Vec<FromWorker> {
        let mut got = Vec::new();
        let mut post = |m| got.push(m);
        if let Some(mut part) = crate::beside::Part::begin(engine, &part, clock, &mut post) {
            while !part.step(engine, clock, &mut post) {}
        }
        got
    }

    /// What a think tells the worker beside, kept.
    #[derive(Default)]
    pub(crate) struct Told(pub(crate) Vec<ToWorker>);

    impl Helper for Told {
        fn free(&mut self) -> Option<u32> {
            None
        }

        fn send(&mut self, message: &ToWorker) -> bool {
            self.0.push(message.clone());
            true
        }
    }

    /// A split search to its answer: this worker's part a reply or move at
    /// a time, then the messages beside (`None`: overdue); or those first
    /// (`first`), then this worker's part. What it tells the worker beside
    /// goes to `told`. Also whether the answer came with messages beside
    /// left unread.
    pub(crate) fn complete(
        mut waiting: Box<Waiting>,
        engine: &mut Engine,
        clock: &dyn Fn() -> f64,
        theirs: Option<Vec<FromWorker>>,
        first: bool,
        told: &mut Told,
    ) -> (FromWorker, bool) {
        let mut theirs: Vec<Option<FromWorker>> = match theirs {
            Some(messages) => messages.into_iter().rev().map(Some).collect(),
            None => vec![None],
        };
        loop {
            let next = match theirs.pop_if(|_| first || waiting.idle()) {
                Some(message) => {
                    let wins = matches!(
                        message,
                        Some(FromWorker::Thought {
                            exact: true,
                            more: false,
                            judgement: Judgement::Wins(_),
                            ..
                        })
                    );
                    let next = waiting.heard(engine, clock, message, told);
                    let done = matches!(next, Search::Done(_));
                    assert!(done || !wins, "a win beside ends the search at once");
                    next
                }
                None => waiting.step(engine, clock, told),
            };
            match next {
                Search::Done(answer) => return (answer, !theirs.is_empty()),
                Search::Waiting(w) => waiting = w,
            }
            assert!(
                !theirs.is_empty() || !waiting.idle(),
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
            let mut told = Told::default();
            let (answer, left_unread) = match search(
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
                    let theirs = proved(&mut beside.engine, part.clone(), &clock);
                    // Its share of the first move's replies, then its moves.
                    let more: Vec<bool> = theirs
                        .iter()
                        .map(|t| match t {
                            FromWorker::Thought { id, more, .. } if *id == waiting.id() => *more,
                            _ => panic!("{theirs:?}"),
                        })
                        .collect();
                    assert_eq!(more, [true, false], "{theirs:?}");
                    complete(waiting, &mut engine, &clock, Some(theirs), first, &mut told)
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
            // What it told the worker beside: less wanted each time, and
            // only what its own share of the first move's replies shows.
            let game = cheversi_engine::AnyGame::Cheversi(pos.clone());
            let mine = Engine::new(1).proof_parts(&game, 2).unwrap().remove(0);
            let (first_move, me) = (mine.first.unwrap(), pos.to_move().unwrap());
            let held_here = mine
                .replies
                .iter()
                .map(|&reply| {
                    let mut below = pos.clone();
                    below.play_unchecked(first_move);
                    below.play_unchecked(reply);
                    minimax(&below, &PlainScore, me, 3, 2).signum()
                })
                .min()
                .unwrap();
            let wanted: Vec<Wanted> = told
                .0
                .iter()
                .map(|m| match m {
                    ToWorker::Limit { id: 40, wanted } => *wanted,
                    other => panic!("{other:?}"),
                })
                .collect();
            assert!(
                wanted.is_sorted() && !wanted.windows(2).any(|w| w[0] == w[1]),
                "{wanted:?}"
            );
            let draw_told = wanted.contains(&Wanted::Draw);
            let loss_told = wanted.contains(&Wanted::Moves);
            assert!(
                !draw_told || held_here <= 0,
                "{spec:?} {moves:?}: {wanted:?}"
            );
            assert!(
                !loss_told || held_here < 0,
                "{spec:?} {moves:?}: {wanted:?}"
            );
            if !first {
                // Its share proven before anything was heard from beside.
                assert_eq!(
                    draw_told || loss_told,
                    held_here <= 0,
                    "{spec:?} {moves:?}: {wanted:?}"
                );
                assert_eq!(loss_told, held_here < 0, "{spec:?} {moves:?}: {wanted:?}");
            }
            // Nothing more wanted once the result is known without the
            // last answer beside; not once that answer came.
            assert_eq!(
                wanted.contains(&Wanted::Nothing),
                left_unread,
                "{spec:?} {moves:?}: {wanted:?}"
            );
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
            let right = proved(&mut beside.engine, beside.sent[0].clone(), &clock);
            let (answer, _) = complete(
                waiting(&mut beside).expect("waits"),
                &mut Engine::new(1),
                &clock,
                Some(right.clone()),
                false,
                &mut Told::default(),
            );
            assert_eq!(result_of(&answer), Some(brute_force(&pos)), "{answer:?}");
            let [share, last] = &right[..] else {
                panic!("two messages: {right:?}")
            };
            let stale = part_thought(id + 1, Judgement::Loses(None), "", true);
            // The first move, of this worker's own part of the root moves,
            // said to win as the part beside's; another move, said to be
            // what the first one keeps.
            let game = cheversi_engine::AnyGame::Cheversi(pos.clone());
            let dealt = Engine::new(1).proof_parts(&game, 2).unwrap();
            let mine = dealt[0].first.expect("the first move's replies dealt");
            let foreign = part_thought(id, Judgement::Wins(None), &mine.to_string(), true);
            let other = dealt[1].moves[0].to_string();
            let mut foreign_share = part_thought(id, Judgement::Wins(None), &other, true);
            let mut unproven_share = part_thought(id, Judgement::Loses(None), "", false);
            for m in [&mut foreign_share, &mut unproven_share] {
                if let FromWorker::Thought { more, .. } = m {
                    *more = true;
                }
            }
            let unproven = part_thought(id, Judgement::Loses(None), "", false);
            let failed = FromWorker::Failed {
                id,
                failure: Failure::GameOver,
            };
            // Unless this worker's share proves the first move lost, its
            // result depends on the share beside.
            let lost_here = Engine::new(1)
                .prove_hold(&game, mine, &dealt[0].replies, true, None, &clock)
                .unwrap()
                .proven
                == Some(Held::Loss);
            for (theirs, share_wrong) in [
                (None, false),
                (Some(vec![stale]), false),
                (Some(vec![share.clone(), foreign]), false),
                (Some(vec![share.clone(), unproven]), false),
                (Some(vec![failed]), false),
                (Some(vec![foreign_share, last.clone()]), true),
                (Some(vec![unproven_share, last.clone()]), true),
            ] {
                let waiting = waiting(&mut beside).expect("the same search waits again");
                let what = format!("{spec:?} {moves:?} with {theirs:?}");
                let (answer, _) = complete(
                    waiting,
                    &mut Engine::new(1),
                    &clock,
                    theirs,
                    false,
                    &mut Told::default(),
                );
                if share_wrong && lost_here {
                    assert_eq!(result_of(&answer), Some(brute_force(&pos)), "{what}");
                    continue;
                }
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
}
