//! What an exact end costs the search: nodes and seconds to solve fixed
//! positions (seeded random play) to the end, for comparing versions of
//! the search on the same work.
//!
//! `cargo run --release -p cheversi-engine --example solve_cost -- RULES LEFT SAMPLES [result|result-one]`
//! e.g. `... -- brainking 8 4` (the margin) or `... -- lewicki-free 6 6 result`.
//! The table has 2^20 slots; `BITS=23` in the environment changes that.

use cheversi_engine::ai::budget::Budget;
use cheversi_engine::ai::cheversi::{distinct_moves, HandValues};
use cheversi_engine::ai::search::{Draws, Known, Proven, Searcher};
use cheversi_engine::cheversi::{self, RuleSet, PLIES};
use cheversi_engine::rng::Rng;
use cheversi_engine::GameState;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: solve_cost RULES LEFT SAMPLES [result|result-one]";
    let (Some(rules), Some(left), Some(samples)) = (
        args.first().and_then(|a| a.parse::<RuleSet>().ok()),
        args.get(1)
            .and_then(|a| a.parse::<usize>().ok())
            .filter(|&l| (1..=PLIES).contains(&l)),
        args.get(2).and_then(|a| a.parse::<u64>().ok()),
    ) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    // `result`: every drawing move named, as the Master asks; `result-one`:
    // one is enough, as `bench --ai --proof result` asks.
    let draws = match args.get(3).map(String::as_str) {
        None => None,
        Some("result") => Some(Draws::Every),
        Some("result-one") => Some(Draws::One),
        Some(other) => {
            eprintln!("solve_cost: unknown proof '{other}'\n{usage}");
            std::process::exit(2);
        }
    };
    let table_bits = std::env::var("BITS")
        .ok()
        .and_then(|b| b.parse::<u32>().ok())
        .filter(|b| (1..=30).contains(b))
        .unwrap_or(20);
    let options = cheversi::Options::new(rules);
    let values = HandValues::calibrate(options);
    let origin = Instant::now();
    let clock = move || origin.elapsed().as_secs_f64();
    let (mut nodes, mut seconds) = (0u64, 0.0);
    for seed in 0..samples {
        let mut rng = Rng::new(seed + 1);
        let mut pos = cheversi::Position::new(options);
        let mut moves = Vec::new();
        while pos.ply() < PLIES - left {
            moves.clear();
            pos.legal_moves(&mut moves);
            pos.play_unchecked(moves[rng.below(moves.len() as u32) as usize]);
        }
        let start = clock();
        let mut budget = Budget::new(&clock, None, None, None);
        let mut searcher = Searcher::new(table_bits);
        let value = if let Some(draws) = draws {
            match searcher.prove_result(&pos, &values, &mut budget, distinct_moves(&pos), draws) {
                Some(Proven::Win(_)) => "win".to_string(),
                Some(Proven::Draw(_)) => "draw".to_string(),
                Some(Proven::Loss) => "loss".to_string(),
                None => "unproven".to_string(),
            }
        } else {
            // The margin, as the Master proves it (null windows alone).
            match searcher.prove_value(
                &pos,
                &values,
                &mut budget,
                distinct_moves(&pos),
                Known::NOTHING,
            ) {
                Some(found) => found.value.to_string(),
                None => "unproven".to_string(),
            }
        };
        let took = clock() - start;
        nodes += budget.nodes;
        seconds += took;
        println!("seed {seed}: {value}, {} nodes, {took:.3} s", budget.nodes);
    }
    println!("total: {nodes} nodes, {seconds:.3} s");
}
