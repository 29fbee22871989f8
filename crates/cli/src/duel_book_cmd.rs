//! `duel-book`: the duel's opening book. For every setup up to symmetry,
//! White's winning first jump (or that White loses), and after each first
//! jump of White's, who wins and Black's winning reply, with the plies to
//! the win along the proof. Appends to the book file; a second run
//! resumes. `--distances` adds the plies to the proved lines that lack
//! them, rewriting the file.

use crate::duel_cmd::SolverArgs;
use crate::error::{other, CliError};
use cheversi_engine::ai::budget::Budget;
use cheversi_engine::ai::duel::book::{first_jumps, is_book_line, parse};
use cheversi_engine::ai::duel::dfpn::Dfpn;
use cheversi_engine::ai::duel::{DuelSolver, Setup};
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
    /// Prove again the winning lines that lack a distance, and add it
    /// (the file is rewritten as it goes; a second run resumes).
    #[arg(long)]
    distances: bool,
}

/// A proved position: whether the player to move wins, and if so a
/// winning jump and, when measured, the plies to the win by it.
type BookValue = (bool, Option<Square>, Option<u16>);

/// Proves the position (player to move on `me`). `None` when unproved.
fn solve(
    pn: &mut Dfpn,
    dfs: &mut DuelSolver,
    markers: Bitboard,
    me: Square,
    them: Square,
) -> Option<BookValue> {
    let clock = {
        let start = Instant::now();
        move || start.elapsed().as_secs_f64()
    };
    let mut budget = Budget::new(&clock, None, None, None);
    if !pn.prove_within(markers, me, them, &mut budget)? {
        return Some((false, None, None));
    }
    if let Some((line, plies)) = pn.winning_line(markers, me, them, &mut budget) {
        return Some((true, Some(line[0]), Some(plies)));
    }
    let jump = pn
        .winning_jump(markers, me, them, &mut budget)
        // A race of separated knights: the depth-first solver's paths.
        .or_else(|| {
            dfs.best_jump(markers, me, them, &mut budget)
                .filter(|(_, p)| p.wins)
                .map(|(to, _)| to)
        })?;
    Some((true, Some(jump), None))
}

/// The position a line is about: markers, the knight to move, the other.
fn position(setup: Setup, first: Option<Square>) -> (Bitboard, Square, Square) {
    let (w, b) = (setup.white, setup.black);
    let markers = Bitboard::from_square(w) | Bitboard::from_square(b);
    match first {
        None => (markers, w, b),
        Some(j) => (markers | Bitboard::from_square(j), b, j),
    }
}

/// A book line in the file's format.
fn format_line(
    setup: Setup,
    first: Option<Square>,
    white_wins: Option<bool>,
    solved: Option<BookValue>,
) -> String {
    let mut line = format!("{} {}", setup.white, setup.black);
    if let Some(j) = first {
        line.push_str(&format!(" {j}"));
    }
    line.push_str(&format!(" {}", letter(white_wins)));
    if let Some((_, Some(j), plies)) = solved {
        line.push_str(&format!(" {j}"));
        if let Some(p) = plies {
            line.push_str(&format!(" {p}"));
        }
    }
    line
}

fn letter(white_wins: Option<bool>) -> &'static str {
    match white_wins {
        Some(true) => "W",
        Some(false) => "B",
        None => "?",
    }
}

pub fn run(args: &DuelBookArgs) -> Result<(), CliError> {
    if args.distances {
        return add_distances(args);
    }
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
            let lines = known
                .iter()
                .filter(|l| l.setup == *setup && l.first == first);
            let (proved, tried) = lines.fold((false, false), |(p, t), l| {
                (p || l.white_wins.is_some(), t || l.white_wins.is_none())
            });
            if proved {
                continue;
            }
            let start = Instant::now();
            let before = pn.nodes + dfs.nodes;
            let (markers, _, _) = position(*setup, first);
            let solved = solve(&mut pn, &mut dfs, markers, me, them);
            // The mover is White right after the setup, else Black.
            let white_moves = first.is_none();
            let white_wins = solved.map(|(wins, _, _)| wins == white_moves);
            let line = format_line(*setup, first, white_wins, solved);
            // Unproved again: the file says so already.
            if white_wins.is_some() || !tried {
                writeln!(file, "{line}").map_err(other)?;
                file.flush().map_err(other)?;
            }
            if white_wins.is_some() {
                done += 1;
            } else {
                unproved += 1;
            }
            eprintln!(
                "{line}  {} nodes {:.2}s",
                pn.nodes + dfs.nodes - before,
                start.elapsed().as_secs_f64()
            );
        }
    }
    println!("{done} positions proved this run, {unproved} unproved");
    Ok(())
}

/// `--distances`: every line where the player to move wins and no distance
/// is given is proved again; the line is replaced when the proof measured
/// its distance (its jump may change to the proof's shortest line). The
/// whole file is written again after each line, through a temporary file,
/// so a stopped run loses nothing.
fn add_distances(args: &DuelBookArgs) -> Result<(), CliError> {
    let solver = &args.solver;
    let text = solver.read()?;
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    // Read whole, as the engine reads it: a line may leave out its setup
    // (the line before's). Each book line is then the next text line that
    // holds one.
    let book = parse(&text).map_err(|e| other(format!("{}: {e}", solver.out)))?;
    let mut book = book.iter();
    let mut pn = Dfpn::new(solver.table_bits, solver.nodes);
    let mut dfs = DuelSolver::new(22, solver.nodes);
    let (mut added, mut missed) = (0, 0);
    for i in 0..lines.len() {
        if !is_book_line(&lines[i]) {
            continue;
        }
        let Some(line) = book.next() else {
            break;
        };
        if line.jump.is_none() || line.plies.is_some() {
            continue;
        }
        let start = Instant::now();
        let (markers, me, them) = position(line.setup, line.first);
        match solve(&mut pn, &mut dfs, markers, me, them) {
            Some(solved @ (true, Some(_), Some(_))) => {
                lines[i] = format_line(line.setup, line.first, line.white_wins, Some(solved));
                added += 1;
            }
            // Unproved this time, or no distance: the line stays.
            _ => missed += 1,
        }
        eprintln!("{}  {:.2}s", lines[i], start.elapsed().as_secs_f64());
        crate::files::replace(
            std::path::Path::new(&solver.out),
            &(lines.join("\n") + "\n"),
        )?;
    }
    println!("{added} distances added, {missed} lines left without one");
    Ok(())
}
