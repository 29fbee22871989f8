//! The worker beside's part, told what is no longer wanted of it, against
//! brute force; parts it cannot prove.

use super::*;
use crate::parts::tests::{clock, late_games, part_thought, proved};
use cheversi_engine::ai::cheversi::PlainScore;
use cheversi_engine::ai::search::minimax::minimax;
use cheversi_engine::{AnyGame, GameState};

/// The part `part` of `parts`, of the position after `moves`, within
/// `seconds`.
fn asked(
    spec: &cheversi_api::spec::GameSpec,
    moves: &[String],
    part: u32,
    parts: u32,
    seconds: f64,
) -> ToWorker {
    ToWorker::Think {
        id: 8,
        spec: spec.clone(),
        moves: moves.to_vec(),
        level: String::new(),
        purpose: Purpose::Play,
        nodes: None,
        part: Some(part),
        parts: Some(parts),
        seconds: Some(seconds),
    }
}

/// The part's two answers, `wanted` told before its first task
/// (`at` 0) or after its `at`-th.
fn limited(engine: &mut Engine, message: ToWorker, wanted: Wanted, at: usize) -> Vec<FromWorker> {
    let clock = clock();
    let mut got = Vec::new();
    let mut post = |m| got.push(m);
    let mut part = Part::begin(engine, &message, &clock, &mut post).expect("a part to prove");
    for task in 0.. {
        if task == at {
            part.limit(wanted);
        }
        if part.step(engine, &clock, &mut post) {
            break;
        }
    }
    got
}

/// Held as brute force finds it: what `first` keeps against `replies`
/// from `pos` (-1, 0 or 1 for the side to move).
fn held_by_minimax(
    pos: &cheversi_engine::cheversi::Position,
    first: Move,
    replies: &[Move],
) -> i32 {
    let me = pos.to_move().unwrap();
    let mut child = pos.clone();
    child.play_unchecked(first);
    replies
        .iter()
        .map(|&reply| {
            let mut below = child.clone();
            below.play_unchecked(reply);
            minimax(&below, &PlainScore, me, 3, 2).signum()
        })
        .fold(1, i32::min)
}

/// An answer without its node count (a limit changes the table).
fn said(answer: &FromWorker) -> FromWorker {
    let mut answer = answer.clone();
    if let FromWorker::Thought { nodes, .. } = &mut answer {
        *nodes = 0;
    }
    answer
}

fn value(answer: &FromWorker) -> Option<i32> {
    match answer {
        FromWorker::Thought {
            exact: true,
            judgement,
            ..
        } => Some(match judgement {
            Judgement::Wins(_) => 1,
            Judgement::Margin(_) => 0,
            _ => -1,
        }),
        _ => None,
    }
}

/// What the thinking worker tells the part beside changes only what it
/// still proves: its share up to a draw keeps at most a draw of what
/// brute force finds, its share not wanted is answered unproven, and
/// nothing more wanted ends it at once; its root moves' answer is
/// otherwise the one it gives untold.
#[test]
fn a_limit_leaves_only_true_answers() {
    let mut checked = 0;
    for (spec, moves, pos) in late_games(3, 3) {
        let game = AnyGame::Cheversi(pos.clone());
        for part in 0..2 {
            let dealt = Engine::new(1).proof_parts(&game, 2).unwrap().remove(part);
            let first = dealt.first.expect("the first move's replies dealt");
            let held = held_by_minimax(&pos, first, &dealt.replies);
            let message = asked(&spec, &moves, part as u32, 2, 30.0);
            let untold = proved(&mut Engine::new(2), message.clone(), &clock());
            assert_eq!(
                value(&untold[0]),
                Some(held),
                "{spec:?} {moves:?}: {untold:?}"
            );
            for at in [0, 1, 2] {
                for wanted in [Wanted::Draw, Wanted::Moves, Wanted::Nothing] {
                    let what = format!("{spec:?} {moves:?} part {part}, {wanted:?} at {at}");
                    let got = limited(&mut Engine::new(2), message.clone(), wanted, at);
                    let [share, last] = &got[..] else {
                        panic!("{what}: two answers: {got:?}")
                    };
                    assert!(
                        matches!(share, FromWorker::Thought { more: true, best, .. } if *best == first.to_string()),
                        "{what}: {share:?}"
                    );
                    assert!(
                        matches!(last, FromWorker::Thought { more: false, .. }),
                        "{what}"
                    );
                    let share = value(share);
                    match (wanted, at) {
                        (Wanted::Draw, 0) => assert_eq!(share, Some(held.min(0)), "{what}"),
                        (_, 0) => assert_eq!(share, None, "{what}"),
                        (Wanted::Draw, _) => assert!(
                            share == Some(held) || share == Some(held.min(0)),
                            "{what}: {share:?}"
                        ),
                        _ => {
                            assert!(share.is_none() || share == Some(held), "{what}: {share:?}")
                        }
                    }
                    if wanted == Wanted::Nothing {
                        assert!(
                            value(last).is_none() || said(last) == said(&untold[1]),
                            "{what}: {last:?}"
                        );
                        if at == 0 {
                            assert_eq!(value(last), None, "{what}");
                        }
                    } else {
                        assert_eq!(said(last), said(&untold[1]), "{what}");
                    }
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 10, "{checked}");
}

/// A part the worker beside cannot prove is answered as unproven, or
/// as a failure naming the move, never with a panic.
#[test]
fn a_bad_part_is_answered_without_a_proof() {
    let clock = clock();
    let (spec, moves, _) = late_games(3, 1).remove(0);
    let asked = |part, parts, moves: &[String]| asked(&spec, moves, part, parts, f64::NAN);
    let mut engine = Engine::new(1);
    for (part, parts) in [(2, 2), (0, u32::MAX), (0, 1025), (5, 0)] {
        assert_eq!(
            proved(&mut engine, asked(part, parts, &moves), &clock),
            [part_thought(8, Judgement::Loses(None), "", false)],
            "part {part} of {parts}"
        );
    }
    let mut bad = moves.clone();
    bad[1] = "Qz9".into();
    assert!(matches!(
        &proved(&mut engine, asked(0, 2, &bad), &clock)[..],
        [FromWorker::Failed {
            id: 8,
            failure: Failure::Move { number: 2, .. }
        }]
    ));
    // A NaN time limit is none at all: both answers still come.
    let none = proved(&mut engine, asked(0, 2, &moves), &clock);
    assert!(
        matches!(
            &none[..],
            [
                FromWorker::Thought {
                    id: 8,
                    more: true,
                    ..
                },
                FromWorker::Thought {
                    id: 8,
                    more: false,
                    ..
                }
            ]
        ),
        "{none:?}"
    );
}
