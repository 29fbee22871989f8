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

use crate::cheversi::{Move, Options, Position, RuleSet};
use crate::game::GameState;

/// (rule set, the moves before, the move), for the rule set's own
/// scoring; an entry applies to that exact position. The four central
/// Queens are images of one another under the board's symmetries.
const ENTRIES: [(RuleSet, &str, &str); 4] = [
    (RuleSet::Lewicki, "Qd4", "Bd5"),
    (RuleSet::Lewicki, "Qe4", "Be5"),
    (RuleSet::Lewicki, "Qd5", "Bd4"),
    (RuleSet::Lewicki, "Qe5", "Be4"),
];

/// The book's move for `pos`, if it has one.
pub fn book_move(pos: &Position) -> Option<Move> {
    ENTRIES.iter().find_map(|&(rules, before, mv)| {
        let moves: Vec<&str> = before.split_whitespace().collect();
        if pos.options() != Options::new(rules) || moves.len() != pos.ply() {
            return None;
        }
        let mut at = Position::new(Options::new(rules));
        for text in moves {
            let m = at.parse_move(text).ok()?;
            at.try_play(m).ok()?;
        }
        if at != *pos {
            return None;
        }
        let m = at.parse_move(mv).ok()?;
        at.check_move(m).ok().map(|()| m)
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
        assert_eq!(book_move(&after(lewicki, "")), None);
        assert_eq!(book_move(&after(lewicki, "Qc3")), None);
        assert_eq!(book_move(&after(lewicki, "Qd4 Bd5")), None);
        let any = Options::new(RuleSet::LewickiAny);
        assert_eq!(book_move(&after(any, "Qd4")), None);
        // Another scoring is another game.
        let multiplicity = lewicki.with_count(crate::cheversi::Count::Multiplicity);
        assert_eq!(book_move(&after(multiplicity, "Qd4")), None);
    }
}
