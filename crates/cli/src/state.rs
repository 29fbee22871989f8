//! `state` and `perft`.

use crate::args::GameArgs;
use crate::board_text;
use crate::error::{other, CliError};
use cheversi_engine::perft::{divide, perft as count};
use cheversi_engine::{AnyGame, GameState};
use serde::Serialize;

/// The `state --json` contract: other tools read exactly these fields.
#[derive(Serialize)]
struct StateJson {
    to_move: Option<u8>,
    legal: Vec<String>,
    scores: Vec<i32>,
    over: bool,
    winner: Option<u8>,
}

pub fn legal_notation(game: &AnyGame) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.into_iter().map(|m| game.notation(m)).collect()
}

pub fn run(args: &GameArgs, json: bool) -> Result<(), CliError> {
    let game = args.position()?;
    let state = StateJson {
        to_move: game.to_move(),
        legal: legal_notation(&game),
        scores: game.scores(),
        over: game.is_over(),
        winner: game.outcome().and_then(|o| o.winner()),
    };
    if json {
        println!("{}", serde_json::to_string(&state).map_err(other)?);
    } else {
        println!("{}", board_text::status_line(&game));
        if !state.scores.is_empty() {
            println!(
                "Scores: White {}, Black {}",
                state.scores[0], state.scores[1]
            );
        }
        if !state.over {
            println!(
                "Legal moves ({}): {}",
                state.legal.len(),
                state.legal.join(" ")
            );
        }
    }
    Ok(())
}

pub fn perft(args: &GameArgs, depth: u32, split: bool) -> Result<(), CliError> {
    let game = args.position()?;
    if split && depth > 0 {
        let rows = divide(&game, depth);
        for (mv, n) in &rows {
            println!("{mv}: {n}");
        }
        println!("total: {}", rows.iter().map(|(_, n)| n).sum::<u64>());
    } else {
        println!("{}", count(&game, depth));
    }
    Ok(())
}
