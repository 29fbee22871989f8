//! What the worker does with a request, as plain Rust (tested natively):
//! read the record, ask the engine, describe the answer.

use crate::asked::{judgement, replay};
use crate::beside::Part;
use crate::parts::{Helper, Search, Waiting};
use crate::protocol::{EndValue, FromWorker, Judgement, Purpose, ToWorker, Wanted};
use cheversi_engine::ai::player::levels::Level;
use cheversi_engine::ai::player::{Engine, Request};
use cheversi_engine::GameState;

/// Starts answering one request, handing each message for the page to
/// `post` (`clock` gives seconds; the page stops a search by ending the
/// worker). A review is answered whole here. A think's first search runs
/// here; what is left of it is returned: the evaluation's longer
/// searches, to be stepped through one at a time ([`Thinking::step`]),
/// or the answer of the worker beside to wait for
/// ([`Thinking::resume`]). A think about a part of a proof, in the worker
/// beside, is returned whole, to be proven a few replies or moves a step
/// ([`crate::beside::Part`]). The worker returns to its event loop between
/// steps: ended during one long task, a worker searched on in Chromium for
/// up to 2 s, taking a core from the next; and between two it reads what
/// the other worker sent.
pub fn begin(
    engine: &mut Engine,
    message: ToWorker,
    clock: &dyn Fn() -> f64,
    helper: &mut impl Helper,
    post: &mut dyn FnMut(FromWorker),
) -> Option<Thinking> {
    match message {
        ToWorker::Review {
            id,
            spec,
            moves,
            seconds,
        } => review(engine, id, &spec, &moves, seconds, clock, post),
        ToWorker::Think { part: Some(_), .. } => {
            let part = Part::begin(engine, &message, clock, post)?;
            let mut thinking = Thinking::new(message);
            thinking.part = Some(Box::new(part));
            return Some(thinking);
        }
        ToWorker::Think { .. } => {
            let mut thinking = Thinking::new(message);
            return (thinking.step(engine, clock, helper, post) != Progress::Over)
                .then_some(thinking);
        }
        // About a part this worker no longer proves (else the worker hands
        // it to the part, [`Thinking::limit`]).
        ToWorker::Limit { .. } => {}
    }
    None
}

/// The searches of an evaluation, in seconds: each answer is sent as soon
/// as it is known, so the page shows a first value at once and a better
/// one as it comes (the table carries over from one search to the next).
pub const EVALUATION_SECONDS: [f64; 3] = [0.1, 0.4, 1.6];

/// What decides how long an evaluation goes on: whether the game has
/// distances to wait for (Attrition: "wins in N"), and whether a longer
/// search may prove the position: Cheversi near the end, and the duel
/// (its proofs take about a second in the early middle game).
#[derive(Clone, Copy)]
struct Evaluated {
    distances: bool,
    provable: bool,
}

/// Cheversi placements from the end within which an unproved value gets
/// the longer search: the exact search's reach with that much time (the
/// Master tries it from 8 to 11 placements before the end, by rule set).
const NEAR_END: usize = 10;

impl Evaluated {
    fn of(message: &ToWorker) -> Evaluated {
        let ToWorker::Think { spec, moves, .. } = message else {
            return Evaluated {
                distances: false,
                provable: false,
            };
        };
        let near_end = spec.game == "cheversi"
            && cheversi_engine::cheversi::PLIES.saturating_sub(moves.len()) <= NEAR_END;
        let duel = spec.game == "attrition" && spec.variant.as_deref() == Some("duel");
        Evaluated {
            distances: spec.game == "attrition",
            provable: near_end || duel,
        }
    }
}

/// Whether an answer ends the evaluation early: a proven value does,
/// except a win without its distance (the duel: a longer search measures
/// it along the proof, and "wins in N" is what a player wants to see; in
/// Cheversi a later search may give the margin), or, in a game with
/// distances (Attrition), a loss without its distance.
fn settles(exact: bool, judgement: &Judgement, kind: Evaluated) -> bool {
    let missing = match judgement {
        Judgement::Wins(None) => true,
        Judgement::Loses(None) => kind.distances,
        _ => false,
    };
    exact && !missing
}

/// One more, longer search after the last of [`EVALUATION_SECONDS`]: for
/// a proven value still without its distance (a duel position whose proof
/// takes about a second; the tables carry the proof and the walk over), or
/// an unproved position a longer search may prove (Cheversi near the end,
/// where the exact search has a share of this time, and the duel): what a
/// slow device would not prove in the shorter searches.
pub const LONGER_SECONDS: f64 = 6.4;

/// Whether another search follows search `step` (0-based) that gave this
/// answer: while unsettled, up to the last of [`EVALUATION_SECONDS`]; the
/// extra [`LONGER_SECONDS`] only for a proven value without distance or an
/// unproved position a longer search may prove.
fn more_after(step: usize, exact: bool, judgement: &Judgement, kind: Evaluated) -> bool {
    let steps = EVALUATION_SECONDS.len();
    let longer = exact || kind.provable;
    !settles(exact, judgement, kind) && (step + 1 < steps || step + 1 == steps && longer)
}

/// What is left of a think after one of its steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// A step follows, in the worker's next task: another search, or the
    /// next move of this worker's part of a split one.
    More,
    /// The search waits for the worker beside's part of its proof.
    Waiting,
    /// The last answer was sent.
    Over,
}

/// A think under way. An evaluation sends one answer per search of
/// [`EVALUATION_SECONDS`] (and [`LONGER_SECONDS`] where [`more_after`]
/// says), all but the last marked `more`; a settled value ends it early.
/// A move to play or a hint is one search at the level's budget. Any
/// search may wait for the worker beside's part of its result proof.
pub struct Thinking {
    message: ToWorker,
    kind: Evaluated,
    /// Searched step by step (else one search at the level's budget).
    evaluate: bool,
    /// The next search, 0-based.
    step: usize,
    /// The last answer was final.
    over: bool,
    /// The search that waits for the worker beside.
    waiting: Option<Box<Waiting>>,
    /// In the worker beside: the part of a result proof it proves.
    part: Option<Box<Part>>,
}

impl Thinking {
    fn new(message: ToWorker) -> Thinking {
        let evaluate = matches!(
            message,
            ToWorker::Think {
                purpose: Purpose::Evaluate,
                ..
            }
        );
        Thinking {
            kind: Evaluated::of(&message),
            evaluate,
            message,
            step: 0,
            over: false,
            waiting: None,
            part: None,
        }
    }

    /// What the thinking worker still wants of part `id`, if this is the
    /// part under way.
    pub fn limit(&mut self, id: u32, wanted: Wanted) {
        if let Some(part) = self.part.as_mut().filter(|p| p.id() == id) {
            part.limit(wanted);
        }
    }

    /// Runs the next search, or the next move of this worker's part of a
    /// split one; posts the search's answer once it is known.
    pub fn step(
        &mut self,
        engine: &mut Engine,
        clock: &dyn Fn() -> f64,
        helper: &mut impl Helper,
        post: &mut dyn FnMut(FromWorker),
    ) -> Progress {
        if self.over {
            return Progress::Over;
        }
        if let Some(part) = &mut self.part {
            self.over = part.step(engine, clock, post);
            return if self.over {
                Progress::Over
            } else {
                Progress::More
            };
        }
        if let Some(waiting) = self.waiting.take() {
            if waiting.idle() {
                self.waiting = Some(waiting);
                return Progress::Waiting;
            }
            return self.went(waiting.step(engine, clock, helper), post);
        }
        let seconds = self.evaluate.then(|| {
            EVALUATION_SECONDS
                .get(self.step)
                .copied()
                .unwrap_or(LONGER_SECONDS)
        });
        match crate::parts::search(engine, self.message.clone(), clock, seconds, helper) {
            Search::Done(reply) => self.answered(reply, post),
            Search::Waiting(waiting) => self.went(waiting.step(engine, clock, helper), post),
        }
    }

    /// Nothing to do but wait for the worker beside.
    pub fn idle(&self) -> bool {
        self.waiting.as_ref().is_some_and(|w| w.idle())
    }

    /// The id of the part the search waits for, if it waits.
    pub fn waits_for(&self) -> Option<u32> {
        self.waiting.as_ref().map(|w| w.id())
    }

    /// When to go on without the part it waits for, by the think's clock.
    pub fn overdue_at(&self) -> Option<f64> {
        self.waiting.as_ref().map(|w| w.overdue_at())
    }

    /// The worker beside answered part `id` (`None`: it is overdue). A
    /// search that waited for it goes on; an answer nothing waits for (a
    /// part no longer needed) changes nothing (`None`).
    pub fn resume(
        &mut self,
        engine: &mut Engine,
        clock: &dyn Fn() -> f64,
        id: u32,
        theirs: Option<FromWorker>,
        helper: &mut impl Helper,
        post: &mut dyn FnMut(FromWorker),
    ) -> Option<Progress> {
        let waiting = self.waiting.take_if(|w| w.id() == id)?;
        Some(self.went(waiting.heard(engine, clock, theirs, helper), post))
    }

    /// Where a split search went: answered, or on.
    fn went(&mut self, next: Search, post: &mut dyn FnMut(FromWorker)) -> Progress {
        match next {
            Search::Done(reply) => self.answered(reply, post),
            Search::Waiting(waiting) => {
                let idle = waiting.idle();
                self.waiting = Some(waiting);
                if idle {
                    Progress::Waiting
                } else {
                    Progress::More
                }
            }
        }
    }

    fn answered(&mut self, mut reply: FromWorker, post: &mut dyn FnMut(FromWorker)) -> Progress {
        let more = match &mut reply {
            FromWorker::Thought {
                exact,
                more,
                judgement,
                ..
            } if self.evaluate => {
                *more = more_after(self.step, *exact, judgement, self.kind);
                *more
            }
            _ => false,
        };
        post(reply);
        self.step += 1;
        self.over = !more;
        if more {
            Progress::More
        } else {
            Progress::Over
        }
    }
}

/// Reviews a game, one message per move as soon as it is known.
fn review(
    engine: &mut Engine,
    id: u32,
    spec: &cheversi_api::spec::GameSpec,
    moves: &[String],
    seconds: f64,
    clock: &dyn Fn() -> f64,
    post: &mut dyn FnMut(FromWorker),
) {
    let session = match replay(spec, moves) {
        Ok(session) => session,
        Err(failure) => return post(FromWorker::Failed { id, failure }),
    };
    let seconds = if seconds.is_finite() && seconds > 0.0 {
        seconds.min(10.0)
    } else {
        0.4
    };
    cheversi_engine::ai::player::review::review_each(
        &session.record(),
        Some(seconds),
        None,
        clock,
        &mut |row| {
            post(FromWorker::Reviewed {
                id,
                ply: row.ply,
                best: row.best,
                lost_tenths: (row.lost.max(0.0) * 10.0).round() as u32,
                exact: row.exact,
                value: judgement(row.value),
            })
        },
    );
    // The position after the last move, when the game goes on: its value
    // is the graph's last point.
    let last = session.latest();
    let end = if last.is_over() {
        None
    } else {
        let request = Request {
            seconds: Some(seconds),
            ..Request::level(Level::Master)
        };
        engine.think(last, &request, clock, None).map(|t| EndValue {
            value: judgement(t.eval),
            exact: t.exact,
        })
    };
    post(FromWorker::ReviewDone { id, end });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parts::tests::{self as parts, brute_force, late_games, result_of, Beside};
    use crate::parts::Alone;
    use crate::protocol::Failure;
    use cheversi_engine::ai::player::Eval;
    use cheversi_engine::Session;

    fn think(spec: &str, moves: &[&str], level: &str) -> FromWorker {
        let start = std::time::Instant::now();
        let clock = move || start.elapsed().as_secs_f64();
        let moves = moves.iter().map(|m| m.to_string()).collect();
        let spec = serde_json::from_str(spec).unwrap();
        let message = ToWorker::think(7, spec, moves, level, Purpose::Play, None);
        let mut got = Vec::new();
        handle(&mut Engine::new(1), message, &clock, &mut |m| got.push(m));
        assert_eq!(got.len(), 1, "one answer to play: {got:?}");
        got.remove(0)
    }

    #[test]
    fn answers_with_a_legal_move_or_says_why_not() {
        let spec = r#"{"game":"cheversi","rules":"brainking"}"#;
        let FromWorker::Thought { id, best, pv, .. } = think(spec, &["Kd4"], "beginner") else {
            panic!("no thought")
        };
        assert_eq!(id, 7);
        let record = "[Game \"Cheversi\"]\n[Rules \"brainking\"]\n\n1. Kd4 *\n";
        let mut session = Session::parse_record(record).unwrap();
        session.play_text(&best).unwrap();
        assert_eq!(pv.first(), Some(&best));
        let failure = |answer| match answer {
            FromWorker::Failed { failure, .. } => Some(failure),
            _ => None,
        };
        assert_eq!(
            failure(think(spec, &["Kd4"], "grandmaster")),
            Some(Failure::Level("grandmaster".into()))
        );
        assert_eq!(
            failure(think(spec, &["Kd4", "Qa8"], "master")),
            Some(Failure::Move {
                number: 2,
                text: "Qa8".into()
            })
        );
        assert_eq!(
            failure(think(r#"{"game":"go"}"#, &[], "master")),
            Some(Failure::Options("game".into()))
        );
    }

    #[test]
    fn a_win_without_its_distance_does_not_end_the_evaluation() {
        let kind = |distances| Evaluated {
            distances,
            provable: false,
        };
        for distances in [false, true] {
            let kind = kind(distances);
            assert!(settles(true, &Judgement::Wins(Some(7)), kind));
            assert!(settles(true, &Judgement::Loses(Some(8)), kind));
            assert!(settles(true, &Judgement::Margin(20), kind));
            assert!(!settles(true, &Judgement::Wins(None), kind));
            assert!(!settles(false, &Judgement::Margin(20), kind));
        }
        // A Cheversi loss has no distance to wait for; a duel loss has.
        assert!(settles(true, &Judgement::Loses(None), kind(false)));
        assert!(!settles(true, &Judgement::Loses(None), kind(true)));
    }

    #[test]
    fn a_value_still_without_its_distance_gets_one_longer_search() {
        let (cheversi, duel) = (
            Evaluated {
                distances: false,
                provable: false,
            },
            Evaluated {
                distances: true,
                provable: false,
            },
        );
        let win = Judgement::Wins(None);
        assert!(more_after(0, false, &Judgement::Margin(5), cheversi));
        assert!(
            !more_after(2, false, &Judgement::Margin(5), cheversi),
            "three searches"
        );
        assert!(more_after(2, true, &win, cheversi), "the longer search");
        assert!(!more_after(3, true, &win, cheversi), "and no more");
        assert!(!more_after(1, true, &Judgement::Wins(Some(9)), duel));
        let loss = Judgement::Loses(None);
        assert!(more_after(2, true, &loss, duel), "a duel loss's distance");
        assert!(
            !more_after(2, true, &loss, cheversi),
            "a Cheversi loss has none"
        );
    }

    #[test]
    fn an_unproved_position_a_longer_search_may_prove_gets_one() {
        let think = |spec: &str, plies: usize| {
            let spec = serde_json::from_str(spec).unwrap();
            let moves = vec!["Kd4".into(); plies];
            ToWorker::think(1, spec, moves, "master", Purpose::Evaluate, None)
        };
        let margin = Judgement::Margin(5);
        let near = Evaluated::of(&think(r#"{"game":"cheversi"}"#, 6));
        assert!(near.provable && !near.distances);
        assert!(more_after(2, false, &margin, near), "ten placements left");
        assert!(!more_after(3, false, &margin, near), "and no more");
        let far = Evaluated::of(&think(r#"{"game":"cheversi"}"#, 5));
        assert!(
            !more_after(2, false, &margin, far),
            "eleven placements left"
        );
        let attrition = |variant: &str| {
            think(
                &format!(r#"{{"game":"attrition","variant":"{variant}"}}"#),
                6,
            )
        };
        let duel = Evaluated::of(&attrition("duel"));
        assert!(duel.distances && duel.provable);
        assert!(more_after(2, false, &Judgement::Score(3), duel));
        let melee = Evaluated::of(&attrition("melee"));
        assert!(!more_after(2, false, &Judgement::Score(3), melee));
    }

    #[test]
    fn an_evaluation_answers_at_once_then_deeper() {
        let start = std::time::Instant::now();
        let clock = move || start.elapsed().as_secs_f64();
        let message = |moves: &[&str]| {
            let spec = serde_json::from_str(r#"{"game":"cheversi","rules":"brainking"}"#).unwrap();
            let moves = moves.iter().map(|m| m.to_string()).collect();
            ToWorker::think(5, spec, moves, "master", Purpose::Evaluate, None)
        };
        let mut got = Vec::new();
        handle(&mut Engine::new(1), message(&["Kd4"]), &clock, &mut |m| {
            got.push((m, start.elapsed().as_secs_f64()))
        });
        let answers: Vec<(bool, u32, f64)> = got
            .iter()
            .map(|(m, at)| match m {
                FromWorker::Thought {
                    id: 5, more, depth, ..
                } => (*more, *depth, *at),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(answers.len(), EVALUATION_SECONDS.len(), "{answers:?}");
        assert_eq!(
            answers.iter().map(|a| a.0).collect::<Vec<_>>(),
            [true, true, false]
        );
        // The first answer comes after the first, short search.
        assert!(answers[0].2 < EVALUATION_SECONDS[1], "{answers:?}");
        // Each answer is a longer search. The Master's Cheversi is a tree
        // search whose reported depth (its best line's length) may dip
        // between two longer searches, so only the ends are compared
        // (it did: depths 4, 7, 6 on a loaded machine).
        assert!(answers.windows(2).all(|w| w[0].2 < w[1].2), "{answers:?}");
        assert!(answers[0].1 <= answers[answers.len() - 1].1, "{answers:?}");
        // A proven value ends the evaluation: one answer, final.
        let late = [
            "Kd4", "Qe5", "Qf6", "Rg7", "Rh8", "Rh6", "Bd5", "Nf8", "Ng6", "Be6", "Nd6", "Nc4",
            "Be3",
        ];
        let mut got = Vec::new();
        handle(&mut Engine::new(1), message(&late), &clock, &mut |m| {
            got.push(m)
        });
        assert!(
            matches!(
                got.as_slice(),
                [FromWorker::Thought {
                    exact: true,
                    more: false,
                    ..
                }]
            ),
            "{got:?}"
        );
    }

    /// The whole answer to one request, as the worker gives it.
    fn handle(
        engine: &mut Engine,
        message: ToWorker,
        clock: &dyn Fn() -> f64,
        post: &mut dyn FnMut(FromWorker),
    ) {
        if let Some(mut thinking) = begin(engine, message, clock, &mut Alone, post) {
            while thinking.step(engine, clock, &mut Alone, post) == Progress::More {}
        }
    }

    #[test]
    fn begin_answers_an_evaluations_first_search_and_each_step_one_more() {
        let clock = || 0.0; // no search ends by time: nodes bound them
        let think = |purpose| {
            let spec = serde_json::from_str(r#"{"game":"cheversi","rules":"brainking"}"#).unwrap();
            ToWorker::think(9, spec, vec!["Kd4".into()], "master", purpose, Some(20_000))
        };
        let mut engine = Engine::new(1);
        let mut got = Vec::new();
        let mut rest = begin(
            &mut engine,
            think(Purpose::Evaluate),
            &clock,
            &mut Alone,
            &mut |m| got.push(m),
        );
        let more = |m: &FromWorker| match m {
            FromWorker::Thought { id: 9, more, .. } => *more,
            other => panic!("{other:?}"),
        };
        assert_eq!(got.len(), 1, "one search before the worker's next task");
        assert!(more(&got[0]) && rest.is_some(), "{got:?}");
        let evaluation = rest.as_mut().unwrap();
        let mut steps = 0;
        while evaluation.step(&mut engine, &clock, &mut Alone, &mut |m| got.push(m))
            == Progress::More
        {
            steps += 1;
            assert_eq!(got.len(), steps + 1, "one answer a step");
        }
        // Far from the end, no longer search: one answer per search of
        // EVALUATION_SECONDS, the last without `more`, then nothing.
        assert_eq!(got.len(), EVALUATION_SECONDS.len(), "{got:?}");
        assert_eq!(
            got.iter().map(more).collect::<Vec<_>>(),
            [true, true, false]
        );
        assert_eq!(
            evaluation.step(&mut engine, &clock, &mut Alone, &mut |m| got.push(m)),
            Progress::Over
        );
        assert_eq!(
            got.len(),
            EVALUATION_SECONDS.len(),
            "no answer after the last"
        );
        // Any other request is answered whole by `begin`.
        got.clear();
        let rest = begin(
            &mut engine,
            think(Purpose::Play),
            &clock,
            &mut Alone,
            &mut |m| got.push(m),
        );
        assert!(rest.is_none());
        assert!(
            matches!(
                got.as_slice(),
                [FromWorker::Thought {
                    id: 9,
                    more: false,
                    ..
                }]
            ),
            "{got:?}"
        );
    }

    #[test]
    fn a_review_reports_every_move_then_done() {
        let start = std::time::Instant::now();
        let clock = move || start.elapsed().as_secs_f64();
        let mut got = Vec::new();
        let message = ToWorker::Review {
            id: 3,
            spec: serde_json::from_str(r#"{"game":"cheversi","rules":"brainking"}"#).unwrap(),
            moves: ["Kd4", "Qe5", "Qc3"].map(String::from).to_vec(),
            seconds: 0.05,
        };
        handle(&mut Engine::new(1), message, &clock, &mut |m| got.push(m));
        let plies: Vec<usize> = got
            .iter()
            .filter_map(|m| match m {
                FromWorker::Reviewed { id: 3, ply, .. } => Some(*ply),
                _ => None,
            })
            .collect();
        // Last move first: the end is where values are proven.
        assert_eq!(plies, [2, 1, 0]);
        // Three placements in, the game goes on: the review ends with the
        // value of the position after the last move.
        assert!(
            matches!(
                got.last(),
                Some(FromWorker::ReviewDone {
                    id: 3,
                    end: Some(EndValue { .. })
                })
            ),
            "{:?}",
            got.last()
        );
        let mut got = Vec::new();
        let bad = ToWorker::Review {
            id: 4,
            spec: serde_json::from_str(r#"{"game":"cheversi"}"#).unwrap(),
            moves: vec!["Qa9".into()],
            seconds: 0.05,
        };
        handle(&mut Engine::new(1), bad, &clock, &mut |m| got.push(m));
        assert!(matches!(got[..], [FromWorker::Failed { id: 4, .. }]));
    }

    #[test]
    fn margins_travel_as_tenths() {
        assert_eq!(judgement(Eval::Margin(3.26)), Judgement::Margin(33));
        assert_eq!(judgement(Eval::Margin(-2.5)), Judgement::Margin(-25));
        assert_eq!(judgement(Eval::Wins(Some(7))), Judgement::Wins(Some(7)));
    }

    /// A think that waits for the part beside posts nothing while it
    /// waits, whatever steps it or answers another part; the part's
    /// answer ends its search with the result brute force gives. An
    /// evaluation goes on after a win without its margin, and ends on any
    /// other proven value.
    #[test]
    fn a_think_waits_for_the_part_beside_then_goes_on() {
        let clock = parts::clock();
        let mut seen = [0; 3];
        for (spec, moves, pos) in late_games(3, 10) {
            let mut engine = Engine::new(1);
            let mut beside = Beside {
                engine: Engine::new(2),
                free: true,
                sent: Vec::new(),
            };
            let mut evaluate = parts::think(&spec, &moves);
            if let ToWorker::Think { purpose, .. } = &mut evaluate {
                *purpose = Purpose::Evaluate;
            }
            let got = std::cell::RefCell::new(Vec::new());
            let mut post = |m| got.borrow_mut().push(m);
            let thinking = begin(&mut engine, evaluate, &clock, &mut beside, &mut post);
            // Where this worker's first move wins, answered at once.
            let Some((mut thinking, id)) = thinking.and_then(|t| t.waits_for().map(|id| (t, id)))
            else {
                continue;
            };
            // This worker's part, a move a step, unless one wins.
            let mut progress = Progress::More;
            while progress == Progress::More && got.borrow().is_empty() {
                progress = thinking.step(&mut engine, &clock, &mut beside, &mut post);
            }
            if !got.borrow().is_empty() {
                continue; // this worker's part won
            }
            assert_eq!(progress, Progress::Waiting);
            assert!(thinking.idle() && thinking.overdue_at().is_some_and(|at| at > 0.0));
            let step = thinking.step(&mut engine, &clock, &mut beside, &mut post);
            assert_eq!(step, Progress::Waiting, "nothing to do but wait");
            let other = thinking.resume(&mut engine, &clock, id + 1, None, &mut beside, &mut post);
            assert_eq!(other, None, "another part's answer changes nothing");
            assert_eq!(thinking.waits_for(), Some(id));
            assert!(got.borrow().is_empty(), "nothing posted while it waits");
            // Its share of the first move's replies, then its moves: the
            // last that the search read says where the think went.
            let mut progress = None;
            for theirs in parts::proved(&mut beside.engine, beside.sent[0].clone(), &clock) {
                let read = thinking.resume(
                    &mut engine,
                    &clock,
                    id,
                    Some(theirs),
                    &mut beside,
                    &mut post,
                );
                progress = read.or(progress);
            }
            let expected = brute_force(&pos);
            let got = got.borrow();
            let [answer] = &got[..] else {
                panic!("one answer: {got:?}")
            };
            assert_eq!(result_of(answer), Some(expected), "{answer:?}");
            // A win proven with its margin is settled; without it, not.
            let FromWorker::Thought {
                more, judgement, ..
            } = answer
            else {
                unreachable!()
            };
            assert_eq!(*more, *judgement == Judgement::Wins(None), "{answer:?}");
            let go_on = if *more {
                Progress::More
            } else {
                Progress::Over
            };
            assert_eq!(progress, Some(go_on));
            seen[(expected + 1) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 0), "every result met: {seen:?}");
    }
}
