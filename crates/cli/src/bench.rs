//! `bench`: random playouts and perft per second, medians over runs.

use crate::error::CliError;
use cheversi_engine::bench::{run_all, table};
use clap::Args;
use std::time::Instant;

#[derive(Args)]
pub struct BenchArgs {
    /// Timed runs per figure (the median is reported).
    #[arg(long, default_value_t = 7)]
    runs: usize,
    /// Random Cheversi games per run (a tenth of that for Attrition).
    #[arg(long, default_value_t = 200_000)]
    playouts: u64,
    /// Only game kinds whose label contains this text (e.g. "brainking").
    #[arg(long)]
    only: Option<String>,
}

pub fn run(args: &BenchArgs) -> Result<(), CliError> {
    let origin = Instant::now();
    let clock = move || origin.elapsed().as_secs_f64();
    let wanted = |label: &str| args.only.as_deref().is_none_or(|o| label.contains(o));
    let rows = run_all(&clock, args.runs, args.playouts, &wanted);
    print!("{}", table(&rows, args.runs));
    Ok(())
}
