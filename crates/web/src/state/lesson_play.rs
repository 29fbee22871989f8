//! The state's Learn actions: the lesson list, a lesson shown in place of
//! the game (the game at this device is put aside, as for a puzzle), taps
//! and moves judged by the engine, hint, retry, show the answer, next, and
//! the stars kept in the person's progress.

use super::lesson::{self, LessonRun, Said, StepStatus};
use super::{Seat, State};
use crate::i18n::{self, t, tf};
use crate::play::Play;
use crate::problem_words::words;
use cheversi_engine::lesson::{judge_move, judge_squares, right_squares, Why};
use cheversi_engine::puzzle::solve::Solver;
use cheversi_engine::{GameState, Session, Square};

/// The exact search's limit for one judgement on the page: the lessons'
/// positions are near the end, where it needs far fewer.
const NODE_LIMIT: u64 = 2_000_000;

impl State {
    /// The lessons and their words arrived (or why they could not be read).
    pub(super) fn lessons_loaded(
        &mut self,
        loaded: Result<lesson::Fetched, crate::problem::Problem>,
        open: Option<String>,
    ) {
        match loaded {
            Ok((lessons, words)) => {
                self.lessons = Some(lesson::Library::new(lessons, words));
                match open {
                    Some(id) => self.open_lesson(&id),
                    None => {
                        self.show_lessons(true);
                        self.tell(t("learn.intro"));
                    }
                }
            }
            Err(e) => self.refuse(tf("learn.unreadable", &[("reason", &words(&e))])),
        }
    }

    /// Shows or hides the list of lessons.
    pub(super) fn show_lessons(&mut self, shown: bool) {
        self.lessons_shown = shown && self.lessons.is_some();
    }

    pub(super) fn open_lesson(&mut self, id: &str) {
        let Some(found) = self.lessons.as_ref().and_then(|l| l.get(id)).cloned() else {
            return self.refuse(tf("learn.not_found", &[("id", &crate::problem::clip(id))]));
        };
        let (step, mistakes) = self
            .lesson_progress
            .record(id)
            .map_or((0, 0), |r| (r.step, r.mistakes));
        let run = LessonRun::new(found, step, mistakes);
        let Some(play) = board_of(&run) else {
            return;
        };
        self.show_practice_board(play);
        self.prefs.flipped = false;
        self.lesson = Some(run);
        self.lessons_shown = false;
        self.say_task();
    }

    /// Says the step's task (screen readers too) with nothing chosen.
    fn say_task(&mut self) {
        self.selected = None;
        self.pending = None;
        let task = self.lesson_task().unwrap_or_default();
        self.announce = task;
        self.say(
            if self
                .lesson
                .as_ref()
                .is_some_and(|r| r.step().task().is_set())
            {
                self.lesson_word("ui.tap_then_check")
            } else {
                t("puzzle.your_move").to_string()
            },
        );
    }

    /// A tap on the board in a tapping task: true when the lesson took it.
    pub(super) fn lesson_tap(&mut self, square: Square) -> bool {
        let Some(run) = self.lesson.as_mut() else {
            return false;
        };
        if !run.step().task().is_set() || !run.answering() {
            return false;
        }
        run.toggle(square);
        let n = run.marked().count().to_string();
        self.tell(self.lesson_wordf("ui.tapped", &[("n", &n)]));
        true
    }

    /// A move tried in a move task: judged by the engine, played when
    /// right, left off the board when wrong. True when the lesson took it.
    pub(super) fn lesson_move(&mut self, text: &str) -> bool {
        let Some(run) = self.lesson.as_mut() else {
            return false;
        };
        if !run.answering() {
            return false;
        }
        if run.step().task().is_set() {
            // The answer is squares: the board stays the question's.
            self.refuse(self.lesson_word("ui.tap_then_check"));
            return true;
        }
        let pos = run.step().position();
        let Ok(mv) = pos.parse_move(text) else {
            return false;
        };
        let mut solver = Solver::new(NODE_LIMIT, 16);
        let verdict = judge_move(run.step(), mv, &mut solver);
        let right = verdict.is_ok();
        run.judged(Some(pos.notation(mv)), verdict);
        self.selected = None;
        self.pending = None;
        if right {
            self.lesson_board();
        }
        // Kept right or wrong: a mistake counts after a reload too.
        self.lesson_reached();
        self.say_judged(right);
        true
    }

    /// Says the panel's feedback in the status line: an error when wrong.
    fn say_judged(&mut self, right: bool) {
        let said = self.lesson_feedback().unwrap_or_default();
        if right {
            self.tell(said);
        } else {
            self.refuse(said);
        }
    }

    /// The step's board as the run stands (with the right move once
    /// played).
    fn lesson_board(&mut self) {
        if let Some(play) = self.lesson.as_ref().and_then(board_of) {
            self.play = play;
            self.review = None;
            self.version += 1;
            self.game_version += 1;
        }
    }

    /// Check: the squares marked in a tapping task, judged.
    pub(super) fn lesson_check(&mut self) {
        let Some(run) = self.lesson.as_mut() else {
            return;
        };
        if !run.step().task().is_set() || !run.answering() {
            return;
        }
        // The marks judged wrong, unchanged: the same answer, said again,
        // not a second mistake.
        if run.status() == StepStatus::Wrong {
            return self.say_judged(false);
        }
        // Nothing marked is no answer yet (unless none is right).
        let none_right = right_squares(&run.step().position(), run.step().task())
            .is_some_and(|set| set.is_empty());
        if run.marked().is_empty() && !none_right {
            let said = self.lesson_word("ui.tap_then_check");
            return self.tell(said);
        }
        let verdict = judge_squares(&run.step().position(), run.step().task(), run.marked());
        let right = verdict.is_ok();
        run.judged(None, verdict);
        self.lesson_reached();
        self.say_judged(right);
    }

    pub(super) fn lesson_hint(&mut self) {
        if let Some(run) = self.lesson.as_mut() {
            run.hint();
            let said = self.lesson_feedback().unwrap_or_default();
            self.tell(said);
        }
    }

    pub(super) fn lesson_retry(&mut self) {
        if let Some(run) = self.lesson.as_mut() {
            run.retry();
            self.lesson_board();
            self.say_task();
        }
    }

    pub(super) fn lesson_show(&mut self) {
        let Some(run) = self.lesson.as_mut() else {
            return;
        };
        let set = right_squares(&run.step().position(), run.step().task());
        run.show(set);
        self.lesson_board();
        self.lesson_reached();
        let said = self.lesson_feedback().unwrap_or_default();
        self.tell(said);
    }

    pub(super) fn lesson_next(&mut self) {
        let Some(run) = self.lesson.as_mut() else {
            return;
        };
        if run.advance() {
            let (id, stars) = (run.lesson().id().to_string(), run.stars());
            self.lesson_progress.finished(&id, stars);
            self.lessons_saved += 1;
            self.lesson_done += 1;
            let text = self.lesson_wordf("ui.done", &[("stars", &stars.to_string())]);
            self.tell(text);
            return;
        }
        self.lesson_board();
        self.say_task();
        self.lesson_reached();
    }

    /// Keeps the step the person reached (a reload resumes there).
    fn lesson_reached(&mut self) {
        if let Some(run) = &self.lesson {
            let step = match run.status() {
                StepStatus::Right => run.index() + 1,
                _ => run.index(),
            };
            if step < run.lesson().steps().len() {
                let id = run.lesson().id().to_string();
                self.lesson_progress.reached(&id, step, run.mistakes());
                self.lessons_saved += 1;
            }
        }
    }

    fn lesson_word(&self, key: &str) -> String {
        self.lessons
            .as_ref()
            .map(|l| l.word(key))
            .unwrap_or_default()
    }

    fn lesson_wordf(&self, key: &str, args: &[(&str, &str)]) -> String {
        self.lessons
            .as_ref()
            .map(|l| l.wordf(key, args))
            .unwrap_or_default()
    }

    /// The task of the step shown, in the page's language.
    pub fn lesson_task(&self) -> Option<String> {
        let run = self.lesson.as_ref()?;
        let step = run.step();
        Some(self.lesson_word(&format!("{}.{}", step.lesson(), step.number())))
    }

    /// What the panel says under the task: the hint, right, the answer, or
    /// why an answer is wrong (from the engine's judgement).
    pub fn lesson_feedback(&self) -> Option<String> {
        let run = self.lesson.as_ref()?;
        let step = run.step();
        if run.status() == StepStatus::Done {
            return Some(self.lesson_wordf("ui.done", &[("stars", &run.stars().to_string())]));
        }
        Some(match run.said() {
            Said::Nothing => String::new(),
            Said::Hint => self.lesson_word(&format!("{}.{}.hint", step.lesson(), step.number())),
            Said::Right if run.index() + 1 < run.lesson().steps().len() => {
                self.lesson_word("ui.right_next")
            }
            Said::Right => self.lesson_word("ui.right"),
            Said::Answer => match (step.answer(), step.task().is_set()) {
                (_, true) => {
                    self.lesson_wordf("ui.answer_set", &[("squares", &squares(run.marked()))])
                }
                (Some(answer), false) => self.lesson_wordf("ui.answer", &[("answer", answer)]),
                (None, false) => String::new(),
            },
            Said::Wrong(played, why) => self.why_words(played.as_deref().unwrap_or(""), *why),
        })
    }

    /// Why an answer is wrong, in the page's language.
    fn why_words(&self, played: &str, why: Why) -> String {
        let w = |key: &str, args: &[(&str, &str)]| self.lesson_wordf(key, args);
        let cheversi = self.play.is_cheversi();
        match why {
            Why::Illegal(violation) => {
                let reason = crate::reasons::reason(violation);
                w("why.illegal", &[("move", played), ("reason", &reason)])
            }
            Why::NotThePiece { wanted } => w(
                "why.piece",
                &[("piece", i18n::piece(wanted.letter(), cheversi))],
            ),
            Why::Attacks {
                attacks,
                needed,
                example,
                example_attacks,
            } => {
                let key = if needed == example_attacks {
                    "why.attacks_most"
                } else {
                    "why.attacks"
                };
                w(
                    key,
                    &[
                        ("move", played),
                        ("n", &attacks.to_string()),
                        ("needed", &needed.to_string()),
                        ("example", &example.to_string()),
                        ("best", &example_attacks.to_string()),
                    ],
                )
            }
            Why::Squares {
                missing,
                extra,
                rule,
            } => {
                let mut parts = Vec::new();
                if !missing.is_empty() {
                    parts.push(w("why.missing", &[("squares", &squares(missing))]));
                }
                if !extra.is_empty() {
                    parts.push(w("why.extra", &[("squares", &squares(extra))]));
                }
                if let Some((mv, violation)) = rule {
                    let reason = crate::reasons::reason(violation);
                    parts.push(w(
                        "why.illegal",
                        &[("move", &mv.to_string()), ("reason", &reason)],
                    ));
                }
                parts.join(" ")
            }
            Why::Worse {
                value,
                best,
                example,
            } => w(
                "why.worse",
                &[
                    ("move", played),
                    ("value", &signed(value)),
                    ("example", &example.to_string()),
                    ("best", &signed(best)),
                ],
            ),
            Why::NotAWin { example } => w(
                "why.not_a_win",
                &[("move", played), ("example", &example.to_string())],
            ),
            Why::AlsoLegal { rules } => w(
                "why.also_legal",
                &[("move", played), ("rules", crate::i18n::rule_set(rules))],
            ),
            Why::Trapped { turns, example } => w(
                "why.trapped",
                &[
                    ("move", played),
                    ("n", &turns.to_string()),
                    ("example", &example.to_string()),
                ],
            ),
            Why::NoCapture { example } => w(
                "why.no_capture",
                &[
                    ("move", played),
                    (
                        "example",
                        &example.map(|m| m.to_string()).unwrap_or_default(),
                    ),
                ],
            ),
            Why::Unsolved => w("why.unsolved", &[]),
        }
    }

    /// The lesson after the one shown, in the file's order (none after the
    /// last).
    pub fn next_lesson(&self) -> Option<String> {
        let id = self.lesson.as_ref()?.lesson().id();
        let lessons = self.lessons.as_ref()?.lessons();
        let at = lessons.iter().position(|l| l.id() == id)?;
        lessons.get(at + 1).map(|l| l.id().to_string())
    }

    /// The lessons are loaded.
    pub fn has_lessons(&self) -> bool {
        self.lessons.is_some()
    }
    pub fn lessons(&self) -> Option<&lesson::Library> {
        self.lessons.as_ref()
    }
    pub fn lessons_shown(&self) -> bool {
        self.lessons_shown
    }
    pub fn lesson(&self) -> Option<&LessonRun> {
        self.lesson.as_ref()
    }
    pub fn lesson_progress(&self) -> &lesson::Progress {
        &self.lesson_progress
    }
    /// The progress kept on this device, read by the shell at start.
    pub fn set_lesson_progress(&mut self, progress: lesson::Progress) {
        self.lesson_progress = progress;
    }
    /// Bumped each time a lesson is finished (the embed tells its host).
    pub fn lessons_done(&self) -> u64 {
        self.lesson_done
    }
    /// New lesson words: the page changed language.
    pub(super) fn set_lesson_words(&mut self, words: Vec<(String, String)>) {
        if let Some(library) = self.lessons.as_mut() {
            library.set_words(words);
        }
    }
    /// The squares marked on the board in a tapping task.
    pub fn marked(&self) -> Vec<u8> {
        self.lesson
            .as_ref()
            .filter(|r| r.step().task().is_set())
            .map(|r| r.marked().into_iter().map(|s| s.index() as u8).collect())
            .unwrap_or_default()
    }
}

/// The step's board: its position, and the right move once played; every
/// seat played here, no undo.
fn board_of(run: &LessonRun) -> Option<Play> {
    let step = run.step();
    let mut session = Session::new(step.options());
    for text in step.moves().iter().map(String::as_str).chain(run.played()) {
        session.play_text(text).ok()?;
    }
    let players = step.options().players();
    Play::resume(session, vec![Seat::Human; players], false).ok()
}

/// Squares as a list: "d4, e5".
fn squares(set: cheversi_engine::Bitboard) -> String {
    set.into_iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// "+3", "0", "-2".
fn signed(points: i32) -> String {
    if points > 0 {
        format!("+{points}")
    } else {
        points.to_string()
    }
}
