//! `duel-table`: solves every duel setup up to symmetry with df-pn and
//! appends the results to a table file; a second run resumes, and retries
//! the setups left unproved when given a larger node limit.

use crate::error::{other, CliError};
use cheversi_engine::ai::dfpn::Dfpn;
use cheversi_engine::ai::duel::Setup;
use cheversi_engine::ai::duel_table::{parse, DuelTable, SetupValue, Solved};
use cheversi_engine::Bitboard;
use clap::Args;
use std::io::Write;
use std::time::Instant;

#[derive(Args)]
pub struct DuelTableArgs {
    /// The table file to extend (created if missing).
    #[arg(long)]
    out: String,
    /// Node limit per setup.
    #[arg(long, default_value_t = 100_000_000)]
    nodes: u64,
    /// The solver's table: 2^N entries, two to a 64-byte bucket (24 is
    /// 512 MiB).
    #[arg(long, default_value_t = 24, value_parser = clap::value_parser!(u32).range(10..=30))]
    table_bits: u32,
    /// Only print what the table says (no solving).
    #[arg(long)]
    summary: bool,
}

pub fn run(args: &DuelTableArgs) -> Result<(), CliError> {
    // Only a missing file starts an empty table: appending to a file that
    // could not be read or understood would corrupt it.
    let text = match std::fs::read_to_string(&args.out) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(other(format!("cannot read {}: {e}", args.out))),
    };
    let mut lines = parse(&text).map_err(|e| other(format!("{}: {e}", args.out)))?;
    if !args.summary {
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&args.out)
            .map_err(|e| other(format!("cannot write {}: {e}", args.out)))?;
        let mut solver = Dfpn::new(args.table_bits, args.nodes);
        for setup in Setup::all_distinct() {
            let known = lines.iter().find(|s| s.setup == setup);
            // Solved already, or already tried with at least this budget.
            if known.is_some_and(|s| s.value != SetupValue::Unknown || s.nodes >= args.nodes) {
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
    println!("the duel with perfect play: {:?}", table.duel_value());
    Ok(())
}
