//! Puzzle generation and verification: deterministic for a seed, every
//! puzzle verified, the verifier's verdicts checked against plain minimax
//! on small positions, and tampered puzzles refused for the right reason.

mod common;

use cheversi_engine::ai::attrition::jumps;
use cheversi_engine::ai::search::WIN;
use cheversi_engine::attrition;
use cheversi_engine::puzzle::format::game_options;
use cheversi_engine::puzzle::{
    generate, same_up_to_symmetry, verify, Config, Generated, Goal, Puzzle, GAMES,
};
use cheversi_engine::rng::Rng;
use cheversi_engine::{AnyGame, AnyMove, GameState, Player};
use common::brute;
use std::sync::OnceLock;

/// Nodes per search in these tests: small positions need few.
const NODES: u64 = 200_000;
const CROSS_CHECK_NODES: u64 = 5_000_000;

fn small_config(seed: u64) -> Config {
    Config {
        seed,
        games: GAMES.iter().map(|g| (g.to_string(), 6)).collect(),
        node_limit: NODES,
        most_per_depth: None,
    }
}

/// One small generation, shared by the tests that read it.
fn generated() -> &'static Generated {
    static RUN: OnceLock<Generated> = OnceLock::new();
    RUN.get_or_init(|| generate(&small_config(11), &mut |_| {}).expect("known games"))
}

fn lines(puzzles: &[Puzzle]) -> Vec<String> {
    puzzles.iter().map(Puzzle::to_line).collect()
}

#[test]
fn the_same_seed_gives_the_same_puzzles_and_another_seed_others() {
    // Three games of each kind, not six: puzzles enough to compare, in
    // half the time (the test makes three generations).
    let config = |seed| Config {
        games: GAMES.iter().map(|g| (g.to_string(), 3)).collect(),
        ..small_config(seed)
    };
    let first = generate(&config(11), &mut |_| {}).unwrap();
    assert!(
        first.puzzles.len() >= 5,
        "too few puzzles to compare: {}",
        first.puzzles.len()
    );
    let again = generate(&config(11), &mut |_| {}).unwrap();
    assert_eq!(lines(&first.puzzles), lines(&again.puzzles));
    assert_eq!(first.stats, again.stats);
    let other = generate(&config(12), &mut |_| {}).unwrap();
    assert_ne!(lines(&first.puzzles), lines(&other.puzzles));
}

#[test]
fn every_generated_puzzle_verifies_and_the_figures_add_up() {
    let g = generated();
    for p in &g.puzzles {
        assert_eq!(verify(p, NODES), Ok(()), "{}", p.to_line());
    }
    let kept: u32 = g.stats.iter().map(|s| s.kept).sum();
    assert_eq!(kept as usize, g.puzzles.len());
    for s in &g.stats {
        assert_eq!(s.games, 6, "{}", s.game);
        assert!(s.positions >= u64::from(s.kept), "{s:?}");
    }
    // Unique ids, and positions never repeated within a game.
    let file = cheversi_engine::puzzle::write_file(&g.puzzles);
    assert_eq!(
        cheversi_engine::puzzle::parse_file(&file).map(|p| p.len()),
        Ok(g.puzzles.len())
    );
}

#[test]
fn an_unknown_game_is_an_error() {
    let mut config = small_config(1);
    config.games = vec![("melee".to_string(), 1)];
    assert!(generate(&config, &mut |_| {})
        .unwrap_err()
        .contains("melee"));
}

// ---------------------------------------------------------------------
// Brute force: every root move's exact value by plain minimax.

/// The exact value of each legal move of `pos` (reached by `moves`) for
/// the side to move: Cheversi, the final margin in eighths (by
/// `ai::minimax`); Attrition, `±(WIN - plies)` by the same plain minimax
/// with a node cap, `None` when the whole game tree is larger than the cap.
fn brute_force(moves: &[String], pos: &AnyGame) -> Option<Vec<(AnyMove, i32)>> {
    match pos {
        AnyGame::Cheversi(_) => each_move(pos, |child, me| match child {
            AnyGame::Cheversi(p) => Some(brute::brute_force(p, me, 1)),
            AnyGame::Attrition(_) => unreachable!("a Cheversi move"),
        }),
        AnyGame::Attrition(_) => stored_duel_minimax(moves, pos),
    }
}

/// Each legal move of `pos` with `value(child, mover)`; `None` if any is.
fn each_move(
    pos: &AnyGame,
    mut value: impl FnMut(&AnyGame, Player) -> Option<i32>,
) -> Option<Vec<(AnyMove, i32)>> {
    let me = pos.to_move().expect("a live position");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            value(&child, me).map(|v| (mv, v))
        })
        .collect()
}

/// Every move's value by capped plain minimax (Attrition).
fn duel_minimax(pos: &AnyGame) -> Option<Vec<(AnyMove, i32)>> {
    // Most late positions of random duels are far larger than any cap, and
    // each costs the whole cap to find out: 1.2 M nodes keeps all but the
    // two largest of the positions 3 M nodes reached (35 of 37) for 40% of
    // the test's time.
    let mut budget = 1_200_000u64;
    each_move(pos, |child, me| match child {
        AnyGame::Attrition(p) => capped_minimax(p, me, 1, &mut budget),
        AnyGame::Cheversi(_) => unreachable!("a duel move"),
    })
}

/// Plain minimax of the duel is most of this file's time (the positions
/// too large for the cap cost all of it to find out), so what it said is
/// kept in `data/duel_minimax.txt`, as `brute_force.txt` keeps Cheversi's:
/// the moves from the start = each move and its value, or `too large`.
/// The ignored `the_stored_duel_minimax_values_are_minimax` recomputes
/// every line; a position not in the file is searched here and its line
/// printed, for the file.
const DUEL_MINIMAX: &str = include_str!("data/duel_minimax.txt");
const TOO_LARGE: &str = "too large";

fn stored_duel_minimax(moves: &[String], pos: &AnyGame) -> Option<Vec<(AnyMove, i32)>> {
    static STORED: brute::Stored = OnceLock::new();
    brute::stored_answer(
        &STORED,
        DUEL_MINIMAX,
        &moves.join(" "),
        |text| {
            if text == TOO_LARGE {
                return None;
            }
            let words: Vec<&str> = text.split(' ').collect();
            let pairs = words.chunks(2).map(|pair| {
                let mv = pos.parse_move(pair[0]).expect("a legal move");
                (mv, pair[1].parse().expect("a value"))
            });
            Some(pairs.collect())
        },
        || duel_minimax(pos),
        |values| duel_values_text(pos, values),
    )
}

/// A line's values: `move value` pairs, or `too large`.
fn duel_values_text(pos: &AnyGame, values: &Option<Vec<(AnyMove, i32)>>) -> String {
    match values {
        None => TOO_LARGE.to_string(),
        Some(values) => values
            .iter()
            .map(|&(mv, v)| format!("{} {v}", pos.notation(mv)))
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// Every line of `data/duel_minimax.txt` is what capped minimax says.
#[test]
#[ignore = "plain minimax over the stored duel positions: cargo test -p cheversi-engine --features tools --test puzzles -- --ignored"]
fn the_stored_duel_minimax_values_are_minimax() {
    let mut checked = 0;
    for (key, text) in brute::stored_lines(DUEL_MINIMAX) {
        let mut pos = game_options("duel").expect("the duel").start();
        for mv in key.split(' ') {
            let mv = pos.parse_move(mv).expect("a legal move");
            pos.play_unchecked(mv);
        }
        assert_eq!(duel_values_text(&pos, &duel_minimax(&pos)), text, "{key}");
        checked += 1;
    }
    assert!(checked >= 100, "{checked} lines");
}

/// Plain minimax of an Attrition position to the end of the game, within
/// `budget` nodes.
fn capped_minimax(
    pos: &attrition::Position,
    me: Player,
    ply: i32,
    budget: &mut u64,
) -> Option<i32> {
    *budget = budget.checked_sub(1)?;
    if let Some(w) = pos.winner() {
        return Some(if w == me { WIN - ply } else { -(WIN - ply) });
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut values = Vec::with_capacity(moves.len());
    for mv in moves {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        values.push(capped_minimax(&child, me, ply + 1, budget)?);
    }
    if pos.to_move() == Some(me) {
        values.into_iter().max()
    } else {
        values.into_iter().min()
    }
}

/// The beginner's immediate value of a move, written out again here
/// (Cheversi: the mover's margin after it; Attrition: a capture that wins,
/// else the mover's jumps minus the opponent's).
fn beginner_value(pos: &AnyGame, mv: AnyMove) -> i64 {
    let me = pos.to_move().unwrap();
    let mut child = pos.clone();
    child.play_unchecked(mv);
    match &child {
        AnyGame::Cheversi(p) => {
            let [w, b] = p.scores();
            i64::from(if me == 0 { w - b } else { b - w })
        }
        AnyGame::Attrition(p) => match p.winner() {
            Some(w) if w == me => i64::MAX,
            Some(_) => i64::MIN,
            None => i64::from(jumps(p, me) - jumps(p, 1 - me)),
        },
    }
}

/// What brute force says about `pos` as a puzzle: `Ok(best move)` when it
/// is one (criteria written out again), else `Err(the check that fails)`.
#[allow(clippy::type_complexity)]
fn brute_force_verdict(
    moves: &[String],
    pos: &AnyGame,
) -> Option<(Vec<(AnyMove, i32)>, Result<AnyMove, &'static str>)> {
    let values = brute_force(moves, pos)?;
    let best = values.iter().map(|&(_, v)| v).max().unwrap();
    let &(solution, _) = values.iter().find(|&&(_, v)| v == best).unwrap();
    let text = |mv| pos.notation(mv);
    let twin = |mv| same_up_to_symmetry(pos, &text(mv), &text(solution));
    let cheversi = matches!(pos, AnyGame::Cheversi(_));
    let solves = |v: i32| if cheversi { v == best } else { v > WIN - 1000 };
    if !cheversi && !solves(best) {
        return Some((values, Err("no win")));
    }
    // Cheversi: every other placement a whole point (8) worse.
    let rival = values
        .iter()
        .any(|&(mv, v)| !twin(mv) && if cheversi { v > best - 8 } else { solves(v) });
    if rival {
        return Some((values, Err("not the only solution")));
    }
    let top = values.iter().map(|&(mv, _)| beginner_value(pos, mv)).max();
    let greedy_solves = values
        .iter()
        .any(|&(mv, v)| Some(beginner_value(pos, mv)) == top && solves(v));
    if greedy_solves {
        return Some((values, Err("greedy")));
    }
    Some((values, Ok(solution)))
}

/// A one-move puzzle for `pos` (reached by `moves`) with first move `mv`.
fn one_move_puzzle(game: &str, moves: &[String], pos: &AnyGame, mv: AnyMove, value: i32) -> Puzzle {
    let goal = match pos {
        AnyGame::Cheversi(_) => Goal::Margin(value / 8),
        AnyGame::Attrition(_) => Goal::WinIn((WIN - value.abs()) as u32),
    };
    Puzzle::new(
        "t1",
        game,
        1000,
        goal,
        moves.to_vec(),
        vec![pos.notation(mv)],
    )
    .unwrap()
}

/// Positions `left` moves before the end of seeded random games.
fn late_positions(game: &str, left: usize, count: u64) -> Vec<(Vec<String>, AnyGame)> {
    let options = game_options(game).unwrap();
    (0..count)
        .filter_map(|seed| {
            let mut rng = Rng::new(seed);
            let mut pos = options.start();
            let mut moves = Vec::new();
            let mut texts = Vec::new();
            while !pos.is_over() {
                let mut legal = Vec::new();
                pos.legal_moves(&mut legal);
                let mv = legal[rng.below(legal.len() as u32) as usize];
                moves.push(mv);
                texts.push(pos.notation(mv));
                pos.play_unchecked(mv);
            }
            let at = moves.len().checked_sub(left)?;
            let mut start = options.start();
            for &mv in &moves[..at] {
                start.play_unchecked(mv);
            }
            let live = matches!(&start, AnyGame::Attrition(p) if !p.in_setup())
                || matches!(start, AnyGame::Cheversi(_));
            (live && !start.is_over()).then(|| (texts[..at].to_vec(), start))
        })
        .collect()
}

/// The verifier agrees with brute force on `positions`: a position is a
/// puzzle exactly when brute force says so, and otherwise the error names
/// the failing check. Returns how many were puzzles and how many
/// positions brute force reached.
fn cross_check(game: &str, positions: &[(Vec<String>, AnyGame)]) -> (usize, usize) {
    let mut puzzles = 0;
    let mut checked = 0;
    for (moves, pos) in positions {
        let Some((values, verdict)) = brute_force_verdict(moves, pos) else {
            continue; // too large for plain minimax
        };
        checked += 1;
        let best = values.iter().map(|&(_, v)| v).max().unwrap();
        let &(solution, _) = values.iter().find(|&&(_, v)| v == best).unwrap();
        if matches!(pos, AnyGame::Attrition(_)) && best < WIN - 1000 {
            continue; // no win: no goal to write
        }
        let p = one_move_puzzle(game, moves, pos, solution, best);
        // The open duel positions brute force still reaches need more.
        let got = verify(&p, CROSS_CHECK_NODES);
        match verdict {
            Ok(_) => {
                puzzles += 1;
                assert_eq!(got, Ok(()), "{}", p.to_line());
            }
            Err(check) => {
                let e = got.expect_err(&p.to_line());
                let expected = match check {
                    "greedy" => "greedy:",
                    _ => "not the only solution",
                };
                assert!(
                    e.contains(expected),
                    "{}: {e} (brute force: {check})",
                    p.to_line()
                );
            }
        }
        // Every other move played first is refused as not best (or, in
        // Attrition, as not winning), unless brute force finds it as good.
        for &(mv, v) in &values {
            let as_good = if matches!(pos, AnyGame::Cheversi(_)) {
                v == best
            } else {
                v > WIN - 1000
            };
            if as_good {
                continue;
            }
            let wrong = one_move_puzzle(game, moves, pos, mv, best);
            let e = verify(&wrong, CROSS_CHECK_NODES).expect_err(&wrong.to_line());
            assert!(e.starts_with("move 1:"), "{}: {e}", wrong.to_line());
        }
    }
    (puzzles, checked)
}

#[test]
fn verify_agrees_with_minimax_on_the_last_cheversi_placements() {
    let mut puzzles = 0;
    for (game, left, games) in [
        ("lewicki", 4, 12),
        ("brainking", 4, 12),
        ("lewicki-free", 3, 6),
        ("lewicki-any", 2, 12),
        ("brainking-classic", 2, 12),
    ] {
        let (found, checked) = cross_check(game, &late_positions(game, left, games));
        assert_eq!(checked, games as usize, "{game}: every position is small");
        puzzles += found;
    }
    assert!(puzzles >= 3, "only {puzzles} puzzles among the positions");
}

#[test]
fn verify_agrees_with_minimax_on_late_duel_positions() {
    // The generated duel puzzles and the ends of seeded random games;
    // those whose game tree is too large for plain minimax are skipped.
    let mut positions: Vec<(Vec<String>, AnyGame)> = generated()
        .puzzles
        .iter()
        .filter(|p| p.game() == "duel")
        .map(|p| (p.moves().to_vec(), p.position()))
        .collect();
    for left in [2, 3, 4, 5] {
        positions.extend(late_positions("duel", left, 30));
    }
    let (puzzles, checked) = cross_check("duel", &positions);
    assert!(checked >= 20, "only {checked} positions small enough");
    assert!(puzzles >= 1, "no duel puzzle among the {checked} positions");
}

// ---------------------------------------------------------------------
// Tampered puzzles.

/// A puzzle of `game` from a small generation of that game alone: each
/// test runs in a process of its own under cargo-nextest, where the shared
/// generation of every game would be made again for one puzzle.
fn a_generated(game: &str) -> Puzzle {
    let config = Config {
        games: vec![(game.to_string(), 6)],
        ..small_config(11)
    };
    generate(&config, &mut |_| {})
        .expect("a known game")
        .puzzles
        .into_iter()
        .find(|p| p.game() == game)
        .unwrap_or_else(|| panic!("no {game} puzzle generated"))
}

fn with(p: &Puzzle, goal: Goal, line: Vec<String>) -> Puzzle {
    Puzzle::new(p.id(), p.game(), p.rating(), goal, p.moves().to_vec(), line).unwrap()
}

#[test]
fn a_wrong_goal_is_refused_with_the_value() {
    for game in ["lewicki", "duel"] {
        let p = a_generated(game);
        let wrong = match p.goal() {
            Goal::Margin(m) => Goal::Margin(m + 1),
            Goal::WinIn(n) => Goal::WinIn(n + 2),
        };
        let e = verify(&with(&p, wrong, p.line().to_vec()), NODES).unwrap_err();
        assert!(e.starts_with("goal:"), "{e}");
        assert!(e.contains(&wrong.to_string()), "{e}");
    }
}

#[test]
fn a_first_move_that_is_not_best_or_is_greedy_is_refused() {
    for game in ["lewicki", "brainking", "duel"] {
        let p = a_generated(game);
        let pos = p.position();
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        // The greedy move: never the solution of a generated puzzle.
        let greedy = *legal
            .iter()
            .max_by_key(|&&mv| beginner_value(&pos, mv))
            .unwrap();
        assert!(!same_up_to_symmetry(
            &pos,
            &pos.notation(greedy),
            &p.line()[0]
        ));
        let e = verify(&with(&p, p.goal(), vec![pos.notation(greedy)]), NODES).unwrap_err();
        assert!(e.starts_with("move 1:") && e.contains("not"), "{e}");
        // Another move that is not the solution.
        let other = legal.iter().copied().find(|&mv| {
            mv != greedy && !same_up_to_symmetry(&pos, &pos.notation(mv), &p.line()[0])
        });
        if let Some(other) = other {
            let e = verify(&with(&p, p.goal(), vec![pos.notation(other)]), NODES).unwrap_err();
            assert!(e.starts_with("move 1:"), "{e}");
        }
    }
}

#[test]
fn a_bad_reply_in_the_line_is_refused() {
    let mut tried = 0;
    for p in generated().puzzles.iter() {
        let small = matches!(p.goal(), Goal::Margin(_)) && p.moves().len() >= 12;
        if !small || p.line().len() < 3 {
            continue;
        }
        let mut pos = p.position();
        pos.play_unchecked(pos.parse_move(&p.line()[0]).unwrap());
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        // Each reply's final margin for the solver, by minimax.
        let solver = p.solver();
        let values: Vec<(AnyMove, i32)> = legal
            .iter()
            .map(|&mv| {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                let AnyGame::Cheversi(c) = &child else {
                    unreachable!()
                };
                (mv, brute::brute_force(c, solver, 0))
            })
            .collect();
        let best = values.iter().map(|&(_, v)| v).min().unwrap();
        let Some(&(bad, _)) = values.iter().find(|&&(_, v)| v > best) else {
            continue; // every reply is as good
        };
        let mut after = pos.clone();
        after.play_unchecked(bad);
        let mut next = Vec::new();
        after.legal_moves(&mut next);
        let line = vec![
            p.line()[0].clone(),
            pos.notation(bad),
            after.notation(next[0]),
        ];
        let e = verify(&with(p, p.goal(), line), NODES).unwrap_err();
        assert!(
            e.starts_with("move 2:") && e.contains("not a best reply"),
            "{e}"
        );
        tried += 1;
    }
    assert!(tried >= 1, "no puzzle with a reply to spoil");
}

#[test]
fn a_puzzle_the_search_cannot_finish_says_so() {
    // The deepest Cheversi puzzle: its search needs more than the first
    // look at the limit (every 1024 nodes).
    let p = generated()
        .puzzles
        .iter()
        .filter(|p| matches!(p.goal(), Goal::Margin(_)))
        .min_by_key(|p| p.moves().len())
        .unwrap();
    let e = verify(p, 1).unwrap_err();
    assert!(e.contains("did not finish within 1 nodes"), "{e}");
}
