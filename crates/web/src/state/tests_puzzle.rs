//! Puzzles in the state: opening one puts the game at this device aside,
//! each move is judged against the solution and answered from it, a wrong
//! move is refuted by the engine, and only the first try counts.

use super::puzzle::{date_of, day_of, Library, Progress, PuzzleStatus};
use super::tests::{game, typed};
use super::*;
use crate::problem::{Expected, Problem};
use crate::protocol::Judgement;
use cheversi_engine::ai::player::levels::Level;
use cheversi_engine::puzzle::{Goal, Puzzle};

fn list(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

/// A Cheversi puzzle (lewicki-free: any piece on any empty square), White
/// to place, three moves of solution: White, Black's answer, White.
pub(super) fn placement_puzzle(id: &str, rating: u32) -> Puzzle {
    Puzzle::new(
        id,
        "lewicki-free",
        rating,
        Goal::Margin(3),
        list("Qd4 Qe5 Rb2 Rg7 Bc3 Bf6 Nc6 Nf3 Kh1 Ka8 Rb7 Ra2"),
        list("Bh3 Bb5 Nd1"),
    )
    .unwrap()
}

/// From the empty board, so a mirror image of the first move is as good.
fn opening_puzzle() -> Puzzle {
    Puzzle::new(
        "open1",
        "lewicki-free",
        1000,
        Goal::Margin(1),
        vec![],
        list("Qa1 Qb2 Rc1"),
    )
    .unwrap()
}

/// A duel puzzle: Black to move (after White's setup, Black's, and one
/// jump), win in one jump: the capture.
fn duel_puzzle() -> Puzzle {
    Puzzle::new(
        "duel1",
        "duel",
        1500,
        Goal::WinIn(1),
        list("Nd4 Nf8 d4-e6"),
        list("f8xe6"),
    )
    .unwrap()
}

/// A game at this device with a few moves, and the puzzles loaded and
/// `id` open.
fn with_puzzle(id: &str) -> State {
    with_puzzles(id, Vec::new())
}

/// [`with_puzzle`] with more puzzles in the library.
fn with_puzzles(id: &str, more: Vec<Puzzle>) -> State {
    let mut s = game(
        r#"{"game":"cheversi","rules":"lewicki-free"}"#,
        vec![Seat::Human, Seat::Computer(Level::Master)],
    );
    s.set_now(1_795_000_000_000.0);
    s.play.play("Qd4").unwrap();
    let mut library = vec![
        placement_puzzle("p1", 1200),
        placement_puzzle("p2", 1300),
        opening_puzzle(),
        duel_puzzle(),
    ];
    library.extend(more);
    s.apply(Action::PuzzlesLoaded {
        puzzles: Ok(library),
        open: PuzzleChoice::Id(id.into()),
    });
    s
}

fn status(s: &State) -> PuzzleStatus {
    s.puzzle().expect("a puzzle").status()
}

#[test]
fn a_puzzle_puts_the_game_aside_and_back_to_my_game_restores_it() {
    let mut s = with_puzzle("p1");
    assert_eq!(s.puzzle().unwrap().puzzle().id(), "p1");
    assert_eq!(s.play().session().notations().len(), 12);
    assert_eq!(status(&s), PuzzleStatus::Playing);
    assert!(
        s.announce()
            .starts_with("White to place, 4 placements left. With best play on both sides the game ends at +3 for White: find how. Moves to find: 2."),
        "{}",
        s.announce()
    );
    // Nothing a puzzle does is written over the game at this device.
    let fx = typed(&mut s, "Bh3");
    assert!(!fx.save);
    assert_eq!(s.save().record.matches("Qd4").count(), 1);
    s.apply(Action::OpenLocal);
    assert!(s.puzzle().is_none());
    assert_eq!(s.play().session().notations(), vec!["Qd4".to_string()]);
    assert_eq!(s.play().seats()[1], Seat::Computer(Level::Master));
}

#[test]
fn the_right_moves_are_answered_from_the_solution_until_solved() {
    let mut s = with_puzzle("p1");
    typed(&mut s, "Bh3");
    // Black's answer came at once, from the line, not from the worker.
    assert_eq!(s.play().session().notations()[12..], ["Bh3", "Bb5"]);
    assert_eq!(status(&s), PuzzleStatus::Playing);
    assert!(
        s.status().text.contains("The answer is Bb5"),
        "{}",
        s.status().text
    );
    let fx = typed(&mut s, "Nd1");
    assert_eq!(status(&s), PuzzleStatus::Solved);
    assert!(fx.save_puzzles);
    let p = s.puzzle_progress();
    assert_eq!((p.solved, p.failed, p.streak), (1, 0, 1));
    assert!(p.rating > 1200, "{}", p.rating);
    // The board is the game's end; no more moves are taken.
    assert!(typed(&mut s, "Kb1").think.is_none());
    assert_eq!(
        s.status().text,
        "This puzzle is over: go on to the next one."
    );
}

#[test]
fn a_wrong_move_is_refuted_then_retried_and_counts_once() {
    let mut s = with_puzzle("p1");
    let fx = typed(&mut s, "Ng1");
    assert_eq!(status(&s), PuzzleStatus::Failed);
    // The engine is asked for the answer even with evaluations switched off.
    assert!(!s.prefs().show_eval);
    let request = fx.think.expect("the refutation is asked");
    assert_eq!(
        s.puzzle_feedback().unwrap(),
        "Ng1 is not the solution. Looking for the best answer to it…"
    );
    s.apply(Action::Worker(WorkerEvent::Answer(FromWorker::Thought {
        id: request.id(),
        purpose: Purpose::Evaluate,
        best: "Bb5".into(),
        // For Black, who is to move after the wrong move: +2 for Black.
        judgement: Judgement::Margin(20),
        exact: true,
        depth: 0,
        nodes: 9,
        pv: vec!["Bb5".into(), "Nd1".into()],
        ms: 1.0,
        more: false,
    })));
    assert_eq!(
        s.puzzle_feedback().unwrap(),
        "Ng1 is not the solution: Black answers Bb5, and with best play you end at -2 (the solution reaches +3)."
    );
    // Screen readers hear it too.
    assert_eq!(s.announce(), s.puzzle_feedback().unwrap());
    // No more moves until Retry.
    typed(&mut s, "Bb5");
    assert_eq!(s.play().session().notations().len(), 13);
    assert!(s.status().error);
    s.apply(Action::PuzzleRetry);
    assert_eq!(status(&s), PuzzleStatus::Playing);
    assert_eq!(s.play().session().notations().len(), 12);
    typed(&mut s, "Bh3");
    typed(&mut s, "Nd1");
    assert_eq!(status(&s), PuzzleStatus::Solved);
    let p = s.puzzle_progress();
    assert_eq!((p.solved, p.failed, p.streak), (0, 1, 0));
    assert!(p.rating < 1200, "{}", p.rating);
}

#[test]
fn showing_the_solution_plays_it_and_counts_as_not_solved() {
    let mut s = with_puzzle("p1");
    s.apply(Action::PuzzleShow);
    assert_eq!(status(&s), PuzzleStatus::Shown);
    assert_eq!(s.play().session().notations()[12..], ["Bh3", "Bb5", "Nd1"]);
    assert_eq!(s.puzzle_feedback().unwrap(), "Solution: Bh3 Bb5 Nd1");
    assert_eq!(s.puzzle_progress().failed, 1);
}

#[test]
fn a_mirror_image_of_the_solution_is_right_and_the_line_turns_with_it() {
    let mut s = with_puzzle("open1");
    typed(&mut s, "Qh1");
    assert_eq!(status(&s), PuzzleStatus::Playing);
    assert_eq!(s.play().session().notations(), ["Qh1", "Qg2"]);
    // The mirrored Rc1 is Rf1; Rc1 itself is now wrong.
    typed(&mut s, "Rf1");
    assert_eq!(status(&s), PuzzleStatus::Solved);
}

#[test]
fn no_hint_or_evaluation_gives_a_puzzle_away() {
    let mut s = with_puzzle("p1");
    s.apply(Action::SetShowEval(true));
    for (action, said) in [
        (
            Action::Hint,
            "No hints in a puzzle: show the solution instead.",
        ),
        // The review's own words (it gave the hint's), its button off.
        (
            Action::Review,
            "No review in a puzzle: show the solution instead.",
        ),
    ] {
        let fx = s.apply(action);
        assert!(fx.think.is_none());
        assert_eq!(s.status().text, said);
    }
    assert_eq!(s.review_refused(), Some("puzzle.no_review"));
    assert!(s.evaluation().is_none() && s.best_line().is_none());
}

#[test]
fn a_duel_puzzle_is_played_from_blacks_side() {
    let mut s = with_puzzle("duel1");
    assert!(s.prefs().flipped);
    assert!(
        s.announce()
            .starts_with("Black to move wins in 1 with best play: find how. Moves to find: 1;"),
        "{}",
        s.announce()
    );
    typed(&mut s, "f8xe6");
    assert_eq!(status(&s), PuzzleStatus::Solved);
}

#[test]
fn an_unknown_puzzle_or_a_bad_file_is_said_and_the_game_stays() {
    let mut s = with_puzzle("nope");
    assert!(s.puzzle().is_none());
    assert_eq!(s.status().text, "There is no puzzle \"nope\" here.");
    s.apply(Action::PuzzlesLoaded {
        puzzles: Err(Problem::DataFile {
            line: 3,
            field: "goal".into(),
        }),
        open: PuzzleChoice::Start,
    });
    assert!(s.status().error && s.status().text.contains("line 3"));
    assert_eq!(s.play().session().notations(), ["Qd4"]);
}

#[test]
fn the_next_puzzle_is_new_and_near_the_rating_and_start_opens_the_daily_once() {
    let mut s = with_puzzle("p1");
    s.apply(Action::OpenPuzzle(PuzzleChoice::Next));
    let next = s.puzzle().unwrap().puzzle().id().to_string();
    assert_ne!(next, "p1");
    // Start: today's puzzle until it has been tried, then the next.
    let mut s = with_puzzle("p1");
    s.apply(Action::OpenPuzzle(PuzzleChoice::Start));
    let run = s.puzzle().unwrap();
    assert!(run.daily());
    let daily = run.puzzle().id().to_string();
    s.apply(Action::PuzzleShow);
    s.apply(Action::OpenPuzzle(PuzzleChoice::Start));
    assert!(!s.puzzle().unwrap().daily());
    assert_eq!(s.puzzle_progress().daily_result(&s.today()), Some(false));
    assert_ne!(s.puzzle().unwrap().puzzle().id(), daily);
}

#[test]
fn the_daily_puzzle_is_the_same_all_day_and_changes_with_the_day() {
    let puzzles: Vec<Puzzle> = (0..40)
        .map(|i| placement_puzzle(&format!("q{i}"), 1000 + i * 10))
        .collect();
    let library = Library::new(puzzles);
    let day = day_of(1_795_000_000_000.0);
    assert_eq!(day_of(1_795_000_000_000.0 + 3_600_000.0), day);
    let ids: Vec<&str> = (0..10)
        .map(|d| library.daily(day + d).unwrap().id())
        .collect();
    let distinct: std::collections::HashSet<_> = ids.iter().collect();
    assert!(distinct.len() >= 5, "{ids:?}");
    assert_eq!(library.daily(day).unwrap().id(), ids[0]);
}

#[test]
fn dates_are_the_calendars() {
    // Day numbers from Python's datetime.
    assert_eq!(date_of(0), "1970-01-01");
    assert_eq!(date_of(11_016), "2000-02-29");
    assert_eq!(date_of(20_781), "2026-11-24");
    assert_eq!(date_of(-1), "1969-12-31");
    assert_eq!(day_of(20_781.5 * 86_400_000.0), 20_781);
}

#[test]
fn progress_round_trips_and_a_damaged_one_is_reported() {
    let mut p = Progress::default();
    p.record("a1", 1400, true, Some("2026-11-24"));
    p.record("b2", 900, false, None);
    let back = Progress::from_text(&p.to_text()).unwrap();
    assert_eq!(back, p);
    assert_eq!(back.daily_result("2026-11-24"), Some(true));
    assert_eq!(back.seen, ["a1", "b2"]);
    let at = Problem::at_line;
    for (text, problem) in [
        ("rating=1200", Problem::NoVersion),
        ("v=2", at(1, Problem::Version { value: "2".into() })),
        (
            "v=1\nrating=abc",
            at(2, Problem::not_a("rating", "abc", Expected::WholeNumber)),
        ),
        (
            "v=1\ndaily=yesterday",
            at(2, Problem::not_a("daily", "yesterday", Expected::DayResult)),
        ),
        (
            "v=1\nstreak",
            at(
                2,
                Problem::NotKeyValue {
                    pair: "streak".into(),
                },
            ),
        ),
    ] {
        assert_eq!(Progress::from_text(text), Err(problem), "{text}");
    }
}

#[test]
fn only_the_first_try_at_a_puzzle_counts() {
    let mut s = with_puzzle("p1");
    s.apply(Action::PuzzleShow);
    assert_eq!(s.puzzle_progress().failed, 1);
    let rating = s.puzzle_progress().rating;
    // Opened again (a link, the daily button): solving it now is free.
    s.apply(Action::OpenPuzzle(PuzzleChoice::Id("p1".into())));
    typed(&mut s, "Bh3");
    typed(&mut s, "Nd1");
    assert_eq!(status(&s), PuzzleStatus::Solved);
    let p = s.puzzle_progress();
    assert_eq!((p.solved, p.failed, p.rating), (0, 1, rating));
    // A puzzle opened and left unsolved is not counted as tried.
    s.apply(Action::OpenPuzzle(PuzzleChoice::Id("p2".into())));
    assert!(!s.puzzle_progress().seen.contains(&"p2".to_string()));
}

#[test]
fn progress_stored_by_another_tab_is_taken_without_writing_it_back() {
    let mut s = with_puzzle("p1");
    let mut theirs = Progress::default();
    theirs.record("zz", 1500, true, None);
    let fx = s.apply(Action::PuzzleProgressStored(theirs.clone()));
    assert!(!fx.save_puzzles);
    assert_eq!(s.puzzle_progress(), &theirs);
    // The next result here builds on it.
    s.apply(Action::PuzzleShow);
    let p = s.puzzle_progress();
    assert_eq!((p.solved, p.failed, p.seen.len()), (1, 1, 2));
}

#[test]
fn a_wrong_last_placement_is_judged_at_once_by_the_final_score() {
    // Black places the 16th piece: the game ends with the move.
    let last = Puzzle::new(
        "last1",
        "lewicki-free",
        900,
        Goal::Margin(-1),
        list("Qd4 Qe5 Rb2 Rg7 Bc3 Bf6 Nc6 Nf3 Kh1 Ka8 Rb7 Ra2 Bh3 Bb5 Nd1"),
        list("Ng1"),
    )
    .unwrap();
    let mut s = with_puzzles("last1", vec![last]);
    let fx = typed(&mut s, "Nh2");
    assert_eq!(status(&s), PuzzleStatus::Failed);
    assert!(fx.think.is_none(), "nothing to ask the engine");
    let scores = s.snapshot().scores;
    let mine = scores[1] - scores[0];
    let value = if mine > 0 {
        format!("+{mine}")
    } else {
        mine.to_string()
    };
    let want =
        format!("Nh2 is not the solution: the game ends at {value} (the solution reaches -1).");
    assert_eq!(s.puzzle_feedback().unwrap(), want);
    assert_eq!(s.announce(), want);
}

#[test]
fn the_daily_puzzle_tried_before_is_not_offered_again() {
    let mut s = with_puzzle("p1");
    s.apply(Action::OpenPuzzle(PuzzleChoice::Daily));
    let daily = s.puzzle().unwrap().puzzle().id().to_string();
    // Another day's session had tried it through Next.
    let mut progress = Progress::default();
    progress.record(&daily, 1200, true, None);
    s.set_puzzle_progress(progress);
    s.apply(Action::OpenPuzzle(PuzzleChoice::Start));
    assert_ne!(s.puzzle().unwrap().puzzle().id(), daily);
}

#[test]
fn a_daily_puzzle_solved_after_midnight_counts_for_its_day() {
    let mut s = with_puzzle("p1");
    let day = day_of(1_795_000_000_000.0);
    s.set_now((day as f64 + 1.0) * 86_400_000.0 - 1000.0);
    s.apply(Action::OpenPuzzle(PuzzleChoice::Daily));
    let opened = date_of(day);
    s.set_now((day as f64 + 1.0) * 86_400_000.0 + 1000.0);
    s.apply(Action::PuzzleShow);
    assert_eq!(s.puzzle_progress().daily_result(&opened), Some(false));
    assert_eq!(s.puzzle().unwrap().daily_date(), Some(opened.as_str()));
}

#[test]
fn a_puzzle_counted_by_another_tab_is_not_counted_again() {
    let mut s = with_puzzle("p1");
    let mut theirs = Progress::default();
    theirs.record("p1", 1200, false, None);
    s.apply(Action::PuzzleProgressStored(theirs.clone()));
    typed(&mut s, "Bh3");
    typed(&mut s, "Nd1");
    assert_eq!(status(&s), PuzzleStatus::Solved);
    assert_eq!(s.puzzle_progress(), &theirs);
}

#[test]
fn a_review_started_after_a_failure_ends_with_retry() {
    let mut s = with_puzzle("p1");
    typed(&mut s, "Ng1");
    let fx = s.apply(Action::Review);
    assert!(fx.think.is_some(), "a failed puzzle may be reviewed");
    assert!(s.review().is_some());
    s.apply(Action::PuzzleRetry);
    assert!(s.review().is_none());
}

#[test]
fn new_game_starts_from_the_game_put_aside() {
    let s = with_puzzle("duel1");
    assert_eq!(s.game_at_device().seats()[1], Seat::Computer(Level::Master));
    assert!(s.game_at_device().is_cheversi());
}

#[test]
fn a_two_knights_win_counts_both_sides_moves() {
    let shipped =
        cheversi_engine::puzzle::parse_file(include_str!("../../../engine/data/puzzles.txt"))
            .unwrap();
    let two = shipped
        .iter()
        .find(|p| p.game() == "two-knights")
        .expect("two-knights puzzles are shipped")
        .clone();
    let Goal::WinIn(plies) = two.goal() else {
        panic!("an Attrition goal")
    };
    let id = two.id().to_string();
    let s = with_puzzles(&id, vec![two]);
    let goal = s.puzzle_goal().unwrap();
    assert!(
        goal.contains(&format!(
            "the game ends {plies} moves from now (both sides' moves counted)"
        )),
        "{goal}"
    );
}

/// Kept progress whose numbers are out of all reason (edited, or from a
/// broken build) reads, and counting and choosing from it stays sound.
#[test]
fn progress_with_extreme_numbers_reads_and_counts() {
    use crate::stored::{read_text, text_of};
    let text = text_of(&Progress::default())
        .replace(r#""rating":1200"#, r#""rating":-2147483648"#)
        .replace(r#""solved":0"#, r#""solved":4294967295"#)
        .replace(r#""streak":0"#, r#""streak":4294967295"#);
    let mut progress = read_text::<Progress>(&text).expect("it reads");
    assert_eq!(progress.rating, 400, "the rating within its range");
    for (rating, read) in [("1e10", 3000), ("1200.5", 1200), ("-1e300", 400)] {
        let odd = text_of(&Progress::default())
            .replace(r#""rating":1200"#, &format!(r#""rating":{rating}"#));
        assert_eq!(
            read_text::<Progress>(&odd).map(|p| p.rating),
            Ok(read),
            "{rating}"
        );
    }
    let library = Library::new(vec![
        placement_puzzle("p1", 1200),
        placement_puzzle("p2", 2900),
    ]);
    assert!(library.next(&progress, None, 1).is_some());
    progress.record("p1", 1200, true, None);
    assert_eq!((progress.solved, progress.streak), (u32::MAX, u32::MAX));
    assert_eq!(progress.best_streak, u32::MAX);
}

/// A link's unknown id is quoted clipped: a pasted megabyte makes a
/// message of a line.
#[test]
fn an_unknown_puzzle_or_lesson_id_is_quoted_clipped() {
    crate::i18n::set("en");
    let long = "x".repeat(5_000);
    let s = with_puzzle(&long);
    assert!(s.puzzle().is_none());
    let said = &s.status().text;
    assert!(said.len() < 120, "{} characters", said.len());
    assert!(said.starts_with("There is no puzzle \"xxx"), "{said}");
    let mut s = with_puzzle("p1");
    s.apply(Action::OpenLesson(long));
    let said = &s.status().text;
    assert!(said.len() < 120, "{} characters", said.len());
}

/// Two tabs: this one has the game at this device put aside for a puzzle
/// while the other plays on in it. Back to the game, this tab shows the
/// other's moves, and never writes its older copy over them.
#[test]
fn the_game_another_tab_moved_on_is_the_one_brought_back() {
    let mut s = with_puzzle("p1");
    // The other tab: the same game, one placement further.
    let mut other = State::restore(s.save()).unwrap();
    other.play.play("Qe5").unwrap();
    let newer = other.save();
    assert!(newer.record.contains("Qe5"));
    let fx = s.apply(Action::LocalStored(newer));
    assert!(!fx.save, "what the other tab wrote is not written back");
    assert!(s.puzzle().is_some(), "the puzzle stays shown");
    let fx = s.apply(Action::OpenLocal);
    assert_eq!(s.play().session().notations(), ["Qd4", "Qe5"]);
    if fx.save {
        assert!(s.save().record.contains("Qe5"));
    }
    // Shown here, the game at this device follows the other tab too.
    other.play.play("Rc3").unwrap();
    s.apply(Action::LocalStored(other.save()));
    assert_eq!(s.play().session().notations(), ["Qd4", "Qe5", "Rc3"]);
}

/// What a reload opens again: the puzzle shown, by the link that opens it
/// (the puzzle of the day opened by it is the day's again), and nothing
/// once the game is back.
#[test]
fn the_puzzle_shown_is_what_a_reload_opens_again() {
    let mut s = with_puzzle("p1");
    assert_eq!(s.reopen_fragment().as_deref(), Some("#puzzle=p1"));
    s.apply(Action::OpenPuzzle(PuzzleChoice::Daily));
    let daily = s.puzzle().unwrap().puzzle().id().to_string();
    let fragment = s.reopen_fragment().unwrap();
    assert_eq!(fragment, format!("#puzzle={daily}"));
    let id = crate::params::fragment_id(&fragment, "#puzzle=").unwrap();
    s.apply(Action::OpenLocal);
    assert_eq!(s.reopen_fragment(), None);
    s.apply(Action::OpenPuzzle(PuzzleChoice::Id(id)));
    assert_eq!(s.puzzle().unwrap().puzzle().id(), daily);
    assert!(s.puzzle().unwrap().daily(), "still the puzzle of the day");
}
