//! The playout and perft benchmark shared by `cargo bench`, the CLI's
//! `bench` command and the browser (`crates/api/tests/browser_bench.rs`):
//! it lives in the engine so that wasm and native run the same code. The
//! caller passes a clock, since `std::time::Instant` panics on wasm32.

use crate::any::{AnyGame, GameOptions};
use crate::attrition::{self, Variant};
use crate::cheversi::{self, RuleSet};
use crate::game::GameState;
use crate::perft::perft;
use crate::rng::Rng;

/// One random game of any kind to its end; returns the winner + 1 (0 for a
/// draw) so the work cannot be optimised away.
fn any_playout(
    start: &AnyGame,
    rng: &mut Rng,
    moves: &mut Vec<<AnyGame as GameState>::Move>,
) -> u64 {
    let mut pos = start.clone();
    loop {
        moves.clear();
        pos.legal_moves(moves);
        if moves.is_empty() {
            return pos
                .outcome()
                .and_then(|o| o.winner())
                .map_or(0, |w| w as u64 + 1);
        }
        let mv = moves[rng.below(moves.len() as u32) as usize];
        pos.play_unchecked(mv);
    }
}

/// Plays `count` random games; a checksum of their results.
fn playouts(options: GameOptions, count: u64, seed: u64) -> u64 {
    let mut rng = Rng::new(seed);
    let start = options.start();
    match &start {
        AnyGame::Cheversi(pos) => (0..count)
            .map(|_| pos.random_playout(&mut rng) as i64 as u64)
            .fold(0u64, u64::wrapping_add),
        AnyGame::Attrition(_) => {
            let mut moves = Vec::new();
            (0..count)
                .map(|_| any_playout(&start, &mut rng, &mut moves))
                .sum()
        }
    }
}

/// A measured rate: items per second, median and all runs.
#[derive(Clone, Debug)]
pub struct Rate {
    pub median: f64,
    pub runs: Vec<f64>,
}

/// Runs `work` (which does `items` items) `runs` times and times each with
/// `clock` (seconds, monotonic).
fn measure(
    clock: &dyn Fn() -> f64,
    runs: usize,
    items: u64,
    mut work: impl FnMut() -> u64,
) -> Rate {
    let mut rates: Vec<f64> = (0..runs.max(1))
        .map(|_| {
            let start = clock();
            std::hint::black_box(work());
            let seconds = (clock() - start).max(1e-9);
            items as f64 / seconds
        })
        .collect();
    let runs = rates.clone();
    rates.sort_by(f64::total_cmp);
    let mid = rates.len() / 2;
    let median = if rates.len() % 2 == 1 {
        rates[mid]
    } else {
        (rates[mid - 1] + rates[mid]) / 2.0
    };
    Rate { median, runs }
}

/// Random playouts per second for `options`.
fn playout_rate(clock: &dyn Fn() -> f64, options: GameOptions, per_run: u64, runs: usize) -> Rate {
    let mut seed = 1;
    measure(clock, runs, per_run, || {
        seed += 1;
        playouts(options, per_run, seed)
    })
}

/// Perft leaves per second at `depth` from the start.
fn perft_rate(
    clock: &dyn Fn() -> f64,
    options: GameOptions,
    depth: u32,
    runs: usize,
) -> (u64, Rate) {
    let start = options.start();
    let nodes = perft(&start, depth);
    (nodes, measure(clock, runs, nodes, || perft(&start, depth)))
}

/// Every game kind the benchmarks cover, with a short label: each Cheversi
/// rule set (default scoring) and each Attrition variant and player count.
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

/// One line of the benchmark table.
#[derive(Clone, Debug)]
pub struct BenchRow {
    pub label: String,
    pub playouts: Rate,
    /// Moves counted per second by perft (bulk-counted at the last level).
    pub perft: Rate,
}

/// Measures every game kind whose label passes `wanted`: `runs` runs of
/// `cheversi_playouts` random games (a tenth of that for Attrition, whose
/// games are longer) and a perft from the start.
pub fn run_all(
    clock: &dyn Fn() -> f64,
    runs: usize,
    cheversi_playouts: u64,
    wanted: &dyn Fn(&str) -> bool,
) -> Vec<BenchRow> {
    kinds()
        .into_iter()
        .filter(|(label, _)| wanted(label))
        .map(|(label, options)| {
            let (per_run, depth) = match options {
                GameOptions::Cheversi(_) => (cheversi_playouts, 3),
                GameOptions::Attrition(_) => (cheversi_playouts / 10, 4),
            };
            let playouts = playout_rate(clock, options, per_run.max(1), runs);
            let (_, perft) = perft_rate(clock, options, depth, runs);
            BenchRow {
                label,
                playouts,
                perft,
            }
        })
        .collect()
}

/// The rows as a text table.
pub fn table(rows: &[BenchRow], runs: usize) -> String {
    let mut out = format!(
        "median of {runs} runs, one core\n{:<30} {:>14} {:>22}\n",
        "game", "playouts/s", "perft moves counted/s"
    );
    for row in rows {
        out.push_str(&format!(
            "{:<30} {:>14.0} {:>22.0}\n",
            row.label, row.playouts.median, row.perft.median
        ));
    }
    out
}
