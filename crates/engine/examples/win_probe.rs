use cheversi_engine::ai::engine::{Engine, Request};
use cheversi_engine::ai::levels::Level;
use cheversi_engine::attrition::{self, Variant};
use cheversi_engine::rng::Rng;
use cheversi_engine::{AnyGame, GameState};
use std::time::Instant;
fn main() {
    let origin = Instant::now();
    let clock = move || origin.elapsed().as_secs_f64();
    let mut rng = Rng::new(4);
    let mut engine = Engine::new(4);
    for options in [
        attrition::Options::new(Variant::Duel),
        attrition::Options::new(Variant::SuddenDeath),
        attrition::Options::with_players(Variant::Melee, 3).unwrap(),
    ] {
        let start = AnyGame::Attrition(attrition::Position::new(options));
        for _ in 0..300 {
            let plies = 2 + rng.below(30) as usize;
            let mut game = start.clone();
            let mut ok = true;
            for _ in 0..plies {
                let mut m = Vec::new();
                game.legal_moves(&mut m);
                if m.is_empty() {
                    ok = false;
                    break;
                }
                game.play_unchecked(m[rng.below(m.len() as u32) as usize]);
            }
            if !ok || game.is_over() {
                continue;
            }
            let me = game.to_move().unwrap();
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let wins = |mv| {
                let mut c = game.clone();
                c.play_unchecked(mv);
                c.outcome().and_then(|o| o.winner()) == Some(me)
            };
            if !moves.iter().any(|&m| wins(m)) {
                continue;
            }
            for level in [Level::Casual, Level::Strong, Level::Master] {
                let t = engine
                    .think(&game, &Request::level(level), &clock, None)
                    .unwrap();
                if !wins(t.best) {
                    println!(
                        "{:?} {level} played {} eval {:?} depth {} nodes {}",
                        options.variant(),
                        game.notation(t.best),
                        t.eval,
                        t.depth,
                        t.nodes
                    );
                    let mut w: Vec<String> = moves
                        .iter()
                        .filter(|&&m| wins(m))
                        .map(|&m| game.notation(m))
                        .collect();
                    w.sort();
                    println!("  wins: {w:?}");
                }
            }
        }
    }
}
