//! Lessons: short steps, one idea each, each a task on a real board that
//! the engine judges (any answer as good as the author's counts).
//!
//! - [`format`]: the shipped data file, one step a line, parsed into
//!   checked [`Step`]s (errors say the line and the field).
//! - [`task`]: the kinds of task and how the file writes them.
//! - [`judge`]: right answers and why a wrong one is wrong, from the rules
//!   and the exact search.
//! - [`verify`]: every step of a file checked against the engine.

pub mod format;
pub mod judge;
pub mod task;
pub mod verify;

pub use format::{parse_file, Lesson, LessonError, Step, HEADER};
pub use judge::{judge_move, judge_squares, right_squares, Verdict, Why};
pub use task::{Aim, Task};
pub use verify::{verify, Unverified};

/// The lessons shipped with the site.
pub const SHIPPED: &str = include_str!("../../data/lessons.txt");

#[cfg(test)]
mod tests;
