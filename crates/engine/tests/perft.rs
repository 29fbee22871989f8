//! Perft counts from `data/perft.txt`, and the low depths recounted with
//! the simple reference generators.

mod common;

use cheversi_engine::attrition::{self, Variant};
use cheversi_engine::cheversi::{self, RuleSet};
use cheversi_engine::perft::{divide, perft};
use cheversi_engine::GameOptions;
use common::{RefAttrition, RefCheversi};

struct Entry {
    options: GameOptions,
    depth: u32,
    count: u64,
}

/// The file's counts before its `# deep` line, or after it.
fn entries(deep: bool) -> Vec<Entry> {
    let text = include_str!("data/perft.txt");
    let (quick, deep_part) = text.split_once("\n# deep\n").expect("a `# deep` line");
    (if deep { deep_part } else { quick })
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(f.len(), 5, "bad line: {line}");
            let options = match f[0] {
                "cheversi" => {
                    GameOptions::Cheversi(cheversi::Options::new(f[1].parse::<RuleSet>().unwrap()))
                }
                "attrition" => GameOptions::Attrition(
                    attrition::Options::with_players(
                        f[1].parse::<Variant>().unwrap(),
                        f[2].parse().unwrap(),
                    )
                    .unwrap(),
                ),
                other => panic!("unknown game {other}"),
            };
            Entry {
                options,
                depth: f[3].parse().unwrap(),
                count: f[4].parse().unwrap(),
            }
        })
        .collect()
}

#[test]
fn perft_matches_the_data_file() {
    let entries = entries(false);
    assert!(entries.len() >= 45);
    check(&entries);
}

/// The deepest count of each game kind: seconds each, so not in every run.
#[test]
#[ignore = "a minute of perft: cargo test --test perft -- --ignored"]
fn perft_matches_the_data_file_deep() {
    let entries = entries(true);
    assert!(entries.len() >= 7);
    check(&entries);
}

fn check(entries: &[Entry]) {
    // Over two threads, every other line each.
    std::thread::scope(|s| {
        for part in 0..2 {
            s.spawn(move || {
                for e in entries.iter().skip(part).step_by(2) {
                    assert_eq!(
                        perft(&e.options.start(), e.depth),
                        e.count,
                        "{:?} depth {}",
                        e.options,
                        e.depth
                    );
                }
            });
        }
    });
}

#[test]
fn divide_sums_to_perft() {
    let start = GameOptions::Cheversi(cheversi::Options::new(RuleSet::Brainking)).start();
    let split = divide(&start, 3);
    assert_eq!(split.len(), 64);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), perft(&start, 3));
}

fn reference_cheversi_perft(game: &RefCheversi, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    game.legal()
        .into_iter()
        .map(|(kind, square)| {
            let mut child = game.clone();
            child.play(kind, square);
            reference_cheversi_perft(&child, depth - 1)
        })
        .sum()
}

fn reference_attrition_perft(game: &RefAttrition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    game.legal()
        .into_iter()
        .map(|mv| {
            let mut child = game.clone();
            child.play(&mv);
            reference_attrition_perft(&child, depth - 1)
        })
        .sum()
}

#[test]
fn the_reference_generators_count_the_same_at_low_depths() {
    for e in entries(false) {
        match e.options {
            GameOptions::Cheversi(o)
                if e.depth <= 2 || (e.depth == 3 && o.rules != RuleSet::LewickiFree) =>
            {
                assert_eq!(
                    reference_cheversi_perft(&RefCheversi::new(o), e.depth),
                    e.count,
                    "{o:?} {}",
                    e.depth
                );
            }
            GameOptions::Attrition(o)
                if e.depth <= 3 || (e.depth <= 5 && o.variant() == Variant::Duel) =>
            {
                assert_eq!(
                    reference_attrition_perft(&RefAttrition::new(o), e.depth),
                    e.count,
                    "{o:?} {}",
                    e.depth
                );
            }
            _ => {}
        }
    }
}
