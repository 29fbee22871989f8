//! `duel-book`: the duel's opening book. For every setup up to symmetry,
//! White's winning first jump (or that White loses), and after each first
//! jump of White's, who wins and Black's winning reply. Appends to the
//! book file; a second run resumes.

use crate::duel_cmd::SolverArgs;
use crate::error::{other, CliError};
use cheversi_engine::ai::budget::Budget;
use cheversi_engine::ai::dfpn::Dfpn;
use cheversi_engine::ai::duel::{DuelSolver, Setup};
use cheversi_engine::ai::duel_book::{first_jumps, parse};
use cheversi_engine::{Bitboard, Square};
use clap::Args;
use std::io::Write;
use std::time::Instant;

#[derive(Args)]
pub struct DuelBookArgs {
    #[command(flatten)]
    solver: SolverArgs,
    /// Stop after this many setups (for trials).
    #[arg(long)]
    setups: Option<usize>,
}

/// Proves the position (player to move on `me`): whether it wins, and a
/// winning jump when it does. `None` when unproved.
fn solve(
    pn: &mut Dfpn,
    dfs: &mut DuelSolver,
    markers: Bitboard,
    me: Square,
    them: Square,
) -> Option<(bool, Option<Square>)> {
    let clock = {
        let start = Instant::now();
        move || start.elapsed().as_secs_f64()
    };
    let mut budget = Budget::new(&clock, None, None, None);
    if !pn.prove_within(markers, me, them, &mut budget)? {
        return Some((false, None));
    }
    let jump = pn
        .winning_jump(markers, me, them, &mut budget)
        // A race of separated knights: the depth-first solver's paths.
        .or_else(|| {
            dfs.best_jump(markers, me, them, &mut budget)
                .filter(|(_, p)| p.wins)
                .map(|(to, _)| to)
        })?;
    Some((true, Some(jump)))
}

fn letter(white_wins: Option<bool>) -> &'static str {
    match white_wins {
        Some(true) => "W",
        Some(false) => "B",
        None => "?",
    }
}

pub fn run(args: &DuelBookArgs) -> Result<(), CliError> {
    let solver = &args.solver;
    let known = parse(&solver.read()?).map_err(|e| other(format!("{}: {e}", solver.out)))?;
    let mut file = solver.append()?;
    let mut pn = Dfpn::new(solver.table_bits, solver.nodes);
    let mut dfs = DuelSolver::new(22, solver.nodes);
    let (mut done, mut unproved) = (0, 0);
    let setups = Setup::all_distinct();
    for setup in setups.iter().take(args.setups.unwrap_or(usize::MAX)) {
        let (w, b) = (setup.white, setup.black);
        let mut positions = vec![(None, w, b)];
        positions.extend(first_jumps(*setup).map(|j| (Some(j), b, j)));
        for (first, me, them) in positions {
            if known
                .iter()
                .any(|l| l.setup == *setup && l.first == first && l.white_wins.is_some())
            {
                continue;
            }
            let start = Instant::now();
            let before = pn.nodes + dfs.nodes;
            let mut markers = Bitboard::from_square(w) | Bitboard::from_square(b);
            if let Some(j) = first {
                markers |= Bitboard::from_square(j);
            }
            let solved = solve(&mut pn, &mut dfs, markers, me, them);
            // The mover is White right after the setup, else Black.
            let white_moves = first.is_none();
            let white_wins = solved.map(|(wins, _)| wins == white_moves);
            let jump = solved.and_then(|(_, j)| j);
            let mut line = format!("{w} {b}");
            if let Some(j) = first {
                line.push_str(&format!(" {j}"));
            }
            line.push_str(&format!(" {}", letter(white_wins)));
            if let Some(j) = jump {
                line.push_str(&format!(" {j}"));
            }
            writeln!(file, "{line}").map_err(other)?;
            file.flush().map_err(other)?;
            done += 1;
            unproved += usize::from(white_wins.is_none());
            eprintln!(
                "{line}  {} nodes {:.2}s",
                pn.nodes + dfs.nodes - before,
                start.elapsed().as_secs_f64()
            );
        }
    }
    println!("{done} positions solved this run, {unproved} unproved");
    Ok(())
}
