//! `bench`: random playouts and perft per second, medians over runs.

use crate::ai_bench::{
    duel_positions, duel_proof_times, sampled_positions, search_check, solver_reach, DuelReach,
    Players, ProofKind, Reach, Sample, SEARCH_CHECK_POSITIONS, TRIES,
};
use crate::error::{other, CliError};
use cheversi_engine::ai::bench::search_speed;
use cheversi_engine::bench::{kinds, run_all, table};
use cheversi_engine::cheversi;
use cheversi_engine::perft::perft;
use cheversi_engine::GameOptions;
use clap::Args;
use std::time::Instant;

#[derive(Args)]
pub struct BenchArgs {
    /// Timed runs per figure (the median is reported).
    #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u16).range(1..=1000))]
    runs: u16,
    /// Random Cheversi games per run (a tenth of that for Attrition).
    #[arg(long, default_value_t = 200_000, value_parser = clap::value_parser!(u64).range(1..))]
    playouts: u64,
    /// Only game kinds whose label contains this text (e.g. "brainking").
    #[arg(long)]
    only: Option<String>,
    /// Measure the computer instead: how many final Cheversi placements the
    /// exact search proves within a third of this machine's reference time
    /// (perft, lewicki, depth 5, timed first), and search nodes per second.
    #[arg(long)]
    ai: bool,
    /// With --ai: only this exact search's reach ("margin" or "result"),
    /// and not the duel's or the search speed.
    #[arg(long, requires = "ai", value_parser = ["margin", "result"], conflicts_with = "speed")]
    proof: Option<String>,
    /// With --ai: only the search speed (nodes per second).
    #[arg(long, requires = "ai")]
    speed: bool,
    /// With --ai: positions of each kind of play per figure (five kinds:
    /// 8 make the 40 a figure needs), in the set tuned on and in the
    /// held-out set alike; duel positions per number of jumps.
    #[arg(long, requires = "ai", default_value_t = 8)]
    samples: u64,
    /// With --ai: print the held-out positions this many placements from
    /// the end (Cheversi) or jumps after the setup (the duel) instead, one
    /// JSON object a line (`spec`, `moves`): what `e2e/worker-ratio.js`
    /// times in the worker and natively.
    /// (At most 40: random duels seldom last longer. 0: the duel's setups.)
    #[arg(long, requires = "ai", conflicts_with_all = ["proof", "speed"], value_parser = clap::value_parser!(u8).range(0..=40))]
    positions: Option<u8>,
    /// With --ai: threads the exact search (result or margin) is split
    /// over, each proving its part of the root moves with a table of its
    /// own.
    #[arg(long, requires = "ai", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: u32,
}

pub fn run(args: &BenchArgs) -> Result<(), CliError> {
    if args.ai && args.samples == 0 {
        return Err(other("--samples must be at least 1 (got 0)"));
    }
    let origin = Instant::now();
    let clock = move || origin.elapsed().as_secs_f64();
    let wanted = |label: &str| args.only.as_deref().is_none_or(|o| label.contains(o));
    if !kinds().iter().any(|(label, _)| wanted(label)) {
        let labels: Vec<String> = kinds().into_iter().map(|(label, _)| label).collect();
        return Err(other(format!(
            "--only {}: no game kind has it in its name ({})",
            cheversi_engine::game::quoted(args.only.as_deref().unwrap_or("")),
            labels.join(", ")
        )));
    }
    if let (true, Some(n)) = (args.ai, args.positions) {
        let cheversi_wanted = kinds()
            .iter()
            .any(|(l, o)| wanted(l) && matches!(o, GameOptions::Cheversi(_)));
        if cheversi_wanted && usize::from(n) > cheversi::PLIES {
            return Err(other(format!(
                "--positions {n}: a Cheversi game has {} placements (--only duel for jumps)",
                cheversi::PLIES
            )));
        }
        if cheversi_wanted && n == 0 {
            return Err(other(
                "--positions 0: no placement left, the Cheversi game is over (--only duel for the duel's setups)",
            ));
        }
        print_positions(usize::from(n), args.samples, &clock, &wanted);
        return Ok(());
    }
    if args.ai {
        return ai_figures(args, &clock, &wanted);
    }
    // At least 1 (a median of nothing is no figure; clap says so).
    let runs = usize::from(args.runs);
    let rows = run_all(&clock, runs, args.playouts, &wanted);
    print!("{}", table(&rows, runs));
    Ok(())
}

/// The share of the reference time each proof may take: what a device a
/// third as fast as this machine has in a second.
const BUDGET_OF_REFERENCE: f64 = 1.0 / 3.0;

/// Times the reference on this machine, now: the sequences of `cheversi
/// perft --rules lewicki --depth 5` (the fastest of three runs), and says
/// so. Returns its seconds.
fn reference_seconds(clock: &dyn Fn() -> f64) -> f64 {
    let start = cheversi::Position::new(cheversi::Options::new(cheversi::RuleSet::Lewicki));
    let mut best = f64::INFINITY;
    let mut count = 0;
    for _ in 0..3 {
        let t0 = clock();
        count = perft(&start, 5);
        best = best.min(clock() - t0);
    }
    println!(
        "reference: perft lewicki depth 5, {count} sequences in {best:.2} s (fastest of 3); \
         the time budget below is a third of it, {:.0} ms",
        best * BUDGET_OF_REFERENCE * 1000.0
    );
    let (mut nodes, mut search) = (0, f64::INFINITY);
    for _ in 0..3 {
        let (n, seconds) = search_check(clock);
        (nodes, search) = (n, search.min(seconds));
    }
    println!(
        "search check: the exact margin of {SEARCH_CHECK_POSITIONS} fixed brainking positions \
         8 from the end, {nodes} nodes in {search:.2} s (fastest of 3), {:.2} M nodes/s; \
         {:.2} times the reference (compare figures of two days only where this ratio is alike)",
        nodes as f64 / search / 1e6,
        search / best
    );
    best
}

fn ai_figures(
    args: &BenchArgs,
    clock: &dyn Fn() -> f64,
    wanted: &dyn Fn(&str) -> bool,
) -> Result<(), CliError> {
    // The search speed alone needs no budget.
    let budget = if args.speed {
        0.0
    } else {
        reference_seconds(clock) * BUDGET_OF_REFERENCE
    };
    for (proof, what, lefts) in [
        (
            ProofKind::Margin,
            "exact end (margin)",
            [6usize, 7, 8, 9, 10],
        ),
        (
            ProofKind::Result,
            "result (win, draw or loss)",
            [8, 9, 10, 11, 12],
        ),
    ] {
        let rule_sets: Vec<cheversi::Options> = kinds()
            .into_iter()
            .filter(|(l, _)| wanted(l))
            .filter_map(|(_, options)| match options {
                GameOptions::Cheversi(o) => Some(o),
                GameOptions::Attrition(_) => None,
            })
            .collect();
        if args.speed || !proof_wanted(args.proof.as_deref(), proof) || rule_sets.is_empty() {
            continue;
        }
        let kinds_of_play: Vec<&str> = Players::ALL.iter().map(|p| p.name()).collect();
        println!(
            "{what} proved within the budget{}, of {} positions per rule set and depth \
             ({} of each kind of play: {}), median time; the set tuned on, then the held-out set; \
             a position counts if one of {TRIES} tries proves it (37+1: one on a later try), \
             as the reference is its fastest of 3",
            match (proof, args.threads) {
                (ProofKind::Result, t) if t > 1 => format!(" on {t} threads"),
                _ => String::new(),
            },
            args.samples * Players::ALL.len() as u64,
            args.samples,
            kinds_of_play.join(", ")
        );
        print!("{:<20}", "rule set");
        for k in lefts {
            print!(" {:>33}", format!("last {k}"));
        }
        println!();
        let mut skipped = false;
        for o in rule_sets {
            print!("{:<20}", o.rules.name());
            // Further from the end than a depth where neither set proved
            // anything, nothing is proved either: those cells would spend
            // the whole budget on every position, most of the run.
            let mut none_nearer = false;
            for k in lefts {
                if none_nearer {
                    print!(" {:>33}", "-");
                    skipped = true;
                    continue;
                }
                let reaches: Vec<(Reach, u64)> = [Sample::Tuning, Sample::HeldOut]
                    .into_iter()
                    .map(|set| {
                        let positions = sampled_positions(o, k, args.samples, set, clock);
                        let reach =
                            solver_reach(o, &positions, budget, proof, args.threads as usize);
                        (reach, positions.len() as u64)
                    })
                    .collect();
                none_nearer = reaches.iter().all(|(r, _)| r.proved == 0);
                let cell: Vec<String> = reaches.iter().map(|(r, n)| proved_of(r, *n)).collect();
                print!(" {:>33}", cell.join(" | "));
            }
            println!();
        }
        if skipped {
            println!("(-: not measured, since no position nearer the end was proved)");
        }
    }
    if args.proof.is_some() {
        return Ok(());
    }
    if !args.speed {
        duel_figures(args, budget, clock);
    }
    println!("search speed of the master (nodes per second, mid-game positions)");
    for (label, options) in kinds().into_iter().filter(|(l, _)| wanted(l)) {
        let plies = match options {
            GameOptions::Cheversi(_) => 6,
            GameOptions::Attrition(o) => o.players() as usize * o.variant().pieces_per_player() + 6,
        };
        // "-": every sampled game ended before its position.
        let speed = search_speed(options, plies, args.samples.min(5), clock)
            .map_or("-".to_string(), |s| format!("{s:.0}"));
        println!("{label:<30} {speed:>12}");
    }
    Ok(())
}

fn duel_figures(args: &BenchArgs, budget: f64, clock: &dyn Fn() -> f64) {
    println!("duel: positions proved by the solver within the budget after setup + N jumps (median time)");
    let mut all = Vec::new();
    let mut proved = 0;
    for moves in [0usize, 1, 2, 3, 4, 5, 6, 8, 12, 16] {
        let DuelReach {
            reach,
            wins,
            wins_with_distance,
        } = duel_proof_times(moves, args.samples, budget, clock);
        println!(
            "  {moves:>2} jumps: {}, wins with a distance {wins_with_distance}/{wins}",
            proved_of(&reach, args.samples)
        );
        if moves <= 6 {
            proved += reach.proved;
            all.extend(reach.times);
        }
    }
    let pooled = Reach::of(proved, all);
    println!("  0-6 jumps: {}", proved_of(&pooled, 7 * args.samples));
}

/// `bench --ai --positions N`: the held-out Cheversi positions `n`
/// placements from the end of every wanted rule set, and the duel's
/// positions `n` jumps after the setup, as the benchmark draws them.
fn print_positions(n: usize, samples: u64, clock: &dyn Fn() -> f64, wanted: &dyn Fn(&str) -> bool) {
    let line = |spec: serde_json::Value, moves: Vec<String>| {
        println!("{}", serde_json::json!({ "spec": spec, "moves": moves }));
    };
    for (label, options) in kinds().into_iter().filter(|(l, _)| wanted(l)) {
        match options {
            GameOptions::Cheversi(o) => {
                for pos in sampled_positions(o, n, samples, Sample::HeldOut, clock) {
                    let moves = pos
                        .placements()
                        .iter()
                        .map(|p| {
                            cheversi::Move {
                                kind: p.kind,
                                square: p.square,
                            }
                            .to_string()
                        })
                        .collect();
                    line(
                        serde_json::json!({ "game": "cheversi", "rules": o.rules.name() }),
                        moves,
                    );
                }
            }
            GameOptions::Attrition(_) if label.contains("duel") => {
                for (_, moves) in duel_positions(n, samples) {
                    line(
                        serde_json::json!({ "game": "attrition", "variant": "duel" }),
                        moves,
                    );
                }
            }
            GameOptions::Attrition(_) => {}
        }
    }
}

/// Whether `bench --ai --proof <asked>` measures `proof` (all without it).
fn proof_wanted(asked: Option<&str>, proof: ProofKind) -> bool {
    asked.is_none_or(|p| p == proof.name())
}

/// "3/10 (250 ms)": proved of sampled, and the median time.
fn proved_of(reach: &Reach, samples: u64) -> String {
    // "37+1/40": proved at the first try, and on a later one.
    let proved = match reach.on_a_later_try {
        0 => reach.proved.to_string(),
        later => format!("{}+{later}", reach.proved - later),
    };
    match reach.median_seconds {
        Some(s) => format!("{proved}/{samples} ({:.0} ms)", s * 1000.0),
        None => format!("{proved}/{samples}"),
    }
}

#[cfg(test)]
mod tests {
    use super::{proof_wanted, BenchArgs, ProofKind};
    use clap::Parser;

    #[derive(Parser)]
    struct BenchCli {
        #[command(flatten)]
        bench: BenchArgs,
    }

    /// Each `--proof` value picks its own search and not the other (a name
    /// that matches no table would measure nothing).
    #[test]
    fn each_proof_value_measures_its_search_alone() {
        for (value, proof, other) in [
            ("margin", ProofKind::Margin, ProofKind::Result),
            ("result", ProofKind::Result, ProofKind::Margin),
        ] {
            let cli = BenchCli::try_parse_from(["bench", "--ai", "--proof", value]).unwrap();
            let asked = cli.bench.proof.as_deref();
            assert!(proof_wanted(asked, proof), "{value}");
            assert!(!proof_wanted(asked, other), "{value}");
        }
        assert!(proof_wanted(None, ProofKind::Margin) && proof_wanted(None, ProofKind::Result));
        // Speed alone measures no proof, so the two do not go together.
        assert!(
            BenchCli::try_parse_from(["bench", "--ai", "--speed", "--proof", "margin"]).is_err()
        );
        assert!(BenchCli::try_parse_from(["bench", "--ai", "--speed"]).is_ok_and(|c| c.bench.speed));
    }
}
