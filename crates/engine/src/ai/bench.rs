//! The search's own figures: how far the exact end search reaches within a
//! time limit, and nodes per second. The caller passes the clock.

use super::budget::{Budget, Clock};
use super::cheversi::{distinct_moves, HandValues};
use super::engine::{Engine, Request};
use super::levels::Level;
use super::search::Searcher;
use crate::any::{AnyGame, GameOptions};
use crate::cheversi::{self, PLIES};
use crate::game::GameState;
use crate::rng::Rng;

/// A "typical" position `plies` placements in: the Casual level playing
/// both sides (seeded).
pub fn typical_position(
    options: cheversi::Options,
    plies: usize,
    seed: u64,
    clock: Clock<'_>,
) -> cheversi::Position {
    let mut engine = Engine::new(seed);
    let mut game = AnyGame::Cheversi(cheversi::Position::new(options));
    while game.ply() < plies {
        let t = engine
            .think(&game, &Request::level(Level::Casual), clock, None)
            .expect("not over");
        game.play_unchecked(t.best);
    }
    match game {
        AnyGame::Cheversi(p) => p,
        AnyGame::Attrition(_) => unreachable!(),
    }
}

/// For `remaining` placements left: how many of `samples` typical
/// positions the search proves within `seconds`, and the median time.
pub fn solver_reach(
    options: cheversi::Options,
    remaining: usize,
    samples: u64,
    seconds: f64,
    clock: Clock<'_>,
) -> (u64, f64) {
    let values = HandValues::calibrate(options);
    let mut proved = 0;
    let mut times = Vec::new();
    for seed in 0..samples {
        let pos = typical_position(options, PLIES - remaining, seed + 1, clock);
        let mut budget = Budget::new(clock, Some(seconds), None, None);
        let found = Searcher::new(20).search(
            &pos,
            &values,
            &mut budget,
            remaining as u32,
            Some(distinct_moves(&pos)),
            false,
        );
        if found.exact {
            proved += 1;
        }
        times.push(budget.elapsed());
    }
    times.sort_by(f64::total_cmp);
    (proved, times[times.len() / 2])
}

/// Nodes per second of the master's search over a few positions of each
/// game kind, `plies` moves in (played at random from a seed).
pub fn search_speed(options: GameOptions, plies: usize, samples: u64, clock: Clock<'_>) -> f64 {
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
        if let Some(t) = Engine::new(seed).think(&game, &request, clock, None) {
            nodes += t.nodes;
            seconds += t.seconds;
        }
    }
    nodes as f64 / seconds.max(1e-9)
}

/// Duel positions `moves` jumps after a random setup (random play, seeded):
/// how many of `samples` the solver proves within `seconds`, and the
/// median time.
pub fn duel_proof_times(moves: usize, samples: u64, seconds: f64, clock: Clock<'_>) -> (u64, f64) {
    use super::duel::DuelSolver;
    use crate::attrition::{Options, Piece, Position, Variant};
    let mut proved = 0;
    let mut times = Vec::new();
    let mut rng = Rng::new(77);
    let mut taken = 0;
    while taken < samples {
        let mut pos = Position::new(Options::new(Variant::Duel));
        let mut alive = true;
        for _ in 0..2 + moves {
            let mut legal = Vec::new();
            GameState::legal_moves(&pos, &mut legal);
            if legal.is_empty() {
                alive = false;
                break;
            }
            pos.play_unchecked(legal[rng.below(legal.len() as u32) as usize]);
        }
        let Some(me) = pos.to_move().filter(|_| alive) else {
            continue;
        };
        let (Some(a), Some(b)) = (
            pos.slot(me, Piece::Knight).square(),
            pos.slot(1 - me, Piece::Knight).square(),
        ) else {
            continue;
        };
        taken += 1;
        let mut solver = DuelSolver::new(22, u64::MAX);
        let mut budget = Budget::new(clock, Some(seconds), None, None);
        if solver.best_jump(pos.markers(), a, b, &mut budget).is_some() {
            proved += 1;
        }
        times.push(budget.elapsed());
    }
    times.sort_by(f64::total_cmp);
    (proved, times[times.len() / 2])
}
