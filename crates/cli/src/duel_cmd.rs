//! `duel-table`: solves every duel setup up to symmetry with df-pn and
//! appends the results to a table file; a second run resumes, and retries
//! the setups left unproved when given a larger node limit.

use crate::error::{other, CliError};
use cheversi_engine::ai::duel::dfpn::Dfpn;
use cheversi_engine::ai::duel::table::{parse, DuelTable, SetupValue, Solved};
use cheversi_engine::ai::duel::Setup;
use cheversi_engine::Bitboard;
use clap::Args;
use std::io::Write;
use std::time::Instant;

/// The solver's settings and the file a solving command extends.
#[derive(Args)]
pub struct SolverArgs {
    /// The file to extend (created if missing; a second run resumes).
    #[arg(long)]
    pub out: String,
    /// Node limit per position.
    #[arg(long, default_value_t = 100_000_000)]
    pub nodes: u64,
    /// The solver's table: 2^N entries, two to a 64-byte bucket (24 is
    /// 512 MiB, 28 the most: 8 GiB).
    #[arg(long, default_value_t = 24, value_parser = clap::value_parser!(u32).range(10..=28))]
    pub table_bits: u32,
}

impl SolverArgs {
    /// The file's text so far. Only a missing file starts empty: appending
    /// to a file that could not be read would corrupt it.
    pub fn read(&self) -> Result<String, CliError> {
        match std::fs::read_to_string(&self.out) {
            Ok(text) => Ok(text),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(String::new()),
            Err(e) => Err(other(format!("cannot read {}: {e}", self.out))),
        }
    }

    /// The file, opened to append results as they come.
    pub fn append(&self) -> Result<std::fs::File, CliError> {
        crate::files::append(std::path::Path::new(&self.out))
    }
}

#[derive(Args)]
pub struct DuelTableArgs {
    #[command(flatten)]
    solver: SolverArgs,
    /// Only print what the table says (no solving).
    #[arg(long)]
    summary: bool,
}

pub fn run(args: &DuelTableArgs) -> Result<(), CliError> {
    let solver_args = &args.solver;
    // A summary is of a table that exists: a mistyped path is no table.
    let path = std::path::Path::new(&solver_args.out);
    if args.summary && !path.exists() {
        return Err(other(format!(
            "cannot read {}: no such file",
            solver_args.out
        )));
    }
    if args.summary && path.is_dir() {
        return Err(other(format!(
            "cannot read {}: a directory, not a table",
            solver_args.out
        )));
    }
    let text = solver_args.read()?;
    let mut lines = parse(&text).map_err(|e| other(format!("{}: {e}", solver_args.out)))?;
    // One line a setup (its mirror image is the same setup): the last
    // read, as the table reads it.
    let mut seen = std::collections::HashSet::new();
    lines.reverse();
    lines.retain(|s| seen.insert(s.setup.canonical()));
    lines.reverse();
    if !args.summary {
        let mut file = solver_args.append()?;
        let mut solver = Dfpn::new(solver_args.table_bits, solver_args.nodes);
        for setup in Setup::all_distinct() {
            let known = lines.iter().find(|s| s.setup == setup);
            // Solved already, or already tried with at least this budget.
            if known.is_some_and(|s| s.value != SetupValue::Unknown || s.nodes >= solver_args.nodes)
            {
                continue;
            }
            let start = Instant::now();
            let before = solver.nodes;
            let markers = Bitboard::from_square(setup.white) | Bitboard::from_square(setup.black);
            let value = match solver.prove(markers, setup.white, setup.black) {
                Some(true) => SetupValue::WhiteWins,
                Some(false) => SetupValue::BlackWins,
                None => SetupValue::Unknown,
            };
            let nodes = solver.nodes - before;
            let letter = match value {
                SetupValue::WhiteWins => "W",
                SetupValue::BlackWins => "B",
                SetupValue::Unknown => "?",
            };
            writeln!(file, "{} {} {letter} {nodes}", setup.white, setup.black).map_err(other)?;
            file.flush().map_err(other)?;
            eprintln!(
                "{}{} {letter} {nodes} nodes {:.2}s",
                setup.white,
                setup.black,
                start.elapsed().as_secs_f64()
            );
            lines.retain(|s| s.setup != setup);
            lines.push(Solved {
                setup,
                value,
                nodes,
            });
        }
    }
    let table = DuelTable::from_lines(&lines);
    let count = |v: SetupValue| lines.iter().filter(|s| s.value == v).count();
    println!(
        "{} setups: White wins {}, Black wins {}, unproved {}",
        lines.len(),
        count(SetupValue::WhiteWins),
        count(SetupValue::BlackWins),
        count(SetupValue::Unknown)
    );
    let verdict = match table.duel_value() {
        SetupValue::WhiteWins => "White wins",
        SetupValue::BlackWins => "Black wins",
        SetupValue::Unknown => "not proved",
    };
    println!("the duel with perfect play: {verdict}");
    Ok(())
}
