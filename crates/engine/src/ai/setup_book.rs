//! White's setup in `sudden-death`, from deeper searches than a move's
//! half second allows: the Master's own setup (`Nd4 Be5`) lets some of
//! greedy's answers win. Each entry here is the move a long search chose
//! (`cheversi bestmove --game attrition --variant sudden-death --moves M
//! --time-ms 20000`), checked against greedy with
//! `examples/setup_trial.rs`.

use crate::ai::book_entry::entry_move;
use crate::attrition::{Move, Options, Position, Variant};
#[cfg(test)]
use crate::game::GameState;

/// (variant, the moves before, the move): the positions are replayed and
/// compared whole, so an entry applies to that position only.
const ENTRIES: [(Variant, &str, &str); 3] = [
    (Variant::SuddenDeath, "", "Nf4"),
    (Variant::SuddenDeath, "Nf4", "Bc4"),
    // After the search's own first placement.
    (Variant::SuddenDeath, "Nd4", "Bd5"),
];

/// The table's move for `pos`, if it has one.
pub fn book_move(pos: &Position) -> Option<Move> {
    if !pos.in_setup() {
        return None;
    }
    ENTRIES.iter().find_map(|&(variant, before, mv)| {
        (variant == pos.variant() && before.split_whitespace().count() == pos.ply())
            .then(|| entry_move(Position::new(Options::new(variant)), before, mv, pos))?
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(variant: Variant, moves: &str) -> Position {
        crate::test_support::after(Position::new(Options::new(variant)), moves)
    }

    #[test]
    fn every_entry_is_a_legal_move_of_its_position() {
        for (variant, before, mv) in ENTRIES {
            let pos = after(variant, before);
            let found = book_move(&pos).unwrap_or_else(|| panic!("{before} -> {mv}"));
            assert_eq!(pos.notation(found), mv);
        }
    }

    #[test]
    fn other_positions_and_variants_have_no_entry() {
        for (variant, moves) in [
            (Variant::TwoKnights, ""),
            (Variant::SuddenDeath, "Nc3"),
            (Variant::SuddenDeath, "Bf4"),
            (Variant::SuddenDeath, "Nf4 Bc4"),
            (Variant::SuddenDeath, "Nf4 Bc4 Nc7 Bc8 f4-d3"),
            (Variant::Duel, ""),
        ] {
            assert_eq!(
                book_move(&after(variant, moves)),
                None,
                "{variant:?} {moves}"
            );
        }
    }
}
