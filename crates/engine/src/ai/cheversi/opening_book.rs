//! Cheversi openings where the Master's half second chooses badly, from
//! matches played out from the opening. In `lewicki` against a central
//! Queen, the Master chose between a Knight and a Bishop beside the Queen;
//! played out against the UCT baseline, both at 500 ms a move, 60 games
//! from each (`cheversi match --rules lewicki --moves "Qd4 Bd5" --a ms:500
//! --b uct-ms:500 --games 60 --seed 41`, and `"Qd4 Nd3"`), the Master as
//! Black scored 28–2–0 after `Qd4 Bd5` and 3–27–0 after `Qd4 Nd3`; as
//! White it scored 17–5–8 and 16–14–0. So Black answers the central Queen
//! with the Bishop on the next central square. A 10 s search preferred
//! `Nd3`; the games did not.
//!
//! White's first placement came from the same kind of play-out, 120 games
//! from each candidate with seats alternating (`cheversi match --rules
//! lewicki --moves "Qd3" --a ms:500 --b uct-ms:500 --games 120 --seed
//! 61`): as White the Master scored 29–27–4 after `Qd3` (71%), against
//! 78–89–33 (61%) over 200 games with its own choice, the central `Qd4`,
//! which UCT answers with the Bishop beside it; after `Bd3` it lost 55 of
//! 60. So White opens with the Queen one square off the centre.

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
        let mut pos = Position::new(options);
        for text in moves.split_whitespace() {
            let m = pos.parse_move(text).unwrap();
            pos.try_play(m).unwrap();
        }
        pos
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
