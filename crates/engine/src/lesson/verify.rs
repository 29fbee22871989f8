//! Checks every step of a lesson file against the engine: the position is
//! legal (parsing replays it), the task has at least one right answer, and
//! the stated answer is one of them. Tasks about the best placement or the
//! winning jump are judged by the exact search, so they agree with it.

use super::format::Lesson;
use super::judge::{judge_move, position_under, right_squares, Why};
use super::task::Task;
use crate::game::GameState;
use crate::puzzle::solve::Solver;

/// The exact search's node limit per question (deterministic).
pub const NODE_LIMIT: u64 = 2_000_000;

/// One problem found, naming the lesson and the step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unverified {
    pub lesson: String,
    pub step: usize,
    pub reason: String,
}

impl std::fmt::Display for Unverified {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "lesson {} step {}: {}",
            self.lesson, self.step, self.reason
        )
    }
}

/// Every problem in `lessons` (empty when all verify).
pub fn verify(lessons: &[Lesson]) -> Vec<Unverified> {
    let mut solver = Solver::new(NODE_LIMIT, 16);
    let mut out = Vec::new();
    for lesson in lessons {
        for step in lesson.steps() {
            let problem = |reason: String| Unverified {
                lesson: lesson.id().to_string(),
                step: step.number(),
                reason,
            };
            let pos = step.position();
            if let Task::Differs { rules } = step.task() {
                if let Err(e) = position_under(step, rules) {
                    out.push(problem(format!("under {rules}: {e}")));
                    continue;
                }
            }
            if step.task().is_set() {
                match right_squares(&pos, step.task()) {
                    Some(set) if !set.is_empty() => {}
                    _ => out.push(problem("no square is right: the task has no answer".into())),
                }
                continue;
            }
            let Some(text) = step.answer() else {
                out.push(problem("no stated answer".into()));
                continue;
            };
            let Ok(mv) = pos.parse_move(text) else {
                out.push(problem(format!("the answer '{text}' is not a move")));
                continue;
            };
            match judge_move(step, mv, &mut solver) {
                Ok(()) => {}
                Err(Why::Unsolved) => out.push(problem(format!(
                    "the exact search did not finish within {NODE_LIMIT} nodes"
                ))),
                Err(why) => out.push(problem(format!("the answer '{text}' is wrong: {why}"))),
            }
        }
    }
    out
}
