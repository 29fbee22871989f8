//! Cheversi openings where the Master's half second chooses badly, from
//! matches played out from the opening against the UCT baseline
//! (`cheversi match --moves`). In `lewicki`
//! Black answers the central Queen with the Bishop on the next central
//! square: a longer search prefers the Knight beside the Queen, the games
//! do not. White opens with the Queen one square off the centre, which
//! scores better than its own choice, the central `Qd4`, which UCT answers
//! with the Bishop beside it.

use crate::ai::book_entry::entry_move;
use crate::cheversi::{Move, Options, Position, RuleSet};
#[cfg(test)]
use crate::game::GameState;

/// (rule set, the moves before, the move), for the rule set's own
/// scoring; an entry applies to that exact position. White's first
/// placement, then Black's answers to the four central Queens, which are
/// images of one another under the board's symmetries.
const ENTRIES: [(RuleSet, &str, &str); 5] = [
    (RuleSet::Lewicki, "", "Qd3"),
    (RuleSet::Lewicki, "Qd4", "Bd5"),
    (RuleSet::Lewicki, "Qe4", "Be5"),
    (RuleSet::Lewicki, "Qd5", "Bd4"),
    (RuleSet::Lewicki, "Qe5", "Be4"),
];

/// The book's move for `pos`, if it has one.
pub fn book_move(pos: &Position) -> Option<Move> {
    ENTRIES.iter().find_map(|&(rules, before, mv)| {
        let start = Position::new(Options::new(rules));
        (pos.options() == start.options() && before.split_whitespace().count() == pos.ply())
            .then(|| entry_move(start, before, mv, pos))?
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(options: Options, moves: &str) -> Position {
        crate::test_support::after(Position::new(options), moves)
    }

    #[test]
    fn every_entry_is_a_legal_move_of_its_position() {
        for (rules, before, mv) in ENTRIES {
            let pos = after(Options::new(rules), before);
            let expected = pos.parse_move(mv).unwrap();
            assert_eq!(book_move(&pos), Some(expected), "{before} {mv}");
        }
    }

    #[test]
    fn other_positions_and_scorings_are_not_in_the_book() {
        let lewicki = Options::new(RuleSet::Lewicki);
        assert_eq!(book_move(&after(lewicki, "Qc3")), None);
        assert_eq!(book_move(&after(lewicki, "Qd3")), None);
        assert_eq!(book_move(&after(lewicki, "Qd4 Bd5")), None);
        let any = Options::new(RuleSet::LewickiAny);
        assert_eq!(book_move(&after(any, "")), None);
        assert_eq!(book_move(&after(any, "Qd4")), None);
        // Another scoring is another game.
        let multiplicity = lewicki.with_count(crate::cheversi::Count::Multiplicity);
        assert_eq!(book_move(&after(multiplicity, "")), None);
        assert_eq!(book_move(&after(multiplicity, "Qd4")), None);
    }
}
