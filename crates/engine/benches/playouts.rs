//! `cargo bench -p cheversi-engine`: random playouts and perft per second
//! for every game kind, medians over several runs, one core.
//!
//! A playout is a whole random game: for Cheversi, 16 placements from the
//! empty board, each drawn uniformly from the generated legal placements,
//! then the final score.

use cheversi_engine::bench::{run_all, table};
use std::time::Instant;

fn main() {
    // `cargo test --benches` runs this without --bench: stay quick then.
    let quick = !std::env::args().any(|a| a == "--bench");
    let (runs, playouts) = if quick { (1, 1_000) } else { (9, 300_000) };
    let origin = Instant::now();
    let clock = move || origin.elapsed().as_secs_f64();
    print!(
        "{}",
        table(&run_all(&clock, runs, playouts, &|_| true), runs)
    );
}
