//! Puzzles from solved positions: "find the placement that wins by the
//! most points" (Cheversi) and "win in N" (the Attrition duel and
//! two-knights).
//!
//! - [`format`]: the shipped data file, one puzzle a line, parsed into
//!   checked [`Puzzle`]s (errors say the line and the field).
//! - [`check`]: whether a move played in a puzzle is the solution's
//!   (up to a symmetry of the board).
//! - [`generate`] and [`verify`] (native tools, built on the exact
//!   searches): find puzzles in seeded games, and check a puzzle against
//!   the solver. [`criteria`] is what both agree a puzzle is, [`solve`]
//!   the exact values they share, [`rating`] the difficulty.

pub mod check;
pub mod criteria;
pub mod format;
#[cfg(feature = "tools")]
pub mod generate;
pub mod rating;
pub mod solve;
pub mod verify;

pub use check::{follow_line, same_up_to_symmetry};
pub use format::{parse_file, write_file, Goal, Puzzle, PuzzleError, HEADER};
#[cfg(feature = "tools")]
pub use generate::{generate, Config, Generated, KindStats};
pub use verify::verify;

/// Every puzzle game, in the file's order.
pub const GAMES: [&str; 7] = [
    "lewicki",
    "lewicki-any",
    "lewicki-free",
    "brainking-classic",
    "brainking",
    "duel",
    "two-knights",
];

/// The node limit of each exact search when generating and verifying the
/// shipped file (deterministic, unlike a time limit).
pub const NODE_LIMIT: u64 = 1_000_000;
