//! Checks a puzzle against the exact search, from scratch (fresh tables):
//! the goal is the position's value, the line's first move is the only
//! solution and greedy misses it, and the rest of the line is best play
//! ([`super::criteria`] says what each of these means).

use super::criteria::{greedy_fails, is_cheversi, only_best, MARGIN};
use super::format::{Goal, Puzzle};
use super::solve::{describe, one_ply_earlier, Solver};
use crate::ai::cheversi::SCALE;
use crate::ai::search::plies_to_end;
use crate::game::GameState;

/// Tables of 2^16 slots (2 MB): made afresh for every puzzle.
const TABLE_BITS: u32 = 16;

/// `Ok` when the exact search, each question within `node_limit` nodes,
/// agrees with the puzzle; else which check failed, with the values.
pub fn verify(puzzle: &Puzzle, node_limit: u64) -> Result<(), String> {
    let mut solver = Solver::new(node_limit, TABLE_BITS);
    let out_of_budget =
        |what: &str| format!("{what}: the exact search did not finish within {node_limit} nodes");
    let mut pos = puzzle.position();
    let me = puzzle.solver();
    let cheversi = is_cheversi(&pos);
    let moves = solver
        .moves(&pos)
        .ok_or_else(|| out_of_budget("position"))?;
    let best = moves.first().ok_or("position: no legal move")?.value;
    let goal_holds = match puzzle.goal() {
        Goal::Margin(points) => best == points * SCALE,
        Goal::WinIn(plies) => best > 0 && plies_to_end(best) == Some(plies),
    };
    if !goal_holds {
        return Err(format!(
            "goal: the position is worth {}, the puzzle says {}",
            describe(best, cheversi),
            puzzle.goal()
        ));
    }
    let mut line = Vec::with_capacity(puzzle.line().len());
    for (i, text) in puzzle.line().iter().enumerate() {
        let mv = pos
            .parse_move(text)
            .map_err(|e| format!("move {} '{text}': {e}", i + 1))?;
        line.push(mv);
        let mut after = pos.clone();
        after
            .try_play(mv)
            .map_err(|e| format!("move {} '{text}': {e}", i + 1))?;
        pos = after;
    }
    let mut pos = puzzle.position();
    for (i, &mv) in line.iter().enumerate() {
        let n = i + 1;
        let mover = pos.to_move().ok_or(format!("move {n}: the game is over"))?;
        if mover == me {
            let valued = if i == 0 {
                moves.clone()
            } else {
                solver
                    .moves(&pos)
                    .ok_or_else(|| out_of_budget(&format!("move {n}")))?
            };
            let margin = if i == 0 { MARGIN } else { 1 };
            only_best(&pos, &valued, mv, margin).map_err(|e| format!("move {n}: {e}"))?;
            if i == 0 {
                greedy_fails(&pos, &valued, mv).map_err(|e| format!("greedy: {e}"))?;
            }
        } else {
            // A best reply leaves the solver what the position is worth.
            let (before, _) = solver
                .value(&pos, me)
                .ok_or_else(|| out_of_budget(&format!("move {n}")))?;
            let mut after = pos.clone();
            after.play_unchecked(mv);
            let (left, _) = solver
                .value(&after, me)
                .ok_or_else(|| out_of_budget(&format!("move {n}")))?;
            let left = one_ply_earlier(left);
            if left != before {
                return Err(format!(
                    "move {n}: {} is not a best reply: it leaves the solver {}, the best reply {}",
                    pos.notation(mv),
                    describe(left, cheversi),
                    describe(before, cheversi)
                ));
            }
        }
        pos.play_unchecked(mv);
    }
    Ok(())
}
