//! Whether a move played in a puzzle is the solution's: the same move, or
//! (Cheversi) one that leaves the same position up to a symmetry of the
//! board, which the solver counts as the same placement. The rest of the
//! solution then follows the person's orientation.

use crate::any::{AnyGame, AnyMove};
use crate::cheversi;
use crate::game::GameState;
use crate::square::Square;

type Symmetry = fn(Square) -> Square;

/// The symmetry of the board that takes the position after `expected` to
/// the one after `played` (the identity first, when they are equal);
/// `None` when either is not a legal move or no symmetry does.
fn symmetry_between(game: &AnyGame, played: AnyMove, expected: AnyMove) -> Option<Symmetry> {
    let after = |mv: AnyMove| {
        let mut child = game.clone();
        child.try_play(mv).ok()?;
        Some(child)
    };
    match (after(played)?, after(expected)?) {
        (AnyGame::Cheversi(a), AnyGame::Cheversi(b)) => Square::SYMMETRIES
            .into_iter()
            .find(|map| b.hash_mapped(map) == a.hash_mapped(|s| s)),
        (AnyGame::Attrition(a), AnyGame::Attrition(b)) => (a == b).then_some(|s| s),
        _ => None,
    }
}

/// [`symmetry_between`] for move texts.
fn symmetry_between_texts(game: &AnyGame, played: &str, expected: &str) -> Option<Symmetry> {
    let (a, b) = (
        game.parse_move(played).ok()?,
        game.parse_move(expected).ok()?,
    );
    symmetry_between(game, a, b)
}

/// True when `played` and `expected` (move texts, both legal in `game`)
/// lead to the same position, up to the board's symmetries in Cheversi.
/// A text that is not a legal move is never the same.
pub fn same_up_to_symmetry(game: &AnyGame, played: &str, expected: &str) -> bool {
    symmetry_between_texts(game, played, expected).is_some()
}

/// [`same_up_to_symmetry`] for parsed moves: true when both are legal in
/// `game` and lead to the same position (up to symmetry in Cheversi).
pub fn same_move_up_to_symmetry(game: &AnyGame, a: AnyMove, b: AnyMove) -> bool {
    symmetry_between(game, a, b).is_some()
}

/// The solution's moves after `expected`, as they read after `played`
/// (its mirror image): `rest` mapped through the symmetry between the two
/// positions. `None` when `played` is not the solution's move.
pub fn follow_line(
    game: &AnyGame,
    played: &str,
    expected: &str,
    rest: &[String],
) -> Option<Vec<String>> {
    let map = symmetry_between_texts(game, played, expected)?;
    rest.iter()
        .map(|text| match game {
            AnyGame::Cheversi(_) => {
                let mv: cheversi::Move = text.parse().ok()?;
                Some(
                    cheversi::Move {
                        kind: mv.kind,
                        square: map(mv.square),
                    }
                    .to_string(),
                )
            }
            AnyGame::Attrition(_) => Some(text.clone()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cheversi::{Options, RuleSet};
    use crate::GameOptions;

    fn lewicki_free() -> AnyGame {
        GameOptions::Cheversi(Options::new(RuleSet::LewickiFree)).start()
    }

    #[test]
    fn a_mirror_image_placement_is_the_same_on_a_symmetric_board() {
        let game = lewicki_free();
        // On the empty board every corner is the same square.
        assert!(same_up_to_symmetry(&game, "Qa1", "Qh8"));
        assert!(same_up_to_symmetry(&game, "Qd4", "Qe5"));
        assert!(!same_up_to_symmetry(&game, "Qd4", "Qd3"));
        assert!(!same_up_to_symmetry(&game, "Qd4", "Rd4"));
        assert!(!same_up_to_symmetry(&game, "Qd4", "nonsense"));
        // No symmetry but the identity keeps a piece on b1 in place.
        let mut after = game.clone();
        after.try_play(after.parse_move("Nb1").unwrap()).unwrap();
        assert!(!same_up_to_symmetry(&after, "Qc1", "Qa3"));
        assert!(!same_up_to_symmetry(&after, "Qc1", "Qf1"));
        assert!(same_up_to_symmetry(&after, "Qc1", "Qc1"));
    }

    #[test]
    fn the_line_follows_the_mirror_image_the_person_played() {
        let game = lewicki_free();
        let rest = vec!["Qb2".to_string(), "Rc1".to_string()];
        // The solution's Qa1 played as Qh1: the files are mirrored.
        assert_eq!(
            follow_line(&game, "Qh1", "Qa1", &rest),
            Some(vec!["Qg2".to_string(), "Rf1".to_string()])
        );
        assert_eq!(follow_line(&game, "Qa1", "Qa1", &rest), Some(rest.clone()));
        assert_eq!(follow_line(&game, "Qb1", "Qa1", &rest), None);
    }
}
