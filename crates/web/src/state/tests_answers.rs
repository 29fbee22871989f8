//! The worker's answers against what the page shows: a proven value stays
//! proven, and a request taken from another keeps that one's state true.

use super::tests::{game, typed};
use super::*;
use crate::protocol::Judgement;

fn answer(id: u32, purpose: Purpose, judgement: Judgement, exact: bool, more: bool) -> Action {
    answer_with(id, purpose, "Bd5", judgement, exact, more)
}

/// [`answer`] with its best move (the line goes on with Bc5).
fn answer_with(
    id: u32,
    purpose: Purpose,
    best: &str,
    judgement: Judgement,
    exact: bool,
    more: bool,
) -> Action {
    Action::Worker(WorkerEvent::Answer(FromWorker::Thought {
        id,
        purpose,
        best: best.into(),
        judgement,
        exact,
        depth: 8,
        nodes: 9,
        pv: vec![best.into(), "Bc5".into()],
        ms: 1.0,
        more,
    }))
}

/// BrainKing, 10 placements left, White to move. The worker's real
/// answers (`cheversi bestmove`, release build): the evaluation's 0.1 s
/// and 0.4 s searches estimate; its 1.6 s search (>= LONG_THINK_SECONDS,
/// so the exact search is tried one placement further back) proves
/// "loses" (Black wins). A hint is the Master's 1.0 s think, which does
/// not try the exact search here: {"eval":-6.1,"exact":false}. The proof
/// stays shown.
#[test]
fn a_hint_keeps_a_proven_evaluation_shown() {
    let mut s = game(
        r#"{"game":"cheversi","rules":"brainking"}"#,
        vec![Seat::Human, Seat::Human],
    );
    for m in ["Kd4", "Qe5", "Qf6", "Rg7", "Rh8", "Rh6"] {
        typed(&mut s, m);
    }
    let fx = s.apply(Action::SetShowEval(true));
    let id = fx.think.as_ref().unwrap().id();
    s.apply(answer(
        id,
        Purpose::Evaluate,
        Judgement::Margin(-60),
        false,
        true,
    ));
    s.apply(answer(
        id,
        Purpose::Evaluate,
        Judgement::Margin(-61),
        false,
        true,
    ));
    s.apply(answer(
        id,
        Purpose::Evaluate,
        Judgement::Loses(None),
        true,
        false,
    ));
    let e = *s.evaluation().unwrap();
    assert!(e.exact);
    assert_eq!(e.text(), "Black wins");
    // Same position: the person asks for a hint.
    let fx = s.apply(Action::Hint);
    let hint = fx.think.as_ref().unwrap().id();
    s.apply(answer(
        hint,
        Purpose::Hint,
        Judgement::Margin(-61),
        false,
        false,
    ));
    let e = *s.evaluation().unwrap();
    assert!(
        e.exact,
        "a proven value is always shown as proven; now: {} (exact {})",
        e.text(),
        e.exact
    );
}

/// The same position with a proof shown: the hint names the proof's
/// move, not the shorter search's, so the hint and the line shown agree.
#[test]
fn a_hint_names_the_proven_move_where_a_proof_is_shown() {
    let mut s = game(
        r#"{"game":"cheversi","rules":"brainking"}"#,
        vec![Seat::Human, Seat::Human],
    );
    for m in ["Kd4", "Qe5", "Qf6", "Rg7", "Rh8", "Rh6"] {
        typed(&mut s, m);
    }
    let thought = |id, purpose, best: &str, judgement, exact| {
        answer_with(id, purpose, best, judgement, exact, false)
    };
    let id = s.apply(Action::SetShowEval(true)).think.unwrap().id();
    s.apply(thought(
        id,
        Purpose::Evaluate,
        "Re6",
        Judgement::Loses(None),
        true,
    ));
    let hint = s.apply(Action::Hint).think.unwrap().id();
    s.apply(thought(
        hint,
        Purpose::Hint,
        "Bd5",
        Judgement::Margin(-61),
        false,
    ));
    assert_eq!(s.best_line().unwrap().moves[0], "Re6");
    assert_eq!(s.hint(), Some("Re6"), "the hint names the line shown");
    assert_eq!(s.status().text, "Hint: Re6 (Black wins)");
}

/// A hint asked while the review runs takes the review's request away:
/// the review stops (it no longer shows as running, with rows that will
/// never come).
#[test]
fn a_hint_during_a_review_stops_the_review() {
    let mut s = game(
        r#"{"game":"cheversi","rules":"brainking"}"#,
        vec![Seat::Human, Seat::Human],
    );
    for m in ["Kd4", "Qe5", "Qf6"] {
        typed(&mut s, m);
    }
    let review = s.apply(Action::Review).think.unwrap().id();
    let hint = s.apply(Action::Hint).think.unwrap().id();
    s.apply(answer(
        hint,
        Purpose::Hint,
        Judgement::Margin(5),
        false,
        false,
    ));
    // The review's rows and end are no longer taken.
    s.apply(Action::Worker(WorkerEvent::Answer(FromWorker::Reviewed {
        id: review,
        ply: 0,
        best: "Kd4".into(),
        lost_tenths: 0,
        exact: false,
        value: Judgement::Margin(0),
    })));
    s.apply(Action::Worker(WorkerEvent::Answer(
        FromWorker::ReviewDone {
            id: review,
            end: None,
        },
    )));
    s.apply(Action::Worker(WorkerEvent::Silent {
        id: review,
        progress: 0,
    }));
    let r = s.review().unwrap();
    assert!(
        !r.running(),
        "review still 'running' with {} rows of 3 and nothing asked",
        r.progress()
    );
}
