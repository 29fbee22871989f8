//! The computer players: alpha-beta against plain minimax, exact values
//! against brute force, budgets, aborts, levels, reviews.

mod common;

use common::brute::brute_force;
use common::{clock, random_position};

use cheversi_engine::ai::attrition::Mobility;
use cheversi_engine::ai::budget::Budget;
use cheversi_engine::ai::cheversi::{distinct_moves, HandValues, PlainScore};
use cheversi_engine::ai::player::levels::Level;
use cheversi_engine::ai::player::review::review;
use cheversi_engine::ai::player::{Engine, Eval, Request};
use cheversi_engine::ai::search::minimax::minimax;
use cheversi_engine::ai::search::{Found, Known, RootValues, Searchable, Searcher, WIN};
use cheversi_engine::attrition::{self, Variant};
use cheversi_engine::cheversi::{self, RuleSet};
use cheversi_engine::record::Record;
use cheversi_engine::rng::Rng;
use cheversi_engine::{AnyGame, AnyMove, GameOptions, GameState, Outcome, Square};
use std::cell::Cell;
use std::time::Instant;

fn unlimited<'a>(clock: &'a dyn Fn() -> f64) -> Budget<'a> {
    Budget::new(clock, None, None, None)
}

#[test]
fn alpha_beta_agrees_with_minimax_on_late_cheversi_positions() {
    let clock = clock();
    let mut rng = Rng::new(1);
    for rules in RuleSet::ALL {
        let options = cheversi::Options::new(rules);
        let eval = HandValues::calibrate(options);
        let start = cheversi::Position::new(options);
        for _ in 0..4 {
            let Some(pos) = random_position(&start, 12 + rng.below(2) as usize, &mut rng) else {
                continue;
            };
            let me = pos.to_move().unwrap();
            // Depth-limited with the evaluation, and to the end (exact),
            // where minimax never asks the evaluation: plain minimax's
            // stored answer.
            let left = cheversi::PLIES - pos.ply();
            for depth in [1, 2, 4] {
                let expected = if depth as usize >= left {
                    brute_force(&pos, me, 0)
                } else {
                    minimax(&pos, &eval, me, depth, 0)
                };
                let mut searcher = Searcher::new(12);
                let (value, _) = searcher.value(&pos, &eval, &mut unlimited(&clock), depth);
                assert_eq!(value, expected, "{rules} depth {depth}");
                let found = searcher.search(
                    &pos,
                    &eval,
                    &mut unlimited(&clock),
                    depth,
                    None,
                    RootValues::Best,
                );
                assert_eq!(
                    found.value, expected,
                    "{rules} iterative deepening, depth {depth}"
                );
            }
        }
    }
}

/// The Master's search of `pos` to the end of the game, without limits.
fn search_to_the_end(pos: &cheversi::Position, clock: &dyn Fn() -> f64) -> Found<cheversi::Move> {
    Searcher::new(14).search(
        pos,
        &HandValues::calibrate(pos.options()),
        &mut unlimited(clock),
        16,
        None,
        RootValues::Best,
    )
}

#[test]
fn the_exact_end_search_equals_brute_force_and_says_so() {
    let clock = clock();
    let mut rng = Rng::new(2);
    for rules in [RuleSet::Lewicki, RuleSet::Brainking, RuleSet::LewickiFree] {
        let options = cheversi::Options::new(rules);
        let start = cheversi::Position::new(options);
        for _ in 0..4 {
            let Some(pos) = random_position(&start, 12, &mut rng) else {
                continue;
            };
            let me = pos.to_move().unwrap();
            let brute = brute_force(&pos, me, 0);
            let found = search_to_the_end(&pos, &clock);
            assert!(
                found.exact,
                "the last four placements are searched to the end"
            );
            assert_eq!(found.value, brute, "{rules}");
            // The best move really reaches that final margin.
            let mut child = pos.clone();
            child.play_unchecked(found.best);
            assert_eq!(brute_force(&child, me, 1), brute);
            // The line shown is the game both sides' best play makes: it
            // is legal, runs to the end and ends on that margin.
            assert_line_ends_on(&pos, &found, brute);
        }
    }
}

/// The line `found` shows from `pos` is legal, starts with its best move
/// and ends the game on `value` for `me`.
fn assert_line_ends_on(pos: &cheversi::Position, found: &Found<cheversi::Move>, value: i32) {
    let me = pos.to_move().unwrap();
    assert_eq!(found.pv.first(), Some(&found.best));
    let mut end = pos.clone();
    for &mv in &found.pv {
        end.try_play(mv).expect("a legal line");
    }
    assert!(end.is_over(), "the line reaches the end: {:?}", found.pv);
    assert_eq!(end.decided(me), Some(value), "{:?}", found.pv);
}

#[test]
fn the_margin_by_null_windows_equals_brute_force_with_a_line_of_best_play() {
    let clock = clock();
    let mut rng = Rng::new(21);
    let mut cases = 0;
    for rules in RuleSet::ALL {
        let options = cheversi::Options::new(rules);
        let values = HandValues::calibrate(options);
        let start = cheversi::Position::new(options);
        // Five from the end only where few squares are open to each piece.
        let earliest = if matches!(rules, RuleSet::Lewicki | RuleSet::Brainking) {
            11
        } else {
            12
        };
        for placed in [earliest, 12, 12, 13, 14] {
            let Some(pos) = random_position(&start, placed, &mut rng) else {
                continue;
            };
            let me = pos.to_move().unwrap();
            let brute = brute_force(&pos, me, 0);
            // Knowing nothing; knowing the result, as the Master does
            // after proving it; knowing the value itself.
            let result = match brute.signum() {
                1 => Known::at_least(1),
                0 => Known::exactly(0),
                _ => Known::at_most(-1),
            };
            for known in [Known::NOTHING, result, Known::exactly(brute)] {
                let found = Searcher::new(14)
                    .prove_value(
                        &pos,
                        &values,
                        &mut unlimited(&clock),
                        distinct_moves(&pos),
                        known,
                    )
                    .expect("no limit");
                assert!(found.exact);
                assert_eq!(found.value, brute, "{rules} after {placed}, {known:?}");
                let mut child = pos.clone();
                child.play_unchecked(found.best);
                assert_eq!(brute_force(&child, me, 1), brute);
                // Each move of the line keeps the value: the opponent's
                // too (a null-window search's own line need not).
                let mut p = pos.clone();
                for &mv in &found.pv {
                    p.play_unchecked(mv);
                    if !p.is_over() {
                        assert_eq!(brute_force(&p, me, 1), brute, "{:?}", found.pv);
                    }
                }
                assert_line_ends_on(&pos, &found, brute);
                cases += 1;
            }
        }
    }
    assert!(cases >= 60, "{cases} cases");
}

#[test]
fn a_wrong_known_range_proves_nothing() {
    let clock = clock();
    let options = cheversi::Options::new(RuleSet::Lewicki);
    let mut rng = Rng::new(5);
    let start = cheversi::Position::new(options);
    let pos = random_position(&start, 12, &mut rng).expect("a position");
    let me = pos.to_move().unwrap();
    let brute = brute_force(&pos, me, 0);
    let found = Searcher::new(14).prove_value(
        &pos,
        &HandValues::calibrate(options),
        &mut unlimited(&clock),
        distinct_moves(&pos),
        Known::at_least(brute + 1),
    );
    assert!(found.is_none(), "{brute}: {found:?}");
}

#[test]
fn exact_values_equal_brute_force_in_every_rule_set_and_scoring() {
    use cheversi_engine::cheversi::{Count, Squares};
    let clock = clock();
    let mut rng = Rng::new(12);
    for rules in RuleSet::ALL {
        for count in [Count::Multiplicity, Count::Distinct] {
            for squares in [Squares::Empty, Squares::All] {
                let options = cheversi::Options::new(rules)
                    .with_count(count)
                    .with_squares(squares);
                let start = cheversi::Position::new(options);
                let Some(pos) = random_position(&start, 12, &mut rng) else {
                    continue;
                };
                let me = pos.to_move().unwrap();
                let found = search_to_the_end(&pos, &clock);
                assert!(found.exact, "{rules} {count:?} {squares:?}");
                assert_eq!(
                    found.value,
                    brute_force(&pos, me, 0),
                    "{rules} {count:?} {squares:?}"
                );
            }
        }
    }
}

#[test]
fn a_search_cut_short_still_shows_its_whole_line() {
    // Before: the line was read back from the table only, where deeper
    // nodes had overwritten it; a depth-8 search showed one move.
    let clock = clock();
    let options = cheversi::Options::new(RuleSet::Brainking);
    let mut pos = cheversi::Position::new(options);
    for text in ["Kd4", "Qe5", "Qf6", "Rg7", "Rh8", "Rh6"] {
        let mv = pos.parse_move(text).unwrap();
        pos.try_play(mv).unwrap();
    }
    let found = Searcher::new(16).search(
        &pos,
        &HandValues::calibrate(options),
        &mut Budget::new(&clock, None, Some(3_000_000), None),
        64,
        None,
        RootValues::Best,
    );
    assert!(!found.exact && found.depth >= 5, "depth {}", found.depth);
    assert!(
        found.pv.len() >= found.depth as usize,
        "depth {} but the line is {:?}",
        found.depth,
        found.pv
    );
    let mut p = pos.clone();
    for &mv in &found.pv {
        p.try_play(mv).expect("a legal line");
    }
}

#[test]
fn a_pinned_root_move_gets_its_exact_value_beside_the_best() {
    let clock = clock();
    let mut rng = Rng::new(7);
    let options = cheversi::Options::new(RuleSet::Brainking);
    let start = cheversi::Position::new(options);
    let mut checked = 0;
    while checked < 6 {
        let Some(pos) = random_position(&start, 11, &mut rng) else {
            continue;
        };
        let me = pos.to_move().unwrap();
        let moves = distinct_moves(&pos);
        let pinned = moves[rng.below(moves.len() as u32) as usize];
        let found = Searcher::new(14).search(
            &pos,
            &HandValues::calibrate(options),
            &mut unlimited(&clock),
            16,
            Some(moves),
            RootValues::BestAnd(pinned),
        );
        assert!(found.exact);
        assert_eq!(found.value, brute_force(&pos, me, 0));
        let mine = found.root.iter().find(|r| r.mv == pinned).unwrap();
        let mut child = pos.clone();
        child.play_unchecked(pinned);
        assert!(mine.exact);
        assert_eq!(mine.value, brute_force(&child, me, 1), "{pinned:?}");
        checked += 1;
    }
}

#[test]
fn review_points_lost_equal_brute_force_on_the_last_placements() {
    let clock = clock();
    let mut rng = Rng::new(11);
    for rules in [RuleSet::Brainking, RuleSet::LewickiFree, RuleSet::Lewicki] {
        let options = cheversi::Options::new(rules);
        let mut record = Record::new(GameOptions::Cheversi(options));
        while !record.final_position().is_over() {
            let mut moves = Vec::new();
            record.final_position().legal_moves(&mut moves);
            let mv = moves[rng.below(moves.len() as u32) as usize];
            record.play(mv).unwrap();
        }
        let rows = review(&record, None, Some(300_000), &clock);
        assert_eq!(rows.len(), 16);
        for (ply, row) in rows.iter().enumerate().skip(12) {
            let AnyGame::Cheversi(before) = record.position_at(ply).unwrap().clone() else {
                unreachable!()
            };
            let AnyMove::Cheversi(played) = record.moves()[ply] else {
                unreachable!()
            };
            let me = before.to_move().unwrap();
            let best = brute_force(&before, me, 0);
            let mut after = before.clone();
            after.play_unchecked(played);
            let mine = brute_force(&after, me, 1);
            assert_eq!(row.ply, ply);
            assert!(row.exact, "{rules} ply {ply}");
            assert_eq!(
                row.lost,
                f64::from(best - mine) / 8.0,
                "{rules} ply {ply}: {row:?}"
            );
            assert_eq!(row.lost == 0.0, best == mine);
        }
    }
}

#[test]
fn alpha_beta_agrees_with_minimax_in_attrition_over_whole_turns() {
    let clock = clock();
    let mut rng = Rng::new(3);
    let kinds = [
        attrition::Options::new(Variant::Duel),
        attrition::Options::new(Variant::TwoKnights),
        attrition::Options::new(Variant::SuddenDeath),
        attrition::Options::with_players(Variant::Melee, 3).unwrap(),
        attrition::Options::with_players(Variant::Melee, 4).unwrap(),
    ];
    for options in kinds {
        let start = attrition::Position::new(options);
        let setup = options.players() as usize * options.variant().pieces_per_player();
        let mut tested = 0;
        while tested < 5 {
            let Some(pos) = random_position(&start, setup + 4 + rng.below(20) as usize, &mut rng)
            else {
                continue;
            };
            let me = pos.to_move().unwrap();
            for depth in [1, 2, 3] {
                let expected = minimax(&pos, &Mobility, me, depth, 0);
                let (value, _) =
                    Searcher::new(12).value(&pos, &Mobility, &mut unlimited(&clock), depth);
                assert_eq!(value, expected, "{:?} depth {depth}", options.variant());
            }
            tested += 1;
        }
    }
}

#[test]
fn a_tiny_deadline_still_gives_a_legal_move() {
    let clock = clock();
    let mut engine = Engine::new(1);
    for options in common::all_kinds() {
        let game = options.start();
        let request = Request {
            level: Level::Master,
            seconds: Some(1e-9),
            nodes: None,
        };
        let t = engine.think(&game, &request, &clock, None).unwrap();
        assert!(game.check_move(t.best).is_ok(), "{options:?}");
        assert!(t.seconds < 0.5, "{options:?} took {}", t.seconds);
    }
}

#[test]
fn an_aborted_search_returns_its_best_so_far() {
    let clock = clock();
    let options = cheversi::Options::new(RuleSet::LewickiFree);
    let pos = cheversi::Position::new(options);
    let polls = Cell::new(0);
    let abort = || {
        polls.set(polls.get() + 1);
        polls.get() > 40
    };
    let mut budget = Budget::new(&clock, None, None, Some(&abort));
    let found = Searcher::new(16).search(
        &pos,
        &HandValues::calibrate(options),
        &mut budget,
        16,
        Some(distinct_moves(&pos)),
        RootValues::Best,
    );
    assert!(budget.stopped(), "the abort was seen");
    assert!(found.depth >= 1, "at least one iteration finished");
    assert!(pos.check(found.best).is_ok());
    assert!(!found.exact);
    // With the abort raised from the start: the ordering's best guess.
    let at_once = || true;
    let mut budget = Budget::new(&clock, None, None, Some(&at_once));
    let found =
        Searcher::new(16).search(&pos, &PlainScore, &mut budget, 16, None, RootValues::Best);
    assert!(pos.check(found.best).is_ok());
}

#[test]
fn a_one_move_win_is_never_missed() {
    let clock = clock();
    let mut rng = Rng::new(4);
    let mut engine = Engine::new(4);
    let mut found = 0;
    // Attrition: whenever a capture wins at once, every searching level takes it.
    for options in [
        attrition::Options::new(Variant::Duel),
        attrition::Options::new(Variant::SuddenDeath),
        attrition::Options::with_players(Variant::Melee, 3).unwrap(),
    ] {
        let start = AnyGame::Attrition(attrition::Position::new(options));
        for _ in 0..300 {
            let Some(game) = random_position(&start, 2 + rng.below(30) as usize, &mut rng) else {
                continue;
            };
            let me = game.to_move().unwrap();
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let wins = |mv: AnyMove| {
                let mut child = game.clone();
                child.play_unchecked(mv);
                child.outcome().and_then(|o| o.winner()) == Some(me)
            };
            if !moves.iter().any(|&m| wins(m)) {
                continue;
            }
            found += 1;
            for level in [Level::Casual, Level::Strong, Level::Master] {
                let t = engine
                    .think(&game, &Request::level(level), &clock, None)
                    .unwrap();
                assert!(wins(t.best), "{level} missed a winning capture");
            }
        }
    }
    assert!(
        found > 10,
        "the test met only {found} positions with a winning capture"
    );
}

#[test]
fn the_master_plays_the_best_last_placement() {
    // The expected margin comes from the reference model of the rules
    // (tests/common): every legal last placement, scored square by square.
    let clock = clock();
    let mut rng = Rng::new(5);
    let mut engine = Engine::new(5);
    for rules in RuleSet::ALL {
        let options = cheversi::Options::new(rules);
        let mut reference = common::RefCheversi::new(options);
        let mut pos = cheversi::Position::new(options);
        for _ in 0..15 {
            let legal = reference.legal();
            let (kind, square) = legal[rng.below(legal.len() as u32) as usize];
            reference.play(kind, square);
            let mv = cheversi::Move {
                kind,
                square: Square::new(square as u8).unwrap(),
            };
            pos.try_play(mv)
                .expect("the reference and the engine agree");
        }
        let best = reference
            .legal()
            .into_iter()
            .map(|(kind, square)| {
                let mut last = reference.clone();
                last.play(kind, square);
                last.score(1) - last.score(0)
            })
            .max()
            .unwrap();
        let t = engine
            .think(
                &AnyGame::Cheversi(pos),
                &Request::level(Level::Master),
                &clock,
                None,
            )
            .unwrap();
        assert!(t.exact);
        assert_eq!(t.eval, Eval::Margin(best as f64), "{rules}");
    }
}

#[test]
fn levels_are_deterministic_for_a_seed() {
    let clock = clock();
    let options = GameOptions::Cheversi(cheversi::Options::new(RuleSet::Brainking));
    for level in [Level::Beginner, Level::Casual, Level::Strong] {
        let play = |seed: u64| {
            let mut engine = Engine::new(seed);
            let mut game = options.start();
            let mut moves = Vec::new();
            while let Some(t) = engine.think(&game, &Request::level(level), &clock, None) {
                moves.push(t.best);
                game.play_unchecked(t.best);
            }
            moves
        };
        assert_eq!(play(7), play(7), "{level}");
    }
}

#[test]
fn the_beginner_errs_like_a_person_not_at_random() {
    // Over many positions, the beginner's move loses far less than a random
    // move by the beginner's own one-move judgement (margin plus pieces in
    // hand), but is not always the best.
    let clock = clock();
    let mut rng = Rng::new(6);
    let mut engine = Engine::new(6);
    let options = cheversi::Options::new(RuleSet::LewickiFree);
    let start = cheversi::Position::new(options);
    let judge = HandValues::calibrate(options);
    let (mut beginner_loss, mut random_loss, mut not_best) = (0i64, 0i64, 0);
    for _ in 0..60 {
        let Some(pos) = random_position(&start, rng.below(12) as usize, &mut rng) else {
            continue;
        };
        let me = pos.to_move().unwrap();
        let value = |m| {
            let mut c = pos.clone();
            c.place_unchecked(m);
            cheversi_engine::ai::search::Evaluator::evaluate(&judge, &c, me) as i64
        };
        let moves: Vec<_> = pos.targets().moves().collect();
        let best = moves.iter().map(|&m| value(m)).max().unwrap();
        let t = engine
            .think(
                &AnyGame::Cheversi(pos.clone()),
                &Request::level(Level::Beginner),
                &clock,
                None,
            )
            .unwrap();
        let AnyMove::Cheversi(m) = t.best else {
            unreachable!()
        };
        beginner_loss += best - value(m);
        not_best += i32::from(value(m) < best);
        random_loss += best - value(moves[rng.below(moves.len() as u32) as usize]);
    }
    assert!(
        beginner_loss * 4 < random_loss,
        "beginner {beginner_loss} vs random {random_loss}"
    );
    assert!(not_best > 0, "the beginner never erred");
}

#[test]
fn the_review_finds_the_points_a_move_gave_away() {
    let clock = clock();
    // Lewicki-free: Black's last placement in a cramped corner instead of
    // the best square.
    let options = GameOptions::Cheversi(cheversi::Options::new(RuleSet::LewickiFree));
    let text = "Kd4 Ka8 Qe4 Qb8 Rd5 Ra7 Re5 Rb7 Bc4 Bc8 Bf4 Bd8 Nc5 Ne8 Nf5 Nh8";
    let mut record = Record::new(options);
    for t in text.split_whitespace() {
        let mv = record.final_position().parse_move(t).unwrap();
        record.play(mv).unwrap();
    }
    let rows = review(&record, Some(0.05), None, &clock);
    assert_eq!(rows.len(), 16);
    let last = &rows[15];
    assert!(last.exact, "the last placement is reviewed exactly");
    assert!(last.lost > 0.0, "Nh8 gives points away: {last:?}");
    assert_ne!(last.best, "Nh8");
    assert!(rows.iter().all(|r| r.lost >= 0.0));
}

#[test]
fn proven_attrition_values_carry_the_distance() {
    let clock = clock();
    // Duel: White captures at once.
    let game = common::play(
        GameOptions::Attrition(attrition::Options::new(Variant::Duel)),
        "Nd4 Nf5",
    );
    let t = Engine::new(1)
        .think(&game, &Request::level(Level::Master), &clock, None)
        .unwrap();
    assert_eq!(t.eval, Eval::Wins(Some(1)));
    assert_eq!(game.notation(t.best), "d4xf5");
    let _ = WIN;
}

#[test]
fn a_proven_duel_loss_is_reported_and_still_played_legally() {
    // The Master proves losses for the side to move in late duel positions;
    // it then plays the search's move (the opponent may still err) but
    // reports the proof.
    let clock = clock();
    let mut rng = Rng::new(5);
    let start = AnyGame::Attrition(attrition::Position::new(attrition::Options::new(
        Variant::Duel,
    )));
    let mut losses = 0;
    for _ in 0..40 {
        let Some(game) = random_position(&start, 14, &mut rng) else {
            continue;
        };
        let request = Request {
            level: Level::Master,
            seconds: None,
            // 200,000 once sufficed for one proof here, with the search's
            // node count including children that end the game.
            nodes: Some(400_000),
        };
        let thought = Engine::new(1).think(&game, &request, &clock, None).unwrap();
        assert!(game.check_move(thought.best).is_ok());
        if let Eval::Loses(_) = thought.eval {
            losses += 1;
        }
    }
    assert!(losses > 0, "some of these positions are proven losses");
}

/// The duel's start, and the Master's request by nodes (no clock, so the
/// games replay).
fn duel_by_the_master() -> (AnyGame, Request) {
    let start = AnyGame::Attrition(attrition::Position::new(attrition::Options::new(
        Variant::Duel,
    )));
    let request = Request {
        level: Level::Master,
        seconds: None,
        nodes: Some(3_000_000),
    };
    (start, request)
}

/// Plays a won duel position to its end: the Master for the winner (each
/// of its evaluations must pass `says_win`), random jumps for the loser.
/// Checks that the winner won; returns the plies played.
fn play_out_a_win(
    engine: &mut Engine,
    game: &mut AnyGame,
    request: &Request,
    clock: &dyn Fn() -> f64,
    rng: &mut Rng,
    says_win: impl Fn(&Eval) -> bool,
) -> u32 {
    let winner = game.to_move().unwrap();
    let mut plies = 0;
    while let Some(mover) = game.to_move() {
        let mv = if mover == winner {
            let t = engine.think(game, request, clock, None).unwrap();
            assert!(says_win(&t.eval), "{:?} after {game:?}", t.eval);
            t.best
        } else {
            let mut legal = Vec::new();
            game.legal_moves(&mut legal);
            legal[rng.below(legal.len() as u32) as usize]
        };
        game.try_play(mv).unwrap();
        plies += 1;
    }
    assert_eq!(game.outcome(), Some(Outcome::Winner(winner)));
    plies
}

/// A duel position the Master proves won stays won to the end, whatever
/// the opponent plays (here: random jumps), and each of its moves says so.
#[test]
fn a_proven_duel_win_is_kept_to_the_end() {
    let clock = clock();
    let mut rng = Rng::new(9);
    let (start, request) = duel_by_the_master();
    let mut played = 0;
    for _ in 0..60 {
        // The setup and 6 jumps: where df-pn, not the depth-first solver,
        // makes most proofs.
        let Some(mut game) = random_position(&start, 8, &mut rng) else {
            continue;
        };
        let mut engine = Engine::new(3);
        let first = engine.think(&game, &request, &clock, None).unwrap();
        if !matches!(first.eval, Eval::Wins(_)) {
            continue;
        }
        play_out_a_win(&mut engine, &mut game, &request, &clock, &mut rng, |e| {
            matches!(e, Eval::Wins(_))
        });
        played += 1;
        if played == 3 {
            return;
        }
    }
    panic!("only {played} proven wins found");
}

/// Early in the duel (the setup and 3 or 4 jumps: before the depth-first
/// solver tries, past the opening book), a win the Master proves comes with
/// its distance, and the game ends within it whatever the loser plays
/// (here: random jumps; the Master plays the winner's every move).
#[test]
fn an_early_duel_win_comes_with_its_distance_and_keeps_it() {
    let clock = clock();
    let mut rng = Rng::new(17);
    let (start, request) = duel_by_the_master();
    let (mut checked, mut long_lines) = (0, 0);
    for round in 0..40 {
        let Some(mut game) = random_position(&start, 5 + round % 2, &mut rng) else {
            continue;
        };
        let mut engine = Engine::new(3);
        let first = engine.think(&game, &request, &clock, None).unwrap();
        let Eval::Wins(distance) = first.eval else {
            continue;
        };
        let distance = distance.unwrap_or_else(|| panic!("no distance for {game:?}"));
        // The best line shown follows the proof: legal, never longer than
        // the win, and it ends the game when it is as long.
        let mut along = game.clone();
        for &mv in &first.pv {
            along.try_play(mv).unwrap();
        }
        assert!(first.pv.len() <= distance as usize, "{:?}", first.pv);
        assert_eq!(
            along.is_over(),
            first.pv.len() == distance as usize,
            "{:?}",
            first.pv
        );
        assert_eq!(first.pv[0], first.best);
        long_lines += usize::from(first.pv.len() > 2);
        let plies = play_out_a_win(&mut engine, &mut game, &request, &clock, &mut rng, |e| {
            matches!(e, Eval::Wins(Some(_)))
        });
        assert!(
            plies <= distance,
            "won in {plies} plies, promised {distance}"
        );
        checked += 1;
        if checked == 4 {
            assert!(long_lines > 0, "no line of 3 plies or more");
            return;
        }
    }
    panic!("only {checked} proven early wins found");
}

/// A request by nodes alone (no time limit) ends on an early duel
/// position: the proof-number search is bounded by the nodes too. (Two
/// jumps in: the opening book answers the first two at once.)
#[test]
fn a_node_request_bounds_the_duel_proofs() {
    let origin = Instant::now();
    let clock = move || origin.elapsed().as_secs_f64();
    let game = common::play(
        GameOptions::Attrition(attrition::Options::new(Variant::Duel)),
        "Nd4 Nc4 d4-e6 c4-b6",
    );
    let request = Request {
        level: Level::Master,
        seconds: None,
        nodes: Some(200_000),
    };
    let t = Engine::new(1).think(&game, &request, &clock, None).unwrap();
    assert!(game.check_move(t.best).is_ok());
    assert!(
        origin.elapsed().as_secs_f64() < 20.0,
        "took {:?}",
        origin.elapsed()
    );
}

/// The Master gives the duel's solvers most of its think: a position the
/// solvers alone prove in some time is proved by the Master given a
/// quarter more. (Before, the Master gave them half its time, and at 442
/// ms proved 2 of 8 positions two jumps in that the solvers proved 6 of.)
/// The clock ticks a microsecond at each reading, so the times are counts
/// of the solvers' polls, the same on every machine.
#[test]
fn the_master_proves_a_duel_position_the_solvers_prove_in_most_of_its_time() {
    use cheversi_engine::ai::duel::{data, prove_jump, Dfpn, DuelSolver};
    use cheversi_engine::ai::player::engine::{DFPN_BITS, TABLE_BITS};
    let ticks = Cell::new(0u64);
    let clock = || {
        ticks.set(ticks.get() + 1);
        ticks.get() as f64 * 1e-6
    };
    let book = data::opening_book();
    // Two jumps in, past the book: a loss and a win for the side to move.
    for moves in ["Ng4 Nc2 g4-f2 c2-e3", "Nb3 Ng1 b3-c5 g1-f3"] {
        let game = common::play(
            GameOptions::Attrition(attrition::Options::new(Variant::Duel)),
            moves,
        );
        let AnyGame::Attrition(pos) = &game else {
            unreachable!()
        };
        let me = pos.to_move().unwrap();
        let knight = |p| pos.slot(p, attrition::Piece::Knight).square().unwrap();
        let mut budget = Budget::new(&clock, None, None, None);
        let mut solver = DuelSolver::new(TABLE_BITS, u64::MAX);
        let mut pn = Dfpn::new(DFPN_BITS, u64::MAX);
        let proof = prove_jump(
            book,
            &mut solver,
            &mut pn,
            pos.markers(),
            knight(me),
            knight(1 - me),
            &mut budget,
            f64::INFINITY,
        );
        assert!(proof.is_some(), "{moves}: proved without a limit");
        let needed = budget.elapsed();
        let request = Request {
            level: Level::Master,
            seconds: Some(needed * 1.25),
            nodes: None,
        };
        let t = Engine::new(1).think(&game, &request, &clock, None).unwrap();
        assert!(
            t.exact,
            "{moves}: the solvers need {needed:.4} s, the Master at {:.4} s answers {:?}",
            needed * 1.25,
            t.eval
        );
        assert!(game.check_move(t.best).is_ok());
    }
}

/// After Black's first jump, where the book gives it as the winning reply
/// to White's first (as the Master plays Black), the Master says at once
/// that White loses, with the distance; df-pn, given the time, proves the
/// same. Before, df-pn had to refute every jump of White's within the
/// think, and the answer had no distance.
#[test]
fn after_the_books_winning_reply_the_master_says_white_loses_at_once() {
    use cheversi_engine::ai::duel::{data, Dfpn};
    use cheversi_engine::ai::player::engine::DFPN_BITS;
    use cheversi_engine::bitboard::Bitboard;
    let clock = clock();
    let book = data::opening_book();
    let mut checked = 0;
    for (white, black) in [("a4", "c2"), ("b8", "a5")] {
        let (w, b): (Square, Square) = (white.parse().unwrap(), black.parse().unwrap());
        let setup = Bitboard::from_square(w) | Bitboard::from_square(b);
        // White's first jumps that Black answers with a win.
        for first in cheversi_engine::attacks::knight_attacks(w) & !setup {
            let after = setup | Bitboard::from_square(first);
            let Some(reply) = book.lookup(after, b, first).filter(|a| a.wins) else {
                continue;
            };
            let Some(to) = reply.jump.filter(|&j| j != first) else {
                continue;
            };
            let moves = format!("N{white} N{black} {white}-{first} {black}-{to}");
            let game = common::play(
                GameOptions::Attrition(attrition::Options::new(Variant::Duel)),
                &moves,
            );
            // No time and few nodes: only the book can answer this soon.
            let request = Request {
                level: Level::Master,
                seconds: None,
                nodes: Some(1_000),
            };
            let t = Engine::new(1).think(&game, &request, &clock, None).unwrap();
            assert!(t.exact, "{moves}: {:?}", t.eval);
            let plies = reply.plies.map(|p| u32::from(p) - 1);
            assert_eq!(t.eval, Eval::Loses(plies), "{moves}");
            assert!(game.check_move(t.best).is_ok(), "{moves}");
            let markers = after | Bitboard::from_square(to);
            let mut budget = Budget::new(&clock, None, None, None);
            let proof =
                Dfpn::new(DFPN_BITS, u64::MAX).prove_within(markers, first, to, &mut budget);
            assert_eq!(proof, Some(false), "{moves}: df-pn");
            checked += 1;
            break;
        }
    }
    assert_eq!(checked, 2, "a winning reply in each setup");
}

#[test]
fn an_abort_stops_the_duel_solver_too() {
    // Early in the game the solver needs far more than the test allows;
    // the request's own limit (a minute) would let it run. (Two jumps in:
    // the opening book answers the first two at once.)
    let origin = Instant::now();
    let clock = move || origin.elapsed().as_secs_f64();
    let game = common::play(
        GameOptions::Attrition(attrition::Options::new(Variant::Duel)),
        "Nd4 Nc4 d4-e6 c4-b6",
    );
    let request = Request {
        level: Level::Master,
        seconds: Some(60.0),
        nodes: None,
    };
    let polls = Cell::new(0u32);
    let abort = || {
        polls.set(polls.get() + 1);
        true
    };
    let t = Engine::new(1)
        .think(&game, &request, &clock, Some(&abort))
        .unwrap();
    assert!(game.check_move(t.best).is_ok(), "{}", game.notation(t.best));
    assert!(polls.get() > 0, "the abort was asked");
    assert!(
        origin.elapsed().as_secs_f64() < 1.0,
        "stopped after {:.1} s",
        origin.elapsed().as_secs_f64()
    );
}

/// Before: the null-window scout of principal variation search was used on
/// leaves too, so a leaf that improved on the best so far was evaluated
/// twice (and counted twice against a level's node budget).
#[test]
fn a_one_turn_search_evaluates_each_child_once() {
    let clock = clock();
    let mut rng = Rng::new(8);
    for rules in [RuleSet::Brainking, RuleSet::LewickiFree] {
        let options = cheversi::Options::new(rules);
        let start = cheversi::Position::new(options);
        for plies in [0, 5, 9] {
            let Some(pos) = random_position(&start, plies, &mut rng) else {
                continue;
            };
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let mut budget = unlimited(&clock);
            Searcher::new(12).value(&pos, &HandValues::calibrate(options), &mut budget, 1);
            assert_eq!(
                budget.nodes,
                1 + moves.len() as u64,
                "{rules} after {plies}"
            );
        }
    }
}

/// The position after `moves` (in notation) from the start of `options`.
fn cheversi_after(options: cheversi::Options, moves: &str) -> cheversi::Position {
    let mut pos = cheversi::Position::new(options);
    for text in moves.split_whitespace() {
        let m = pos.parse_move(text).unwrap();
        pos.try_play(m).unwrap();
    }
    pos
}

/// The position after `moves` (in notation) from the start of `variant`.
fn attrition_after(variant: Variant, moves: &str) -> attrition::Position {
    attrition_after_in(attrition::Options::new(variant), moves)
}

/// The position after `moves` (in notation) from the start of a game of
/// `options`.
fn attrition_after_in(options: attrition::Options, moves: &str) -> attrition::Position {
    let mut pos = attrition::Position::new(options);
    for text in moves.split_whitespace() {
        let m = pos.parse_move(text).unwrap();
        pos.try_play(m).unwrap();
    }
    pos
}

/// The Master's move in lewicki after `moves`, in notation, and the
/// nodes it searched for its value.
fn masters_move(moves: &str) -> (String, u64) {
    let clock = || 0.0;
    let request = Request {
        nodes: Some(20_000),
        ..Request::level(Level::Master)
    };
    let game = AnyGame::Cheversi(cheversi_after(
        cheversi::Options::new(RuleSet::Lewicki),
        moves,
    ));
    let t = Engine::new(3).think(&game, &request, &clock, None).unwrap();
    (game.notation(t.best), t.nodes)
}

/// The Master plays the book's move and still evaluates it.
#[test]
fn the_master_answers_the_central_queen_from_the_book() {
    for (queen, bishop) in [("Qd4", "Bd5"), ("Qe5", "Be4")] {
        let (mv, nodes) = masters_move(queen);
        assert_eq!(mv, bishop, "{queen}");
        assert!(nodes > 0, "{queen}: searched for its value");
    }
}

/// Its own search would open with the central `Qd4`.
#[test]
fn the_master_opens_lewicki_from_the_book() {
    assert_eq!(masters_move("").0, "Qd3");
}

#[test]
fn the_master_and_strong_play_the_table_and_casual_searches() {
    let clock = || 0.0;
    let game = AnyGame::Attrition(attrition_after(Variant::SuddenDeath, "Nf4"));
    for level in [Level::Master, Level::Strong] {
        let t = Engine::new(3)
            .think(&game, &Request::level(level), &clock, None)
            .unwrap();
        assert_eq!(game.notation(t.best), "Bc4", "{level:?}");
        assert_eq!(t.nodes, 0, "{level:?}: from the table");
    }
    let t = Engine::new(3)
        .think(&game, &Request::level(Level::Casual), &clock, None)
        .unwrap();
    assert!(t.depth > 0, "the casual level searches");
}

/// Every line of `data/brute_force.txt` is what plain minimax says.
#[test]
#[ignore = "plain minimax over the stored positions: cargo test --test ai -- --ignored"]
fn the_stored_brute_force_values_are_minimax() {
    let mut checked = 0;
    for (key, value) in common::brute::stored_lines(common::brute::FILE) {
        let (pos, me, ply) = common::brute::parse_key(key);
        assert_eq!(common::brute::key(&pos, me, ply), key);
        assert_eq!(
            minimax(&pos, &PlainScore, me, 16, ply).to_string(),
            value,
            "{key}"
        );
        checked += 1;
    }
    assert!(checked >= 60, "{checked} lines");
}

/// The Master's request by nodes alone (no clock: the answer replays).
fn master_by_nodes(nodes: u64) -> Request {
    Request {
        level: Level::Master,
        seconds: None,
        nodes: Some(nodes),
    }
}

/// The mobility count stays far from the proven values: a value there
/// comes only from ends of the game, so the search's win or loss is a
/// proof even where other leaves were guessed.
#[test]
fn the_attrition_evaluation_never_reaches_a_proven_value() {
    use cheversi_engine::ai::search::{is_proof, Evaluator};
    let mut rng = Rng::new(17);
    for options in [
        attrition::Options::new(Variant::Duel),
        attrition::Options::new(Variant::TwoKnights),
        attrition::Options::new(Variant::SuddenDeath),
        attrition::Options::with_players(Variant::Melee, 3).unwrap(),
        attrition::Options::with_players(Variant::Melee, 4).unwrap(),
    ] {
        let start = attrition::Position::new(options);
        for _ in 0..200 {
            let plies = rng.below(40) as usize;
            let Some(pos) = random_position(&start, plies, &mut rng) else {
                continue;
            };
            for me in 0..options.players() {
                let v = Mobility.evaluate(&pos, me);
                assert!(!is_proof(v) && v.abs() < WIN / 1000, "{v}");
            }
        }
    }
}

/// A win the two-player search finds is reported as proven, even when
/// guessed leaves were left elsewhere in the tree.
#[test]
fn a_two_knights_win_the_search_finds_is_reported_as_proven() {
    let clock = || 0.0;
    let game = AnyGame::Attrition(attrition_after(
        Variant::TwoKnights,
        "Be7 Ng2 Ba1 Nc6 g2-f4 e7-g8 c6-b8 a1-b3 f4-d3 g8-f6 b3-a5 b8-a6 f6-g4 d3-c5 a6-b4 a5-b7",
    ));
    let t = Engine::new(1)
        .think(&game, &master_by_nodes(2_000_000), &clock, None)
        .unwrap();
    assert!(matches!(t.eval, Eval::Wins(Some(_))), "{:?}", t.eval);
    assert!(t.exact, "a win found is a win proven: {:?}", t.eval);
}

/// In a melee of three still in, a loss is the others all playing against
/// the mover, which they need not: not reported as proven. (Here Black's
/// "loss" turns into a win once Red plays for itself.)
#[test]
fn a_melee_loss_against_two_rivals_is_not_reported_as_proven() {
    let clock = || 0.0;
    let moves = "Nb4 Nc6 Nf2 b4-c2 c6-b8 f2-d3 c2-a3 b8-a6 d3-c1 a3-c4 a6-c7 c1-a2 \
                 c4-a5 c7-e6 a2-c3 a5-b7 e6-c5 c3-d1 b7-d6 c5-d7 d1-e3 d6-e8 d7-e5 e3-d5 e8-f6";
    let melee = attrition::Options::with_players(Variant::Melee, 3).unwrap();
    let game = AnyGame::Attrition(attrition_after_in(melee, moves));
    let t = Engine::new(1)
        .think(&game, &master_by_nodes(2_000_000), &clock, None)
        .unwrap();
    assert!(matches!(t.eval, Eval::Loses(Some(_))), "{:?}", t.eval);
    assert!(!t.exact, "a loss to two rivals together is not proven");
    // Red captures White instead of helping against Black: Black wins.
    let g = AnyGame::Attrition(attrition_after_in(
        attrition::Options::with_players(Variant::Melee, 3).unwrap(),
        &format!("{moves} {} d5xf6", game.notation(t.best)),
    ));
    let t = Engine::new(1)
        .think(&g, &master_by_nodes(2_000_000), &clock, None)
        .unwrap();
    assert!(matches!(t.eval, Eval::Wins(Some(_))), "{:?}", t.eval);
    assert!(t.exact, "a win against every rival together is proven");
}

/// A review row of a move from a position the search proves won is
/// exact, as the Master's own answer there is.
#[test]
fn a_review_row_between_two_proven_values_is_exact() {
    let clock = || 0.0;
    let moves =
        "Be7 Ng2 Ba1 Nc6 g2-f4 e7-g8 c6-b8 a1-b3 f4-d3 g8-f6 b3-a5 b8-a6 f6-g4 d3-c5 a6-b4 a5-b7";
    let pos = attrition_after(Variant::TwoKnights, moves);
    let game = AnyGame::Attrition(pos.clone());
    let t = Engine::new(1)
        .think(&game, &master_by_nodes(2_000_000), &clock, None)
        .unwrap();
    let mut record = Record::new(GameOptions::Attrition(pos.options()));
    for text in moves.split_whitespace() {
        let mv = record.final_position().parse_move(text).unwrap();
        record.play(mv).unwrap();
    }
    record.play(t.best).unwrap();
    let rows = review(&record, None, Some(2_000_000), &clock);
    let row = rows.last().unwrap();
    assert!(matches!(row.value, Eval::Wins(Some(_))), "{row:?}");
    assert_eq!(row.lost, 0.0, "{row:?}");
    assert!(row.exact, "both values proven: {row:?}");
}
