//! How a fixed White setup of a two-piece Attrition variant scores: the
//! Master (500 ms a move) plays White from that setup against greedy
//! Black (random among ties), for comparing setups before putting one in
//! a table.
//!
//! `cargo run --release -p cheversi-engine --example setup_trial -- VARIANT "Nd4 Bd5" GAMES SEED`

use cheversi_engine::ai::player::greedy::greedy_moves;
use cheversi_engine::ai::player::levels::Level;
use cheversi_engine::ai::player::{Engine, Request};
use cheversi_engine::attrition::{Options, Variant};
use cheversi_engine::rng::Rng;
use cheversi_engine::{AnyGame, GameOptions, GameState, Outcome};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [variant, setup, games, seed] = &args[..] else {
        eprintln!("usage: setup_trial VARIANT \"SETUP\" GAMES SEED");
        std::process::exit(2);
    };
    let variant: Variant = variant.parse().expect("a variant");
    let games: u32 = games.parse().expect("games");
    let seed: u64 = seed.parse().expect("seed");
    let start = Instant::now();
    let clock = move || start.elapsed().as_secs_f64();
    let request = Request {
        level: Level::Master,
        seconds: Some(0.5),
        nodes: None,
    };
    let (mut wins, mut losses) = (0, 0);
    for g in 0..games {
        let mut rng = Rng::new(seed * 1000 + u64::from(g));
        let mut engine = Engine::new(seed + u64::from(g));
        let mut game: AnyGame = GameOptions::Attrition(Options::new(variant)).start();
        for text in setup.split_whitespace() {
            let mv = game.parse_move(text).expect("a legal setup");
            game.try_play(mv).expect("a legal setup");
        }
        let mut line = setup.clone();
        while let Some(me) = game.to_move() {
            let mv = if me == 0 {
                engine
                    .think(&game, &request, &clock, None)
                    .expect("a move")
                    .best
            } else {
                let mut legal = Vec::new();
                game.legal_moves(&mut legal);
                let ties = greedy_moves(&game, &legal);
                ties[rng.below(ties.len() as u32) as usize]
            };
            line.push(' ');
            line.push_str(&game.notation(mv));
            game.play_unchecked(mv);
        }
        match game.outcome() {
            Some(Outcome::Winner(0)) => wins += 1,
            _ => {
                losses += 1;
                println!("loss: {line}");
            }
        }
    }
    println!("{setup}: {wins}-{losses} over {games} games");
}
