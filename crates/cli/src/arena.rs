//! Agents (the levels and two baselines) and matches between them, with
//! the statistics the benchmarks quote: tooling for `cheversi match`, kept
//! out of the engine's public core.

use crate::uct::{uct, UctBudget};
use cheversi_engine::ai::budget::Clock;
use cheversi_engine::ai::player::greedy::greedy_value;
use cheversi_engine::ai::player::levels::Level;
use cheversi_engine::ai::player::{Engine, Request};
use cheversi_engine::rng::Rng;
use cheversi_engine::{AnyGame, AnyMove, GameState, Outcome};
use std::fmt;
use std::ops::AddAssign;
use std::str::FromStr;

/// Who chooses a side's moves.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Agent {
    /// A uniformly random legal move.
    Random,
    /// The best immediate result: Cheversi, the largest score change;
    /// Attrition, a win, else the most own jumps minus the opponents'.
    Greedy,
    Level(Level),
    /// The search with an explicit time or node budget per move.
    Budget {
        seconds: Option<f64>,
        nodes: Option<u64>,
    },
    /// Benchmarks: the master judging Cheversi by the plain current score.
    MasterPlain,
    /// UCT with random rollouts and a win/draw/loss reward ([`crate::uct`]).
    Uct(UctBudget),
    /// Benchmarks: the search with a time a move, Cheversi by alpha-beta
    /// alone (the Master without the tree search).
    AlphaBeta {
        seconds: f64,
    },
}

impl fmt::Display for Agent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Agent::Random => f.write_str("random"),
            Agent::Greedy => f.write_str("greedy"),
            Agent::Level(l) => write!(f, "{l}"),
            Agent::MasterPlain => f.write_str("master-plain"),
            Agent::AlphaBeta { seconds } => write!(f, "alpha-beta {seconds}s"),
            Agent::Uct(UctBudget {
                simulations: Some(n),
                ..
            }) => write!(f, "uct {n} simulations"),
            Agent::Uct(UctBudget { seconds, .. }) => {
                write!(f, "uct {}s", seconds.unwrap_or(0.0))
            }
            Agent::Budget { seconds, nodes } => {
                write!(f, "search")?;
                if let Some(s) = seconds {
                    write!(f, " {s}s")?;
                }
                if let Some(n) = nodes {
                    write!(f, " {n} nodes")?;
                }
                Ok(())
            }
        }
    }
}

impl FromStr for Agent {
    type Err = String;

    /// `random`, `greedy`, a level name (`master`), `level:Master`, a
    /// plain search with a budget: `nodes:2000000`, `ms:500`, or the UCT
    /// baseline by simulations or time a move: `uct:3000`, `uct-ms:500`.
    fn from_str(text: &str) -> Result<Agent, String> {
        if let Some(n) = text.strip_prefix("uct:") {
            let simulations = n
                .parse::<u64>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("'{n}' is not a positive number of simulations"))?;
            return Ok(Agent::Uct(UctBudget {
                simulations: Some(simulations),
                seconds: None,
            }));
        }
        if let Some(ms) = text.strip_prefix("uct-ms:") {
            let seconds = positive_ms(ms)? / 1000.0;
            return Ok(Agent::Uct(UctBudget {
                simulations: None,
                seconds: Some(seconds),
            }));
        }
        if let Some(ms) = text.strip_prefix("ab-ms:") {
            let seconds = positive_ms(ms)? / 1000.0;
            return Ok(Agent::AlphaBeta { seconds });
        }
        if let Some(n) = text.strip_prefix("nodes:") {
            let nodes = n
                .parse::<u64>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("'{n}' is not a positive number of nodes"))?;
            return Ok(Agent::Budget {
                seconds: None,
                nodes: Some(nodes),
            });
        }
        if let Some(ms) = text.strip_prefix("ms:") {
            let ms = positive_ms(ms)?;
            return Ok(Agent::Budget {
                seconds: Some(ms / 1000.0),
                nodes: None,
            });
        }
        let name = text.strip_prefix("level:").unwrap_or(text);
        match name.to_ascii_lowercase().as_str() {
            "random" => Ok(Agent::Random),
            "greedy" => Ok(Agent::Greedy),
            "master-plain" => Ok(Agent::MasterPlain),
            other => other.parse::<Level>().map(Agent::Level).map_err(|_| {
                format!("unknown agent '{text}' (random, greedy, beginner, casual, strong, master, master-plain, level:LEVEL, ms:T, nodes:N, uct:N, uct-ms:T, ab-ms:T)")
            }),
        }
    }
}

/// A day: the longest a move may think.
const MOST_MS: f64 = 86_400_000.0;

/// Milliseconds a move: NaN, infinity or more than a day would be no limit
/// at all (a search that never ends); zero or less, no search.
fn positive_ms(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|v| *v > 0.0 && *v <= MOST_MS)
        .ok_or_else(|| format!("'{text}' is not a positive number of milliseconds, up to a day"))
}

/// A move chosen by an agent, and the search nodes it spent.
pub struct Choice {
    pub mv: AnyMove,
    pub nodes: u64,
}

impl Agent {
    pub fn choose(
        &self,
        engine: &mut Engine,
        game: &AnyGame,
        rng: &mut Rng,
        clock: Clock<'_>,
    ) -> Option<Choice> {
        let me = game.to_move()?;
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        match self {
            Agent::Random => Some(Choice {
                mv: moves[rng.below(moves.len() as u32) as usize],
                nodes: 0,
            }),
            Agent::Greedy => {
                let values: Vec<i64> = moves.iter().map(|&m| greedy_value(game, m, me)).collect();
                let best = *values.iter().max()?;
                let ties: Vec<AnyMove> = moves
                    .iter()
                    .zip(&values)
                    .filter(|(_, &v)| v == best)
                    .map(|(&m, _)| m)
                    .collect();
                Some(Choice {
                    mv: ties[rng.below(ties.len() as u32) as usize],
                    nodes: 0,
                })
            }
            Agent::MasterPlain => {
                let t = engine.think(game, &Request::level(Level::Master), clock, None)?;
                Some(Choice {
                    mv: t.best,
                    nodes: t.nodes,
                })
            }
            Agent::Level(level) => {
                let t = engine.think(game, &Request::level(*level), clock, None)?;
                Some(Choice {
                    mv: t.best,
                    nodes: t.nodes,
                })
            }
            Agent::Uct(budget) => {
                let found = uct(game, *budget, rng, clock)?;
                Some(Choice {
                    mv: found.mv,
                    nodes: found.simulations,
                })
            }
            Agent::Budget { .. } | Agent::AlphaBeta { .. } => {
                let (seconds, nodes) = match *self {
                    Agent::Budget { seconds, nodes } => (seconds, nodes),
                    Agent::AlphaBeta { seconds } => (Some(seconds), None),
                    _ => unreachable!("matched above"),
                };
                let request = Request {
                    level: Level::Master,
                    seconds,
                    nodes,
                };
                let t = engine.think(game, &request, clock, None)?;
                Some(Choice {
                    mv: t.best,
                    nodes: t.nodes,
                })
            }
        }
    }
}

/// Per-agent totals over a match.
#[derive(Clone, Debug, Default)]
pub struct Usage {
    pub moves: u64,
    pub seconds: f64,
    pub nodes: u64,
}

impl Usage {
    pub fn ms_per_move(&self) -> f64 {
        1000.0 * self.seconds / self.moves.max(1) as f64
    }

    pub fn nodes_per_move(&self) -> f64 {
        self.nodes as f64 / self.moves.max(1) as f64
    }
}

/// A match's result for the first agent listed.
#[derive(Clone, Debug)]
pub struct MatchResult {
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Per agent, in the order given.
    pub usage: Vec<Usage>,
    /// The longest single move of the first agent, in ms.
    pub max_ms: f64,
    /// The first agent's wins, draws and losses when it sat first (seat 0).
    pub first_seat: [u32; 3],
    /// Every game, in the order played.
    pub games_played: Vec<PlayedGame>,
}

/// One game of a match: where the first agent sat, how it ended for it,
/// and the moves in notation.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    pub seat: usize,
    pub result: &'static str,
    pub moves: Vec<String>,
}

impl MatchResult {
    /// Points per game for the first agent: 1 a win, ½ a draw.
    pub fn score_rate(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games.max(1) as f64
    }

    /// The Elo difference implied by the score rate, and the ends of its
    /// 95% interval: the Wilson interval of the score rate (draws count
    /// half a game). `None` where there is no finite difference: the
    /// estimate when every game was won or lost, and the open end of its
    /// interval then. (The spread of the games' scores gave no interval at
    /// all when every game ended alike.)
    pub fn elo(&self) -> (Option<f64>, Option<f64>, Option<f64>) {
        if self.games == 0 {
            return (None, None, None);
        }
        let n = self.games as f64;
        let s = self.score_rate();
        let z = 1.959_963_984_540_054_f64;
        let z2n = z * z / n;
        let centre = (s + z2n / 2.0) / (1.0 + z2n);
        let half = z / (1.0 + z2n) * (s * (1.0 - s) / n + z2n / (4.0 * n)).sqrt();
        let elo = |x: f64| (x > 0.0 && x < 1.0).then(|| -400.0 * (1.0 / x - 1.0).log10());
        // Rounding must not close an open end.
        let low = if s == 0.0 { None } else { elo(centre - half) };
        let high = if s == 1.0 { None } else { elo(centre + half) };
        (elo(s), low, high)
    }
}

/// The Elo line of a match's text output.
pub fn elo_words(elo: (Option<f64>, Option<f64>, Option<f64>)) -> String {
    match elo {
        (Some(e), Some(low), Some(high)) => {
            format!("Elo difference {e:+.0} (95% interval {low:+.0} to {high:+.0})")
        }
        (None, Some(low), None) => {
            format!("Elo difference: every game won, {low:+.0} or more (95% interval)")
        }
        (None, None, Some(high)) => {
            format!("Elo difference: every game lost, {high:+.0} or less (95% interval)")
        }
        _ => "Elo difference: no games".to_string(),
    }
}

/// Plays `games` games from `start` (the game's start, or an opening).
/// With two agents they alternate seats; with more (melee) the seating
/// rotates, so each agent sits in each seat. The result counts wins for
/// `agents[0]`; the kept games' moves are those played after `start`.
pub fn play_match(
    start: &AnyGame,
    agents: &[Agent],
    games: u32,
    seed: u64,
    clock: Clock<'_>,
) -> MatchResult {
    let n = agents.len();
    let mut result = MatchResult {
        games,
        wins: 0,
        draws: 0,
        losses: 0,
        usage: vec![Usage::default(); n],
        max_ms: 0.0,
        first_seat: [0; 3],
        games_played: Vec::with_capacity(games as usize),
    };
    let mut rng = Rng::new(seed);
    for g in 0..games {
        // Seat s is played by agent (s + g) % n.
        let seat_agent = |seat: usize| (seat + g as usize) % n;
        let mut engines: Vec<Engine> = (0..n)
            .map(|i| {
                let engine = Engine::new(seed ^ (g as u64) << 8 ^ i as u64);
                match agents[i] {
                    Agent::MasterPlain => engine.with_plain_evaluation(),
                    Agent::AlphaBeta { .. } => engine.with_alpha_beta_only(),
                    _ => engine,
                }
            })
            .collect();
        let mut game = start.clone();
        let mut moves = Vec::new();
        while let Some(seat) = game.to_move() {
            let a = seat_agent(seat as usize);
            let start = clock();
            let choice = agents[a]
                .choose(&mut engines[a], &game, &mut rng, clock)
                .expect("a game that is not over has a move");
            let spent = clock() - start;
            let usage = &mut result.usage[a];
            usage.moves += 1;
            usage.seconds += spent;
            usage.nodes += choice.nodes;
            if a == 0 {
                result.max_ms = result.max_ms.max(spent * 1000.0);
            }
            moves.push(game.notation(choice.mv));
            game.play_unchecked(choice.mv);
        }
        let kind = match game.outcome() {
            Some(Outcome::Draw) => 1,
            Some(Outcome::Winner(w)) if seat_agent(w as usize) == 0 => 0,
            _ => 2,
        };
        [&mut result.wins, &mut result.draws, &mut result.losses][kind].add_assign(1);
        if seat_agent(0) == 0 {
            result.first_seat[kind] += 1;
        }
        result.games_played.push(PlayedGame {
            seat: (0..n).find(|&s| seat_agent(s) == 0).unwrap_or(0),
            result: ["win", "draw", "loss"][kind],
            moves,
        });
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(wins: u32, draws: u32, losses: u32) -> MatchResult {
        MatchResult {
            games: wins + draws + losses,
            wins,
            draws,
            losses,
            usage: Vec::new(),
            max_ms: 0.0,
            first_seat: [0; 3],
            games_played: Vec::new(),
        }
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 0.01
    }

    #[test]
    fn elo_and_its_interval_by_hand() {
        // 3 wins of 4: 400·log10(3); the Wilson interval of 0.75 in 4
        // games, 0.3006 to 0.9544 (worked out apart).
        let (elo, low, high) = result(3, 0, 1).elo();
        assert!(close(elo.unwrap(), 190.85), "{elo:?}");
        assert!(close(low.unwrap(), -146.66), "{low:?}");
        assert!(close(high.unwrap(), 528.36), "{high:?}");
        // 1 win and 1 draw: the estimate inside its interval.
        let (elo, low, high) = result(1, 1, 0).elo();
        assert!(close(elo.unwrap(), 190.85), "{elo:?}");
        assert!(close(low.unwrap(), -243.15) && close(high.unwrap(), 624.85));
        // Even: 0, and draws count half.
        assert!(close(result(2, 0, 2).elo().0.unwrap(), 0.0));
        assert!(close(result(0, 4, 0).elo().0.unwrap(), 0.0));
        assert_eq!(result(1, 2, 1).score_rate(), 0.5);
        // All won: no finite estimate, the interval open above (it was a
        // point, +338 to +338); all lost, open below.
        assert_eq!(result(4, 0, 0).elo().0, None);
        assert!(close(result(4, 0, 0).elo().1.unwrap(), 7.03));
        assert_eq!(result(4, 0, 0).elo().2, None);
        let (elo, low, high) = result(0, 0, 10).elo();
        assert_eq!((elo, low), (None, None));
        assert!(close(high.unwrap(), -166.20));
        assert_eq!(
            elo_words(result(4, 0, 0).elo()),
            "Elo difference: every game won, +7 or more (95% interval)"
        );
        assert_eq!(
            elo_words(result(3, 0, 1).elo()),
            "Elo difference +191 (95% interval -147 to +528)"
        );
        // No games: no division by zero.
        assert_eq!(elo_words(result(0, 0, 0).elo()), "Elo difference: no games");
    }

    #[test]
    fn agents_parse_and_bad_budgets_are_named() {
        assert_eq!("random".parse(), Ok(Agent::Random));
        assert_eq!("level:Master".parse(), Ok(Agent::Level(Level::Master)));
        assert_eq!(
            "ms:250".parse(),
            Ok(Agent::Budget {
                seconds: Some(0.25),
                nodes: None
            })
        );
        assert_eq!(
            "nodes:5000".parse(),
            Ok(Agent::Budget {
                seconds: None,
                nodes: Some(5000)
            })
        );
        for bad in ["nan", "inf", "-1", "0", "x"] {
            let err = format!("ms:{bad}").parse::<Agent>().unwrap_err();
            assert!(err.contains(&format!("'{bad}'")), "{err}");
        }
        assert!("nodes:-3".parse::<Agent>().unwrap_err().contains("'-3'"));
        // No search, or one that would never end, as bestmove refuses them.
        assert!("nodes:0".parse::<Agent>().unwrap_err().contains("'0'"));
        assert!("ms:1e300".parse::<Agent>().unwrap_err().contains("'1e300'"));
        assert_eq!(
            "uct:3000".parse(),
            Ok(Agent::Uct(UctBudget {
                simulations: Some(3000),
                seconds: None
            }))
        );
        assert_eq!(
            "uct-ms:500".parse(),
            Ok(Agent::Uct(UctBudget {
                simulations: None,
                seconds: Some(0.5)
            }))
        );
        assert!("uct:0".parse::<Agent>().unwrap_err().contains("'0'"));
        assert!("uct-ms:nan".parse::<Agent>().unwrap_err().contains("'nan'"));
    }

    /// The games a match keeps replay, move by move, to the result it
    /// counted, with the first agent in the seat it names.
    #[test]
    fn a_match_keeps_every_game_it_counts() {
        use cheversi_engine::cheversi::{Options, RuleSet};
        use cheversi_engine::GameOptions;
        let options = GameOptions::Cheversi(Options::new(RuleSet::Lewicki));
        let clock = || 0.0;
        let r = play_match(
            &options.start(),
            &[Agent::Greedy, Agent::Random],
            6,
            3,
            &clock,
        );
        assert_eq!(r.games_played.len(), 6);
        let mut tally = [0u32; 3];
        for (g, played) in r.games_played.iter().enumerate() {
            assert_eq!(played.seat, g % 2, "seats alternate");
            assert_eq!(played.moves.len(), 16);
            let mut game = options.start();
            for text in &played.moves {
                let mv = game.parse_move(text).expect("a kept move reads back");
                game.try_play(mv).expect("a kept move is legal");
            }
            let expected = match game.outcome() {
                Some(Outcome::Draw) => "draw",
                Some(Outcome::Winner(w)) if w as usize == played.seat => "win",
                Some(Outcome::Winner(_)) => "loss",
                None => panic!("game {g} did not end"),
            };
            assert_eq!(played.result, expected, "game {g}");
            tally[["win", "draw", "loss"]
                .iter()
                .position(|&k| k == expected)
                .unwrap()] += 1;
        }
        assert_eq!(tally, [r.wins, r.draws, r.losses]);
    }
}
