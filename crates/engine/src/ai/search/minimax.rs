//! Plain minimax without pruning or tables: the reference the alpha-beta
//! search is tested against.

use super::game::{Evaluator, Searchable, WIN};
use crate::game::Player;

/// The value for `me` of `pos` searched `depth` turns deep (a player's
/// consecutive moves share a turn), proven values with their distance.
pub fn minimax<G: Searchable, E: Evaluator<G>>(
    pos: &G,
    eval: &E,
    me: Player,
    depth: u32,
    ply: i32,
) -> i32 {
    if let Some(v) = pos.decided(me) {
        return if v >= WIN {
            WIN - ply
        } else if v <= -WIN {
            -(WIN - ply)
        } else {
            v
        };
    }
    if depth == 0 {
        return eval.evaluate(pos, me);
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let values = moves.into_iter().map(|mv| {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        let d = if child.to_move() == pos.to_move() {
            depth
        } else {
            depth - 1
        };
        minimax(&child, eval, me, d, ply + 1)
    });
    if pos.to_move() == Some(me) {
        values.max().expect("a live position has moves")
    } else {
        values.min().expect("a live position has moves")
    }
}
