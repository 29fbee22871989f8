//! `cheversi lessons verify FILE`: every step of a lesson file checked
//! against the engine (see `cheversi_engine::lesson::verify`).

use crate::error::CliError;
use cheversi_engine::game::GameState;
use cheversi_engine::lesson::judge::{right_moves, right_squares};
use cheversi_engine::lesson::{parse_file, verify, verify::NODE_LIMIT};
use cheversi_engine::puzzle::solve::Solver;
use clap::{Args, Subcommand};

#[derive(Subcommand)]
pub enum LessonsAction {
    /// Check every step: a legal position, at least one right answer, the stated answer right.
    Verify(VerifyArgs),
}

#[derive(Args)]
pub struct VerifyArgs {
    /// The lesson file.
    file: String,
    /// Also list every right answer of each step.
    #[arg(long)]
    answers: bool,
}

pub fn run(action: &LessonsAction) -> Result<(), CliError> {
    let LessonsAction::Verify(args) = action;
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| CliError::Other(format!("cannot read {}: {e}", args.file)))?;
    let lessons = parse_file(&text).map_err(|e| CliError::Other(format!("{}: {e}", args.file)))?;
    let problems = verify(&lessons);
    let steps: usize = lessons.iter().map(|l| l.steps().len()).sum();
    if args.answers {
        let mut solver = Solver::new(NODE_LIMIT, 16);
        for step in lessons.iter().flat_map(|l| l.steps()) {
            let right = match right_squares(&step.position(), step.task()) {
                Some(set) => set.into_iter().map(|s| s.to_string()).collect(),
                // Written as the game writes them (a capture with `x`).
                None => right_moves(step, &mut solver)
                    .map(|m| {
                        let position = step.position();
                        m.iter().map(|&m| position.notation(m)).collect()
                    })
                    .unwrap_or_else(|_| vec!["(not solved)".to_string()]),
            };
            println!(
                "{} {} {}: {}",
                step.lesson(),
                step.number(),
                step.task(),
                right.join(" ")
            );
        }
    }
    for p in &problems {
        eprintln!("{}: {p}", args.file);
    }
    if problems.is_empty() {
        println!(
            "{}: {} lessons, {steps} steps, every step verified",
            args.file,
            lessons.len()
        );
        Ok(())
    } else {
        Err(CliError::Other(format!(
            "{} of {steps} steps do not verify",
            problems.len()
        )))
    }
}
