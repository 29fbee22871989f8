//! The shipped puzzle file: its puzzles pass the verifier from scratch,
//! with the node limit they were generated with, and every game has
//! puzzles.

use cheversi_engine::puzzle::{parse_file, verify, Puzzle, GAMES, NODE_LIMIT};
use std::time::Instant;

const FILE: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/data/puzzles.txt"));

/// Every run verifies one puzzle in `SAMPLE`, taken by place in the file
/// (grouped by game), so every game is in it: a change to the rules or
/// the search that breaks puzzles breaks many. All of them would be the
/// longest test of a run; the ignored test below verifies them all.
const SAMPLE: usize = 4;

#[test]
fn a_quarter_of_the_shipped_puzzles_verify() {
    let puzzles = parse_file(FILE).expect("the shipped file parses");
    for game in GAMES {
        assert!(
            puzzles.iter().filter(|p| p.game() == game).count() >= 50,
            "{game}: fewer than 50 puzzles"
        );
    }
    let sample: Vec<Puzzle> = puzzles.into_iter().step_by(SAMPLE).collect();
    for game in GAMES {
        assert!(
            sample.iter().any(|p| p.game() == game),
            "{game}: not in the sample"
        );
    }
    verify_all(&sample);
}

#[test]
#[ignore = "every shipped puzzle, slow: run after changing the rules, the search or the file"]
fn every_shipped_puzzle_verifies() {
    verify_all(&parse_file(FILE).expect("the shipped file parses"));
}

fn verify_all(puzzles: &[Puzzle]) {
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

/// The file leaves out the ids its puzzles' game and moves give: the ids
/// are still those the file of version 1 wrote out, which links and saved
/// progress name (first, a duel and the last puzzle, copied from it).
#[test]
fn the_shipped_puzzles_keep_the_ids_links_name() {
    let puzzles = parse_file(FILE).expect("the shipped file parses");
    let id_of = |moves: &str| {
        puzzles
            .iter()
            .find(|p| p.moves().join(",") == moves)
            .map(|p| p.id().to_string())
    };
    assert_eq!(
        id_of("Qe5,Qe4,Rf3,Rf6,Rc6,Bc2,Na4,Rb6,Bb4,Bc3,Nb2,Kc4,Kc5").as_deref(),
        Some("ru5cwcm3")
    );
    assert_eq!(puzzles[0].id(), "ru5cwcm3");
    let duel = "Nf4,Nc3,f4-d3,c3-e4,d3-e5,e4-f6,e5-f3,f6-d5,f3-d4,d5-e3,d4-c6,e3-c4,c6-e7,\
        c4-d6,e7-g6,d6-f5,g6-f8,f5-g3,f8-e6,g3-f1,e6-c5,f1-d2,c5-a6,d2-b3,a6-c7,b3-c1,c7-b5,c1-a2";
    assert_eq!(id_of(duel).as_deref(), Some("b49azxx5"));
    assert_eq!(puzzles.last().map(|p| p.id()), Some("s79cu13"));
    assert_eq!(puzzles.len(), 2048);
}
