//! `puzzles`: generate the puzzle file from seeded games, and verify a
//! puzzle file against the exact search.

use crate::error::{other, CliError};
use cheversi_engine::puzzle::{
    generate, parse_file, verify, Config, Goal, KindStats, Puzzle, GAMES, NODE_LIMIT,
};
use clap::{Args, Subcommand};
use std::time::Instant;

#[derive(Subcommand)]
pub enum PuzzlesAction {
    /// Find puzzles in seeded games and write the puzzle file.
    Generate(GenerateArgs),
    /// Check every puzzle of a file against the exact search.
    Verify(VerifyArgs),
}

#[derive(Args)]
pub struct GenerateArgs {
    /// Seed of the games (the same seed and options give the same file).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games to play for each game (lewicki … two-knights).
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// Other numbers of games for some games, e.g. "duel=40,lewicki=5".
    #[arg(long)]
    games_per_kind: Option<String>,
    /// Node limit of every exact search.
    #[arg(long, default_value_t = NODE_LIMIT)]
    nodes: u64,
    /// At most this many puzzles per game and depth (placements left, or plies to the win).
    #[arg(long)]
    most_per_depth: Option<u32>,
    /// The puzzle file to write.
    #[arg(long)]
    out: String,
}

#[derive(Args)]
pub struct VerifyArgs {
    /// The puzzle file.
    file: String,
    /// Node limit of every exact search.
    #[arg(long, default_value_t = NODE_LIMIT)]
    nodes: u64,
}

pub fn run(action: &PuzzlesAction) -> Result<(), CliError> {
    match action {
        PuzzlesAction::Generate(args) => run_generate(args),
        PuzzlesAction::Verify(args) => run_verify(args),
    }
}

/// The games to play: `--games` each, changed by `--games-per-kind`.
fn games_to_play(args: &GenerateArgs) -> Result<Vec<(String, u32)>, CliError> {
    let mut games: Vec<(String, u32)> = GAMES.iter().map(|g| (g.to_string(), args.games)).collect();
    for part in args.games_per_kind.iter().flat_map(|s| s.split(',')) {
        let (name, count) = part
            .split_once('=')
            .ok_or_else(|| other(format!("--games-per-kind: '{part}' is not game=count")))?;
        let count = count
            .parse()
            .map_err(|_| other(format!("--games-per-kind: '{count}' is not a number")))?;
        let slot = games.iter_mut().find(|(g, _)| g == name).ok_or_else(|| {
            other(format!(
                "--games-per-kind: '{name}' is not one of {}",
                GAMES.join(", ")
            ))
        })?;
        slot.1 = count;
    }
    Ok(games)
}

fn run_generate(args: &GenerateArgs) -> Result<(), CliError> {
    let config = Config {
        seed: args.seed,
        games: games_to_play(args)?,
        node_limit: args.nodes,
        most_per_depth: args.most_per_depth,
    };
    // Before the work: a path that cannot take the file is said at once.
    crate::files::check_writable(std::path::Path::new(&args.out))?;
    let start = Instant::now();
    let mut kind_started = start;
    let mut current = String::new();
    let mut seconds: Vec<(String, f64)> = Vec::new();
    let mut progress = |s: &KindStats| {
        if s.game != current {
            current = s.game.clone();
            kind_started = Instant::now();
        }
        let elapsed = kind_started.elapsed().as_secs_f64();
        match seconds.last_mut() {
            Some((g, t)) if *g == s.game => *t = elapsed,
            _ => seconds.push((s.game.clone(), elapsed)),
        }
        eprint!(
            "\r{:18} game {:5}  positions {:6}  puzzles {:5}  {:6.1}s",
            s.game, s.games, s.positions, s.kept, elapsed
        );
    };
    let generated = generate(&config, &mut progress).map_err(other)?;
    eprintln!();
    let elapsed = start.elapsed().as_secs_f64();
    let mut text = String::from(cheversi_engine::puzzle::HEADER);
    text.push('\n');
    // The command that made the file, so it can be made again.
    let command: Vec<String> = std::env::args().skip(1).collect();
    text.push_str(&format!("# cheversi {}\n", command.join(" ")));
    for p in &generated.puzzles {
        text.push_str(&p.to_line());
        text.push('\n');
    }
    crate::files::replace(std::path::Path::new(&args.out), &text)?;

    println!(
        "{:18} {:>6} {:>9} {:>8} {:>6} {:>7} {:>7} {:>8}",
        "game", "games", "positions", "unsolved", "dupes", "refused", "puzzles", "seconds"
    );
    for s in &generated.stats {
        let t = seconds
            .iter()
            .find(|(g, _)| *g == s.game)
            .map_or(0.0, |(_, t)| *t);
        println!(
            "{:18} {:>6} {:>9} {:>8} {:>6} {:>7} {:>7} {:>8.1}",
            s.game, s.games, s.positions, s.unsolved, s.duplicates, s.refused, s.kept, t
        );
    }
    let count = generated.puzzles.len();
    println!(
        "{count} puzzles in {elapsed:.1} s ({:.1} a minute), {} search nodes",
        count as f64 * 60.0 / elapsed.max(1e-9),
        generated.nodes
    );
    println!("depths: {}", depth_counts(&generated.puzzles));
    println!("ratings: {}", rating_bands(&generated.puzzles));
    println!("{}: {} bytes", args.out, text.len());
    Ok(())
}

/// How many puzzles per placements left (Cheversi, `k4`) and per win
/// distance (Attrition, `w5`).
fn depth_counts(puzzles: &[Puzzle]) -> String {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for p in puzzles {
        let key = match p.goal() {
            Goal::Margin(_) => format!("k{}", 16 - p.moves().len()),
            Goal::WinIn(n) => format!("w{n}"),
        };
        match counts.iter_mut().find(|(k, _)| *k == key) {
            Some((_, c)) => *c += 1,
            None => counts.push((key, 1)),
        }
    }
    counts.sort_by_key(|(k, _)| (k.as_bytes()[0], k[1..].parse::<u32>().unwrap_or(0)));
    counts
        .iter()
        .map(|(k, c)| format!("{k}:{c}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// How many puzzles per 200 rating points.
fn rating_bands(puzzles: &[Puzzle]) -> String {
    let mut bands = [0usize; 16];
    for p in puzzles {
        bands[(p.rating() / 200).min(15) as usize] += 1;
    }
    bands
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(i, c)| format!("{}:{c}", i * 200))
        .collect::<Vec<_>>()
        .join(" ")
}

fn run_verify(args: &VerifyArgs) -> Result<(), CliError> {
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| other(format!("cannot read {}: {e}", args.file)))?;
    let puzzles = parse_file(&text).map_err(|e| other(format!("{}: {e}", args.file)))?;
    let start = Instant::now();
    for p in &puzzles {
        verify(p, args.nodes).map_err(|e| other(format!("puzzle {}: {e}", p.id())))?;
    }
    println!(
        "{} puzzles verified in {:.1} s",
        puzzles.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
