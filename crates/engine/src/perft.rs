//! Perft: the number of move sequences of a given length. A piece lost
//! because it cannot jump is not a move, and a finished game has none.

use crate::game::GameState;

fn legal<G: GameState>(pos: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
}

fn after<G: GameState>(pos: &G, mv: G::Move) -> G {
    let mut child = pos.clone();
    child.play_unchecked(mv);
    child
}

/// Move sequences of exactly `depth` moves from `pos`.
pub fn perft<G: GameState>(pos: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        // Bulk counting: the last level is counted, not played.
        1 => pos.count_legal_moves(),
        _ => legal(pos)
            .into_iter()
            .map(|mv| perft(&after(pos, mv), depth - 1))
            .sum(),
    }
}

/// Perft split by first move, as `(move notation, count)`.
pub fn divide<G: GameState>(pos: &G, depth: u32) -> Vec<(String, u64)> {
    legal(pos)
        .into_iter()
        .map(|mv| {
            (
                pos.notation(mv),
                perft(&after(pos, mv), depth.saturating_sub(1)),
            )
        })
        .collect()
}
