use super::review::MoveClass;
use super::saving::Saved;
use super::*;
use crate::problem::Problem;
use crate::protocol::{Failure, Judgement};
use cheversi_engine::ai::player::levels::Level;
use cheversi_engine::record::RecordProblem;
use proptest::prelude::*;

/// A game at this device, the page in English.
pub(super) fn game(spec: &str, seats: Vec<Seat>) -> State {
    crate::i18n::set("en");
    State::new(crate::play::tests::play(spec, seats))
}

/// A saved game's text read as the page reads it.
pub(super) fn restore(text: &str) -> Result<State, Problem> {
    super::saving::read_text(text).and_then(State::restore)
}

fn hotseat(spec: &str) -> State {
    game(spec, vec![Seat::Human, Seat::Human])
}

fn sq(name: &str) -> u8 {
    name.parse::<Square>().unwrap().index() as u8
}

fn tap(state: &mut State, name: &str) -> Effects {
    state.apply(Action::Click {
        target: Target::Square(sq(name)),
        from_pointer: true,
    })
}

fn choose(state: &mut State, piece: &str) -> Effects {
    state.apply(Action::Click {
        target: Target::Piece(piece.into()),
        from_pointer: true,
    })
}

pub(super) fn typed(state: &mut State, text: &str) -> Effects {
    state.apply(Action::TypeMove(text.into()))
}

pub(super) fn moves(state: &State) -> Vec<String> {
    state.play().session().notations()
}

/// The board's centre of a square, on a 400-pixel board shown White below.
fn point(name: &str) -> (f64, f64) {
    let layout = Layout {
        size: 400.0,
        flipped: false,
    };
    let (x, y) = layout.origin(sq(name));
    (x + 25.0, y + 25.0)
}

/// A drag of `chosen` from a reserve (off the board) to `to`.
fn drag_from_reserve(state: &mut State, chosen: &str, to: &str) -> Vec<Effects> {
    let (x, y) = point(to);
    vec![
        state.apply(Action::PointerDown {
            target: Target::Piece(chosen.into()),
            x: 200.0,
            y: 450.0,
        }),
        state.apply(Action::PointerMove {
            x: 200.0,
            y: 420.0,
            board: 400.0,
            mouse: true,
        }),
        state.apply(Action::PointerMove {
            x,
            y,
            board: 400.0,
            mouse: true,
        }),
        state.apply(Action::PointerUp { x, y, board: 400.0 }),
        // The browser's click for the gesture lands on a common parent.
        state.apply(Action::Click {
            target: Target::Other,
            from_pointer: true,
        }),
    ]
}

fn thought(id: u32, best: &str, judgement: Judgement) -> Action {
    Action::Worker(WorkerEvent::Answer(FromWorker::Thought {
        id,
        purpose: Purpose::Play,
        best: best.into(),
        judgement,
        exact: false,
        depth: 1,
        nodes: 1,
        pv: vec![best.into()],
        ms: 1.0,
        more: false,
    }))
}

fn request_id(fx: &Effects) -> u32 {
    fx.think.as_ref().expect("a request").id()
}

/// Cheversi with the computer (Casual) White and a person Black, and the
/// effects of its first frame (the computer asked to move).
fn computer_white() -> (State, Effects) {
    let mut s = game(
        r#"{"game":"cheversi"}"#,
        vec![Seat::Computer(Level::Casual), Seat::Human],
    );
    let fx = s.apply(Action::Resized);
    (s, fx)
}

/// How many times the computer is asked, from `fx` on, when the worker
/// gives every request `answer(id)`; at most 10.
fn times_asked(s: &mut State, mut fx: Effects, answer: impl Fn(u32) -> Action) -> u32 {
    let mut asked = 0;
    while let Some(id) = fx.think.as_ref().map(ToWorker::id) {
        asked += 1;
        assert!(asked <= 10, "asked again and again");
        fx = s.apply(answer(id));
    }
    asked
}

#[test]
fn tap_tap_with_confirmation_and_reasons() {
    let mut s = hotseat(r#"{"game":"cheversi","rules":"lewicki-free"}"#);
    tap(&mut s, "d4");
    assert!(s.status().error, "no piece chosen yet");
    choose(&mut s, "Q");
    assert_eq!(s.targets().len(), 64);
    // BrainKing opens with the King: it is chosen by itself.
    let mut s = hotseat(r#"{"game":"cheversi","rules":"brainking"}"#);
    tap(&mut s, "d4");
    assert_eq!(s.pending(), Some("Kd4"));
    assert!(s.status().text.contains("White +8"), "{}", s.status().text);
    assert!(moves(&s).is_empty());
    let fx = tap(&mut s, "d4");
    assert_eq!(moves(&s), ["Kd4"]);
    assert!(fx.save);
    choose(&mut s, "Q");
    tap(&mut s, "a8");
    assert!(s.status().error);
    assert!(s.status().text.starts_with("Qa8: "), "{}", s.status().text);
    assert_eq!(s.announce(), s.status().text);
    s.apply(Action::SetConfirm(false));
    tap(&mut s, "e5");
    assert_eq!(moves(&s), ["Kd4", "Qe5"]);
    assert!(s.announce().contains("Black played Qe5"));
}

/// What went wrong with something asked away from the board is brought
/// into view (on a phone the status may lie below); a refused move on the
/// board is not (the page would scroll under the finger).
#[test]
fn only_a_failure_away_from_the_board_brings_the_status_into_view() {
    let mut s = hotseat(r#"{"game":"cheversi","rules":"brainking"}"#);
    let not_fetched = |file: &str| Problem::NotFetched {
        file: file.into(),
        status: None,
    };
    let fx = s.apply(Action::LessonsLoaded {
        lessons: Err(not_fetched("lessons.txt")),
        open: None,
    });
    assert!(fx.reveal_status);
    assert!(
        s.status().text.contains("no connection"),
        "{}",
        s.status().text
    );
    let fx = s.apply(Action::PuzzlesLoaded {
        puzzles: Err(not_fetched("puzzles.txt")),
        open: crate::state::PuzzleChoice::Start,
    });
    assert!(fx.reveal_status && s.status().error);
    let told = |error| Action::Tell {
        text: "said".into(),
        error,
    };
    assert!(s.apply(told(true)).reveal_status);
    assert!(!s.apply(told(false)).reveal_status);
    let fx = tap(&mut s, "d4");
    assert!(!fx.reveal_status);
    let fx = tap(&mut s, "d4");
    assert!(fx.save && !fx.reveal_status);
    choose(&mut s, "Q");
    let fx = tap(&mut s, "a8");
    assert!(s.status().error && !fx.reveal_status, "{}", s.status().text);
}

/// A choice dropped (Escape, or the chosen piece pressed again) no longer
/// reads as chosen: the status said "Knight chosen" with no piece chosen.
#[test]
fn a_dropped_choice_is_not_said_to_be_chosen() {
    let mut s = hotseat(r#"{"game":"cheversi","rules":"lewicki-free"}"#);
    s.apply(Action::Letter('n'));
    assert_eq!(s.status().text, "Knight chosen: tap a marked square.");
    // Announced: the status line itself is not a live region (each move
    // was read out twice), so what it says goes to the announcer too.
    assert_eq!(s.announce(), s.status().text);
    s.apply(Action::Escape);
    assert_eq!(s.targets().len(), 0);
    assert_eq!(s.status().text, "No piece chosen.");
    assert_eq!(s.announce(), s.status().text);
    choose(&mut s, "Q");
    choose(&mut s, "Q");
    assert_eq!(s.status().text, "No piece chosen.");
    // A preview ("tap again to place") dropped too.
    choose(&mut s, "Q");
    tap(&mut s, "d4");
    assert_eq!(s.pending(), Some("Qd4"));
    s.apply(Action::Escape);
    assert_eq!(s.pending(), None);
    assert_eq!(s.status().text, "No piece chosen.");
    // Escape with nothing chosen leaves what was said.
    s.apply(Action::Undo);
    let said = s.status().text.clone();
    s.apply(Action::Escape);
    assert_eq!(s.status().text, said);
}

/// Reproduced bug 1: a drag, then "confirm" off, then a tap on a reserve
/// piece and a square: the tap was swallowed by a flag left by the drag.
#[test]
fn a_tap_after_a_drag_is_not_lost() {
    let mut s = hotseat(r#"{"game":"cheversi","rules":"lewicki-free"}"#);
    drag_from_reserve(&mut s, "K", "d4");
    assert_eq!(moves(&s), ["Kd4"], "the drop places without confirmation");
    s.apply(Action::SetConfirm(false));
    s.apply(Action::PointerDown {
        target: Target::Piece("Q".into()),
        x: 200.0,
        y: -30.0,
    });
    s.apply(Action::PointerUp {
        x: 200.0,
        y: -30.0,
        board: 400.0,
    });
    choose(&mut s, "Q");
    assert_eq!(s.selected(), Some("Q"));
    s.apply(Action::PointerDown {
        target: Target::Square(sq("e5")),
        x: 0.0,
        y: 0.0,
    });
    tap(&mut s, "e5");
    assert_eq!(moves(&s), ["Kd4", "Qe5"]);
}

#[test]
fn a_click_that_ends_a_drag_on_a_cell_does_nothing_but_keyboard_clicks_count() {
    let mut s = hotseat(r#"{"game":"attrition"}"#);
    for m in ["Nd4", "Nf6"] {
        typed(&mut s, m);
    }
    let (x0, y0) = point("d4");
    let (x1, y1) = point("f5");
    s.apply(Action::PointerDown {
        target: Target::Square(sq("d4")),
        x: x0,
        y: y0,
    });
    s.apply(Action::PointerMove {
        x: x1,
        y: y1,
        board: 400.0,
        mouse: true,
    });
    assert!(s.drag().is_some());
    s.apply(Action::PointerUp {
        x: x1,
        y: y1,
        board: 400.0,
    });
    assert_eq!(moves(&s), ["Nd4", "Nf6", "d4-f5"]);
    let fx = tap(&mut s, "f5");
    assert!(!fx.render, "the drag's own click");
    assert_eq!(s.selected(), None);
    // A keyboard Enter right after still acts.
    s.apply(Action::Click {
        target: Target::Square(sq("f6")),
        from_pointer: false,
    });
    assert_eq!(s.selected(), Some("f6"));
}

#[test]
fn pointer_moves_during_a_drag_redraw_but_never_save() {
    let mut s = hotseat(r#"{"game":"cheversi","rules":"lewicki-free"}"#);
    let effects = drag_from_reserve(&mut s, "K", "d4");
    let (moving, dropped) = (&effects[..3], &effects[3]);
    assert!(moving.iter().all(|fx| !fx.save), "{moving:?}");
    assert!(moving[2].render, "the ghost piece follows the pointer");
    assert!(dropped.save);
    // Hover with nothing chosen changes nothing: no redraw either.
    let fx = s.apply(Action::PointerMove {
        x: 10.0,
        y: 10.0,
        board: 400.0,
        mouse: true,
    });
    assert_eq!(fx, Effects::default());
}

#[test]
fn attrition_jumps_by_choosing_the_knight() {
    let mut s = hotseat(r#"{"game":"attrition"}"#);
    tap(&mut s, "d4");
    tap(&mut s, "e5");
    assert!(s.status().error, "the mirror square: {}", s.status().text);
    tap(&mut s, "f6");
    assert_eq!(moves(&s), ["Nd4", "Nf6"]);
    tap(&mut s, "d4");
    assert_eq!(s.selected(), Some("d4"));
    assert!(s.targets().contains(&sq("f5")));
    tap(&mut s, "f5");
    assert_eq!(moves(&s), ["Nd4", "Nf6", "d4-f5"]);
}

#[test]
fn the_computer_is_asked_and_stale_answers_are_dropped() {
    let mut s = game(
        r#"{"game":"cheversi"}"#,
        vec![Seat::Human, Seat::Computer(Level::Master)],
    );
    let fx = typed(&mut s, "Kd4");
    let first = request_id(&fx);
    assert!(s.thinking());
    tap(&mut s, "e5");
    assert!(s.status().text.contains("computer's turn"));
    // Undo while it thinks: the search is stopped, its answer ignored.
    let fx = s.apply(Action::Undo);
    assert!(fx.stop_worker);
    assert_eq!(s.play().cursor(), 0);
    s.apply(thought(first, "Qe5", Judgement::Margin(10)));
    assert_eq!(s.play().len(), 1, "kept for redo");
    let fx = typed(&mut s, "Kc3");
    let id = request_id(&fx);
    s.apply(thought(id, "Qd4", Judgement::Margin(10)));
    assert_eq!(moves(&s), ["Kc3", "Qd4"]);
    // Undo takes back the computer's move and the person's.
    s.apply(Action::Undo);
    assert_eq!(s.play().cursor(), 0);
}

/// Reproduced bug 2: the computer White, a person Black; undo until it
/// stops must not leave the game on the computer's turn with nobody asked.
#[test]
fn undo_never_strands_the_game_on_the_computers_turn() {
    let mut s = game(
        r#"{"game":"cheversi","rules":"brainking"}"#,
        vec![Seat::Computer(Level::Casual), Seat::Human],
    );
    let fx = s.apply(Action::Resized);
    s.apply(thought(request_id(&fx), "Kd4", Judgement::Margin(0)));
    let fx = typed(&mut s, "Qe5");
    s.apply(thought(request_id(&fx), "Qc3", Judgement::Margin(0)));
    assert_eq!(moves(&s), ["Kd4", "Qe5", "Qc3"]);
    s.apply(Action::Undo);
    assert_eq!(s.play().cursor(), 1);
    let fx = s.apply(Action::Undo);
    assert_eq!(s.play().cursor(), 1, "the computer's opening stays");
    assert_eq!(s.status().text, "Nothing to undo.");
    assert!(fx.think.is_none());
    assert!(s.targets().is_empty());
    choose(&mut s, "Q");
    assert_eq!(s.selected(), Some("Q"), "the person can move");
}

/// Reproduced bug 3 (the worker's side): a request that keeps failing is
/// retried a few times, then the computer waits for the person.
#[test]
fn a_failing_computer_is_asked_a_bounded_number_of_times() {
    let (mut s, fx) = computer_white();
    let asked = times_asked(&mut s, fx, |id| {
        Action::Worker(WorkerEvent::Answer(FromWorker::Failed {
            id,
            failure: Failure::Level("grandmaster".into()),
        }))
    });
    assert_eq!(asked, requests::MAX_FAILURES);
    assert!(s.status().error);
    assert!(
        s.status().text.contains("unknown level 'grandmaster'"),
        "{}",
        s.status().text
    );
    assert!(!s.thinking());
}

/// Reproduced bug 3 (the saved game's side).
#[test]
fn a_save_naming_an_unknown_level_is_refused() {
    let s = game(
        r#"{"game":"cheversi"}"#,
        vec![Seat::Human, Seat::Computer(Level::Master)],
    );
    let json = crate::stored::text_of(&s.save());
    let bad = json.replace(r#""master""#, r#""grandmaster""#);
    assert_eq!(
        restore(&bad).err(),
        Some(Problem::UnknownLevel {
            key: "seats",
            value: "grandmaster".into()
        })
    );
    // serde (native tools) refuses it too, naming the level.
    let data = serde_json::from_str::<serde_json::Value>(&bad).unwrap()["data"].to_string();
    let err = serde_json::from_str::<Saved>(&data)
        .unwrap_err()
        .to_string();
    assert!(err.contains("'grandmaster'"), "{err}");
}

#[test]
fn a_silent_or_crashed_worker_is_replaced_and_asked_again() {
    let mut s = game(
        r#"{"game":"cheversi"}"#,
        vec![Seat::Computer(Level::Casual), Seat::Human],
    );
    let fx = s.apply(Action::Resized);
    let id = request_id(&fx);
    let fx = s.apply(Action::Worker(WorkerEvent::Silent {
        id: id + 100,
        progress: 0,
    }));
    assert_eq!(fx.think, None, "a stale watchdog does nothing");
    let fx = s.apply(Action::Worker(WorkerEvent::Silent { id, progress: 0 }));
    assert!(fx.stop_worker);
    let again = request_id(&fx);
    assert_ne!(again, id);
    let fx = s.apply(Action::Worker(WorkerEvent::Crashed));
    assert!(fx.drop_worker);
    assert!(fx.think.is_some());
}

/// A worker that cannot start (its loader refused by the host, or
/// offline) crashed again at once each time it was restarted: the page
/// fetched the loader and spawned workers in a loop, both cores busy. A
/// crash now ends the worker; only a request starts another, and those
/// stop after a few failures.
#[test]
fn a_crashed_worker_is_not_started_again_until_asked() {
    let mut s = hotseat(r#"{"game":"cheversi"}"#);
    for _ in 0..3 {
        let fx = s.apply(Action::Worker(WorkerEvent::Crashed));
        assert!(!fx.stop_worker, "nothing asked: no worker started");
        assert!(fx.drop_worker);
        assert_eq!(fx.think, None);
    }
    // Asked to play, it is asked again after each crash, then no more.
    let (mut s, fx) = computer_white();
    let asked = times_asked(&mut s, fx, |_| Action::Worker(WorkerEvent::Crashed));
    assert_eq!(asked, requests::MAX_FAILURES);
    assert!(
        s.status().text.contains("could not move"),
        "{}",
        s.status().text
    );
}

/// Once the computer gave up, a tap on the board lets it try again: with
/// undo off (a friend's game, or the choice) nothing else did, short of a
/// new game.
#[test]
fn a_tap_after_the_computer_gave_up_lets_it_try_again() {
    let (mut s, fx) = computer_white();
    times_asked(&mut s, fx, |_| Action::Worker(WorkerEvent::Crashed));
    assert!(s.computer_gave_up());
    let fx = s.apply(Action::Click {
        target: Target::Square(27),
        from_pointer: true,
    });
    assert!(
        matches!(
            fx.think,
            Some(ToWorker::Think {
                purpose: Purpose::Play,
                ..
            })
        ),
        "asked again: {}",
        s.status().text
    );
    assert!(!s.computer_gave_up());
}

/// A move from the computer that the page cannot play was asked for again
/// at once, with the failures in a row forgotten: a full search each
/// time, for as long as the page was open, and nothing said. It now counts
/// as a failure, like a crash.
#[test]
fn a_computer_move_the_page_cannot_play_counts_as_a_failure() {
    let (mut s, fx) = computer_white();
    let asked = times_asked(&mut s, fx, |id| thought(id, "Kz9", Judgement::Margin(0)));
    assert_eq!(asked, requests::MAX_FAILURES);
    assert!(
        s.status().text.contains("could not move"),
        "{}",
        s.status().text
    );
    assert_eq!(s.play().len(), 0);
}

/// Reproduced bug 4: after the computer's reply the evaluation shown is
/// White's, labelled, whoever is to move.
/// The last position of a game is its own evaluation: the final margin,
/// proven, with nothing asked of the worker.
#[test]
fn a_finished_game_shows_its_final_margin_as_proven() {
    let mut s = hotseat(r#"{"game":"cheversi","rules":"lewicki-free"}"#);
    s.apply(Action::SetShowEval(true));
    let moves = "Qd4 Qe5 Rd1 Re8 Ra4 Rh5 Bb2 Bg7 Bc1 Bf8 Nb1 Ng8 Nh1 Na8 Kc2 Kh8";
    let mut asked = None;
    for mv in moves.split_whitespace() {
        asked = typed(&mut s, mv).think;
        // What the shown position was asked is answered nowhere here.
        s.requests.abandon();
    }
    assert!(s.play().current().is_over());
    assert_eq!(asked, None, "the end is not asked of the worker");
    let cheversi_engine::AnyGame::Cheversi(end) = s.play().current() else {
        panic!("a Cheversi game")
    };
    let margin = f64::from(end.margin());
    let e = s.evaluation().expect("shown at the end");
    assert!(e.exact, "the final margin is proven");
    assert_eq!(e.white_score(), Some(margin));
    assert!(margin != 0.0, "this game is not drawn: {margin}");
    let winner = if margin > 0.0 { "White" } else { "Black" };
    assert_eq!(e.text(), format!("{winner} wins by {}", margin.abs()));
}

#[test]
fn the_evaluation_is_from_whites_side_and_labelled() {
    let mut s = game(
        r#"{"game":"cheversi","rules":"brainking"}"#,
        vec![Seat::Human, Seat::Computer(Level::Casual)],
    );
    s.apply(Action::SetShowEval(true));
    let fx = typed(&mut s, "Kd4");
    let id = request_id(&fx);
    // The computer (Black) thinks it is 1.6 ahead.
    let fx = s.apply(thought(id, "Qe5", Judgement::Margin(16)));
    assert_eq!(s.evaluation(), None, "that was the old position's value");
    let Some(ToWorker::Think { id, purpose, .. }) = fx.think else {
        panic!("evaluate the new position")
    };
    assert_eq!(purpose, Purpose::Evaluate);
    // White to move and 1.6 behind.
    s.apply(Action::Worker(WorkerEvent::Answer(FromWorker::Thought {
        id,
        purpose,
        best: "Qc3".into(),
        judgement: Judgement::Margin(-16),
        exact: false,
        depth: 3,
        nodes: 9,
        pv: vec![],
        ms: 1.0,
        more: false,
    })));
    let e = s.evaluation().expect("shown");
    assert_eq!(e.text(), "Evaluation (White's view): -1.6");
    assert_eq!(e.white_score(), Some(-1.6));
}

fn evaluation(id: u32, tenths: i32, depth: u32, more: bool) -> Action {
    Action::Worker(WorkerEvent::Answer(FromWorker::Thought {
        id,
        purpose: Purpose::Evaluate,
        best: "Qe5".into(),
        judgement: Judgement::Margin(tenths),
        exact: false,
        depth,
        nodes: 9,
        pv: vec!["Qe5".into()],
        ms: 1.0,
        more,
    }))
}

#[test]
fn the_evaluation_is_shown_at_once_and_replaced_by_deeper_ones() {
    let mut s = hotseat(r#"{"game":"cheversi","rules":"brainking"}"#);
    typed(&mut s, "Kd4");
    let fx = s.apply(Action::SetShowEval(true));
    let id = request_id(&fx);
    // Black to move and 0.5 ahead: White's view is -0.5.
    let fx = s.apply(evaluation(id, 5, 3, true));
    assert!(fx.render);
    assert_eq!(s.evaluation().and_then(|e| e.white_score()), Some(-0.5));
    assert_eq!(s.best_line().map(|l| l.depth), Some(3));
    assert_eq!(s.pending_request().map(|p| p.id), Some(id), "still open");
    let fx = s.apply(evaluation(id, 12, 6, false));
    assert!(fx.think.is_none(), "nothing more to ask");
    assert_eq!(s.evaluation().and_then(|e| e.white_score()), Some(-1.2));
    assert_eq!(s.best_line().map(|l| l.depth), Some(6));
    assert!(s.pending_request().is_none());
    // A late answer of an old request changes nothing.
    let fx = s.apply(evaluation(id, 40, 9, true));
    assert!(!fx.render);
    assert_eq!(s.evaluation().and_then(|e| e.white_score()), Some(-1.2));
    // Nor does one of an old position once a move was played.
    let fx = typed(&mut s, "Qe5");
    let newer = request_id(&fx);
    s.apply(evaluation(id, 40, 9, true));
    assert_eq!(s.evaluation(), None);
    s.apply(evaluation(newer, -3, 2, true));
    assert_eq!(s.evaluation().and_then(|e| e.white_score()), Some(-0.3));
}

#[test]
fn pointing_at_the_best_line_previews_it_on_the_board_only() {
    let mut s = hotseat(r#"{"game":"cheversi","rules":"brainking"}"#);
    typed(&mut s, "Kd4");
    let fx = s.apply(Action::SetShowEval(true));
    let Some(ToWorker::Think { id, purpose, .. }) = fx.think else {
        panic!("an evaluation")
    };
    s.apply(Action::Worker(WorkerEvent::Answer(FromWorker::Thought {
        id,
        purpose,
        best: "Qe5".into(),
        judgement: Judgement::Margin(-5),
        exact: false,
        depth: 4,
        nodes: 9,
        pv: vec!["Qe5".into(), "Qd5".into()],
        ms: 1.0,
        more: false,
    })));
    assert_eq!(s.best_line().unwrap().moves, ["Qe5", "Qd5"]);
    s.apply(Action::PreviewLine(Some(2)));
    let board = s.board_snapshot();
    assert!(board.board[sq("e5") as usize].is_some());
    assert!(board.board[sq("d5") as usize].is_some());
    assert!(
        s.snapshot().board[sq("e5") as usize].is_none(),
        "the game is unchanged"
    );
    assert_eq!(moves(&s), ["Kd4"]);
    s.apply(Action::PreviewLine(Some(3)));
    assert_eq!(s.previewing(), None, "no third move in the line");
    s.apply(Action::PreviewLine(Some(1)));
    typed(&mut s, "Qc3");
    assert_eq!(s.previewing(), None, "a move ends the preview");
}

#[test]
fn evaluations_are_asked_once_per_position() {
    let mut s = hotseat(r#"{"game":"cheversi"}"#);
    assert_eq!(s.apply(Action::Resized).think, None, "switched off");
    let fx = s.apply(Action::SetShowEval(true));
    let id = request_id(&fx);
    assert_eq!(s.apply(Action::Resized).think, None, "already asked");
    s.apply(Action::Worker(WorkerEvent::Answer(FromWorker::Failed {
        id,
        failure: Failure::GameOver,
    })));
    assert_eq!(
        s.apply(Action::Resized).think,
        None,
        "failed here: not again"
    );
    let fx = typed(&mut s, "Kd4");
    assert!(fx.think.is_some(), "a new position");
}

#[test]
fn undo_can_be_switched_off() {
    let mut s = State::new(
        Play::new(NewGame {
            spec: serde_json::from_str(r#"{"game":"cheversi"}"#).unwrap(),
            seats: vec![Seat::Human, Seat::Human],
            undo_allowed: false,
            names: Vec::new(),
            id: None,
        })
        .unwrap(),
    );
    typed(&mut s, "Kd4");
    s.apply(Action::Undo);
    assert!(s.status().error);
    assert_eq!(s.play().cursor(), 1);
    s.apply(Action::GoTo(0));
    typed(&mut s, "Kc3");
    assert!(s.status().error, "no playing from review");
    s.apply(Action::GoTo(1));
    assert!(!s.play().reviewing());
}

#[test]
fn save_and_restore_and_corrupt_saves() {
    let mut s = game(
        r#"{"game":"attrition","variant":"melee","players":3}"#,
        vec![Seat::Human, Seat::Computer(Level::Casual), Seat::Human],
    );
    typed(&mut s, "Nd4");
    let json = |s: &State| crate::stored::text_of(&s.save());
    let back = restore(&json(&s)).unwrap();
    assert_eq!(moves(&back), ["Nd4"]);
    assert_eq!(back.play().seats(), s.play().seats());
    assert_eq!(restore("{").err(), Some(Problem::NotJson));
    assert_eq!(restore("").err(), Some(Problem::NotJson));
    let broken = json(&s).replace("Nd4", "Nz9");
    assert!(
        matches!(restore(&broken), Err(Problem::Record(ref e)) if matches!(&e.problem, RecordProblem::NotAMove(m) if m.text == "Nz9")),
        "{:?}",
        restore(&broken).err()
    );
    let wrong_seats = json(&s).replace(r#""Human","#, "");
    assert_eq!(
        restore(&wrong_seats).err(),
        Some(Problem::SeatCount {
            given: 2,
            players: 3
        })
    );
    let future = json(&s).replace(r#""version":2"#, r#""version":9"#);
    assert_eq!(
        restore(&future).err(),
        Some(Problem::Version { value: "9".into() })
    );
    let past_end = json(&s).replace(r#""cursor":1"#, r#""cursor":7"#);
    assert_eq!(
        restore(&past_end).err(),
        Some(Problem::PastLastMove {
            key: "cursor",
            at: 7,
            moves: 1
        })
    );
    let no_winner = json(&s).replace(r#""last_winner":null"#, r#""last_winner":5"#);
    assert_eq!(
        restore(&no_winner).err(),
        Some(Problem::NoSuchSeat {
            key: "last_winner".into(),
            seat: 5,
            players: 3
        })
    );
}

fn linked(fragment: &str) -> Action {
    let linked = crate::link::from_fragment(fragment).unwrap().unwrap();
    Action::Open {
        play: linked.play,
        at: linked.at,
        from: Source::Link {
            seats: linked.seats_given,
        },
    }
}

/// What the start could not use stays ahead of what the start's own
/// flows say next (a link's game; a file that did not come), so a page
/// opened by a link does not hide it, until the person presses something
/// (a hover is not that).
#[test]
fn the_start_notice_stays_until_the_person_acts() {
    crate::i18n::set("en");
    let mut s = hotseat(r#"{"game":"cheversi","rules":"brainking"}"#);
    let said = "The saved game could not be read.";
    assert!(s.apply(Action::Notice(said.into())).reveal_status);
    assert_eq!(
        s.status(),
        Status {
            text: said.into(),
            error: true
        }
    );
    assert_eq!(s.announce(), said);
    s.apply(linked("game=cheversi&rules=brainking&moves=Kd4"));
    assert_eq!(
        s.play().session().moves().len(),
        1,
        "the link's game is open"
    );
    assert_eq!(
        s.status(),
        Status {
            text: format!("{said} Game opened from the link."),
            error: true
        }
    );
    s.apply(Action::Tell {
        text: "Loading…".into(),
        error: false,
    });
    assert_eq!(s.status().text, format!("{said} Loading…"));
    s.apply(Action::PointerMove {
        x: 1.0,
        y: 1.0,
        board: 320.0,
        mouse: true,
    });
    s.apply(Action::Resized);
    assert!(s.status().text.starts_with(said));
    // A press anywhere (the shell's, after the page's own handler).
    assert!(s.apply(Action::Acted).render);
    assert!(!s.noticed());
    assert_eq!(
        s.status(),
        Status {
            text: "Loading…".into(),
            error: false
        }
    );
    // Said once: a later status stays plain.
    typed(&mut s, "Qe5");
    assert!(!s.status().text.contains(said), "{}", s.status().text);
    assert!(!s.apply(Action::Acted).render, "nothing to clear");
}

/// A link to the game shown, or to it with more moves, continues it as
/// it is set up here: the names, the seats and undo stay (they were
/// replaced by the link's, which carries none of them, without a word).
/// A link that names other seats is another game: asked first.
#[test]
fn a_link_to_the_same_game_keeps_its_names_seats_and_undo() {
    crate::i18n::set("en");
    let spec: cheversi_api::spec::GameSpec =
        serde_json::from_str(r#"{"game":"cheversi","rules":"lewicki-free"}"#).unwrap();
    let mut s = State::new(crate::play::tests::play(
        r#"{"game":"cheversi","rules":"lewicki-free"}"#,
        vec![Seat::Human, Seat::Human],
    ));
    s.apply(Action::Start(NewGame {
        spec,
        seats: vec![Seat::Human, Seat::Computer(Level::Master)],
        undo_allowed: false,
        names: vec!["Ann".into(), "Bob".into()],
        id: None,
    }));
    typed(&mut s, "Kd4");
    s.apply(Action::Worker(WorkerEvent::Crashed));
    let kept = |s: &State| {
        assert_eq!(s.play().name(0).as_deref(), Some("Ann"));
        assert_eq!(s.play().name(1).as_deref(), Some("Bob"));
        assert_eq!(
            s.play().seats(),
            [Seat::Human, Seat::Computer(Level::Master)]
        );
        assert!(!s.play().undo_allowed());
    };
    kept(&s);
    s.apply(linked("game=cheversi&rules=lewicki-free&moves=Kd4"));
    assert!(!s.has_offer());
    kept(&s);
    s.apply(linked("game=cheversi&rules=lewicki-free&moves=Kd4.Qe5"));
    assert!(!s.has_offer());
    assert_eq!(moves(&s), ["Kd4", "Qe5"]);
    kept(&s);
    // The same seats named: the same game still.
    s.apply(linked(
        "game=cheversi&rules=lewicki-free&moves=Kd4.Qe5&seats=human.master",
    ));
    assert!(!s.has_offer());
    kept(&s);
    // Other seats: asked first, and the game kept meanwhile.
    s.apply(linked(
        "game=cheversi&rules=lewicki-free&moves=Kd4.Qe5&seats=master.master",
    ));
    assert!(s.has_offer());
    kept(&s);
}

#[test]
fn a_link_never_silently_replaces_a_game_in_progress() {
    let mut s = hotseat(r#"{"game":"cheversi","rules":"brainking"}"#);
    typed(&mut s, "Kd4");
    s.apply(linked("game=attrition"));
    assert_eq!(moves(&s), ["Kd4"], "asked first");
    assert!(s.has_offer());
    s.apply(Action::DeclineOffer);
    assert_eq!(moves(&s), ["Kd4"]);
    s.apply(linked("game=attrition&moves=Nd4"));
    s.apply(Action::AcceptOffer);
    assert_eq!(moves(&s), ["Nd4"]);
    // The same game with more moves opens at once: nothing is lost.
    s.apply(linked("game=attrition&moves=Nd4.Nf6&at=1"));
    assert_eq!(moves(&s), ["Nd4", "Nf6"]);
    assert_eq!(s.play().cursor(), 1);
}

/// A finished game (and its review) is the person's too: a link asks
/// before it takes its place, as docs/playing.md says.
#[test]
fn a_link_asks_before_replacing_a_finished_game() {
    let mut s = hotseat(r#"{"game":"attrition"}"#);
    for m in ["Nd4", "Nb5", "d4xb5"] {
        typed(&mut s, m);
    }
    assert!(s.play().session().latest().outcome().is_some(), "over");
    s.apply(linked("game=cheversi&moves=Kd4"));
    assert_eq!(moves(&s), ["Nd4", "Nb5", "d4xb5"], "asked first");
    assert!(s.has_offer());
    // An empty board loses nothing: it opens at once.
    let mut s = hotseat(r#"{"game":"attrition"}"#);
    s.apply(linked("game=cheversi&moves=Kd4"));
    assert_eq!(moves(&s), ["Kd4"]);
}

#[test]
fn a_locked_diagram_cannot_be_played_or_replaced() {
    let embed = crate::embed::parse("game=cheversi&moves=Kd4").unwrap();
    let mut s = State::embedded(embed.play, embed.prefs, !embed.interactive);
    s.apply(linked("game=attrition"));
    assert_eq!(moves(&s), ["Kd4"]);
    typed(&mut s, "Qe5");
    assert_eq!(moves(&s), ["Kd4"]);
    assert!(s.status().error);
}

#[test]
fn captures_and_eliminations_are_described() {
    let mut s = hotseat(r#"{"game":"attrition"}"#);
    for m in ["Nd4", "Nb5", "d4xb5"] {
        typed(&mut s, m);
    }
    assert_eq!(
        s.announce(),
        "White played d4xb5. Black's Knight on b5 is captured. White wins."
    );
    let mut s = game(
        r#"{"game":"attrition","variant":"melee","players":3}"#,
        vec![Seat::Human, Seat::Human, Seat::Human],
    );
    for m in ["Nd4", "Nb5", "Nh8", "d4xb5"] {
        typed(&mut s, m);
    }
    assert!(s.announce().contains("Black is out."), "{}", s.announce());
}

#[test]
fn focus_moves_on_screen_directions() {
    let mut s = hotseat(r#"{"game":"cheversi"}"#);
    s.apply(Action::MoveFocus(1, 1));
    assert_eq!(s.focus(), sq("b2"));
    s.apply(Action::Flip);
    s.apply(Action::MoveFocus(1, 0));
    assert_eq!(s.focus(), sq("a2"));
    s.apply(Action::MoveFocus(1, 0));
    assert_eq!(s.focus(), sq("a2"), "stays on the board");
}

/// The board choices are saved when one changes, not on every action;
/// the board's side is not one of them.
#[test]
fn a_changed_board_choice_is_saved() {
    let mut s = hotseat(r#"{"game":"cheversi"}"#);
    assert!(s.apply(Action::SetOverlay(Overlay::Both)).save_prefs);
    assert!(
        !s.apply(Action::SetOverlay(Overlay::Both)).save_prefs,
        "unchanged"
    );
    assert!(s.apply(Action::SetConfirm(false)).save_prefs);
    assert!(s.apply(Action::SetShowEval(true)).save_prefs);
    assert!(!s.apply(Action::Flip).save_prefs);
    assert!(!typed(&mut s, "Kd4").save_prefs);
}

#[test]
fn labels_start_with_the_square() {
    use crate::wording::square_label;
    let mut s = hotseat(r#"{"game":"cheversi","rules":"brainking"}"#);
    typed(&mut s, "Kd4");
    typed(&mut s, "Qe5");
    let snap = s.snapshot();
    assert_eq!(
        square_label(&snap, sq("d4")),
        "d4, White King, attacked by 1 Black"
    );
    let d5 = square_label(&snap, sq("d5"));
    assert_eq!(d5, "d5, empty, attacked by 1 White, 1 Black");
    assert_eq!(square_label(&snap, sq("a1")), "a1, empty");
}

pub(super) fn reviewed(id: u32, ply: usize, best: &str, lost_tenths: u32) -> Action {
    Action::Worker(WorkerEvent::Answer(FromWorker::Reviewed {
        id,
        ply,
        best: best.into(),
        lost_tenths,
        exact: true,
        value: Judgement::Margin(-(lost_tenths as i32)),
    }))
}

#[test]
fn a_review_fills_every_move_and_marks_the_best_alternative() {
    let mut s = hotseat(r#"{"game":"cheversi","rules":"brainking"}"#);
    for m in ["Kd4", "Qe5", "Qc3"] {
        typed(&mut s, m);
    }
    let fx = s.apply(Action::Review);
    let Some(ToWorker::Review { id, moves, .. }) = fx.think else {
        panic!("a review request")
    };
    assert_eq!(moves, ["Kd4", "Qe5", "Qc3"]);
    s.apply(reviewed(id, 0, "Kd4", 0));
    s.apply(reviewed(id, 1, "Qd5", 25));
    assert_eq!(s.review().unwrap().progress(), 2);
    assert!(s.review().unwrap().running());
    // Going through the moves does not stop the review.
    let fx = s.apply(Action::GoTo(2));
    assert!(!fx.stop_worker);
    // After Qe5 the board outlines d5, where the best queen went.
    assert_eq!(s.outlined(), [sq("d5")]);
    s.apply(reviewed(id, 2, "Qc3", 0));
    s.apply(Action::Worker(WorkerEvent::Answer(
        FromWorker::ReviewDone { id, end: None },
    )));
    let review = s.review().unwrap();
    assert!(!review.running());
    let classes: Vec<_> = review
        .rows()
        .iter()
        .map(|r| r.as_ref().unwrap().class)
        .collect();
    assert_eq!(
        classes,
        [MoveClass::Best, MoveClass::Mistake, MoveClass::Best]
    );
    assert_eq!(review.row(1).unwrap().played, "Qe5");
    // A new move is another game: the review is gone.
    s.apply(Action::Last);
    typed(&mut s, "Nd5");
    assert!(s.review().is_none());
}

/// The watchdog judged every request by the review's progress: with a
/// finished review kept, a hint or evaluation that never answered counted
/// as "moving on" and was never replaced. Only a review's own request is
/// alive while its rows come in.
#[test]
fn a_silent_hint_is_replaced_while_a_finished_review_is_kept() {
    let mut s = hotseat(r#"{"game":"cheversi","rules":"brainking"}"#);
    for m in ["Kd4", "Qe5", "Qc3"] {
        typed(&mut s, m);
    }
    let id = s.apply(Action::Review).think.unwrap().id();
    for (ply, best) in ["Kd4", "Qe5", "Qc3"].iter().enumerate() {
        s.apply(reviewed(id, ply, best, 0));
    }
    s.apply(Action::Worker(WorkerEvent::Answer(
        FromWorker::ReviewDone { id, end: None },
    )));
    assert_eq!(s.review().map(|r| r.progress()), Some(3));
    let hint = request_id(&s.apply(Action::Hint));
    // What the shell arms the watchdog with for a request not a review.
    let fx = s.apply(Action::Worker(WorkerEvent::Silent {
        id: hint,
        progress: 0,
    }));
    assert!(fx.stop_worker, "the silent worker is replaced");
    assert!(
        s.status().text.contains("No hint this time"),
        "{}",
        s.status().text
    );
}

#[test]
fn a_review_can_be_stopped_and_is_abandoned_when_the_game_changes() {
    let mut s = hotseat(r#"{"game":"cheversi","rules":"brainking"}"#);
    assert!(s.apply(Action::Review).think.is_none(), "nothing to review");
    typed(&mut s, "Kd4");
    let fx = s.apply(Action::Review);
    let id = fx.think.unwrap().id();
    let fx = s.apply(Action::Review);
    assert!(fx.stop_worker, "the second press stops it");
    assert!(!s.review().unwrap().running());
    s.apply(reviewed(id, 0, "Kd4", 0));
    assert_eq!(
        s.review().unwrap().progress(),
        0,
        "a stopped review takes no more rows"
    );
    let fx = s.apply(Action::Review);
    assert!(fx.think.is_some(), "started again");
    let fx = typed(&mut s, "Qe5");
    assert!(fx.stop_worker, "the game changed");
    // A slow review that keeps reporting is not silent.
    let fx = s.apply(Action::Review);
    let id = fx.think.unwrap().id();
    s.apply(reviewed(id, 0, "Kd4", 0));
    let fx = s.apply(Action::Worker(WorkerEvent::Silent { id, progress: 0 }));
    assert!(!fx.stop_worker);
    let fx = s.apply(Action::Worker(WorkerEvent::Silent { id, progress: 1 }));
    assert!(fx.stop_worker);
}

// ----- the property test over the state machine -----

/// One step a person, the worker or the page could take. Squares and
/// pieces are drawn at random; worker answers answer the real pending
/// request (or a stale one) with a random legal move.
#[derive(Clone, Debug)]
enum Step {
    Tap(u8),
    Choose(usize),
    DragTo(usize, u8),
    Undo,
    Redo,
    GoTo(usize),
    Last,
    Confirm(bool),
    ShowEval(bool),
    Hint,
    Review,
    NewGame(usize, usize),
    Answer(usize),
    StaleAnswer,
    Fail,
    Crash,
    Silent,
    Restore(String),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        (0u8..64).prop_map(Step::Tap),
        (0usize..6).prop_map(Step::Choose),
        ((0usize..6), (0u8..64)).prop_map(|(p, s)| Step::DragTo(p, s)),
        Just(Step::Undo),
        Just(Step::Redo),
        (0usize..20).prop_map(Step::GoTo),
        Just(Step::Last),
        any::<bool>().prop_map(Step::Confirm),
        any::<bool>().prop_map(Step::ShowEval),
        Just(Step::Hint),
        Just(Step::Review),
        ((0usize..SPECS.len()), (0usize..4)).prop_map(|(g, s)| Step::NewGame(g, s)),
        (0usize..100).prop_map(Step::Answer),
        (0usize..100).prop_map(Step::Answer),
        (0usize..100).prop_map(Step::Answer),
        Just(Step::StaleAnswer),
        Just(Step::Fail),
        Just(Step::Crash),
        Just(Step::Silent),
        ".{0,40}".prop_map(Step::Restore),
    ]
}

const SPECS: [&str; 4] = [
    r#"{"game":"cheversi","rules":"brainking"}"#,
    r#"{"game":"cheversi","rules":"lewicki"}"#,
    r#"{"game":"attrition"}"#,
    r#"{"game":"attrition","variant":"melee","players":3}"#,
];

fn seats_for(players: usize, pattern: usize) -> Vec<Seat> {
    (0..players)
        .map(|i| {
            if (pattern >> i) & 1 == 1 {
                Seat::Computer(Level::Beginner)
            } else {
                Seat::Human
            }
        })
        .collect()
}

/// The invariant: the computer is never left to move with nobody asking
/// it, unless the game is over, the person paused it by going back through
/// the move list (`paused`, tracked by the test itself, not read from the
/// state), or the computer failed and waits for the person.
fn check_invariant(s: &State, paused: bool) -> Result<(), TestCaseError> {
    let computer_seat = s
        .play()
        .current()
        .to_move()
        .is_some_and(|m| s.play().seats()[m as usize] != Seat::Human);
    if computer_seat && !paused && !s.computer_gave_up() {
        prop_assert!(
            s.thinking(),
            "the computer's turn with no request: {:?}",
            s.play().session().notations()
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]
    #[test]
    fn random_actions_never_strand_or_lose_the_game(steps in proptest::collection::vec(step(), 1..60)) {
        let mut s = game(SPECS[0], vec![Seat::Human, Seat::Computer(Level::Beginner)]);
        let mut stale = 0u32;
        let mut paused = false;
        s.apply(Action::Resized);
        for step in steps {
            // Only the move list's navigation pauses the computer; a
            // refused undo or redo leaves things as they were.
            let unpauses = matches!(step, Step::Undo | Step::Redo | Step::Last | Step::NewGame(..));
            let moves_before = s.play().session().notations();
            let cursor_before = s.play().cursor();
            let mut undoing = false;
            let action = match step {
                Step::Tap(sq) => Action::Click { target: Target::Square(sq), from_pointer: true },
                Step::Choose(i) => Action::Click {
                    target: Target::Piece(["K", "Q", "R", "B", "N", "x"][i].into()),
                    from_pointer: false,
                },
                Step::DragTo(i, to) => {
                    let layout = Layout { size: 400.0, flipped: s.prefs().flipped };
                    let (x, y) = layout.origin(to);
                    s.apply(Action::PointerDown {
                        target: Target::Piece(["K", "Q", "R", "B", "N", "x"][i].into()),
                        x: -50.0,
                        y: -50.0,
                    });
                    s.apply(Action::PointerMove { x: x + 5.0, y: y + 5.0, board: 400.0, mouse: true });
                    Action::PointerUp { x: x + 5.0, y: y + 5.0, board: 400.0 }
                }
                Step::Undo => { undoing = true; Action::Undo }
                Step::Redo => Action::Redo,
                Step::GoTo(p) => { undoing = true; Action::GoTo(p) }
                Step::Last => Action::Last,
                Step::Confirm(on) => Action::SetConfirm(on),
                Step::ShowEval(on) => Action::SetShowEval(on),
                Step::Hint => Action::Hint,
                Step::Review => Action::Review,
                Step::NewGame(g, pattern) => {
                    undoing = true;
                    let spec: cheversi_api::spec::GameSpec = serde_json::from_str(SPECS[g]).unwrap();
                    let players = spec.options().unwrap().players();
                    Action::Start(NewGame { spec, seats: seats_for(players, pattern), undo_allowed: pattern != 2, names: Vec::new(), id: None })
                }
                Step::Answer(_) | Step::StaleAnswer if s.pending_request().is_none() => Action::Resized,
                Step::Answer(pick) if s.pending_request().is_some_and(|p| p.purpose == Purpose::Review) => {
                    let p = s.pending_request().unwrap();
                    let n = s.play().len();
                    if pick % 4 == 0 {
                        Action::Worker(WorkerEvent::Answer(FromWorker::ReviewDone { id: p.id, end: None }))
                    } else {
                        reviewed(p.id, pick % (n + 1), "Kd4", (pick % 50) as u32)
                    }
                }
                Step::Answer(pick) => {
                    let p = s.pending_request().unwrap();
                    let legal = view::legal_moves(s.play().current());
                    let best = legal.get(pick % legal.len().max(1)).cloned().unwrap_or_default();
                    stale = p.id;
                    Action::Worker(WorkerEvent::Answer(FromWorker::Thought {
                        id: p.id, purpose: p.purpose, best, judgement: Judgement::Score(1),
                        exact: false, depth: 1, nodes: 1, pv: vec![], ms: 1.0, more: false,
                    }))
                }
                Step::StaleAnswer => Action::Worker(WorkerEvent::Answer(FromWorker::Thought {
                    id: stale, purpose: Purpose::Play, best: "Kd4".into(), judgement: Judgement::Score(1),
                    exact: false, depth: 1, nodes: 1, pv: vec![], ms: 1.0, more: false,
                })),
                Step::Fail => Action::Worker(WorkerEvent::Answer(FromWorker::Failed {
                    id: s.pending_request().map_or(0, |p| p.id), failure: Failure::GameOver,
                })),
                Step::Crash => Action::Worker(WorkerEvent::Crashed),
                Step::Silent => Action::Worker(WorkerEvent::Silent { id: s.pending_request().map_or(0, |p| p.id), progress: s.review().map_or(0, |r| r.progress()) }),
                Step::Restore(text) => {
                    // A random save is refused or restored; the current
                    // game is kept when it is refused.
                    if let Ok(restored) = restore(&text) {
                        s = restored;
                        undoing = true;
                        // A game saved while looking back stays paused.
                        paused = s.play().reviewing();
                    }
                    Action::Resized
                }
            };
            let going_to = matches!(action, Action::GoTo(_));
            s.apply(action);
            if unpauses && !s.status().error {
                paused = false;
            }
            if going_to {
                paused = s.play().cursor() < s.play().len();
            } else if s.play().cursor() == s.play().len() {
                paused = false;
            }
            check_invariant(&s, paused)?;
            // Moves are never lost: those before the cursor stay, unless
            // the person went back or started another game.
            if !undoing {
                let now = s.play().session().notations();
                prop_assert!(s.play().cursor() >= cursor_before.min(moves_before.len()) || now.len() >= moves_before.len());
                prop_assert_eq!(&now[..cursor_before.min(now.len())], &moves_before[..cursor_before.min(now.len())]);
                prop_assert!(now.len() >= cursor_before, "{:?} -> {:?}", moves_before, now);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// Saved games damaged at random (a byte replaced, cut short, a field
    /// changed): read back or refused with a reason, never a panic.
    #[test]
    fn damaged_saves_are_read_or_refused(
        cut in 0usize..400,
        at in 0usize..400,
        byte in any::<u8>(),
        field in prop_oneof![
            Just(("\"cursor\":2", "\"cursor\":99")),
            Just(("\"version\":2", "\"version\":-1")),
            Just(("\"Human\"", "\"human\"")),
            Just(("\"casual\"", "\"\"")),
            Just(("\"last_winner\":null", "\"last_winner\":7")),
            Just(("Kd4", "Kd4 Kd4")),
        ],
    ) {
        let mut s = game(r#"{"game":"cheversi","rules":"brainking"}"#, vec![Seat::Human, Seat::Computer(Level::Casual)]);
        typed(&mut s, "Kd4");
        let fx = s.apply(Action::Resized);
        let _ = fx;
        let text = crate::stored::text_of(&s.save());
        let mut damaged = text.replace(field.0, field.1).into_bytes();
        if at < damaged.len() { damaged[at] = byte; }
        damaged.truncate(cut.max(1));
        let damaged = String::from_utf8_lossy(&damaged).to_string();
        match restore(&damaged) {
            Ok(restored) => prop_assert!(restored.play().cursor() <= restored.play().len()),
            Err(problem) => prop_assert!(!words(&problem).is_empty()),
        }
    }
}
