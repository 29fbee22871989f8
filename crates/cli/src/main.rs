//! `cheversi`: the engine on the command line, for analysis, tests and
//! benchmarks. Every error is a message and a non-zero exit, never a panic:
//! exit 2 for an illegal or malformed move, 1 for anything else.

mod ai_bench;
mod ai_cmd;
mod arena;
mod args;
mod bench;
mod board_text;
mod duel_book_cmd;
mod duel_cmd;
mod error;
mod files;
mod lessons_cmd;
mod puzzles_cmd;
mod record_cmd;
mod state;
mod threads;
mod uct;

use args::GameArgs;
use clap::{Parser, Subcommand};
use error::CliError;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "cheversi",
    version,
    about = "Cheversi and Chivalrous Attrition engine"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The position after some moves: side to move, legal moves, scores, result.
    State {
        #[command(flatten)]
        game: GameArgs,
        /// One JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Count the move sequences of a given length (each placement or jump is one move).
    Perft {
        #[command(flatten)]
        game: GameArgs,
        #[arg(long)]
        depth: u32,
        /// Split the count by first move.
        #[arg(long)]
        divide: bool,
    },
    /// Print a position as a text board with attack counts and scores.
    Show {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Read game records.
    Record {
        #[command(subcommand)]
        action: record_cmd::RecordAction,
    },
    /// Measure random playouts and perft per second (medians over several runs).
    Bench(bench::BenchArgs),
    /// The computer's move: level or budget; JSON: move, eval, exact, depth, nodes, pv, ms.
    Bestmove(ai_cmd::BestMoveArgs),
    /// Play agents against each other; wins, score rate, Elo, time and nodes per move.
    Match(ai_cmd::MatchArgs),
    /// Points lost by every move of a game record against the best move.
    Review(ai_cmd::ReviewArgs),
    /// Solve the Attrition duel's setups (resumable) and say who wins the duel.
    DuelTable(duel_cmd::DuelTableArgs),
    /// The duel's opening book: the setups' and White's first jumps' winning replies (resumable).
    DuelBook(duel_book_cmd::DuelBookArgs),
    /// Generate puzzles from solved positions of seeded games, or verify a puzzle file.
    Puzzles {
        #[command(subcommand)]
        action: puzzles_cmd::PuzzlesAction,
    },
    /// Check a lesson file against the engine.
    Lessons {
        #[command(subcommand)]
        action: lessons_cmd::LessonsAction,
    },
}

fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::State { game, json } => state::run(&game, json),
        Command::Perft {
            game,
            depth,
            divide,
        } => state::perft(&game, depth, divide),
        Command::Show { game } => {
            let pos = game.position()?;
            print!("{}", board_text::render(&pos));
            Ok(())
        }
        Command::Record { action } => record_cmd::run(action),
        Command::Bench(args) => bench::run(&args),
        Command::DuelTable(args) => duel_cmd::run(&args),
        Command::DuelBook(args) => duel_book_cmd::run(&args),
        Command::Puzzles { action } => puzzles_cmd::run(&action),
        Command::Lessons { action } => lessons_cmd::run(&action),
        Command::Bestmove(args) => ai_cmd::bestmove(&args),
        Command::Match(args) => ai_cmd::run_match(&args),
        Command::Review(args) => ai_cmd::run_review(&args),
    }
}

fn main() -> ExitCode {
    // A reader that stops early (`| head`) ends this process as it ends
    // other Unix tools, by SIGPIPE: Rust starts with the signal ignored,
    // and each print to the closed pipe would then panic.
    #[cfg(unix)]
    // SAFETY: before any thread starts, the signal's default action set back.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    // Output that cannot be written (a full disk) is an error, not a
    // panic: the print macros panic there, wherever they are.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to") {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "error: cannot write the output ({message})"
            );
            std::process::exit(1);
        }
        default_hook(info);
    }));
    // A bad flag or option name exits with 1 like every error but a move's
    // (clap's own code would be 2, which means a bad move here).
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
