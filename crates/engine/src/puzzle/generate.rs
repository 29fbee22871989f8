//! Puzzles found in seeded games: play games between baseline players,
//! solve positions near their end exactly, and keep those with one clear
//! solution that the greedy move misses ([`super::criteria`]).
//!
//! Deterministic: every search has a node limit (no clock), each game's
//! random stream comes from the seed, the game's kind and its number, so
//! the same configuration always gives the same puzzles.
//!
//! - Games: the engine's Casual level on both sides (by nodes), or greedy
//!   (the best immediate result) with a share of uniformly random moves
//!   (none, a quarter or more than half), one style drawn per game.
//! - Cheversi: the positions with k = 2, 3, … 10 placements left, until
//!   the exact search no longer finishes within the node limit.
//! - Attrition (duel, two-knights): the positions where a turn starts,
//!   from the end of the game backwards, until the search no longer proves
//!   them; kept when the side to move wins.
//! - The same position (up to symmetry in Cheversi) is examined once.
//! - Every puzzle kept is checked again by [`verify`] from scratch.

use super::criteria::{greedy_fails, greedy_shortfall, is_cheversi, only_best, tempting, MARGIN};
use super::format::{game_options, id_of, Goal, Puzzle};
use super::rating::{rating, Difficulty};
use super::solve::{no_clock, Solver, Valued};
use super::verify::verify;
use super::GAMES;
use crate::ai::cheversi::SCALE;
use crate::ai::player::engine::Engine;
use crate::ai::player::greedy::greedy_moves;
use crate::ai::player::levels::Level;
use crate::ai::player::request::Request;
use crate::ai::search::plies_to_end;
use crate::any::{AnyGame, AnyMove, GameOptions};
use crate::game::{GameState, Player};
use crate::rng::Rng;
use std::collections::HashSet;

/// Cheversi puzzles start this many placements before the end, at most.
pub const MOST_PLACEMENTS_LEFT: usize = 10;
/// Attrition: turn starts examined per game, from its end backwards.
const ATTRITION_POSITIONS_PER_GAME: usize = 12;
/// Solutions stop after this many solver moves: the first moves are the
/// puzzle, and the file stays small (a late Attrition win can be long).
pub const MOST_SOLVER_MOVES: usize = 4;
/// Tables of 2^18 slots (8 MB).
const TABLE_BITS: u32 = 18;

/// What to generate.
#[derive(Clone, Debug)]
pub struct Config {
    pub seed: u64,
    /// Games to play per game (names from [`GAMES`]).
    pub games: Vec<(String, u32)>,
    /// Node limit of every exact search (and of the final check).
    pub node_limit: u64,
    /// At most this many puzzles per game and depth (Cheversi: placements
    /// left; Attrition: plies to the win), so that the easy depths, which
    /// are found most often, do not crowd out the others. Positions of a
    /// full Cheversi depth are not searched.
    pub most_per_depth: Option<u32>,
}

/// Figures for one game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KindStats {
    pub game: String,
    pub games: u32,
    /// Positions solved or tried (duplicates not counted).
    pub positions: u64,
    /// Positions the search did not finish within the node limit.
    pub unsolved: u64,
    /// Positions seen before (up to symmetry).
    pub duplicates: u64,
    /// Puzzles the verifier refused (the generator's warm tables reached
    /// further than a fresh search).
    pub refused: u64,
    pub kept: u32,
}

/// The puzzles and how they were found.
#[derive(Clone, Debug)]
pub struct Generated {
    pub puzzles: Vec<Puzzle>,
    pub stats: Vec<KindStats>,
    /// Search nodes spent in total.
    pub nodes: u64,
}

/// Generates puzzles; `progress` hears each game's figures after each game.
pub fn generate(
    config: &Config,
    progress: &mut dyn FnMut(&KindStats),
) -> Result<Generated, String> {
    let mut puzzles = Vec::new();
    let mut stats = Vec::new();
    let mut ids = HashSet::new();
    let mut nodes = 0;
    for (game, count) in &config.games {
        let kind = GAMES
            .iter()
            .position(|g| g == game)
            .ok_or_else(|| format!("'{game}' is not a puzzle game ({})", GAMES.join(", ")))?;
        let options = game_options(game).ok_or_else(|| format!("'{game}' has no options"))?;
        let mut run = KindRun {
            game,
            solver: Solver::new(config.node_limit, TABLE_BITS),
            seen: HashSet::new(),
            stats: KindStats {
                game: game.clone(),
                ..KindStats::default()
            },
            node_limit: config.node_limit,
            most_per_depth: config.most_per_depth.unwrap_or(u32::MAX),
            per_depth: Vec::new(),
        };
        for number in 0..*count {
            let mut rng = Rng::new(game_seed(config.seed, kind, number));
            let moves = play_game(options, &mut rng);
            for p in run.puzzles_of(options, &moves) {
                let p = with_unique_id(p, &mut ids);
                puzzles.push(p);
            }
            run.stats.games += 1;
            progress(&run.stats);
        }
        nodes += run.solver.nodes;
        stats.push(run.stats);
    }
    Ok(Generated {
        puzzles,
        stats,
        nodes,
    })
}

/// The random stream of one game: independent of the other games, so
/// asking for more games of one kind keeps the others' puzzles.
fn game_seed(seed: u64, kind: usize, number: u32) -> u64 {
    seed.wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ (kind as u64 + 1).wrapping_mul(0xbf58_476d_1ce4_e5b9)
        ^ u64::from(number).wrapping_mul(0x94d0_49bb_1331_11eb)
}

/// One seeded game to its end, in one of four styles drawn per game: the
/// engine's Casual level on both sides (30,000 nodes a move, no clock, so
/// the game is the same for the seed), or greedy with random ties and a
/// random move instead with a probability of none, a quarter or 0.6. In
/// Attrition the greedy player also avoids a jump the opponent can capture
/// at once when it can: games then fill the board, and their ends are
/// positions the exact search proves.
fn play_game(options: GameOptions, rng: &mut Rng) -> Vec<AnyMove> {
    let style = rng.below(4) as usize;
    let mut engine = (style == 3).then(|| Engine::new(u64::from(rng.below(u32::MAX))));
    let random_share = [0.0, 0.25, 0.6, 0.0][style];
    let mut pos = options.start();
    let mut played = Vec::new();
    let mut legal = Vec::new();
    while !pos.is_over() {
        legal.clear();
        pos.legal_moves(&mut legal);
        if legal.is_empty() {
            break;
        }
        let thought = engine
            .as_mut()
            .and_then(|e| e.think(&pos, &Request::level(Level::Casual), &no_clock, None));
        let mv = if let Some(t) = thought {
            t.best
        } else if rng.unit() < random_share {
            legal[rng.below(legal.len() as u32) as usize]
        } else {
            let safe: Vec<AnyMove> = legal
                .iter()
                .copied()
                .filter(|&mv| !gives_a_capture(&pos, mv))
                .collect();
            let ties = greedy_moves(&pos, if safe.is_empty() { &legal } else { &safe });
            ties[rng.below(ties.len() as u32) as usize]
        };
        pos.play_unchecked(mv);
        played.push(mv);
    }
    played
}

/// Attrition: after `mv`, the opponent's next move wins at once.
fn gives_a_capture(pos: &AnyGame, mv: AnyMove) -> bool {
    let AnyGame::Attrition(p) = pos else {
        return false;
    };
    let (Some(me), AnyMove::Attrition(m)) = (p.to_move(), mv) else {
        return false;
    };
    let mut child = p.clone();
    child.play_unchecked(m);
    if child.to_move().is_none_or(|t| t == me) {
        return false;
    }
    let mut replies = Vec::new();
    child.legal_moves(&mut replies);
    replies.into_iter().any(|r| {
        let mut after = child.clone();
        after.play_unchecked(r);
        after.winner().is_some_and(|w| w != me)
    })
}

/// The search and the figures of one game kind.
struct KindRun<'a> {
    game: &'a str,
    solver: Solver,
    /// Positions examined already (Cheversi: up to symmetry).
    seen: HashSet<u64>,
    stats: KindStats,
    node_limit: u64,
    most_per_depth: u32,
    /// Puzzles kept per depth.
    per_depth: Vec<u32>,
}

impl KindRun<'_> {
    /// The puzzles in one game (`moves` from the start to the end).
    fn puzzles_of(&mut self, options: GameOptions, moves: &[AnyMove]) -> Vec<Puzzle> {
        let positions: Vec<usize> = match options {
            // Fewest placements left first: when k placements are out of
            // reach, more are too.
            GameOptions::Cheversi(_) => (2..=MOST_PLACEMENTS_LEFT)
                .filter(|&k| k <= moves.len())
                .map(|k| moves.len() - k)
                .collect(),
            GameOptions::Attrition(_) => turn_starts(options, moves)
                .into_iter()
                .rev()
                .take(ATTRITION_POSITIONS_PER_GAME)
                .collect(),
        };
        let mut out = Vec::new();
        let mut unsolved_in_a_row = 0;
        for ply in positions {
            let cheversi_depth =
                matches!(options, GameOptions::Cheversi(_)).then(|| moves.len() - ply);
            if cheversi_depth.is_some_and(|k| self.full(k as u32)) {
                continue;
            }
            let mut pos = options.start();
            for &mv in &moves[..ply] {
                pos.play_unchecked(mv);
            }
            if !self.seen.insert(position_key(&pos)) {
                self.stats.duplicates += 1;
                continue;
            }
            self.stats.positions += 1;
            let Some(valued) = self.solver.moves(&pos) else {
                self.stats.unsolved += 1;
                unsolved_in_a_row += 1;
                // Cheversi: more placements left are out of reach too.
                // Attrition: one position may be a hard one among easy.
                if cheversi_depth.is_some() || unsolved_in_a_row == 2 {
                    break;
                }
                continue;
            };
            unsolved_in_a_row = 0;
            let Some((p, depth)) = self.puzzle_at(&pos, &moves[..ply], &valued) else {
                continue;
            };
            if self.full(depth) {
                continue;
            }
            if verify(&p, self.node_limit).is_ok() {
                self.stats.kept += 1;
                let d = depth as usize;
                if self.per_depth.len() <= d {
                    self.per_depth.resize(d + 1, 0);
                }
                self.per_depth[d] += 1;
                out.push(p);
            } else {
                self.stats.refused += 1;
            }
        }
        out
    }

    /// Whether the puzzles of this depth are all found already.
    fn full(&self, depth: u32) -> bool {
        self.per_depth.get(depth as usize).copied().unwrap_or(0) >= self.most_per_depth
    }

    /// The puzzle at `pos` (reached by `moves`), if it is one, and its
    /// depth (Cheversi: placements left; Attrition: plies to the win).
    fn puzzle_at(
        &mut self,
        pos: &AnyGame,
        moves: &[AnyMove],
        valued: &[Valued],
    ) -> Option<(Puzzle, u32)> {
        let solution = valued.first()?.mv;
        only_best(pos, valued, solution, MARGIN).ok()?;
        greedy_fails(pos, valued, solution).ok()?;
        let best = valued[0].value;
        let cheversi = is_cheversi(pos);
        let (goal, depth) = if cheversi {
            let left = match pos {
                AnyGame::Cheversi(p) => crate::ai::cheversi::remaining(p),
                AnyGame::Attrition(_) => 0,
            };
            (Goal::Margin(best / SCALE), left)
        } else {
            let plies = plies_to_end(best)?;
            (Goal::WinIn(plies), plies)
        };
        let difficulty = Difficulty {
            cheversi,
            depth,
            tempting: tempting(pos, valued, solution),
            shortfall: greedy_shortfall(pos, valued),
        };
        let line = self.line(pos, solution);
        let texts = notations(&pos.options().start(), moves);
        let line_texts = notations(pos, &line);
        let id = id_of(self.game, &texts, 0);
        let p = Puzzle::new(&id, self.game, rating(difficulty), goal, texts, line_texts).ok()?;
        Some((p, depth))
    }

    /// The solution from `pos`: the solver's first move, then best
    /// replies and the solver's moves while they stay the only best,
    /// ending with the solver's last such move.
    fn line(&mut self, pos: &AnyGame, first: AnyMove) -> Vec<AnyMove> {
        let Some(me) = pos.to_move() else {
            return Vec::new();
        };
        let mut line = vec![first];
        let mut keep = 1;
        let mut solver_moves = 1;
        let mut p = pos.clone();
        p.play_unchecked(first);
        while solver_moves < MOST_SOLVER_MOVES {
            let Some(mover) = p.to_move() else { break };
            let next = if mover == me {
                let Some(valued) = self.solver.moves(&p) else {
                    break;
                };
                let Some(best) = valued.first().map(|v| v.mv) else {
                    break;
                };
                if only_best(&p, &valued, best, 1).is_err() {
                    break;
                }
                solver_moves += 1;
                best
            } else {
                match self.solver.value(&p, me) {
                    Some((_, Some(reply))) => reply,
                    _ => break,
                }
            };
            line.push(next);
            p.play_unchecked(next);
            if mover == me {
                keep = line.len();
            }
        }
        line.truncate(keep);
        line
    }
}

/// The plies (moves from the start) where an Attrition turn starts after
/// the setup, the game not over.
fn turn_starts(options: GameOptions, moves: &[AnyMove]) -> Vec<usize> {
    let mut pos = options.start();
    let mut starts = Vec::new();
    let mut last_mover: Option<Player> = None;
    for (ply, &mv) in moves.iter().enumerate() {
        let in_setup = matches!(&pos, AnyGame::Attrition(p) if p.in_setup());
        let mover = pos.to_move();
        if !in_setup && mover.is_some() && mover != last_mover {
            starts.push(ply);
        }
        last_mover = mover;
        pos.play_unchecked(mv);
    }
    starts
}

/// A key of the position: Cheversi, the same for its symmetric images.
fn position_key(pos: &AnyGame) -> u64 {
    match pos {
        AnyGame::Cheversi(p) => crate::ai::cheversi::canonical_key(p),
        AnyGame::Attrition(p) => p.hash(),
    }
}

fn notations(start: &AnyGame, moves: &[AnyMove]) -> Vec<String> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|&mv| {
            let text = pos.notation(mv);
            pos.play_unchecked(mv);
            text
        })
        .collect()
}

/// The puzzle with an id not used before (a colliding id is salted).
fn with_unique_id(p: Puzzle, ids: &mut HashSet<String>) -> Puzzle {
    let mut salt = 0;
    let mut id = p.id().to_string();
    while !ids.insert(id.clone()) {
        salt += 1;
        id = id_of(p.game(), p.moves(), salt);
    }
    Puzzle::new(
        &id,
        p.game(),
        p.rating(),
        p.goal(),
        p.moves().to_vec(),
        p.line().to_vec(),
    )
    .expect("only the id changed, and it is well formed")
}
