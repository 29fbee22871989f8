//! The solved duel setups (`data/duel_setups.txt`, made by `cheversi
//! duel-table`; the engine reads them from the opening book's setup lines,
//! see `data.rs`), and what follows from them: who wins each setup, where
//! to place a knight, and who wins the duel.

use super::facts::Setup;
use crate::square::Square;
use std::collections::HashMap;

/// Who wins a setup with perfect play (White moves first after it).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SetupValue {
    WhiteWins,
    BlackWins,
    /// Not proved within the node limit of the run that made the table.
    Unknown,
}

/// One line of the table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Solved {
    pub setup: Setup,
    pub value: SetupValue,
    /// Nodes the solver spent on it (0 when the line does not say).
    pub nodes: u64,
}

/// Parses the table's lines (`white black W|B|? [nodes]`); `#` starts a
/// comment.
pub fn parse(text: &str) -> Result<Vec<Solved>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim_start().starts_with('#') && !l.trim().is_empty())
        .map(|(i, line)| {
            let bad = |what: &str| {
                let line = crate::game::quoted(line);
                format!("duel table line {}: {what}: {line}", i + 1)
            };
            let f: Vec<&str> = line.split_whitespace().collect();
            if f.len() != 3 && f.len() != 4 {
                return Err(bad("expected: white black result [nodes]"));
            }
            let white: Square = f[0].parse().map_err(|_| bad("bad square"))?;
            let black: Square = f[1].parse().map_err(|_| bad("bad square"))?;
            if white == black {
                return Err(bad("the two knights on one square"));
            }
            let value = match f[2] {
                "W" => SetupValue::WhiteWins,
                "B" => SetupValue::BlackWins,
                "?" => SetupValue::Unknown,
                _ => return Err(bad("result must be W, B or ?")),
            };
            let nodes = match f.get(3) {
                Some(n) => n.parse().map_err(|_| bad("bad node count"))?,
                None => 0,
            };
            Ok(Solved {
                setup: Setup { white, black },
                value,
                nodes,
            })
        })
        .collect()
}

/// The table as a lookup by canonical setup.
pub struct DuelTable {
    values: HashMap<Setup, SetupValue>,
}

impl DuelTable {
    pub fn from_lines(lines: &[Solved]) -> DuelTable {
        DuelTable {
            values: lines
                .iter()
                .map(|s| (s.setup.canonical(), s.value))
                .collect(),
        }
    }

    /// The value of a setup (any orientation).
    pub fn value(&self, setup: Setup) -> SetupValue {
        self.values
            .get(&setup.canonical())
            .copied()
            .unwrap_or(SetupValue::Unknown)
    }

    /// Black's legal answers to White's knight on `white`.
    pub fn answers(white: Square) -> impl Iterator<Item = Square> {
        Square::all().filter(move |&b| b != white && !white.mirrors().contains(&b))
    }

    /// What White's placement on `white` is worth: White wins if every
    /// answer loses for Black; Black wins if some answer wins for it.
    pub fn placement_value(&self, white: Square) -> SetupValue {
        let mut unknown = false;
        for black in Self::answers(white) {
            match self.value(Setup { white, black }) {
                SetupValue::BlackWins => return SetupValue::BlackWins,
                SetupValue::Unknown => unknown = true,
                SetupValue::WhiteWins => {}
            }
        }
        if unknown {
            SetupValue::Unknown
        } else {
            SetupValue::WhiteWins
        }
    }

    /// Who wins the duel with perfect play from the empty board.
    pub fn duel_value(&self) -> SetupValue {
        let values: Vec<SetupValue> = Square::all().map(|w| self.placement_value(w)).collect();
        if values.contains(&SetupValue::WhiteWins) {
            SetupValue::WhiteWins
        } else if values.iter().all(|&v| v == SetupValue::BlackWins) {
            SetupValue::BlackWins
        } else {
            SetupValue::Unknown
        }
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_support::sq;

    /// The solver's file.
    const SOLVED: &str = include_str!("../../../data/duel_setups.txt");

    #[test]
    fn the_table_reads_and_reasons_like_the_setup_game() {
        assert!(parse("a1 b1 X 3").is_err());
        assert!(parse("a1 b1").is_err());
        assert!(parse("a1 b1 W 3 4").is_err());
        assert_eq!(parse("a1 b1 W").unwrap()[0].nodes, 0);
        let lines = parse("# c\nd4 f5 W 1\n").unwrap();
        assert_eq!(lines.len(), 1);
        // White on d4 wins against f5 and every symmetric image of it...
        let table = DuelTable::from_lines(&lines);
        assert_eq!(
            table.value(Setup {
                white: sq("e5"),
                black: sq("c4")
            }),
            SetupValue::WhiteWins
        );
        // ...but the other answers are unknown, so d4 is not proved good.
        assert_eq!(table.placement_value(sq("d4")), SetupValue::Unknown);
        // A single winning answer for Black decides White's placement.
        let lines = parse("d4 f5 W 1\nd4 a1 B 10\n").unwrap();
        assert_eq!(
            DuelTable::from_lines(&lines).placement_value(sq("d4")),
            SetupValue::BlackWins
        );
        // The answers exclude d4 and its mirrors.
        assert_eq!(DuelTable::answers(sq("d4")).count(), 60);
    }

    /// The duel solved: every setup up to symmetry has a proved value,
    /// and each is the one the hunter rule predicts — the player who can
    /// capture wins. White, who jumps first, can capture exactly when the
    /// knights start on squares of different colours (at each of White's
    /// turns both knights have jumped equally often); otherwise Black can.
    #[test]
    fn every_setup_is_proved_and_the_hunter_wins_it() {
        let lines = parse(SOLVED).unwrap();
        let table = DuelTable::from_lines(&lines);
        let all = Setup::all_distinct();
        assert_eq!(all.len(), 492);
        assert_eq!(lines.len(), 492, "one line a setup");
        for setup in all {
            let hunter = if setup.white.is_dark() != setup.black.is_dark() {
                SetupValue::WhiteWins
            } else {
                SetupValue::BlackWins
            };
            assert_eq!(table.value(setup), hunter, "{setup:?}");
        }
        // Black has an answer of White's colour to every first square.
        assert_eq!(table.duel_value(), SetupValue::BlackWins);
    }

    /// The depth-first solver, a search independent of df-pn, agrees with
    /// the table (made by df-pn) on every setup it proves within a small
    /// budget.
    #[test]
    fn the_depth_first_solver_agrees_with_the_table() {
        use crate::ai::duel::solver::DuelSolver;
        use crate::bitboard::Bitboard;
        let table = DuelTable::from_lines(&parse(SOLVED).unwrap());
        let mut checked = [0; 2];
        for setup in Setup::all_distinct() {
            let mut solver = DuelSolver::new(16, 20_000);
            let markers = Bitboard::from_square(setup.white) | Bitboard::from_square(setup.black);
            if let Some(proof) = solver.solve(markers, setup.white, setup.black) {
                let white_wins = table.value(setup) == SetupValue::WhiteWins;
                assert_eq!(proof.wins, white_wins, "{setup:?}");
                checked[usize::from(white_wins)] += 1;
            }
        }
        // Within the budget it proves White's quick wins (45) and one of
        // Black's; a larger budget proves no more.
        assert!(
            checked[1] >= 40 && checked[0] >= 1,
            "proved (Black, White): {checked:?}"
        );
    }
}
