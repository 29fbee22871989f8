//! The shipped puzzle file: every puzzle passes the verifier from
//! scratch, with the node limit it was generated with, and every game
//! has puzzles.

use cheversi_engine::puzzle::{parse_file, verify, GAMES, NODE_LIMIT};
use std::time::Instant;

const FILE: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/data/puzzles.txt"));

#[test]
fn every_shipped_puzzle_verifies() {
    let puzzles = parse_file(FILE).expect("the shipped file parses");
    for game in GAMES {
        assert!(
            puzzles.iter().filter(|p| p.game() == game).count() >= 50,
            "{game}: fewer than 50 puzzles"
        );
    }
    let start = Instant::now();
    // Split over the cores: the file has thousands of puzzles.
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = puzzles.len().div_ceil(threads);
    let failures: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = puzzles
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    part.iter()
                        .filter_map(|p| {
                            verify(p, NODE_LIMIT)
                                .err()
                                .map(|e| format!("{}: {e}", p.id()))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a verifying thread"))
            .collect()
    });
    assert!(
        failures.is_empty(),
        "{} failed: {:?}",
        failures.len(),
        &failures[..failures.len().min(5)]
    );
    eprintln!(
        "{} puzzles verified in {:.1} s on {threads} threads",
        puzzles.len(),
        start.elapsed().as_secs_f64()
    );
}
