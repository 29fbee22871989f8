//! The greedy baseline: the move with the best immediate result, as a
//! beginner plays. Matches measure the levels against it, and puzzles are
//! kept only where it goes wrong.

use crate::ai::attrition::jumps;
use crate::ai::search::Searchable;
use crate::any::{AnyGame, AnyMove};
use crate::game::{GameState, Player};

/// The greedy value of `mv` for the mover `me`: Cheversi, the margin after
/// the move (in the search's eighths of a point); Attrition, a win (or a
/// loss) at once scaled far above anything else, else `me`'s jumps minus
/// the other players' jumps.
pub fn greedy_value(game: &AnyGame, mv: AnyMove, me: Player) -> i64 {
    let mut child = game.clone();
    child.play_unchecked(mv);
    match &child {
        AnyGame::Cheversi(p) => p.quick_value(me) as i64,
        AnyGame::Attrition(p) => {
            if let Some(v) = p.decided(me) {
                return v as i64 * 1000;
            }
            let theirs: i32 = (0..p.players() as Player)
                .filter(|&q| q != me && !p.is_out(q))
                .map(|q| jumps(p, q))
                .sum();
            (jumps(p, me) - theirs) as i64
        }
    }
}

/// The moves among `moves` that greedy may play in `game` (all those tied
/// for the best greedy value), in the order given.
pub fn greedy_moves(game: &AnyGame, moves: &[AnyMove]) -> Vec<AnyMove> {
    let Some(me) = game.to_move() else {
        return Vec::new();
    };
    let values: Vec<i64> = moves.iter().map(|&m| greedy_value(game, m, me)).collect();
    let Some(&best) = values.iter().max() else {
        return Vec::new();
    };
    moves
        .iter()
        .zip(&values)
        .filter(|&(_, &v)| v == best)
        .map(|(&m, _)| m)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cheversi::{Options, RuleSet};
    use crate::GameOptions;

    #[test]
    fn greedy_takes_the_largest_immediate_margin() {
        let game = GameOptions::Cheversi(Options::new(RuleSet::LewickiFree)).start();
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let best = greedy_moves(&game, &moves);
        // On the empty board a queen in the centre attacks 27 squares,
        // more than any other first placement (lewicki-free scores all
        // squares once): the four centre squares tie.
        let names: Vec<String> = best.iter().map(|&m| game.notation(m)).collect();
        assert_eq!(names, ["Qd4", "Qe4", "Qd5", "Qe5"]);
        assert_eq!(greedy_value(&game, best[0], 0), 27 * 8);
    }
}
