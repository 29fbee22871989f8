//! The baseline a newcomer to these games would build: UCT (Monte-Carlo
//! tree search with the UCB1 rule), uniformly random rollouts and a
//! win/draw/loss reward, no knowledge of either game. Benchmarks measure
//! the Master against it (`cheversi match master uct:3000`).

use cheversi_engine::ai::budget::Clock;
use cheversi_engine::rng::Rng;
use cheversi_engine::{GameState, Outcome, Player};

/// The exploration constant of UCB1 (√2, the textbook value).
const EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// How long a search may run: simulations, seconds, or both (the first
/// reached ends it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UctBudget {
    pub simulations: Option<u64>,
    pub seconds: Option<f64>,
}

struct UctNode<M> {
    /// The move that led here, and who played it.
    mv: Option<M>,
    mover: Player,
    children: Vec<usize>,
    untried: Vec<M>,
    visits: u32,
    /// Reward summed for `mover`: 1 a win, ½ a draw.
    reward: f64,
}

/// What a search found: the most visited move and the simulations run.
pub struct UctChoice<M> {
    pub mv: M,
    pub simulations: u64,
}

/// Searches `root` (not over) within `budget`; at least one simulation.
pub fn uct<G: GameState>(
    root: &G,
    budget: UctBudget,
    rng: &mut Rng,
    clock: Clock<'_>,
) -> Option<UctChoice<G::Move>> {
    let started = clock();
    let mut moves = Vec::new();
    root.legal_moves(&mut moves);
    if moves.is_empty() {
        return None;
    }
    let mut nodes = vec![UctNode {
        mv: None,
        mover: root.to_move()?,
        children: Vec::new(),
        untried: moves,
        visits: 0,
        reward: 0.0,
    }];
    let mut simulations = 0u64;
    let mut path = Vec::new();
    let mut scratch = Vec::new();
    loop {
        let out_of_budget = budget.simulations.is_some_and(|n| simulations >= n)
            || budget
                .seconds
                .is_some_and(|s| simulations.is_multiple_of(64) && clock() - started >= s);
        if simulations > 0 && out_of_budget {
            break;
        }
        simulations += 1;
        // Selection: down through fully expanded nodes by UCB1.
        let mut game = root.clone();
        let mut at = 0;
        path.clear();
        path.push(0);
        while nodes[at].untried.is_empty() && !nodes[at].children.is_empty() {
            let parent_visits = f64::from(nodes[at].visits.max(1)).ln();
            at = *nodes[at]
                .children
                .iter()
                .max_by(|&&a, &&b| {
                    let ucb = |i: usize| {
                        let n = &nodes[i];
                        let visits = f64::from(n.visits.max(1));
                        n.reward / visits + EXPLORATION * (parent_visits / visits).sqrt()
                    };
                    ucb(a).total_cmp(&ucb(b))
                })
                .expect("children");
            game.play_unchecked(nodes[at].mv.expect("a child has a move"));
            path.push(at);
        }
        // Expansion: one untried move, at random.
        if !nodes[at].untried.is_empty() {
            let untried = &mut nodes[at].untried;
            let mv = untried.swap_remove(rng.below(untried.len() as u32) as usize);
            let mover = game.to_move().expect("a node with moves is not over");
            game.play_unchecked(mv);
            scratch.clear();
            game.legal_moves(&mut scratch);
            nodes.push(UctNode {
                mv: Some(mv),
                mover,
                children: Vec::new(),
                untried: scratch.clone(),
                visits: 0,
                reward: 0.0,
            });
            let child = nodes.len() - 1;
            nodes[at].children.push(child);
            path.push(child);
        }
        // Rollout: random moves to the end.
        while !game.is_over() {
            scratch.clear();
            game.legal_moves(&mut scratch);
            game.play_unchecked(scratch[rng.below(scratch.len() as u32) as usize]);
        }
        // Backpropagation: each node's reward is its mover's.
        let outcome = game.outcome();
        for &i in &path {
            let node = &mut nodes[i];
            node.visits += 1;
            node.reward += match outcome {
                Some(Outcome::Winner(w)) if w == node.mover => 1.0,
                Some(Outcome::Draw) => 0.5,
                _ => 0.0,
            };
        }
    }
    let best = nodes[0]
        .children
        .iter()
        .max_by_key(|&&i| nodes[i].visits)
        .copied()?;
    Some(UctChoice {
        mv: nodes[best].mv?,
        simulations,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cheversi_engine::attrition::{self, Variant};
    use cheversi_engine::cheversi;
    use cheversi_engine::{AnyGame, GameOptions};

    fn budget(simulations: u64) -> UctBudget {
        UctBudget {
            simulations: Some(simulations),
            seconds: None,
        }
    }

    #[test]
    fn takes_a_capture_that_wins_the_duel() {
        // White's knight on d4 can take Black's on f5 (a knight's move).
        let mut game = AnyGame::Attrition(attrition::Position::new(attrition::Options::new(
            Variant::Duel,
        )));
        for text in ["Nd4", "Nf5"] {
            let mv = game.parse_move(text).unwrap();
            game.try_play(mv).unwrap();
        }
        let clock = || 0.0;
        let choice = uct(&game, budget(400), &mut Rng::new(1), &clock).unwrap();
        assert_eq!(game.notation(choice.mv), "d4xf5");
        assert_eq!(choice.simulations, 400);
    }

    #[test]
    fn beats_random_play_in_cheversi() {
        let options = GameOptions::Cheversi(cheversi::Options::new(cheversi::RuleSet::Lewicki));
        let mut rng = Rng::new(5);
        let clock = || 0.0;
        let mut wins = 0;
        for g in 0..8 {
            let mut game = options.start();
            let uct_seat = (g % 2) as Player;
            while let Some(seat) = game.to_move() {
                let mut moves = Vec::new();
                game.legal_moves(&mut moves);
                let mv = if seat == uct_seat {
                    uct(&game, budget(300), &mut rng, &clock).unwrap().mv
                } else {
                    moves[rng.below(moves.len() as u32) as usize]
                };
                game.play_unchecked(mv);
            }
            if game.outcome() == Some(Outcome::Winner(uct_seat)) {
                wins += 1;
            }
        }
        assert!(wins >= 6, "UCT won {wins} of 8 against random play");
    }
}
