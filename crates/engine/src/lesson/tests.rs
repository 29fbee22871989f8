//! The lesson checkers against simple code: the scored set against a
//! square-by-square ray walk, "the most" against trying every square,
//! "the best" against plain minimax, and the shipped file against the
//! engine.

use super::format::parse_file;
use super::judge::{attack_count, judge_move, judge_squares, right_moves, right_squares, Why};
use super::task::Task;
use super::{verify, Step, SHIPPED};
use crate::any::{AnyGame, AnyMove, AnyViolation};
use crate::bitboard::Bitboard;
use crate::cheversi::{self, Color, Kind};
use crate::game::GameState;
use crate::puzzle::solve::Solver;
use crate::rng::Rng;
use crate::square::Square;

fn step(line: &str) -> Step {
    let file = format!("{}\n{line}\n", super::HEADER);
    parse_file(&file).expect(line)[0].steps()[0].clone()
}

/// The squares a piece attacks, by walking the board one square at a time.
fn naive_attacks(kind: Kind, from: Square, occupied: &[Square]) -> Vec<Square> {
    let (f, r) = (from.file() as i32, from.rank() as i32);
    let steps: &[(i32, i32)] = match kind {
        Kind::Knight => &[
            (1, 2),
            (2, 1),
            (-1, 2),
            (-2, 1),
            (1, -2),
            (2, -1),
            (-1, -2),
            (-2, -1),
        ],
        Kind::Rook => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
        Kind::Bishop => &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
        _ => &[
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ],
    };
    let slides = matches!(kind, Kind::Queen | Kind::Rook | Kind::Bishop);
    let mut out = Vec::new();
    for &(df, dr) in steps {
        let (mut x, mut y) = (f + df, r + dr);
        while (0..8).contains(&x) && (0..8).contains(&y) {
            let sq = Square::from_coords(x as u8, y as u8).unwrap();
            out.push(sq);
            if !slides || occupied.contains(&sq) {
                break;
            }
            x += df;
            y += dr;
        }
    }
    out
}

/// A random legal game of `plies` placements under `rules`.
fn random_game(rules: &str, plies: usize, seed: u64) -> (cheversi::Position, Vec<String>) {
    let mut rng = Rng::new(seed);
    let options = super::format::game_options(rules).unwrap();
    let AnyGame::Cheversi(mut p) = options.start() else {
        unreachable!()
    };
    let mut texts = Vec::new();
    for _ in 0..plies {
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        let mv = moves[rng.below(moves.len() as u32) as usize];
        texts.push(mv.to_string());
        p.play_unchecked(mv);
    }
    (p, texts)
}

#[test]
fn the_scored_set_is_what_a_naive_walk_finds() {
    for seed in 0..200 {
        for rules in ["lewicki-free", "brainking", "lewicki/all", "brainking/all"] {
            let (p, _) = random_game(rules, (seed % 15) as usize + 1, seed);
            let occupied: Vec<Square> = p.placements().iter().map(|pl| pl.square).collect();
            for color in Color::BOTH {
                let mut want = Bitboard::EMPTY;
                for (i, pl) in p.placements().iter().enumerate() {
                    if Color::of_ply(i) == color {
                        for sq in naive_attacks(pl.kind, pl.square, &occupied) {
                            let counts = match p.options().scoring.squares {
                                cheversi::Squares::Empty => !occupied.contains(&sq),
                                cheversi::Squares::All => true,
                            };
                            if counts {
                                want.insert(sq);
                            }
                        }
                    }
                }
                let pos = AnyGame::Cheversi(p.clone());
                assert_eq!(
                    right_squares(&pos, Task::Scored { color }),
                    Some(want),
                    "{rules} seed {seed}"
                );
            }
        }
    }
}

#[test]
fn the_most_is_found_by_trying_every_square() {
    for seed in 0..100 {
        let (p, moves) = random_game("lewicki-free", (seed % 10) as usize, seed);
        let occupied: Vec<Square> = p.placements().iter().map(|pl| pl.square).collect();
        let me = p.side_to_move().unwrap();
        for kind in Kind::ALL {
            if p.in_hand(me, kind) == 0 {
                continue;
            }
            let mut with = occupied.clone();
            let count = |sq: Square, with: &mut Vec<Square>| {
                with.push(sq);
                let n = naive_attacks(kind, sq, with).len() as u32;
                with.pop();
                n
            };
            let free: Vec<Square> = Square::all().filter(|s| !occupied.contains(s)).collect();
            let most = free.iter().map(|&s| count(s, &mut with)).max().unwrap();
            let moves_text = if moves.is_empty() {
                "-".to_string()
            } else {
                moves.join(",")
            };
            let line = format!(
                "a 1 lewicki-free {moves_text} attack:{}:most {}{}",
                kind.letter(),
                kind.letter(),
                free[0]
            );
            let st = step(&line);
            let mut solver = Solver::new(1, 8);
            let right: Vec<Square> = right_moves(&st, &mut solver)
                .unwrap()
                .into_iter()
                .map(|m| match m {
                    AnyMove::Cheversi(m) => m.square,
                    _ => unreachable!(),
                })
                .collect();
            let want: Vec<Square> = free
                .iter()
                .copied()
                .filter(|&s| count(s, &mut with) == most)
                .collect();
            assert_eq!(right, want, "{line}");
            for &sq in &free {
                assert_eq!(attack_count(&p, kind, sq), count(sq, &mut with));
            }
        }
    }
}

#[test]
fn equally_good_answers_count_and_wrong_ones_say_why() {
    let st = step("a 1 lewicki-free - attack:Q:most Qd4");
    let mut solver = Solver::new(1, 8);
    let right = right_moves(&st, &mut solver).unwrap();
    let names: Vec<String> = right.iter().map(|m| m.to_string()).collect();
    assert_eq!(names, ["Qd4", "Qe4", "Qd5", "Qe5"]);
    let pos = st.position();
    let wrong = pos.parse_move("Qa1").unwrap();
    match judge_move(&st, wrong, &mut solver) {
        Err(Why::Attacks {
            attacks: 21,
            needed: 27,
            example_attacks: 27,
            ..
        }) => {}
        other => panic!("{other:?}"),
    }
    let knight = pos.parse_move("Nd4").unwrap();
    assert_eq!(
        judge_move(&st, knight, &mut solver),
        Err(Why::NotThePiece {
            wanted: Kind::Queen
        })
    );
    // In lewicki the second placement must stand where the Queen attacks.
    let st = step("a 1 lewicki Qd4 any Qh1");
    let off = st.position().parse_move("Qa2").unwrap();
    assert!(matches!(
        judge_move(&st, off, &mut solver),
        Err(Why::Illegal(_))
    ));
}

#[test]
fn differs_needs_a_move_the_other_rule_set_forbids() {
    let st = step("a 1 lewicki-free Qd4 differs:lewicki Qa2");
    let mut solver = Solver::new(1, 8);
    let pos = st.position();
    assert_eq!(
        judge_move(&st, pos.parse_move("Qa2").unwrap(), &mut solver),
        Ok(())
    );
    assert_eq!(
        judge_move(&st, pos.parse_move("Qa1").unwrap(), &mut solver),
        Err(Why::AlsoLegal {
            rules: cheversi::RuleSet::Lewicki
        })
    );
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// The squares tapped, by name.
fn squares(names: &[&str]) -> Bitboard {
    names.iter().map(|n| sq(n)).collect()
}

#[test]
fn set_answers_name_the_missed_and_the_extra_squares() {
    let st = step("a 1 lewicki-free Nb1 scored:w *");
    let pos = st.position();
    let mut tapped = squares(&["a3", "c3", "h8"]);
    let Err(Why::Squares {
        missing,
        extra,
        rule: None,
    }) = judge_squares(
        &pos,
        Task::Scored {
            color: Color::White,
        },
        tapped,
    )
    else {
        panic!("wrong")
    };
    assert_eq!(missing.into_iter().collect::<Vec<_>>(), [sq("d2")]);
    assert_eq!(extra.into_iter().collect::<Vec<_>>(), [sq("h8")]);
    tapped.remove(sq("h8"));
    tapped.insert(sq("d2"));
    assert_eq!(
        judge_squares(
            &pos,
            Task::Scored {
                color: Color::White
            },
            tapped
        ),
        Ok(())
    );
}

/// Plain minimax to the end: the final margin for the side to move.
fn minimax(p: &cheversi::Position) -> i32 {
    if p.is_over() {
        return p.margin() * if p.ply().is_multiple_of(2) { 1 } else { -1 };
    }
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut c = p.clone();
            c.play_unchecked(mv);
            -minimax(&c)
        })
        .max()
        .unwrap()
}

#[test]
fn the_best_placement_agrees_with_plain_minimax() {
    for seed in 0..12 {
        for rules in ["lewicki", "brainking"] {
            let (p, moves) = random_game(rules, 13, 1000 + seed);
            let mut legal = Vec::new();
            p.legal_moves(&mut legal);
            let values: Vec<i32> = legal
                .iter()
                .map(|&mv| {
                    let mut c = p.clone();
                    c.play_unchecked(mv);
                    -minimax(&c)
                })
                .collect();
            let best = *values.iter().max().unwrap();
            let line = format!("a 1 {rules} {} best:most {}", moves.join(","), legal[0]);
            let st = step(&line);
            let mut solver = Solver::new(10_000_000, 16);
            let right: Vec<AnyMove> = right_moves(&st, &mut solver).unwrap();
            let want: Vec<AnyMove> = legal
                .iter()
                .zip(&values)
                .filter(|(_, &v)| v == best)
                .map(|(&m, _)| AnyMove::Cheversi(m))
                .collect();
            assert_eq!(right, want, "{line}");
            for (aim, keep) in [("win", 1), ("draw", 0)] {
                let st = step(&format!(
                    "a 1 {rules} {} best:{aim} {}",
                    moves.join(","),
                    legal[0]
                ));
                let right = right_moves(&st, &mut solver).unwrap();
                let want: Vec<AnyMove> = legal
                    .iter()
                    .zip(&values)
                    .filter(|(_, &v)| v >= keep)
                    .map(|(&m, _)| AnyMove::Cheversi(m))
                    .collect();
                assert_eq!(right, want, "{aim}: {line}");
            }
        }
    }
}

#[test]
fn every_shipped_lesson_verifies() {
    let lessons = parse_file(SHIPPED).expect("data/lessons.txt reads");
    assert!(lessons.len() >= 10, "{} lessons", lessons.len());
    for lesson in &lessons {
        let n = lesson.steps().len();
        assert!((3..=6).contains(&n), "{}: {n} steps", lesson.id());
    }
    let problems = verify(&lessons);
    assert!(
        problems.is_empty(),
        "{}",
        problems
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// A wrong stated answer is told in words, not as Rust's debug output.
#[test]
fn a_wrong_answer_is_reported_in_words() {
    let file = format!(
        "{}\nw 1 lewicki-any Nd4,Nb5,Qc7 differs:lewicki Rd7\nw 2 lewicki-free - attack:Q:most Qa1\n",
        super::HEADER
    );
    let problems = verify(&parse_file(&file).unwrap());
    assert_eq!(problems.len(), 2, "{problems:?}");
    for p in &problems {
        let text = p.to_string();
        assert!(text.contains("is wrong: "), "{text}");
        assert!(!text.contains('{') && !text.contains("Some("), "{text}");
    }
    assert!(
        problems[0].to_string().ends_with("lewicki allows it too"),
        "{}",
        problems[0]
    );
}

#[test]
fn surviving_agrees_with_the_exact_search_of_the_duel() {
    use crate::ai::search::plies_to_end;
    use crate::attrition::{Options, Variant};
    let mut solver = Solver::new(200_000, 16);
    let mut checked = 0;
    for seed in 0..30 {
        let mut rng = Rng::new(500 + seed);
        let mut p = crate::attrition::Position::new(Options::new(Variant::Duel));
        let mut texts = Vec::new();
        let plies = 20 + (seed % 8) as usize;
        while texts.len() < plies && p.to_move().is_some() {
            let mut moves = Vec::new();
            p.legal_moves(&mut moves);
            let mv = moves[rng.below(moves.len() as u32) as usize];
            texts.push(p.notation(mv));
            p.play_unchecked(mv);
        }
        let Some(me) = p.to_move() else { continue };
        let mut legal = Vec::new();
        p.legal_moves(&mut legal);
        for turns in [1u8, 2] {
            let line = format!(
                "a 1 duel {} survive:{turns} {}",
                texts.join(","),
                p.notation(legal[0])
            );
            let st = step(&line);
            for &mv in &legal {
                let mut child = AnyGame::Attrition(p.clone());
                child.play_unchecked(AnyMove::Attrition(mv));
                let Some((value, _)) = solver.value(&child, me) else {
                    continue;
                };
                let lost_soon =
                    value < 0 && plies_to_end(value).is_some_and(|n| n <= 2 * u32::from(turns));
                let verdict = judge_move(&st, AnyMove::Attrition(mv), &mut solver);
                assert_eq!(
                    verdict.is_err(),
                    lost_soon,
                    "{line}: {} ({value})",
                    p.notation(mv)
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 60, "{checked} jumps checked");
}

#[test]
fn an_extra_legal_square_names_the_rule_that_forbids_it() {
    // BrainKing's rule 4: a1 touches three pieces, but White's last piece
    // there would leave Black's King no empty square beside it.
    let st =
        step("b 1 brainking Kb2,Qc3,Qa2,Nb1,Rc2,Rd3,Nd2,Bd4,Be3,Nc4,Bf3,Bd5,Rg3,Re4 legal:N *");
    let pos = st.position();
    let tapped = squares(&["a1", "d1", "h8"]);
    let Err(Why::Squares {
        extra,
        rule: Some((mv, violation)),
        ..
    }) = judge_squares(&pos, st.task(), tapped)
    else {
        panic!("wrong")
    };
    assert_eq!(extra.into_iter().collect::<Vec<_>>(), [sq("a1"), sq("h8")]);
    assert_eq!(mv.to_string(), "Na1");
    assert_eq!(
        violation,
        AnyViolation::Cheversi(cheversi::Violation::WhiteLastNeedsEmptyNeighbour)
    );
}
