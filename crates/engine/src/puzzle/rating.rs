//! A puzzle's difficulty, on an Elo-like scale from 400 to 3000.
//!
//! ```text
//! Cheversi:  rating = 450 + 120·k     + 70·min(tempting, 8) + 15·min(shortfall, 10)
//! Attrition: rating = 450 +  50·plies + 70·min(tempting, 8) + 100
//! ```
//!
//! - `k`: placements left in the game at the puzzle (2 to 10); `plies`:
//!   moves to the end of the win (the goal `wN`). The further the end, the
//!   more a person must see ahead.
//! - `tempting`: moves with a better immediate result than the solution
//!   that end worse (Cheversi) or do not win (Attrition): the traps.
//! - `shortfall`: points the best greedy move ends below the solution
//!   (Cheversi); in Attrition every greedy move loses, a fixed 100.
//!
//! Clamped to 400..=3000. The weights spread the generated puzzles over
//! roughly 600 to 2200: Cheversi k = 2..9 gives 690 to 1530 before the
//! traps; Attrition wins are 5 to 25 plies long, 800 to 1800.

/// What the rating is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difficulty {
    pub cheversi: bool,
    /// Cheversi: placements left; Attrition: plies to the end of the win.
    pub depth: u32,
    pub tempting: u32,
    /// Cheversi: points the greedy move falls short of the solution.
    pub shortfall: u32,
}

/// The rating of a puzzle of this difficulty (see the module's formula).
pub fn rating(d: Difficulty) -> u32 {
    let traps = 70 * d.tempting.min(8);
    let raw = if d.cheversi {
        450 + 120 * d.depth + traps + 15 * d.shortfall.min(10)
    } else {
        450 + 50 * d.depth + traps + 100
    };
    raw.clamp(400, 3000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deeper_and_more_tempting_puzzles_rate_higher_within_bounds() {
        let c = |depth, tempting, shortfall| {
            rating(Difficulty {
                cheversi: true,
                depth,
                tempting,
                shortfall,
            })
        };
        assert_eq!(c(2, 0, 2), 450 + 240 + 30);
        assert!(c(3, 0, 2) > c(2, 0, 2));
        assert!(c(3, 1, 2) > c(3, 0, 2));
        assert_eq!(c(10, 100, 100), 450 + 1200 + 560 + 150);
        let a = |depth| {
            rating(Difficulty {
                cheversi: false,
                depth,
                tempting: 0,
                shortfall: 1,
            })
        };
        assert_eq!(a(3), 450 + 150 + 100);
        assert_eq!(a(1000), 3000);
    }
}
