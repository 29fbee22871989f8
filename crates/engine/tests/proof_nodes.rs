//! The exact search's work in nodes on fixed positions, beside the time
//! figures of `cheversi bench --ai`: nodes do not depend on the machine,
//! so a change that makes a proof costlier fails here without timing
//! anything. Each figure is the count recorded when the test was written;
//! a proof may need at most a tenth more. When a change makes proofs
//! cheaper, record the new counts.

mod common;

use cheversi_engine::ai::budget::Budget;
use cheversi_engine::ai::cheversi::{distinct_moves, HandValues};
use cheversi_engine::ai::duel::Dfpn;
use cheversi_engine::ai::player::{DFPN_BITS, TABLE_BITS};
use cheversi_engine::ai::search::{Draws, Known, Searcher};
use cheversi_engine::attrition;
use cheversi_engine::cheversi::{self, RuleSet};
use cheversi_engine::GameState;
use common::clock;

/// Positions from the shipped puzzles' games, 7 to 9 placements from
/// the end.
const CASES: [(RuleSet, &str, u64, u64); 5] = [
    // rule set, moves, nodes to prove the result, nodes for the margin
    (
        RuleSet::Brainking,
        "Kb2 Nc3 Rd4 Qe4 Qf5 Ra1 Rb1 Bc4",
        76_698,
        282_976,
    ),
    (
        RuleSet::Lewicki,
        "Qe5 Qe4 Rf3 Rf6 Rc6 Bc2 Na4",
        30_031,
        222_501,
    ),
    (
        RuleSet::LewickiFree,
        "Bf7 Nd6 Nb2 Qe3 Bf5 Ra8 Qa5 Be2 Kf3 Ba4",
        432_456,
        1_186_628,
    ),
    (
        RuleSet::LewickiAny,
        "Qd4 Qe4 Ke6 Rc5 Ra8 Ra7 Rb7 Nf6 Bc7",
        85_241,
        686_407,
    ),
    (
        RuleSet::BrainkingClassic,
        "Kc2 Qd4 Bd5 Rf7 Nf6 Rb3 Nd3 Nf3 Bb4 Bc1",
        43_569,
        2_077_764,
    ),
];

/// The nodes the Master's exact search spends on `moves`: proving the
/// result, then the margin, each with a fresh table of the Master's size.
fn nodes(rules: RuleSet, moves: &str) -> (u64, u64) {
    let options = cheversi::Options::new(rules);
    let mut pos = cheversi::Position::new(options);
    for text in moves.split_whitespace() {
        let mv = pos.parse_move(text).expect("a move");
        pos.try_play(mv).expect("a legal move");
    }
    let result = common::result_proof_nodes(&pos, Draws::One)
        .unwrap_or_else(|| panic!("{rules:?} {moves}: not proved"));
    let clock = clock();
    let values = HandValues::calibrate(options);
    let mut budget = Budget::new(&clock, None, None, None);
    let found = Searcher::new(TABLE_BITS).prove_value(
        &pos,
        &values,
        &mut budget,
        distinct_moves(&pos),
        Known::NOTHING,
    );
    assert!(found.is_some(), "{rules:?} {moves}: the margin proved");
    (result, budget.nodes)
}

/// Duel positions jumps after the setup: two from the shipped puzzles'
/// games, and one two jumps in that resisted the Master's think (a loss for
/// the player to move: every jump refuted). Recorded with df-pn measuring
/// a race exactly for at most 100 path nodes: up to a tenth more nodes
/// than with 2,000, in less time.
const DUEL_CASES: [(&str, u64); 3] = [
    // moves, df-pn nodes to prove the result
    ("Ne5 Nf4 e5-f3 f4-e6 f3-d2 e6-c5", 99_739),
    ("Ne5 Nf4 e5-f3 f4-e6 f3-d2 e6-c5 d2-c4 c5-e4", 38_465),
    ("Nb8 Na5 b8-d7 a5-b7", 1_032_733),
];

/// The nodes df-pn spends proving who wins the duel after `moves`, with
/// the Master's table.
fn duel_nodes(moves: &str) -> u64 {
    let options = attrition::Options::new(attrition::Variant::Duel);
    let mut pos = attrition::Position::new(options);
    for text in moves.split_whitespace() {
        let mv = pos.parse_move(text).expect("a move");
        pos.try_play(mv).expect("a legal move");
    }
    let me = pos.to_move().expect("not over");
    let knight = |p| {
        pos.slot(p, attrition::Piece::Knight)
            .square()
            .expect("on the board")
    };
    let mut pn = Dfpn::new(DFPN_BITS, u64::MAX);
    assert!(
        pn.prove(pos.markers(), knight(me), knight(1 - me))
            .is_some(),
        "{moves}: proved"
    );
    pn.nodes
}

#[test]
fn duel_proofs_need_no_more_nodes_than_recorded() {
    let mut over = Vec::new();
    for (moves, recorded) in DUEL_CASES {
        let n = duel_nodes(moves);
        println!("{moves}: {n} nodes");
        if n > recorded + recorded / 10 {
            over.push(format!("{moves}: {n} (recorded {recorded})"));
        }
    }
    assert!(over.is_empty(), "costlier proofs:\n{}", over.join("\n"));
}

#[test]
fn proofs_need_no_more_nodes_than_recorded() {
    let mut over = Vec::new();
    for (rules, moves, result, margin) in CASES {
        let (r, m) = nodes(rules, moves);
        println!("{rules:?} {moves}: result {r} nodes, margin {m} nodes");
        if r > result + result / 10 || m > margin + margin / 10 {
            over.push(format!(
                "{rules:?} {moves}: result {r} (recorded {result}), margin {m} (recorded {margin})"
            ));
        }
    }
    assert!(over.is_empty(), "costlier proofs:\n{}", over.join("\n"));
}
