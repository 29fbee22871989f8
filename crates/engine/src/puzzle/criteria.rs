//! What makes a position a puzzle and a line its solution: one set of
//! rules, used by the generator to choose and by the verifier to check.
//!
//! - The solver's first move is the only best move: Cheversi, every other
//!   placement (up to symmetry) ends at least [`MARGIN`] worse: one whole
//!   point, so the best move is strictly the best in every scoring (final
//!   margins are whole points); a larger margin leaves almost no puzzles
//!   in `lewicki-any`, `lewicki-free` and `brainking-classic`, where many
//!   placements are near equal. Attrition: it is the only move that wins.
//! - The greedy move (every move tied for the best immediate result) is
//!   not a solution: the puzzle needs a look ahead.
//! - Every later solver move of the line is again the only best one
//!   (Cheversi: strictly better than every other, no margin needed;
//!   Attrition: the only win); every reply is a best reply (Cheversi: it
//!   keeps the margin; Attrition: the loser's longest resistance).

use super::check::same_move_up_to_symmetry;
use super::solve::{describe, Valued};
use crate::ai::cheversi::SCALE;
use crate::ai::player::greedy::greedy_moves;
use crate::ai::search::is_proof;
use crate::any::{AnyGame, AnyMove};
use crate::game::GameState;

/// How much better than every other move a Cheversi puzzle's first move
/// must be: 1 point (in the search's eighths).
pub const MARGIN: i32 = SCALE;

/// Whether `pos` is a Cheversi position (values are margins, not proofs).
pub fn is_cheversi(pos: &AnyGame) -> bool {
    matches!(pos, AnyGame::Cheversi(_))
}

fn wins(value: i32) -> bool {
    is_proof(value) && value > 0
}

/// The value of `mv` among `moves` (exact values of the candidates, best
/// first), found up to symmetry.
pub fn value_of(pos: &AnyGame, moves: &[Valued], mv: AnyMove) -> Option<i32> {
    moves
        .iter()
        .find(|v| v.mv == mv || same_move_up_to_symmetry(pos, v.mv, mv))
        .map(|v| v.value)
}

/// Checks that `chosen` is the only best move among `moves` (exact values
/// of every candidate, best first). `margin`: how much worse every other
/// Cheversi move must be (eighths; 1 asks for strictly worse). Returns the
/// move's value.
pub fn only_best(
    pos: &AnyGame,
    moves: &[Valued],
    chosen: AnyMove,
    margin: i32,
) -> Result<i32, String> {
    let cheversi = is_cheversi(pos);
    let name = |mv: AnyMove| pos.notation(mv);
    let best = moves.first().ok_or("there is no move")?;
    let value = value_of(pos, moves, chosen)
        .ok_or_else(|| format!("{} is not a legal move", name(chosen)))?;
    if !cheversi && !wins(value) {
        return Err(format!(
            "{} does not win ({})",
            name(chosen),
            describe(value, false)
        ));
    }
    if value != best.value {
        return Err(format!(
            "{} is not best: it gives {}, {} gives {}",
            name(chosen),
            describe(value, cheversi),
            name(best.mv),
            describe(best.value, cheversi)
        ));
    }
    let rival = moves.iter().find(|v| {
        !(v.mv == chosen || same_move_up_to_symmetry(pos, v.mv, chosen))
            && if cheversi {
                v.value > value - margin
            } else {
                wins(v.value)
            }
    });
    if let Some(r) = rival {
        let need = if cheversi && margin > 1 {
            format!(" (the solution must be {} better)", describe(margin, true))
        } else {
            String::new()
        };
        return Err(format!(
            "{} is not the only solution: {} gives {}, {} gives {}{need}",
            name(chosen),
            name(r.mv),
            describe(r.value, cheversi),
            name(chosen),
            describe(value, cheversi)
        ));
    }
    Ok(value)
}

/// Checks that no greedy move (no move tied for the best immediate
/// result among `moves`) is as good as `solution`.
pub fn greedy_fails(pos: &AnyGame, moves: &[Valued], solution: AnyMove) -> Result<(), String> {
    let cheversi = is_cheversi(pos);
    let candidates: Vec<AnyMove> = moves.iter().map(|v| v.mv).collect();
    let best = moves.first().map_or(0, |v| v.value);
    for g in greedy_moves(pos, &candidates) {
        let value = value_of(pos, moves, g).unwrap_or(i32::MIN);
        let solves = if cheversi { value >= best } else { wins(value) };
        if solves || same_move_up_to_symmetry(pos, g, solution) {
            return Err(format!(
                "the greedy move {} solves it too: it gives {}",
                pos.notation(g),
                describe(value, cheversi)
            ));
        }
    }
    Ok(())
}

/// How many moves look better than the solution (a better immediate
/// result) but end worse: the traps of the puzzle.
pub fn tempting(pos: &AnyGame, moves: &[Valued], solution: AnyMove) -> u32 {
    let Some(me) = pos.to_move() else {
        return 0;
    };
    let cheversi = is_cheversi(pos);
    let greedy = |mv| crate::ai::player::greedy::greedy_value(pos, mv, me);
    let own = greedy(solution);
    let best = value_of(pos, moves, solution).unwrap_or(0);
    moves
        .iter()
        .filter(|v| {
            greedy(v.mv) > own
                && if cheversi {
                    v.value < best
                } else {
                    !wins(v.value)
                }
        })
        .count() as u32
}

/// How far the best greedy move falls short of the solution: Cheversi, in
/// points; Attrition, 1 (a greedy move loses).
pub fn greedy_shortfall(pos: &AnyGame, moves: &[Valued]) -> u32 {
    let candidates: Vec<AnyMove> = moves.iter().map(|v| v.mv).collect();
    let best = moves.first().map_or(0, |v| v.value);
    let greedy_best = greedy_moves(pos, &candidates)
        .into_iter()
        .filter_map(|g| value_of(pos, moves, g))
        .max()
        .unwrap_or(best);
    if is_cheversi(pos) {
        ((best - greedy_best).max(0) / SCALE) as u32
    } else {
        u32::from(!wins(greedy_best))
    }
}
