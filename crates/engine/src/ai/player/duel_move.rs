//! The engine's duel: the solved setups for the placements, the book and
//! the solvers for the jumps after them.

use super::engine::{pv_of, Engine, DFPN_BITS, TABLE_BITS};
use super::request::{Eval, Thought};
use crate::ai::attrition::Mobility;
use crate::ai::budget::Budget;
use crate::ai::duel::dfpn::Dfpn;
use crate::ai::duel::table::{DuelTable, SetupValue};
use crate::ai::duel::{data, prove_jump, DuelSolver, Setup, PROOF_SHARE};
use crate::ai::player::levels::Settings;
use crate::ai::search::RootValues;
use crate::any::AnyMove;
use crate::attrition::{self, Move as Jump, Piece};
use crate::square::Square;

impl Engine {
    /// The duel: the setup table for placements, the solver after them.
    pub(super) fn solve_duel(
        &mut self,
        pos: &attrition::Position,
        s: &Settings,
        budget: &mut Budget<'_>,
    ) -> Option<Thought> {
        let me = pos.to_move()?;
        let square = |p| pos.slot(p, Piece::Knight).square();
        let answer =
            |best: Jump, eval: Eval, exact: bool, nodes: u64, budget: &Budget<'_>| Thought {
                best: AnyMove::Attrition(best),
                eval,
                exact,
                depth: 0,
                nodes,
                pv: vec![AnyMove::Attrition(best)],
                seconds: budget.elapsed(),
            };
        if pos.in_setup() {
            let table = data::table();
            let Some((squares, value)) = best_placement(table, me, square(0)) else {
                return self.hunter_placement(pos, s, budget);
            };
            let wins = value == SetupValue::WhiteWins && me == 0
                || value == SetupValue::BlackWins && me == 1;
            if !wins && squares.len() > 1 {
                // Lost whatever the square (White in the solved duel):
                // among those leaving the most losing answers, the search
                // picks the one with the most room, as after the setup.
                let mut thought = self.search_placement(pos, squares, s, budget)?;
                thought.eval = Eval::Loses(None);
                thought.exact = true;
                return Some(thought);
            }
            // Black's winning squares: the quickest win the book measures.
            let mut distance = None;
            let mut squares = squares;
            if let (true, 1, Some(white)) = (wins, me, square(0)) {
                let book = data::opening_book();
                let measured: Vec<(Square, u16)> = squares
                    .iter()
                    .filter_map(|&b| Some((b, book.black_setup_distance(white, b)?)))
                    .collect();
                if let Some(shortest) = measured.iter().map(|&(_, d)| d).min() {
                    squares = measured
                        .iter()
                        .filter(|&&(_, d)| d == shortest)
                        .map(|&(b, _)| b)
                        .collect();
                    distance = Some(u32::from(shortest));
                }
            }
            let square = squares[self.rng.below(squares.len() as u32) as usize];
            let mv = Jump::Place {
                piece: Piece::Knight,
                square,
            };
            let eval = if wins {
                Eval::Wins(distance)
            } else {
                Eval::Loses(None)
            };
            return Some(answer(mv, eval, true, 0, budget));
        }
        let (mine, theirs) = (square(me)?, square(1 - me)?);
        // The solvers may use the level's nodes and, through the budget,
        // their share of its time; the search gets the rest if no proof
        // comes.
        let duel = self
            .duel
            .get_or_insert_with(|| DuelSolver::new(TABLE_BITS, 0));
        duel.set_node_limit(s.nodes);
        let pn = self
            .duel_pn
            .get_or_insert_with(|| Dfpn::new(DFPN_BITS, u64::MAX));
        // A request by nodes alone has no time limit: the nodes bound it.
        pn.set_node_limit(s.nodes);
        let before = duel.nodes + pn.nodes;
        let book = data::opening_book();
        let solved = prove_jump(
            book,
            duel,
            pn,
            pos.markers(),
            mine,
            theirs,
            budget,
            s.seconds * PROOF_SHARE,
        );
        let mut solved = solved?;
        if !solved.wins && solved.plies.is_none() {
            // The opponent's "wins in N": the longest resistance, walked
            // along df-pn's proof with what is left of the solvers' share.
            let left = (s.seconds * PROOF_SHARE - budget.elapsed()).max(0.0);
            let mut part = budget.part(Some(left));
            if let Some((line, plies)) = pn.losing_line(pos.markers(), mine, theirs, &mut part) {
                solved.plies = Some(plies);
                // A race leaves no line: the jump found stays.
                if !line.is_empty() {
                    solved.line = line;
                }
            }
        }
        let nodes = duel.nodes + pn.nodes - before;
        let mv = Jump::Jump {
            from: mine,
            to: solved.jump(),
        };
        let plies = solved.plies.map(u32::from);
        let eval = if solved.wins {
            Eval::Wins(plies)
        } else {
            Eval::Loses(plies)
        };
        let mut thought = answer(mv, eval, true, nodes, budget);
        // The proof's line: the knights jump in turn from their squares.
        let mut from = [mine, theirs];
        thought.pv = solved
            .line
            .iter()
            .enumerate()
            .map(|(i, &to)| {
                let jump = Jump::Jump {
                    from: from[i % 2],
                    to,
                };
                from[i % 2] = to;
                AnyMove::Attrition(jump)
            })
            .collect();
        Some(thought)
    }

    /// Black's placement when the table does not know: a square of the
    /// colour of White's knight makes Black the only one who can ever
    /// capture, which wins every setup (the table proves it); the search
    /// chooses among those squares.
    pub(super) fn hunter_placement(
        &mut self,
        pos: &attrition::Position,
        s: &Settings,
        budget: &mut Budget<'_>,
    ) -> Option<Thought> {
        let white = pos
            .slot(0, Piece::Knight)
            .square()
            .filter(|_| pos.to_move() == Some(1))?;
        let squares = pos
            .placement_squares()
            .into_iter()
            .filter(|sq| sq.is_dark() == white.is_dark())
            .collect();
        self.search_placement(pos, squares, s, budget)
    }

    /// The search's choice of a knight's setup square among `squares`.
    pub(super) fn search_placement(
        &mut self,
        pos: &attrition::Position,
        squares: Vec<Square>,
        s: &Settings,
        budget: &mut Budget<'_>,
    ) -> Option<Thought> {
        let moves: Vec<Jump> = squares
            .into_iter()
            .map(|square| Jump::Place {
                piece: Piece::Knight,
                square,
            })
            .collect();
        if moves.is_empty() {
            return None;
        }
        let found = self.attrition().search(
            pos,
            &Mobility,
            budget,
            s.max_depth,
            Some(moves),
            RootValues::Best,
        );
        Some(Thought {
            best: AnyMove::Attrition(found.best),
            eval: Eval::Score(found.value),
            exact: false,
            depth: found.depth,
            nodes: budget.nodes,
            pv: pv_of(&found, found.best, AnyMove::Attrition),
            seconds: budget.elapsed(),
        })
    }
}

/// The best placements by the duel table for `me`, all of one value:
/// White's squares whose every answer it wins, Black's answers it wins;
/// when every square loses, White's that leave the largest share of
/// Black's answers losing (an opponent who errs has the most ways to).
/// Unknown beats a known loss. `None` if nothing is known.
fn best_placement(
    table: &DuelTable,
    me: u8,
    white: Option<Square>,
) -> Option<(Vec<Square>, SetupValue)> {
    let options: Vec<(Square, SetupValue)> = match (me, white) {
        (0, _) => Square::all()
            .map(|w| (w, table.placement_value(w)))
            .collect(),
        (_, Some(w)) => DuelTable::answers(w)
            .map(|b| (b, table.value(Setup { white: w, black: b })))
            .collect(),
        _ => return None,
    };
    let good = if me == 0 {
        SetupValue::WhiteWins
    } else {
        SetupValue::BlackWins
    };
    let rank = |v: SetupValue| {
        if v == good {
            2
        } else if v == SetupValue::Unknown {
            1
        } else {
            0
        }
    };
    let top = options.iter().map(|&(_, v)| rank(v)).max()?;
    if top == 1 {
        return None; // the table does not know: let the search choose
    }
    let value = options.iter().find(|&&(_, v)| rank(v) == top)?.1;
    let mut best: Vec<Square> = options
        .into_iter()
        .filter(|&(_, v)| rank(v) == top)
        .map(|(square, _)| square)
        .collect();
    if me == 0 && top == 0 {
        let chances = |w: Square| lost_answer_share(table, w);
        let most = best.iter().map(|&w| chances(w)).max()?;
        best.retain(|&w| chances(w) == most);
    }
    Some((best, value))
}

/// For White on `w`: the share, in thousandths, of Black's answers that
/// lose for Black.
fn lost_answer_share(table: &DuelTable, w: Square) -> usize {
    let answers: Vec<Square> = DuelTable::answers(w).collect();
    let lost = answers
        .iter()
        .filter(|&&b| table.value(Setup { white: w, black: b }) == SetupValue::WhiteWins)
        .count();
    lost * 1000 / answers.len().max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::player::levels::Level;
    use crate::ai::player::request::Request;
    use crate::any::AnyGame;

    use crate::ai::duel::table::{parse, Solved};

    /// The solved setups, from the solver's file.
    const SOLVED: &str = include_str!("../../../data/duel_setups.txt");

    /// Share of Black's answers to `w` that lose for Black, in thousandths,
    /// by brute force from the table's lines: every square the mirror rule
    /// allows, each looked up through the board's 8 symmetries by hand.
    fn white_chances(lines: &[Solved], w: Square) -> usize {
        let coords = |s: Square| (s.file() as i32, s.rank() as i32);
        // Symmetry k: swap file and rank (k & 4), then flip files (k & 1)
        // and ranks (k & 2).
        let map = |k: usize, (f, r): (i32, i32)| {
            let (f, r) = if k & 4 != 0 { (r, f) } else { (f, r) };
            (
                if k & 1 != 0 { 7 - f } else { f },
                if k & 2 != 0 { 7 - r } else { r },
            )
        };
        let (wf, wr) = coords(w);
        let mirrors = [(7 - wf, wr), (wf, 7 - wr), (7 - wf, 7 - wr)];
        let (mut answers, mut lost) = (0, 0);
        for b in Square::all() {
            if b == w || mirrors.contains(&coords(b)) {
                continue;
            }
            answers += 1;
            let white_wins = lines.iter().any(|line| {
                line.value == SetupValue::WhiteWins
                    && (0..8).any(|k| {
                        map(k, coords(w)) == coords(line.setup.white)
                            && map(k, coords(b)) == coords(line.setup.black)
                    })
            });
            lost += usize::from(white_wins);
        }
        lost * 1000 / answers
    }

    #[test]
    fn a_lost_white_setup_leaves_black_the_most_ways_to_go_wrong() {
        let lines = parse(SOLVED).unwrap();
        let table = DuelTable::from_lines(&lines);
        assert_eq!(table.duel_value(), SetupValue::BlackWins);
        let chances: Vec<usize> = Square::all().map(|w| white_chances(&lines, w)).collect();
        for w in Square::all() {
            assert_eq!(lost_answer_share(&table, w), chances[w.index()], "{w}");
        }
        // The hunter wins every setup, and every White square has as many
        // answers of its colour as of the other (its mirrors: one of each
        // colour and the point reflection of its own): half the answers
        // lose for Black wherever White stands, so the share does not
        // narrow White's choice and the search makes it.
        assert!(chances.iter().all(|&c| c == 500), "{chances:?}");
        let (squares, value) = best_placement(&table, 0, None).unwrap();
        assert_eq!((squares.len(), value), (64, SetupValue::BlackWins));
        let start = AnyGame::Attrition(attrition::Position::new(attrition::Options::new(
            attrition::Variant::Duel,
        )));
        let request = Request {
            nodes: Some(100_000),
            ..Request::level(Level::Master)
        };
        let thought = Engine::new(5)
            .think(&start, &request, &|| 0.0, None)
            .unwrap();
        assert_eq!((thought.eval, thought.exact), (Eval::Loses(None), true));
        let AnyMove::Attrition(Jump::Place { square, .. }) = thought.best else {
            panic!("not a placement: {:?}", thought.best);
        };
        // The most room: a square with all 8 knight jumps.
        let (f, r) = (square.file(), square.rank());
        assert!((2..=5).contains(&f) && (2..=5).contains(&r), "{square}");
        // Black, answering, always takes a winning square.
        let w = "d4".parse().unwrap();
        let (answers, value) = best_placement(&table, 1, Some(w)).unwrap();
        assert_eq!(value, SetupValue::BlackWins);
        assert_eq!(answers.len(), 30);
        for b in answers {
            assert_eq!(
                table.value(Setup { white: w, black: b }),
                SetupValue::BlackWins
            );
        }
    }
}

#[cfg(test)]
mod book_tests {
    use super::*;
    use crate::ai::player::levels::Level;
    use crate::ai::player::request::Request;
    use crate::any::AnyGame;

    use crate::test_support::sq;

    fn after(moves: &[Jump]) -> attrition::Position {
        let mut pos = attrition::Position::new(attrition::Options::new(attrition::Variant::Duel));
        for &mv in moves {
            pos.play_unchecked(mv);
        }
        pos
    }

    /// Right after the setup and after White's first jump, the Master
    /// answers from the opening book: a proved result with a node budget
    /// too small for any solver.
    #[test]
    fn the_master_plays_the_first_jumps_from_the_book() {
        let place = |s: &str| Jump::Place {
            piece: Piece::Knight,
            square: sq(s),
        };
        let request = Request {
            nodes: Some(10),
            ..Request::level(Level::Master)
        };
        let think = |pos: &attrition::Position| {
            Engine::new(5)
                .think(&AnyGame::Attrition(pos.clone()), &request, &|| 0.0, None)
                .unwrap()
        };
        // d4 and c4 stand on squares of different colours: White hunts
        // and wins.
        let setup = [place("d4"), place("c4")];
        let thought = think(&after(&setup));
        // With the book's distance ("wins in N").
        assert!(
            matches!(thought.eval, Eval::Wins(Some(_))),
            "{:?}",
            thought.eval
        );
        assert!(thought.exact);
        let AnyMove::Attrition(jump @ Jump::Jump { from, .. }) = thought.best else {
            panic!("not a jump: {:?}", thought.best);
        };
        assert_eq!(from, sq("d4"));
        // After the book's jump Black is lost; the Master knows it.
        let thought = think(&after(&[setup[0], setup[1], jump]));
        assert_eq!(thought.eval, Eval::Loses(None));
        // d4 and f4: one colour, Black hunts. White is lost at once, and
        // after any first jump of White's, Black has a winning reply.
        let setup = [place("d4"), place("f4")];
        assert_eq!(think(&after(&setup)).eval, Eval::Loses(None));
        // Black's own setup placement against d4 already says how soon it
        // wins, and the promise holds after White's first jump.
        let placed = think(&after(&setup[..1]));
        let Eval::Wins(Some(promised)) = placed.eval else {
            panic!("{:?}", placed.eval);
        };
        let AnyMove::Attrition(black @ Jump::Place { square, .. }) = placed.best else {
            panic!("not a placement: {:?}", placed.best);
        };
        assert_eq!(square.is_dark(), sq("d4").is_dark(), "Black hunts");
        for to in crate::attacks::knight_attacks(sq("d4")) {
            if to == square {
                continue;
            }
            let first = Jump::Jump { from: sq("d4"), to };
            let reply = think(&after(&[setup[0], black, first]));
            let Eval::Wins(Some(plies)) = reply.eval else {
                panic!("after {to}: {:?}", reply.eval);
            };
            assert!(
                plies + 2 <= promised,
                "after {to}: {plies} + 2 > {promised}"
            );
        }
        let first = Jump::Jump {
            from: sq("d4"),
            to: sq("c6"),
        };
        let thought = think(&after(&[setup[0], setup[1], first]));
        assert!(
            matches!(thought.eval, Eval::Wins(Some(_))),
            "{:?}",
            thought.eval
        );
        assert!(thought.exact);
    }

    /// A proven loss past the book says how soon the opponent wins: the
    /// longest resistance along the proof, an even number of plies (the
    /// winner moves last). The walk's own distances are checked against
    /// plain minimax in `dfpn::distance`.
    #[test]
    fn a_proven_loss_says_how_soon_the_opponent_wins() {
        let mut rng = crate::rng::Rng::new(12);
        let request = Request {
            nodes: Some(2_000_000),
            ..Request::level(Level::Master)
        };
        let mut losses = 0;
        let mut tried = 0;
        while losses < 4 {
            tried += 1;
            assert!(tried < 200, "only {losses} losses met");
            let Some((pos, moves, _, _)) = crate::ai::duel::random::random_position(&mut rng, 8)
            else {
                continue;
            };
            let thought = Engine::new(5)
                .think(&AnyGame::Attrition(pos), &request, &|| 0.0, None)
                .unwrap();
            if let Eval::Loses(plies) = thought.eval {
                assert!(thought.exact, "{moves:?}");
                let plies = plies.unwrap_or_else(|| panic!("{moves:?}: no distance"));
                assert!(plies >= 2 && plies % 2 == 0, "{moves:?}: {plies}");
                losses += 1;
            }
        }
    }
}
