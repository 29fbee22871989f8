//! `bench`: random playouts and perft per second, medians over runs.

use crate::error::CliError;
use cheversi_engine::attrition::{self, Variant};
use cheversi_engine::bench::{perft_rate, playout_rate};
use cheversi_engine::cheversi::{self, RuleSet};
use cheversi_engine::GameOptions;
use clap::Args;
use std::time::Instant;

#[derive(Args)]
pub struct BenchArgs {
    /// Timed runs per figure (the median is reported).
    #[arg(long, default_value_t = 7)]
    runs: usize,
    /// Random Cheversi games per run.
    #[arg(long, default_value_t = 200_000)]
    playouts: u64,
}

/// Every game kind the benchmark covers, with a short label.
pub fn kinds() -> Vec<(String, GameOptions)> {
    let mut kinds: Vec<(String, GameOptions)> = RuleSet::ALL
        .iter()
        .map(|&r| {
            (
                format!("cheversi {r}"),
                GameOptions::Cheversi(cheversi::Options::new(r)),
            )
        })
        .collect();
    for variant in Variant::ALL {
        let players: &[u8] = if variant == Variant::Melee {
            &[3, 4]
        } else {
            &[2]
        };
        for &n in players {
            let options = attrition::Options::with_players(variant, n).expect("valid players");
            let label = if variant == Variant::Melee {
                format!("attrition {variant} {n}p")
            } else {
                format!("attrition {variant}")
            };
            kinds.push((label, GameOptions::Attrition(options)));
        }
    }
    kinds
}

pub fn run(args: &BenchArgs) -> Result<(), CliError> {
    let origin = Instant::now();
    let clock = move || origin.elapsed().as_secs_f64();
    println!("median of {} runs, one core", args.runs);
    println!(
        "{:<34} {:>16} {:>16}",
        "game", "playouts/s", "perft leaves/s"
    );
    for (label, options) in kinds() {
        let per_run = match options {
            GameOptions::Cheversi(_) => args.playouts,
            GameOptions::Attrition(_) => args.playouts / 10,
        };
        let playouts = playout_rate(&clock, options, per_run.max(1), args.runs);
        let depth = match options {
            GameOptions::Cheversi(_) => 3,
            GameOptions::Attrition(_) => 4,
        };
        let (_, perft) = perft_rate(&clock, options, depth, args.runs);
        println!(
            "{label:<34} {:>16.0} {:>16.0}",
            playouts.median, perft.median
        );
    }
    Ok(())
}
