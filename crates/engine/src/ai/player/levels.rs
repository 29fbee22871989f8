//! The computer's levels: a search budget and an amount of noise. Noise is
//! drawn from a seeded generator, so a level plays the same game twice from
//! the same seed.

use crate::names::named_enum;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Level {
    /// Looks one move ahead and often misjudges close choices.
    Beginner,
    /// Looks two turns ahead, with some noise.
    Casual,
    /// A real search with a modest budget and a little noise.
    Strong,
    /// The full budget, no noise, exact play where the solvers reach;
    /// Cheversi by Monte-Carlo tree search elsewhere, for the 1 s cap.
    Master,
}

named_enum!(Level, "level", [
    Level::Beginner => "beginner",
    Level::Casual => "casual",
    Level::Strong => "strong",
    Level::Master => "master",
]);

/// What a level may spend and how noisy it is.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Settings {
    /// Search nodes per move (deterministic).
    pub nodes: u64,
    /// A safety cap on the time per move, in seconds (a level is
    /// deterministic for a seed unless the cap is reached).
    pub seconds: f64,
    /// Deepest search, in turns.
    pub max_depth: u32,
    /// Softmax temperature over the root moves' values, in points
    /// (Cheversi) or jumps (Attrition); 0 plays the best move.
    pub temperature: f64,
    /// How many of the best moves the noise chooses among: a person
    /// weighs a handful of candidates, not every legal move.
    pub candidates: usize,
    /// Use the duel solvers (exact play) when they reach.
    pub solve: bool,
    /// Cheversi: Monte-Carlo tree search where the exact search does not
    /// reach (else alpha-beta with the hand-value evaluation).
    pub monte_carlo: bool,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Beginner, Level::Casual, Level::Strong, Level::Master];

    /// The default level for "play the computer": the strongest.
    pub const DEFAULT: Level = Level::Master;

    pub fn settings(self) -> Settings {
        match self {
            Level::Beginner => Settings {
                nodes: 2_000,
                seconds: 0.2,
                max_depth: 1,
                temperature: 1.5,
                candidates: 6,
                solve: false,
                monte_carlo: false,
            },
            Level::Casual => Settings {
                nodes: 30_000,
                seconds: 0.3,
                max_depth: 2,
                temperature: 0.75,
                candidates: 6,
                solve: false,
                monte_carlo: false,
            },
            Level::Strong => Settings {
                nodes: 300_000,
                seconds: 0.6,
                max_depth: 64,
                temperature: 0.3,
                candidates: 3,
                solve: true,
                monte_carlo: false,
            },
            Level::Master => Settings {
                nodes: 8_000_000,
                seconds: 1.0,
                max_depth: 64,
                temperature: 0.0,
                candidates: 1,
                solve: true,
                monte_carlo: true,
            },
        }
    }
}
