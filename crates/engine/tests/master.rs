//! The Cheversi Master: the result-first exact search and the tree search,
//! each against plain minimax (brute force, no pruning, no tables).

mod common;

use cheversi_engine::ai::budget::Budget;
use cheversi_engine::ai::cheversi::mcts;
use cheversi_engine::ai::cheversi::{HandValues, SCALE};
use cheversi_engine::ai::player::levels::Level;
use cheversi_engine::ai::player::{Engine, Eval, Request, Thought};
use cheversi_engine::ai::search::{
    deal_proof, proof_order, Draws, Endgame, Held, ProofPart, Proven, RootValues, Searchable,
    Searcher,
};
use cheversi_engine::cheversi::{self, Count, Move, RuleSet, Squares};
use cheversi_engine::rng::Rng;
use cheversi_engine::{AnyGame, AnyMove, GameState, Square};
use common::brute::{self, brute_force};
use common::{clock, random_placements, sq};

fn legal(pos: &cheversi::Position) -> Vec<Move> {
    pos.targets().moves().collect()
}

/// Brute force: the final margin (eighths) for the player to move after
/// `mv` with best play by both.
fn value_after(pos: &cheversi::Position, mv: Move) -> i32 {
    let me = pos.to_move().unwrap();
    let mut child = pos.clone();
    child.play_unchecked(mv);
    brute_force(&child, me, 1)
}

fn every_options() -> Vec<cheversi::Options> {
    let mut all = Vec::new();
    for rules in RuleSet::ALL {
        for count in [Count::Multiplicity, Count::Distinct] {
            for squares in [Squares::Empty, Squares::All] {
                all.push(
                    cheversi::Options::new(rules)
                        .with_count(count)
                        .with_squares(squares),
                );
            }
        }
    }
    all
}

/// Brute force's verdict on a result proven with every drawing move
/// (`Draws::Every`): a winning move that wins, every drawing move, or a
/// loss where every move loses. Counts the kind in `seen` (wins, draws,
/// losses).
fn check_every_draw(
    pos: &cheversi::Position,
    proven: Proven<Move>,
    what: &str,
    seen: &mut [u32; 3],
) {
    let moves = legal(pos);
    let values: Vec<i32> = moves.iter().map(|&mv| value_after(pos, mv)).collect();
    let best = *values.iter().max().unwrap();
    let by_square = |m: &Move| (m.kind.index(), m.square.index());
    match proven {
        Proven::Win(mv) => {
            assert!(best > 0, "{what}: a win claimed, brute force says {best}");
            assert!(value_after(pos, mv) > 0, "{what}: {mv} does not win");
            seen[0] += 1;
        }
        Proven::Draw(mut draws) => {
            assert_eq!(best, 0, "{what}: a draw claimed");
            let mut expected: Vec<Move> = moves
                .iter()
                .zip(&values)
                .filter(|(_, &v)| v == 0)
                .map(|(&m, _)| m)
                .collect();
            expected.sort_by_key(by_square);
            draws.sort_by_key(by_square);
            assert_eq!(draws, expected, "{what}: the drawing moves");
            seen[1] += 1;
        }
        Proven::Loss => {
            assert!(best < 0, "{what}: a loss claimed, brute force says {best}");
            seen[2] += 1;
        }
    }
}

#[test]
fn the_result_search_agrees_with_brute_force_in_every_rule_set_and_scoring() {
    let clock = clock();
    let mut rng = Rng::new(31);
    let mut seen = [0; 3];
    for options in every_options() {
        // Brute force over 3 and 2 placements left (4 left with every
        // kind free is too many games for a test).
        for plies in [13, 14] {
            let pos = random_placements(options, plies, &mut rng);
            let moves = legal(&pos);
            let values: Vec<i32> = moves.iter().map(|&mv| value_after(&pos, mv)).collect();
            let best = *values.iter().max().unwrap();
            let eval = HandValues::calibrate(options);
            let mut budget = Budget::new(&clock, None, None, None);
            let proven = Searcher::new(14)
                .prove_result(&pos, &eval, &mut budget, moves.clone(), Draws::Every)
                .expect("no limits");
            let what = format!("{options:?} after {plies}");
            check_every_draw(&pos, proven, &what, &mut seen);
            // Asked for one drawing move only: the same result, and the
            // move named keeps it.
            let mut budget = Budget::new(&clock, None, None, None);
            let one = Searcher::new(14)
                .prove_result(&pos, &eval, &mut budget, moves.clone(), Draws::One)
                .expect("no limits");
            match &one {
                Proven::Win(mv) => assert!(value_after(&pos, *mv) > 0, "{what}: {mv} does not win"),
                Proven::Draw(draws) => {
                    assert_eq!(draws.len(), 1, "{what}: one drawing move");
                    assert_eq!(
                        value_after(&pos, draws[0]),
                        0,
                        "{what}: {} does not draw",
                        draws[0]
                    );
                }
                Proven::Loss => {}
            }
            match (best, &one) {
                (b, Proven::Win(_)) if b > 0 => {}
                (0, Proven::Draw(_)) => {}
                (b, Proven::Loss) if b < 0 => {}
                _ => panic!("{what}: brute force says {best}, the search {one:?}"),
            }
        }
    }
    // The positions met every kind of result.
    assert!(
        seen.iter().all(|&n| n > 0),
        "wins, draws, losses met: {seen:?}"
    );
}

/// The result proof dealt into parts as the page's workers share it (the
/// first move's replies, then the other root moves), each part proven
/// with a table of its own, and the parts combined: the result brute
/// force gives, with every drawing move.
#[test]
fn a_result_proven_in_parts_agrees_with_brute_force() {
    let clock = clock();
    let mut rng = Rng::new(31);
    let mut seen = [0; 3];
    let mut held_seen = [0; 3];
    for options in every_options() {
        for plies in [13, 14, 14, 14] {
            let pos = random_placements(options, plies, &mut rng);
            let moves = legal(&pos);
            let eval = HandValues::calibrate(options);
            let ordered = proof_order(&pos, moves.clone());
            let mut first_child = pos.clone();
            first_child.play_unchecked(ordered[0]);
            let replies = legal(&first_child).len();
            let units = replies + moves.len() - 1;
            for parts in [1, 2, 3, units, units + 1] {
                let what = format!("{options:?} after {plies}, {parts} parts");
                let dealt = deal_proof(&pos, ordered.clone(), parts);
                assert_eq!(dealt.len(), parts, "{what}");
                let first = dealt[0].first;
                assert_eq!(first, (parts > 1).then_some(ordered[0]), "{what}");
                assert!(dealt.iter().all(|p| p.first == first), "{what}");
                let count = |f: fn(&ProofPart<Move>) -> usize| dealt.iter().map(f).sum::<usize>();
                assert_eq!(
                    count(|p| p.moves.len()) + usize::from(first.is_some()),
                    moves.len(),
                    "{what}: every root move dealt once"
                );
                let dealt_replies = count(|p| p.replies.len());
                assert_eq!(
                    dealt_replies,
                    if first.is_some() { replies } else { 0 },
                    "{what}"
                );
                if parts >= units {
                    assert!(
                        dealt.iter().all(|p| p.replies.len() + p.moves.len() <= 1),
                        "{what}: a unit a part"
                    );
                }
                let mut held = Some(Held::Win);
                let mut results = Vec::new();
                for part in dealt {
                    let mut searcher = Searcher::new(14);
                    let mut budget = Budget::new(&clock, None, None, None);
                    if let Some(mv) = part.first {
                        let mut proofs = searcher.move_proofs(&pos, &eval, &mut budget).unwrap();
                        held = held.min(proofs.hold(&pos, mv, &part.replies, true));
                    }
                    results.push(searcher.prove_result(
                        &pos,
                        &eval,
                        &mut budget,
                        part.moves,
                        Draws::Every,
                    ));
                }
                results.extend(first.map(|mv| held.map(|h| h.proven(mv))));
                let proven = Proven::combine(results).expect("no limits");
                check_every_draw(&pos, proven, &what, &mut seen);
            }
            // Each reply alone, asked as a part of one reply asks it.
            let me = pos.to_move().unwrap();
            let mut searcher = Searcher::new(14);
            let mut budget = Budget::new(&clock, None, None, None);
            let mut proofs = searcher.move_proofs(&pos, &eval, &mut budget).unwrap();
            for reply in legal(&first_child) {
                let mut below = first_child.clone();
                below.play_unchecked(reply);
                let value = brute::brute_force(&below, me, 2);
                let expected = [Held::Loss, Held::Draw, Held::Win][(value.signum() + 1) as usize];
                let what = format!("{options:?} after {plies}: {} then {reply}", ordered[0]);
                assert_eq!(
                    proofs.hold(&pos, ordered[0], &[reply], true),
                    Some(expected),
                    "{what}"
                );
                // A draw at most, where a win is not asked for.
                assert_eq!(
                    proofs.hold(&pos, ordered[0], &[reply], false),
                    Some(expected.min(Held::Draw)),
                    "{what}"
                );
                held_seen[expected as usize] += 1;
            }
        }
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "wins, draws, losses met: {seen:?}"
    );
    assert!(
        held_seen.iter().all(|&n| n > 0),
        "replies holding the first move to each result met: {held_seen:?}"
    );
}

/// A part that did not finish leaves the whole unproven, unless another
/// part wins.
#[test]
fn combining_parts_needs_every_part_or_a_win() {
    let (a, b) = (sq("a1"), sq("b2"));
    assert_eq!(Proven::combine([Some(Proven::<Square>::Loss), None]), None);
    assert_eq!(
        Proven::combine([None, Some(Proven::Win(a))]),
        Some(Proven::Win(a))
    );
    assert_eq!(
        Proven::combine([
            Some(Proven::Draw(vec![a])),
            Some(Proven::Loss),
            Some(Proven::Draw(vec![b]))
        ]),
        Some(Proven::Draw(vec![a, b]))
    );
    assert_eq!(
        Proven::combine([Some(Proven::<Square>::Loss), Some(Proven::Loss)]),
        Some(Proven::Loss)
    );
    assert_eq!(Proven::<Square>::combine([]), Some(Proven::Loss));
}

#[test]
fn the_master_never_gives_away_a_result_it_can_keep() {
    // The best result brute force finds is kept by the Master's move, at
    // a short time a move (so the exact search and, where it does not
    // finish, the tree search both play).
    let clock = clock();
    let mut engine = Engine::new(3);
    let request = Request {
        level: Level::Master,
        seconds: Some(0.05),
        nodes: None,
    };
    for (options, plies, pos, best) in late_positions(32, &[13]) {
        let t = engine
            .think(&AnyGame::Cheversi(pos.clone()), &request, &clock, None)
            .unwrap();
        let AnyMove::Cheversi(mv) = t.best else {
            panic!("a Cheversi move")
        };
        assert!(pos.targets().contains(mv), "{mv} is legal");
        assert_eq!(
            value_after(&pos, mv).signum(),
            best,
            "{options:?} after {plies}: {mv} changes the result"
        );
    }
}

/// Random positions in every rule set and scoring (seeded), 4 and 3
/// placements from the end where the rules keep the choices few, else
/// `plies` in: each with its best result by brute force (1, 0, -1).
fn late_positions(
    seed: u64,
    plies: &[usize],
) -> Vec<(cheversi::Options, usize, cheversi::Position, i32)> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for options in every_options() {
        let tight = matches!(options.rules, RuleSet::Lewicki | RuleSet::Brainking);
        for &plies in if tight { &[12, 13][..] } else { plies } {
            let pos = random_placements(options, plies, &mut rng);
            let best = legal(&pos)
                .into_iter()
                .map(|mv| value_after(&pos, mv).signum())
                .max()
                .unwrap();
            out.push((options, plies, pos, best));
        }
    }
    out
}

/// A thought reports the result brute force gives (`best`: 1, 0 or -1)
/// as proven: a win as `wins` or a positive margin, a draw as the drawn
/// margin, a loss as `loses` or a negative margin.
fn check_reported_as_proven(t: &Thought, best: i32, what: &str) {
    assert!(t.exact, "{what}: not reported as proven");
    match best {
        1 => assert!(
            matches!(t.eval, Eval::Wins(_)) || matches!(t.eval, Eval::Margin(m) if m > 0.0),
            "{what}"
        ),
        0 => assert_eq!(t.eval, Eval::Margin(0.0), "{what}"),
        _ => assert!(
            matches!(t.eval, Eval::Loses(_)) || matches!(t.eval, Eval::Margin(m) if m < 0.0),
            "{what}"
        ),
    }
}

/// Whatever move the Master then picks, a result it proved is reported
/// as proven: a loss as `loses`, a draw as the drawn margin, a win as
/// `wins`, each `exact`; against brute force, positions three and four
/// placements from the end (before the last placement, where a proven
/// loss or draw leaves the move to the tree search).
#[test]
fn a_proven_result_is_reported_as_proven() {
    let clock = clock();
    let mut engine = Engine::new(3);
    let request = Request {
        nodes: Some(300_000),
        ..Request::level(Level::Master)
    };
    let mut seen = [0; 3];
    for (options, plies, pos, best) in late_positions(35, &[13, 13]) {
        let t = engine
            .think(&AnyGame::Cheversi(pos.clone()), &request, &clock, None)
            .unwrap();
        let what = format!("{options:?} after {plies}: {:?}", t.eval);
        check_reported_as_proven(&t, best, &what);
        seen[(best + 1) as usize] += 1;
    }
    assert!(seen.iter().all(|&n| n > 0), "every result met: {seen:?}");
}

/// Two placements from the end, a proven draw or loss leaves the opponent
/// one placement, its last: the Master plays the move that keeps the
/// most points against the best reply (brute force's), proven, in a
/// fraction of its think. The tree search used to spend the whole think
/// there, a million simulations on a tree of a few thousand leaves.
#[test]
fn two_placements_from_the_end_a_lost_or_drawn_position_is_answered_at_once() {
    let clock = clock();
    let mut engine = Engine::new(3);
    let think = 1_000_000;
    let request = Request {
        nodes: Some(think),
        ..Request::level(Level::Master)
    };
    let mut seen = [0; 2];
    let mut rng = Rng::new(14);
    for options in every_options() {
        for _ in 0..4 {
            let pos = random_placements(options, 14, &mut rng);
            let values: Vec<i32> = legal(&pos)
                .into_iter()
                .map(|mv| value_after(&pos, mv))
                .collect();
            let best = *values.iter().max().unwrap();
            if best > 0 {
                continue;
            }
            let t = engine
                .think(&AnyGame::Cheversi(pos.clone()), &request, &clock, None)
                .unwrap();
            let what = format!("{options:?}: {:?} in {} nodes", t.eval, t.nodes);
            check_reported_as_proven(&t, best.signum(), &what);
            let AnyMove::Cheversi(mv) = t.best else {
                panic!("a Cheversi move")
            };
            assert_eq!(value_after(&pos, mv), best, "{what}: {mv}");
            assert!(t.nodes < think / 10, "{what}");
            seen[(best < 0) as usize] += 1;
        }
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "draws and losses met: {seen:?}"
    );
}

/// A part proven a root move at a time, as the page's workers prove it
/// (reading each other's answers between two), keeps its killers from one
/// move to the next, as a proof in one call does, and needs about the
/// nodes of that one call. (Started afresh each move, it lost the killers
/// sibling moves share: 1.38 times the nodes on these positions.)
#[test]
fn a_part_proven_a_move_at_a_time_needs_the_nodes_of_one_proof() {
    let clock = clock();
    let options = cheversi::Options::new(RuleSet::Brainking);
    let (mut whole, mut apart) = (0, 0);
    for seed in [101, 102, 104, 106] {
        let pos = random_placements(options, 6, &mut Rng::new(seed));
        let game = AnyGame::Cheversi(pos);
        let part = Engine::new(1).proof_parts(&game, 2).unwrap().remove(1);
        let one = Engine::new(1)
            .prove_moves(&game, part.moves.clone(), None, &clock)
            .unwrap();
        let mut engine = Engine::new(1);
        let mut results = Vec::new();
        for &mv in &part.moves {
            let proof = engine.prove_moves(&game, vec![mv], None, &clock).unwrap();
            apart += proof.nodes;
            let won = matches!(proof.proven, Some(Proven::Win(_)));
            results.push(proof.proven);
            if won {
                break;
            }
        }
        assert_eq!(Proven::combine(results), one.proven, "seed {seed}");
        whole += one.nodes;
    }
    assert!(
        apart * 100 <= whole * 105,
        "{apart} nodes a move at a time against {whole} in one proof"
    );
}

/// The result proof the Master's think starts with, proven by the caller
/// in two parts (as the page's two workers do) and handed back: reported
/// as proven (against brute force) and kept by the move played, as when
/// the Master proves it.
/// A proof the caller did not finish is not made again by the think.
#[test]
fn a_result_the_caller_proved_in_parts_is_reported_and_kept() {
    let clock = clock();
    let mut engine = Engine::new(3);
    let request = Request {
        seconds: Some(0.05),
        ..Request::level(Level::Master)
    };
    let mut seen = [0; 3];
    for (options, plies, pos, best) in late_positions(35, &[13, 13]) {
        let game = AnyGame::Cheversi(pos.clone());
        let plan = engine
            .result_proof(&game, &request)
            .expect("near the end, the Master proves the result first");
        assert_eq!(plan.seconds, 0.05 * 0.6, "the proof's share");
        // The two parts as the page's two workers prove them: each an
        // engine of its own, the thinking one's part first; each its share
        // of the first move's replies, then its root moves.
        let mut helper = Engine::new(4);
        let parts = engine.proof_parts(&game, 2).expect("two parts");
        let mut held = Some(Held::Win);
        let mut results = Vec::new();
        for (part, engine) in parts.iter().zip([&mut engine, &mut helper]) {
            let first = part.first.expect("the first move's replies dealt");
            let hold = engine
                .prove_hold(&game, first, &part.replies, true, None, &clock)
                .expect("its share");
            held = held.min(hold.proven);
            let proof = engine
                .prove_moves(&game, part.moves.clone(), None, &clock)
                .expect("a part");
            assert!(hold.nodes + proof.nodes > 0, "nodes counted");
            results.push(proof.proven);
        }
        let first = parts[0].first.unwrap();
        let proven = Proven::combine(results.into_iter().chain([held.map(|h| h.proven(first))]));
        let t = engine
            .think_proven(&game, &request, &clock, proven, 0.05)
            .unwrap();
        let what = format!("{options:?} after {plies}: {:?}", t.eval);
        check_reported_as_proven(&t, best, &what);
        let AnyMove::Cheversi(mv) = t.best else {
            panic!("a Cheversi move")
        };
        assert_eq!(
            value_after(&pos, mv).signum(),
            best,
            "{what}: {mv} changes the result"
        );
        // A proof the caller did not finish is not made again.
        let unproven = engine
            .think_proven(&game, &request, &clock, None, 0.05)
            .unwrap();
        assert!(!unproven.exact, "{what}: proven again by the think");
        seen[(best + 1) as usize] += 1;
    }
    assert!(seen.iter().all(|&n| n > 0), "every result met: {seen:?}");
}

/// No result proof is asked of the caller where the think starts with
/// none: far from the end, below the Master, by nodes, in Attrition.
#[test]
fn no_result_proof_is_asked_where_the_think_starts_with_none() {
    use cheversi_engine::attrition;
    let engine = Engine::new(1);
    let master = Request {
        seconds: Some(0.5),
        ..Request::level(Level::Master)
    };
    let options = cheversi::Options::new(RuleSet::Brainking);
    let near = AnyGame::Cheversi(random_placements(options, 13, &mut Rng::new(2)));
    let far = AnyGame::Cheversi(cheversi::Position::new(options));
    assert!(engine.result_proof(&near, &master).is_some());
    assert_eq!(engine.result_proof(&far, &master), None);
    let by_nodes = Request {
        nodes: Some(100_000),
        ..Request::level(Level::Master)
    };
    assert_eq!(engine.result_proof(&near, &by_nodes), None);
    assert_eq!(
        engine.result_proof(&near, &Request::level(Level::Strong)),
        None
    );
    let duel = AnyGame::Attrition(attrition::Position::new(attrition::Options::new(
        attrition::Variant::Duel,
    )));
    assert_eq!(engine.result_proof(&duel, &master), None);
    let mut engine = engine;
    assert_eq!(engine.proof_parts(&duel, 2), None);
    let parts = engine.proof_parts(&near, 2).expect("two parts");
    let (first, reply) = (parts[0].first.unwrap(), parts[0].replies[0]);
    assert!(engine
        .prove_hold(&near, first, &[reply], true, None, &clock())
        .is_some());
    assert_eq!(
        engine.prove_hold(&near, first, &[first], true, None, &clock()),
        None,
        "a reply on the first move's square"
    );
    assert_eq!(
        engine.prove_hold(&duel, first, &[], true, None, &clock()),
        None
    );
}

/// The Master gives the result proof most of its think: a BrainKing
/// position 9 placements from the end whose result the proof alone
/// proves in some nodes is answered as proven by the Master asked for
/// twice as many. (A request by nodes alone gives each part of the think
/// its share of the nodes, as a time limit does of the time. At 442 ms
/// the Master answered 27–28 of 40 held-out positions there as proven with
/// the proof given 0.3 of its think; the proof alone, 40.)
#[test]
fn the_master_proves_a_result_the_proof_reaches_in_half_its_think() {
    let clock = clock();
    let options = cheversi::Options::new(RuleSet::Brainking);
    for seed in 1..=4 {
        let pos = common::random_placements(options, 7, &mut Rng::new(seed));
        let needed = common::result_proof_nodes(&pos, Draws::Every)
            .unwrap_or_else(|| panic!("seed {seed}: not proved without a limit"));
        let request = Request {
            seconds: None,
            nodes: Some(needed * 2),
            ..Request::level(Level::Master)
        };
        let game = AnyGame::Cheversi(pos);
        let t = Engine::new(1).think(&game, &request, &clock, None).unwrap();
        assert!(
            t.exact,
            "seed {seed}: the proof needs {needed} nodes, the Master with {} answers {:?}",
            needed * 2,
            t.eval
        );
    }
}

/// A long think (the analysis's longest searches, or a budget of nodes
/// alone) tries the exact search one placement further back than a move
/// in play: a brainking position 10 placements from the end is proved a
/// win for White; the Master's own second (1 s) does not try there.
#[test]
fn a_long_think_proves_a_result_one_placement_further_back() {
    let clock = clock();
    let mut pos = cheversi::Position::new(cheversi::Options::new(RuleSet::Brainking));
    for text in "Kd4 Qe5 Qf6 Rc3 Ne3 Rg7".split(' ') {
        let mv: Move = text.parse().unwrap();
        assert!(legal(&pos).contains(&mv), "{text}");
        pos.play_unchecked(mv);
    }
    let game = AnyGame::Cheversi(pos);
    let long = Request {
        nodes: Some(20_000_000),
        ..Request::level(Level::Master)
    };
    let t = Engine::new(5).think(&game, &long, &clock, None).unwrap();
    assert!(t.exact, "not proved: {:?}", t.eval);
    assert!(
        matches!(t.eval, Eval::Wins(_)) || matches!(t.eval, Eval::Margin(m) if m > 0.0),
        "{:?}",
        t.eval
    );
    let second = Request {
        seconds: Some(1.0),
        nodes: Some(20_000_000),
        ..Request::level(Level::Master)
    };
    let t = Engine::new(5).think(&game, &second, &clock, None).unwrap();
    assert!(!t.exact, "a second tried the exact search: {:?}", t.eval);
}

#[test]
fn the_tree_search_finds_the_best_result_two_placements_from_the_end() {
    let clock = clock();
    let mut rng = Rng::new(33);
    for rules in RuleSet::ALL {
        for _ in 0..3 {
            let pos = random_placements(cheversi::Options::new(rules), 14, &mut rng);
            let moves = legal(&pos);
            let best = moves
                .iter()
                .map(|&mv| value_after(&pos, mv).signum())
                .max()
                .unwrap();
            let mut budget = Budget::new(&clock, None, Some(60_000), None);
            let tree = mcts::search(&pos, &moves, &mut budget, &mut Rng::new(1));
            assert_eq!(
                value_after(&pos, tree.root[0].mv).signum(),
                best,
                "{rules}: {} misses the best result",
                tree.root[0].mv
            );
            // Every simulation went through one root move.
            let visits: u64 = tree.root.iter().map(|r| u64::from(r.visits)).sum();
            assert_eq!(visits, tree.simulations);
            assert!(tree.root.windows(2).all(|w| w[0].visits >= w[1].visits));
        }
    }
}

/// The search orders moves by peeking at the position after each without
/// making it: what it reads must be what making the move gives (the score
/// after lines are cut, the end of the game, the hash).
#[test]
fn peeking_at_a_placement_reads_what_making_it_gives() {
    let mut rng = Rng::new(31);
    for options in every_options() {
        for plies in 0..16 {
            let pos = random_placements(options, plies, &mut rng);
            for me in [0, 1] {
                for mv in legal(&pos) {
                    let mut child = pos.clone();
                    child.play_unchecked(mv);
                    let peek = pos.peek(mv, me);
                    assert_eq!(peek.key, child.key(), "{options:?} {mv}");
                    assert_eq!(peek.decided, child.decided(me).is_some());
                    assert_eq!(
                        peek.value,
                        child.decided(me).unwrap_or_else(|| child.quick_value(me)),
                        "{options:?} after {plies}: {mv}"
                    );
                }
            }
        }
    }
}

/// A node's children are peeked at in one pass (`peek_each`, from attack
/// counts shared by every placement): each must read what peeking at it
/// alone reads, in order, and stopping must stop.
#[test]
fn peeking_at_every_placement_at_once_reads_what_one_at_a_time_reads() {
    let mut rng = Rng::new(37);
    for options in every_options() {
        for plies in 0..16 {
            let pos = random_placements(options, plies, &mut rng);
            let moves = legal(&pos);
            for me in [0, 1] {
                let mut seen = Vec::new();
                pos.peek_each(&moves, me, |i, peek| {
                    seen.push((i, peek));
                    std::ops::ControlFlow::Continue(())
                });
                let alone: Vec<_> = moves
                    .iter()
                    .map(|&mv| pos.peek(mv, me))
                    .enumerate()
                    .collect();
                assert_eq!(seen, alone, "{options:?} after {plies}");
                let mut calls = 0;
                pos.peek_each(&moves, me, |_, _| {
                    calls += 1;
                    std::ops::ControlFlow::Break(())
                });
                assert_eq!(calls, 1);
            }
        }
    }
}

/// The table's move and the killers are checked with `is_legal` before the
/// moves are listed: it must agree with the rules' own check for every
/// piece on every square.
#[test]
fn a_placement_is_legal_to_the_search_exactly_when_the_rules_allow_it() {
    let mut rng = Rng::new(41);
    for options in every_options() {
        for plies in 0..=16 {
            let pos = random_placements(options, plies, &mut rng);
            for kind in cheversi::Kind::ALL {
                for square in cheversi_engine::Square::all() {
                    let mv = Move { kind, square };
                    assert_eq!(
                        pos.is_legal(mv),
                        pos.check_move(mv).is_ok(),
                        "{options:?} after {plies}: {mv}"
                    );
                }
            }
        }
    }
}

/// The last placement solved directly, without the table, against every
/// placement made and scored: outside the window it may stop early (the
/// value is then a bound the placement it names reaches), inside it is the
/// best placement's value; the moves to try first, legal or not, change
/// neither.
#[test]
fn the_last_placement_solved_directly_is_the_best_placement() {
    let mut rng = Rng::new(43);
    let mut stopped_early = 0;
    for options in every_options() {
        for plies in [13, 14] {
            let pos = random_placements(options, plies, &mut rng);
            assert_eq!(pos.solve_last_move(0, -1000, 1000, [None; 2]), None);
        }
        for _ in 0..30 {
            let pos = random_placements(options, 15, &mut rng);
            let moves = legal(&pos);
            for me in [0, 1] {
                let values: Vec<i32> = moves
                    .iter()
                    .map(|&mv| {
                        let mut child = pos.clone();
                        child.play_unchecked(mv);
                        child.decided(me).unwrap()
                    })
                    .collect();
                let maximising = me == 1; // Black places last
                let best = if maximising {
                    *values.iter().max().unwrap()
                } else {
                    *values.iter().min().unwrap()
                };
                // Values are in eighths of a point: windows a few points
                // wide of the best one stop the search early.
                // Any piece on any square to try first: mostly illegal.
                for first in killer_sets(&moves, &mut rng) {
                    for (alpha, beta) in windows_around(best) {
                        let (v, mv) = pos.solve_last_move(me, alpha, beta, first).unwrap();
                        let i = moves.iter().position(|&m| m == mv).expect("a legal move");
                        assert_eq!(values[i], v, "{options:?} {first:?}: the value of {mv}");
                        let outside = if maximising { v >= beta } else { v <= alpha };
                        if outside {
                            stopped_early += usize::from(v != best);
                        } else {
                            assert_eq!(v, best, "{options:?} ({alpha}, {beta}) {first:?}");
                        }
                    }
                }
            }
        }
    }
    assert!(stopped_early > 50, "{stopped_early}");
}

/// Killers to solve the last placement with: none, one of `moves`, and two
/// drawn from every piece on every square (mostly illegal).
fn killer_sets(moves: &[Move], rng: &mut Rng) -> [[Option<Move>; 2]; 3] {
    let anything = |rng: &mut Rng| Move {
        kind: cheversi::Kind::ALL[rng.below(5) as usize],
        square: cheversi_engine::Square::new(rng.below(64) as u8).unwrap(),
    };
    [
        [None, None],
        [Some(moves[rng.below(moves.len() as u32) as usize]), None],
        [Some(anything(rng)), Some(anything(rng))],
    ]
}

/// Windows around the value `best`: wide, null on either side of it, and
/// wholly below or above it.
fn windows_around(best: i32) -> [(i32, i32); 5] {
    [
        (best - 9, best + 9),
        (best - 1, best),
        (best, best + 1),
        (best - 400, best - 24),
        (best + 24, best + 400),
    ]
}

/// Two from the end in `brainking`, a child solved without making it gives
/// the value and the last placement solving the child gives, in every
/// window and with any killers; the other rule sets leave it to the child.
#[test]
fn a_child_solved_without_making_it_is_the_child_solved() {
    let mut rng = Rng::new(47);
    let mut solved = 0;
    for options in every_options() {
        for _ in 0..8 {
            let pos = random_placements(options, 14, &mut rng);
            for mv in legal(&pos) {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                let replies = legal(&child);
                let firsts = killer_sets(&replies, &mut rng);
                for me in [0, 1] {
                    let (best, _) = child
                        .solve_last_move(me, -100_000, 100_000, [None; 2])
                        .unwrap();
                    for first in firsts {
                        for (alpha, beta) in windows_around(best) {
                            let direct = pos.solve_after(mv, me, alpha, beta, first);
                            if options.rules != RuleSet::Brainking {
                                assert_eq!(direct, None, "{options:?}");
                                continue;
                            }
                            let searched = child.solve_last_move(me, alpha, beta, first);
                            assert_eq!(
                                direct, searched,
                                "{options:?} {mv} {first:?} ({alpha}, {beta})"
                            );
                            solved += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(solved > 5_000, "{solved}");
}

/// In `brainking`, two from the end, a node the bound on its last two
/// placements shows cannot pass the window is not searched, and each child
/// is solved without making it: against plain alpha-beta, positions three
/// to seven from the end, the exact value and the result with every
/// drawing move.
#[test]
fn bounding_the_last_two_placements_keeps_the_values_of_searching_each() {
    let brainking = every_options()
        .into_iter()
        .filter(|o| o.rules == RuleSet::Brainking);
    each_agrees_with_the_plain_search(
        brainking,
        0x6b0d,
        &[9, 10, 11, 11, 12, 12, 13, 13, 13, 13],
        7,
    );
}

/// In `brainking`, four from the end, White's placements answered by
/// Black's killer whose bound on the last two cannot pass the window are
/// not searched: against plain alpha-beta, positions four to six from the
/// end, the exact value and the result with every drawing move.
#[test]
fn bounding_the_last_four_placements_keeps_the_values_of_searching_each() {
    let brainking = every_options()
        .into_iter()
        .filter(|o| o.rules == RuleSet::Brainking && o.scoring.count == Count::Multiplicity);
    each_agrees_with_the_plain_search(
        brainking,
        0x4b0d,
        &[10, 11, 11, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12],
        6,
    );
}

/// Where the last piece goes near the one before (`lewicki`, `brainking`),
/// the reply that refuted one next-to-last placement is tried on the next
/// at the same offset; elsewhere the killers carry it as it is.
#[test]
fn a_refuting_reply_moves_along_with_the_placement_before_it() {
    let mv = |text: &str| text.parse::<Move>().unwrap();
    for rules in [RuleSet::Lewicki, RuleSet::Brainking] {
        let pos = cheversi::Position::new(cheversi::Options::new(rules));
        assert_eq!(
            pos.translate_reply(mv("Ne4"), mv("Kf5"), mv("Bc2")),
            Some(mv("Kd3"))
        );
        assert_eq!(
            pos.translate_reply(mv("Ne4"), mv("Qe6"), mv("Rh1")),
            Some(mv("Qh3"))
        );
        // Off the board: none.
        assert_eq!(pos.translate_reply(mv("Ne4"), mv("Kf5"), mv("Bh8")), None);
        assert_eq!(pos.translate_reply(mv("Ne4"), mv("Kd3"), mv("Ba1")), None);
    }
    for rules in [
        RuleSet::LewickiAny,
        RuleSet::LewickiFree,
        RuleSet::BrainkingClassic,
    ] {
        let pos = cheversi::Position::new(cheversi::Options::new(rules));
        assert_eq!(pos.translate_reply(mv("Ne4"), mv("Kf5"), mv("Bc2")), None);
    }
}

/// The rule sets and scorings where a piece may go on any empty square.
fn anywhere_options() -> Vec<cheversi::Options> {
    every_options()
        .into_iter()
        .filter(|o| matches!(o.rules, RuleSet::LewickiFree | RuleSet::BrainkingClassic))
        .collect()
}

/// The exact value for the side to move, searched `depth` turns (to the
/// end) with nothing but the root moves given.
fn exact_value(
    mut searcher: Searcher<cheversi::Position>,
    pos: &cheversi::Position,
    moves: &[Move],
    depth: u32,
) -> i32 {
    let clock = clock();
    let eval = HandValues::calibrate(pos.options());
    let mut budget = Budget::new(&clock, None, None, None);
    let found = searcher.search(
        pos,
        &eval,
        &mut budget,
        depth,
        Some(moves.to_vec()),
        RootValues::Best,
    );
    assert!(found.exact, "{:?}: not proved", pos.options());
    found.value
}

/// [`agrees_with_the_plain_search`] on random positions `plies` into a
/// game (seeded), for each of `options`; the positions meet at least two
/// kinds of result.
fn each_agrees_with_the_plain_search(
    options: impl IntoIterator<Item = cheversi::Options>,
    seed: u64,
    plies: &[usize],
    depth: u32,
) {
    let mut rng = Rng::new(seed);
    let mut results = [0; 3];
    for options in options {
        for &plies in plies {
            let pos = random_placements(options, plies, &mut rng);
            let what = format!("{options:?} after {plies}");
            let result = agrees_with_the_plain_search(&pos, depth, &what);
            results[(result + 1) as usize] += 1;
        }
    }
    assert!(
        results.iter().filter(|&&n| n > 0).count() >= 2,
        "{results:?}"
    );
}

/// Plain alpha-beta over the rules alone, the reference for the search's
/// shortcuts: no table, no shortcut, no killer; children ordered by the
/// margin they leave. White's final margin (points) with best play, as a
/// bound outside the window `(alpha, beta)`.
fn plain_alpha_beta(pos: &cheversi::Position, mut alpha: i32, mut beta: i32) -> i32 {
    let Some(side) = pos.side_to_move() else {
        return pos.margin();
    };
    let white = side == cheversi::Color::White;
    let mut children: Vec<(i32, cheversi::Position)> = legal(pos)
        .into_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.place_unchecked(mv);
            (child.margin(), child)
        })
        .collect();
    children.sort_by_key(|(margin, _)| if white { -margin } else { *margin });
    let mut best = if white { i32::MIN } else { i32::MAX };
    for (_, child) in &children {
        let v = plain_alpha_beta(child, alpha, beta);
        if white {
            best = best.max(v);
            alpha = alpha.max(v);
        } else {
            best = best.min(v);
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    best
}

/// The result (1, 0, -1) of `mv` for the player to move, by
/// [`plain_alpha_beta`] in a window around a draw.
fn plain_result_after(pos: &cheversi::Position, mv: Move) -> i32 {
    let white = pos.side_to_move() == Some(cheversi::Color::White);
    let mut child = pos.clone();
    child.place_unchecked(mv);
    let margin = plain_alpha_beta(&child, -1, 1).signum();
    if white {
        margin
    } else {
        -margin
    }
}

/// The exact value searched `depth` turns (to the end) and the result with
/// every drawing move, as the plain reference finds them
/// ([`plain_alpha_beta`]); the result (1, 0, -1).
fn agrees_with_the_plain_search(pos: &cheversi::Position, depth: u32, what: &str) -> i32 {
    let clock = clock();
    let moves = legal(pos);
    let eval = HandValues::calibrate(pos.options());
    let white = pos.side_to_move() == Some(cheversi::Color::White);
    let (margin, results) = stored_plain_values(pos);
    let expected = if white { margin } else { -margin } * SCALE;
    assert_eq!(
        exact_value(Searcher::new(16), pos, &moves, depth),
        expected,
        "{what}: the value"
    );
    let result = results.iter().copied().max().expect("a move");
    let mut budget = Budget::new(&clock, None, None, None);
    let proven = Searcher::new(16)
        .prove_result(pos, &eval, &mut budget, moves.clone(), Draws::Every)
        .expect("no limits");
    match proven {
        Proven::Win(mv) => {
            let i = moves.iter().position(|&m| m == mv).expect("a root move");
            assert_eq!(results[i], 1, "{what}: the winning move wins");
            assert_eq!(result, 1, "{what}: the result");
        }
        Proven::Draw(mut draws) => {
            assert_eq!(result, 0, "{what}: the result");
            let mut expected: Vec<Move> = (0..moves.len())
                .filter(|&i| results[i] == 0)
                .map(|i| moves[i])
                .collect();
            draws.sort_by_key(|m| (m.kind.index(), m.square.index()));
            expected.sort_by_key(|m| (m.kind.index(), m.square.index()));
            assert_eq!(draws, expected, "{what}: the drawing moves");
        }
        Proven::Loss => assert_eq!(result, -1, "{what}: the result"),
    }
    result
}

/// The plain search's answers for a position: White's final margin with
/// best play, and the result (1, 0, -1) of each legal move in [`legal`]'s
/// order for the player to move.
fn plain_values(pos: &cheversi::Position) -> (i32, Vec<i32>) {
    let margin = plain_alpha_beta(pos, i32::MIN, i32::MAX);
    let results = legal(pos)
        .iter()
        .map(|&mv| plain_result_after(pos, mv))
        .collect();
    (margin, results)
}

/// The stored answers of [`plain_values`]: plain alpha-beta over these
/// positions is most of a minute, so `data/plain_search.txt` keeps what it
/// said, as `data/perft.txt` keeps perft counts, and
/// [`the_stored_plain_search_values_are_the_plain_search`] (ignored: run
/// with `--ignored`) recomputes every line. A position not in the file is
/// searched here and its line printed, for the file.
const PLAIN_FILE: &str = include_str!("data/plain_search.txt");

fn stored_plain_values(pos: &cheversi::Position) -> (i32, Vec<i32>) {
    static STORED: brute::Stored = std::sync::OnceLock::new();
    brute::stored_answer(
        &STORED,
        PLAIN_FILE,
        &plain_key(pos),
        |values| {
            let mut values = values
                .split_whitespace()
                .map(|v| v.parse::<i32>().expect("a number"));
            let margin = values.next().expect("the margin");
            (margin, values.collect())
        },
        || plain_values(pos),
        plain_values_text,
    )
}

/// A position as the file names it: rule set, scoring, the placements.
fn plain_key(pos: &cheversi::Position) -> String {
    format!(
        "{}{}",
        brute::options_key(&pos.options()),
        brute::placements_key(pos)
    )
}

/// The values as the file writes them: the margin, then each result.
fn plain_values_text((margin, results): &(i32, Vec<i32>)) -> String {
    let results: Vec<String> = results.iter().map(i32::to_string).collect();
    format!("{margin} {}", results.join(" "))
}

/// Every line of `data/plain_search.txt` is what the plain search says.
#[test]
#[ignore = "most of a minute of plain alpha-beta: cargo test --test master -- --ignored"]
fn the_stored_plain_search_values_are_the_plain_search() {
    let mut checked = 0;
    for (key, values) in brute::stored_lines(PLAIN_FILE) {
        let words: Vec<&str> = key.split_whitespace().collect();
        let pos = brute::position_of(&words, 0);
        assert_eq!(plain_key(&pos), key);
        assert_eq!(plain_values_text(&plain_values(&pos)), values, "{key}");
        checked += 1;
    }
    assert!(checked >= 80, "{checked} lines");
}

/// Where a piece may go anywhere, two placements from the end the search
/// refutes every placement a reply can follow in one pass, and searches
/// only the one it cannot (the placement on the reply's own square). Many
/// positions three from the end against brute force: the exact value (the
/// moves after the first searched in a null window), and the result with
/// every drawing move (each move searched in a window around a draw).
#[test]
fn refuting_all_placements_at_once_keeps_the_exact_values() {
    let clock = clock();
    let mut rng = Rng::new(0x5e1f);
    let mut checked = 0;
    for options in anywhere_options() {
        for _ in 0..25 {
            let pos = random_placements(options, 13, &mut rng);
            let moves = legal(&pos);
            let values: Vec<i32> = moves.iter().map(|&mv| value_after(&pos, mv)).collect();
            let best = *values.iter().max().unwrap();
            let eval = HandValues::calibrate(options);
            let value = exact_value(Searcher::new(14), &pos, &moves, 3);
            assert_eq!(value, best, "{options:?}: the exact value");
            let mut budget = Budget::new(&clock, None, None, None);
            let proven = Searcher::new(14)
                .prove_result(&pos, &eval, &mut budget, moves.clone(), Draws::Every)
                .expect("no limits");
            match proven {
                Proven::Win(mv) => assert!(best > 0 && value_after(&pos, mv) > 0, "{options:?}"),
                Proven::Draw(mut draws) => {
                    let mut expected: Vec<Move> = (0..moves.len())
                        .filter(|&i| values[i] == 0)
                        .map(|i| moves[i])
                        .collect();
                    draws.sort_by_key(|m| (m.kind.index(), m.square.index()));
                    expected.sort_by_key(|m| (m.kind.index(), m.square.index()));
                    assert_eq!(draws, expected, "{options:?}: the drawing moves");
                }
                Proven::Loss => assert!(best < 0, "{options:?}"),
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 8 * 25);
}

/// Two and four placements from the end the search refutes most of
/// White's nodes in one pass (each placement with Black's last reply
/// fixed; pairs of White's placements with both of Black's fixed): against
/// plain alpha-beta, positions three to five from the end, the exact value
/// and the result with every drawing move.
#[test]
fn refuting_in_one_pass_keeps_the_values_of_searching_each() {
    each_agrees_with_the_plain_search(
        anywhere_options(),
        0x9a17,
        &[11, 12, 12, 13, 13, 13, 13, 13],
        5,
    );
}
