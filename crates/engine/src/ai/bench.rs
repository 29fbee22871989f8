//! The search's speed, in nodes per second: measured natively by the
//! CLI's `bench --ai` and in the browser (`crates/api/tests/browser_bench.rs`)
//! alike. The caller passes the clock.

use crate::ai::budget::Clock;
use crate::ai::player::engine::Engine;
use crate::ai::player::levels::Level;
use crate::ai::player::request::Request;
use crate::any::GameOptions;
use crate::game::GameState;
use crate::rng::Rng;

/// Nodes per second of the master's alpha-beta search over a few positions
/// of each game kind, `plies` moves in (played at random from a seed).
/// Cheversi's Master plays by tree search, and the duel's proves first;
/// its alpha-beta is what the other levels, the review and the exact ends
/// use, and what this measures.
pub fn search_speed(
    options: GameOptions,
    plies: usize,
    samples: u64,
    clock: Clock<'_>,
) -> Option<f64> {
    let (mut nodes, mut seconds) = (0u64, 0.0);
    for seed in 0..samples {
        let mut rng = Rng::new(seed + 100);
        let mut game = options.start();
        for _ in 0..plies {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            game.play_unchecked(moves[rng.below(moves.len() as u32) as usize]);
        }
        if game.is_over() {
            continue;
        }
        let request = Request {
            level: Level::Master,
            seconds: Some(0.5),
            nodes: None,
        };
        if let Some(t) = Engine::new(seed)
            .with_alpha_beta_only()
            .think(&game, &request, clock, None)
        {
            nodes += t.nodes;
            seconds += t.seconds;
        }
    }
    // None where every sampled game ended before its position.
    (seconds > 0.0).then(|| nodes as f64 / seconds)
}
