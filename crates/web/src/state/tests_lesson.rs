//! Learn in the state: a lesson puts the game at this device aside, each
//! answer is judged by the engine (a wrong one explained, the board left
//! as it was), tapping tasks mark squares, stars count the mistakes, and
//! the progress says where to resume.

use super::lesson::{Progress, StepStatus};
use super::tests::{game, typed};
use super::*;
use cheversi_engine::ai::player::levels::Level;
use cheversi_engine::lesson::parse_file;

const LESSONS: &str = "#cheversi-lessons 1\n\
    pieces 1 lewicki-free - attack:Q:most Qd4\n\
    pieces 2 lewicki-free Qd4 scored:w *\n\
    pieces 3 lewicki Nd4 any Qc2\n\
    knights 1 duel - any Nd4\n\
    knights 2 duel Nd4 any Nb6\n\
    knights 3 duel Nd4,Nb6 any d4-f5\n";

fn words() -> Vec<(String, String)> {
    crate::lang_file::parse(include_str!("../../lang/lessons/en.lang"), &|_| true)
        .unwrap()
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn with_lesson() -> State {
    let mut s = game(
        r#"{"game":"cheversi","rules":"lewicki-free"}"#,
        vec![Seat::Human, Seat::Computer(Level::Master)],
    );
    s.play.play("Qa1").unwrap();
    s.apply(Action::LessonsLoaded {
        lessons: Ok((parse_file(LESSONS).unwrap(), words())),
        open: Some("pieces".into()),
    });
    s
}

/// The lesson at its second step, a tapping task.
fn at_tapping_step() -> State {
    let mut s = with_lesson();
    typed(&mut s, "Qd4");
    s.apply(Action::LessonNext);
    assert_eq!(s.lesson().unwrap().step().number(), 2);
    s
}

fn status(s: &State) -> StepStatus {
    s.lesson().expect("a lesson").status()
}

fn tap(s: &mut State, name: &str) {
    let sq = name.parse::<Square>().unwrap().index() as u8;
    s.apply(Action::Click {
        target: Target::Square(sq),
        from_pointer: false,
    });
}

#[test]
fn a_lesson_puts_the_game_aside_and_back_to_my_game_restores_it() {
    let mut s = with_lesson();
    assert_eq!(s.lesson().unwrap().step().number(), 1);
    assert_eq!(s.play().session().notations().len(), 0);
    assert!(
        s.announce()
            .contains("Place the Queen where it attacks the most"),
        "{}",
        s.announce()
    );
    let fx = typed(&mut s, "Qe5");
    assert!(
        !fx.save,
        "a lesson is never saved as the game at this device"
    );
    assert_eq!(status(&s), StepStatus::Right);
    s.apply(Action::OpenLocal);
    assert!(s.lesson().is_none());
    assert_eq!(s.play().session().notations(), ["Qa1"]);
}

#[test]
fn a_wrong_answer_is_explained_and_leaves_the_board_as_it_was() {
    let mut s = with_lesson();
    typed(&mut s, "Qa1");
    assert_eq!(status(&s), StepStatus::Wrong);
    assert!(s.play().session().notations().is_empty());
    let said = s.lesson_feedback().unwrap();
    assert!(
        said.contains("Qa1 attacks 21 squares") && said.contains("27"),
        "{said}"
    );
    assert!(s.status().error);
    // Trying again straight away is allowed; an equally good square counts.
    typed(&mut s, "Qd5");
    assert_eq!(status(&s), StepStatus::Right);
    assert_eq!(s.play().session().notations(), ["Qd5"]);
    assert_eq!(s.lesson().unwrap().stars(), 2);
}

#[test]
fn an_illegal_answer_says_which_rule_forbids_it() {
    let mut s = with_lesson();
    typed(&mut s, "Qd4");
    s.apply(Action::LessonNext);
    tap(&mut s, "d1");
    s.apply(Action::LessonShow);
    s.apply(Action::LessonNext);
    assert_eq!(s.lesson().unwrap().step().number(), 3);
    // lewicki: Black's piece must stand where White's Knight on d4 attacks.
    typed(&mut s, "Qa8");
    let said = s.lesson_feedback().unwrap();
    assert!(said.starts_with("Qa8 is not legal here:"), "{said}");
    assert!(said.contains("Nd4"), "{said}");
}

#[test]
fn an_extra_tap_in_a_legal_set_is_answered_with_the_rule() {
    // BrainKing's rule 4, as in the shipped lesson.
    let mut s = game(
        r#"{"game":"cheversi","rules":"lewicki-free"}"#,
        vec![Seat::Human, Seat::Human],
    );
    let file = "#cheversi-lessons 1\n\
        brainking 1 brainking Kb2,Qc3,Qa2,Nb1,Rc2,Rd3,Nd2,Bd4,Be3,Nc4,Bf3,Bd5,Rg3,Re4 legal:N *\n";
    s.apply(Action::LessonsLoaded {
        lessons: Ok((parse_file(file).unwrap(), words())),
        open: Some("brainking".into()),
    });
    tap(&mut s, "a1");
    tap(&mut s, "d1");
    s.apply(Action::LessonCheck);
    assert_eq!(status(&s), StepStatus::Wrong);
    let said = s.lesson_feedback().unwrap();
    assert!(
        said.ends_with(
            "Not in the set: a1. Na1 is not legal here: White's last piece must leave \
             an empty square beside it for Black's King."
        ),
        "{said}"
    );
}

#[test]
fn tapping_marks_squares_and_check_judges_the_set() {
    let mut s = at_tapping_step();
    tap(&mut s, "d1");
    tap(&mut s, "h8");
    tap(&mut s, "a8");
    tap(&mut s, "a8");
    assert_eq!(s.marked().len(), 2, "a second tap unmarks");
    assert!(
        s.play().session().notations().len() == 1,
        "taps place nothing"
    );
    s.apply(Action::LessonCheck);
    assert_eq!(status(&s), StepStatus::Wrong);
    let said = s.lesson_feedback().unwrap();
    assert!(said.starts_with("Missing: a1, g1,"), "{said}");
    assert!(!said.contains("Not in the set"), "{said}");
    // Show answer marks the set; it counts as a mistake.
    s.apply(Action::LessonShow);
    assert_eq!(status(&s), StepStatus::Right);
    assert_eq!(s.marked().len(), 27);
    assert_eq!(s.lesson().unwrap().mistakes(), 2);
}

#[test]
fn stars_count_mistakes_and_the_progress_resumes_where_it_stopped() {
    let mut s = with_lesson();
    typed(&mut s, "Qe4");
    s.apply(Action::LessonNext);
    let fx = s.apply(Action::LessonRetry);
    assert!(!fx.save_lessons);
    assert_eq!(s.lesson_progress().record("pieces").unwrap().step, 1);
    // A reload opens the lesson at step 2.
    let progress: Progress = s.lesson_progress().clone();
    let mut t = with_lesson();
    t.set_lesson_progress(progress);
    t.apply(Action::OpenLesson("pieces".into()));
    assert_eq!(t.lesson().unwrap().step().number(), 2);
    // No mistake: 3 stars.
    let mut s = with_lesson();
    typed(&mut s, "Qe4");
    s.apply(Action::LessonNext);
    for sq in cheversi_engine::lesson::right_squares(
        &s.lesson().unwrap().step().position(),
        s.lesson().unwrap().step().task(),
    )
    .unwrap()
    {
        tap(&mut s, &sq.to_string());
    }
    s.apply(Action::LessonCheck);
    s.apply(Action::LessonNext);
    typed(&mut s, "Qc2");
    let fx = s.apply(Action::LessonNext);
    assert!(fx.save_lessons);
    assert_eq!(status(&s), StepStatus::Done);
    let record = s.lesson_progress().record("pieces").unwrap();
    assert_eq!((record.stars, record.step), (3, 0));
    assert!(s.lesson_progress().any_done());
    assert_eq!(s.lessons_done(), 1);
    assert!(s.lesson_feedback().unwrap().contains("3 of 3 stars"));
    // The next lesson in the file's order; none after the last.
    assert_eq!(s.next_lesson().as_deref(), Some("knights"));
    s.apply(Action::OpenLesson("knights".into()));
    assert_eq!(s.next_lesson(), None);
}

#[test]
fn the_evaluation_and_the_engine_hint_are_never_asked_for_during_a_lesson() {
    let mut s = with_lesson();
    let fx = s.apply(Action::Hint);
    assert!(fx.think.is_none());
    assert!(s.lesson_feedback().unwrap().contains("middle of the board"));
    let fx = s.apply(Action::SetShowEval(true));
    assert!(fx.think.is_none());
    assert!(s.evaluation().is_none());
}

#[test]
fn a_progress_kept_on_the_device_reads_back() {
    let mut p = Progress::default();
    p.reached("pieces", 2, 1);
    p.finished("scoring", 2);
    let text = crate::stored::text_of(&p);
    let back: Progress = crate::stored::read::<Progress, serde_json::Value>(&text).unwrap();
    assert_eq!(back, p);
    assert!(crate::stored::read::<Progress, serde_json::Value>("{\"kind\":\"lessons\",\"version\":1,\"data\":{\"lessons\":[{\"id\":\"a\",\"step\":\"x\",\"stars\":0}]}}").is_err());
    // Kept before mistakes were: none.
    let old: Progress = crate::stored::read::<Progress, serde_json::Value>(
        r#"{"kind":"lessons","version":1,"data":{"lessons":[{"id":"a","step":2,"stars":0}]}}"#,
    )
    .unwrap();
    assert_eq!(old.record("a").unwrap().mistakes, 0);
}

/// Italian and Romanian lessons name the variants in their words ("Come in
/// two-knights" named one by its id).
#[test]
fn lessons_name_variants_and_rule_sets_in_their_language() {
    for text in [
        include_str!("../../lang/lessons/it.lang"),
        include_str!("../../lang/lessons/ro.lang"),
    ] {
        for (key, value) in crate::lang_file::parse(text, &|_| true).unwrap() {
            for id in [
                "lewicki-any",
                "lewicki-free",
                "brainking-classic",
                "two-knights",
                "sudden-death",
                "melee",
            ] {
                assert!(!value.contains(id), "{key}: {value}");
            }
        }
    }
}

#[test]
fn every_lesson_is_worded_in_every_language() {
    let files = [
        ("en", include_str!("../../lang/lessons/en.lang")),
        ("it", include_str!("../../lang/lessons/it.lang")),
        ("ro", include_str!("../../lang/lessons/ro.lang")),
    ];
    let pairs = |text| crate::lang_file::parse(text, &|_| true).unwrap();
    let en = pairs(files[0].1);
    let lessons = parse_file(cheversi_engine::lesson::SHIPPED).unwrap();
    for lesson in &lessons {
        let mut keys = vec![format!("{}.title", lesson.id())];
        for step in lesson.steps() {
            keys.push(format!("{}.{}", lesson.id(), step.number()));
            keys.push(format!("{}.{}.hint", lesson.id(), step.number()));
        }
        for key in keys {
            assert!(
                en.iter().any(|(k, _)| *k == key),
                "lessons/en.lang lacks {key}"
            );
        }
    }
    for (code, text) in &files[1..] {
        let other = pairs(text);
        let keys: Vec<&str> = other.iter().map(|(k, _)| *k).collect();
        let english: Vec<&str> = en.iter().map(|(k, _)| *k).collect();
        assert_eq!(keys, english, "lessons/{code}.lang keys");
        for ((key, theirs), (_, ours)) in other.iter().zip(&en) {
            assert_eq!(
                crate::i18n::placeholders(theirs),
                crate::i18n::placeholders(ours),
                "lessons/{code}.lang: {key}"
            );
            assert_ne!(
                theirs, ours,
                "lessons/{code}.lang: {key} is the English text"
            );
        }
    }
}

/// A puzzle opened from a lesson takes the lesson's place: the game at
/// this device stays aside, and comes back whole.
#[test]
fn a_puzzle_opened_from_a_lesson_keeps_the_game_at_this_device() {
    let mut s = with_lesson();
    assert_eq!(s.save().record, with_lesson().save().record);
    s.apply(Action::PuzzlesLoaded {
        puzzles: Ok(vec![super::tests_puzzle::placement_puzzle("p1", 1200)]),
        open: super::PuzzleChoice::Id("p1".into()),
    });
    assert!(s.puzzle().is_some());
    assert!(s.lesson().is_none(), "one board in place of the game");
    assert!(s.save().record.contains("Qa1"), "{}", s.save().record);
    assert_eq!(s.game_at_device().session().notations(), ["Qa1"]);
    s.apply(Action::OpenLocal);
    assert!(s.puzzle().is_none() && s.lesson().is_none());
    assert_eq!(s.play().session().notations(), ["Qa1"]);
    // And the other way: a lesson opened from a puzzle.
    s.apply(Action::PuzzlesLoaded {
        puzzles: Ok(vec![super::tests_puzzle::placement_puzzle("p1", 1200)]),
        open: super::PuzzleChoice::Id("p1".into()),
    });
    s.apply(Action::LessonsLoaded {
        lessons: Ok((parse_file(LESSONS).unwrap(), words())),
        open: Some("pieces".into()),
    });
    assert!(s.lesson().is_some() && s.puzzle().is_none());
    assert_eq!(s.game_at_device().session().notations(), ["Qa1"]);
    s.apply(Action::OpenLocal);
    assert_eq!(s.play().session().notations(), ["Qa1"]);
}

/// A move typed (or dropped) in a step that asks for squares leaves the
/// board as the question has it, and says how to answer.
#[test]
fn a_move_in_a_tapping_step_is_refused_and_the_board_kept() {
    let mut s = with_lesson();
    typed(&mut s, "Qd4");
    s.apply(Action::LessonNext);
    assert!(s.lesson().unwrap().step().task().is_set());
    typed(&mut s, "Qa1");
    assert_eq!(
        s.play().session().notations(),
        ["Qd4"],
        "the question's board"
    );
    assert!(s.status().error);
    assert_eq!(s.status().text, "Tap the squares, then press Check.");
    assert_eq!(status(&s), StepStatus::Playing, "not judged");
}

/// Mistakes count over the whole lesson, across a reload: reopening it
/// halfway does not wipe them (nor the stars they cost).
#[test]
fn mistakes_made_before_the_lesson_is_reopened_still_count() {
    let mut s = with_lesson();
    typed(&mut s, "Qa1"); // wrong
    s.apply(Action::LessonShow); // and the answer shown
    assert_eq!(s.lesson().unwrap().mistakes(), 2);
    s.apply(Action::LessonNext);
    // Reopened (as after a reload): on at step 2, the mistakes kept.
    s.apply(Action::OpenLocal);
    s.apply(Action::OpenLesson("pieces".into()));
    assert_eq!(s.lesson().unwrap().step().number(), 2);
    assert_eq!(s.lesson().unwrap().mistakes(), 2);
    // The rest right: one star, as for two mistakes in one go.
    s.apply(Action::LessonShow);
    s.apply(Action::LessonNext);
    typed(&mut s, "Qc2");
    s.apply(Action::LessonNext);
    assert_eq!(status(&s), StepStatus::Done);
    assert_eq!(s.lesson().unwrap().stars(), 1);
    // A new run starts clean.
    s.apply(Action::OpenLocal);
    s.apply(Action::OpenLesson("pieces".into()));
    assert_eq!(s.lesson().unwrap().step().number(), 1);
    assert_eq!(s.lesson().unwrap().mistakes(), 0);
}

/// Another tab's lesson progress is taken in: its steps, and the best
/// stars of both; a lesson only this tab knows stays.
#[test]
fn lesson_progress_from_another_tab_is_merged() {
    let mut s = with_lesson();
    typed(&mut s, "Qd4");
    s.apply(Action::LessonNext); // pieces: step 2 here
    let mut theirs = Progress::default();
    theirs.finished("knights", 3);
    theirs.finished("pieces", 1);
    let fx = s.apply(Action::LessonProgressStored(theirs));
    assert!(!fx.save_lessons, "taken, not written back");
    let ours = s.lesson_progress();
    assert_eq!(ours.record("knights").unwrap().stars, 3);
    let pieces = ours.record("pieces").unwrap();
    assert_eq!(
        (pieces.stars, pieces.step),
        (1, 0),
        "their newer record of it"
    );
    // This tab's run goes on, and its next step is kept with the rest.
    s.apply(Action::LessonShow);
    s.apply(Action::LessonNext);
    let ours = s.lesson_progress();
    assert_eq!(ours.record("pieces").unwrap().step, 2);
    assert_eq!(ours.record("knights").unwrap().stars, 3);
}

/// A wrong answer is kept as it is made: reopening the lesson before the
/// next right answer still counts it.
#[test]
fn a_wrong_answer_counts_after_a_reopen() {
    let mut s = with_lesson();
    typed(&mut s, "Qa1"); // wrong
    s.apply(Action::OpenLocal);
    s.apply(Action::OpenLesson("pieces".into()));
    assert_eq!(s.lesson().unwrap().step().number(), 1);
    assert_eq!(s.lesson().unwrap().mistakes(), 1);
}

/// A review would give a step's answer away (its best moves and values),
/// as the evaluation would: refused in a lesson, with a word.
#[test]
fn a_lesson_step_is_never_reviewed() {
    let mut s = with_lesson();
    // Answered: the step's board has a move.
    typed(&mut s, "Qe4");
    assert_eq!(s.play().len(), 1);
    let fx = s.apply(Action::Review);
    assert!(fx.think.is_none(), "no review asked");
    assert!(s.review().is_none());
    assert!(s.status().error, "said: {}", s.status().text);
}

/// A wrong verdict stays only while the marks it judged do: a changed
/// mark clears it (it still said "Missing: …" of squares marked since),
/// and Check again on the same marks is the same answer, not a second
/// mistake (each cost a star).
#[test]
fn a_verdict_is_of_the_marks_it_judged() {
    let mut s = at_tapping_step();
    tap(&mut s, "d1");
    s.apply(Action::LessonCheck);
    assert_eq!(status(&s), StepStatus::Wrong);
    let verdict = s.lesson_feedback().unwrap();
    assert!(verdict.contains("Missing"), "{verdict}");
    s.apply(Action::LessonCheck);
    assert_eq!(s.lesson().unwrap().mistakes(), 1, "the same answer twice");
    assert_eq!(s.lesson_feedback().unwrap(), verdict);
    tap(&mut s, "d2");
    assert_eq!(status(&s), StepStatus::Playing);
    assert_eq!(s.lesson_feedback().unwrap(), "", "the old verdict is gone");
    s.apply(Action::LessonCheck);
    assert_eq!(
        s.lesson().unwrap().mistakes(),
        2,
        "a new answer, judged anew"
    );
}

/// Check with nothing marked is no answer: it says what to do and costs
/// no star (it was judged, "Missing: …" and a mistake).
#[test]
fn check_with_nothing_marked_is_not_an_answer() {
    let mut s = at_tapping_step();
    s.apply(Action::LessonCheck);
    assert_eq!(status(&s), StepStatus::Playing, "not judged");
    assert_eq!(s.lesson().unwrap().mistakes(), 0);
    assert_eq!(s.status().text, "Tap the squares, then press Check.");
    assert_eq!(s.lesson_feedback().unwrap(), "");
    tap(&mut s, "d1");
    s.apply(Action::LessonCheck);
    assert_eq!(status(&s), StepStatus::Wrong, "marks are judged");
}

/// A finished review is part of the game put aside: Back to my game brings
/// it back (it was dropped, and a review can take minutes).
#[test]
fn back_to_my_game_brings_back_its_finished_review() {
    let mut s = game(
        r#"{"game":"cheversi","rules":"brainking"}"#,
        vec![Seat::Human, Seat::Human],
    );
    for m in ["Kd4", "Qe5", "Qc3"] {
        typed(&mut s, m);
    }
    let id = s.apply(Action::Review).think.unwrap().id();
    for (ply, best) in ["Kd4", "Qd5", "Qc3"].iter().enumerate() {
        s.apply(super::tests::reviewed(id, ply, best, 0));
    }
    s.apply(Action::Worker(WorkerEvent::Answer(
        crate::protocol::FromWorker::ReviewDone { id, end: None },
    )));
    assert_eq!(s.review().map(|r| r.progress()), Some(3));
    s.apply(Action::LessonsLoaded {
        lessons: Ok((parse_file(LESSONS).unwrap(), words())),
        open: Some("pieces".into()),
    });
    assert!(s.review().is_none(), "no review of a lesson's board");
    s.apply(Action::OpenLocal);
    assert_eq!(s.play().session().notations(), ["Kd4", "Qe5", "Qc3"]);
    let review = s.review().expect("the review is back");
    assert_eq!(review.progress(), 3);
    assert!(!review.running());
}

/// What a reload opens again: the lesson shown, by its link; a puzzle
/// opened from it in its place.
#[test]
fn the_lesson_shown_is_what_a_reload_opens_again() {
    let mut s = with_lesson();
    assert_eq!(s.reopen_fragment().as_deref(), Some("#learn=pieces"));
    typed(&mut s, "Qd4");
    s.apply(Action::LessonNext);
    assert_eq!(s.reopen_fragment().as_deref(), Some("#learn=pieces"));
    s.apply(Action::PuzzlesLoaded {
        puzzles: Ok(vec![super::tests_puzzle::placement_puzzle("p1", 1200)]),
        open: super::PuzzleChoice::Id("p1".into()),
    });
    assert_eq!(s.reopen_fragment().as_deref(), Some("#puzzle=p1"));
    s.apply(Action::OpenLocal);
    assert_eq!(s.reopen_fragment(), None);
}
