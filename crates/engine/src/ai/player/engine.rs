//! The computer player: one call, [`Engine::think`], for every game kind.
//! Keeps its tables between moves of a game.

use super::request::{Eval, Request, Thought};
use crate::ai::attrition::Mobility;
use crate::ai::budget::{Budget, Clock};
use crate::ai::cheversi::mcts;
use crate::ai::cheversi::{
    distinct_moves, remaining, search_for, CheversiSearch, HandValues, PlainScore, SCALE,
};
use crate::ai::duel::dfpn::Dfpn;
use crate::ai::duel::DuelSolver;
use crate::ai::player::levels::Settings;
use crate::ai::search::{
    deal_proof, is_proof, plies_to_end, proof_order, Draws, Found, Held, ProofPart, Proven,
    RootMove, RootValues, Searcher,
};
use crate::any::{AnyGame, AnyMove};
use crate::attrition::{self, Variant};
use crate::cheversi;
use crate::game::GameState;
use crate::rng::Rng;

/// Each table is made by the first request that needs it (8–16 MB each):
/// a Cheversi game never fills Attrition's.
pub struct Engine {
    pub(super) cheversi: Option<CheversiSearch>,
    pub(super) attrition: Option<Searcher<attrition::Position>>,
    pub(super) duel: Option<DuelSolver>,
    /// Proof-number search for duel positions the depth-first solver does
    /// not prove in its share of the time (made on first use: 16 MB).
    pub(super) duel_pn: Option<Dfpn>,
    pub(super) rng: Rng,
    /// Benchmarks only: judge Cheversi leaves by the plain current score.
    #[cfg(feature = "tools")]
    pub(super) plain: bool,
    /// Benchmarks only: Cheversi by alpha-beta alone (the Master without
    /// the tree search).
    #[cfg(feature = "tools")]
    pub(super) alpha_beta_only: bool,
}

/// The Master's transposition table: 2^18 slots, two to a 64-byte bucket
/// (8 MiB). The benchmarks of its exact search use the same.
pub const TABLE_BITS: u32 = 18;
/// The Master's df-pn table in the duel: 2^19 entries, two to a 64-byte
/// bucket (16 MiB).
pub const DFPN_BITS: u32 = 19;
/// The Master tries the exact search with this share of its time, before
/// the tree search, from as many placements before the end as the result
/// search proves in a fraction of a second (`bench --ai --proof result`):
/// further back the time would be spent without a proof. With a longer
/// think (the analysis's longest searches), one placement further: its
/// share is then about what the benchmark gives a proof.
fn exact_try_plies(rules: cheversi::RuleSet, seconds: f64) -> u32 {
    use cheversi::RuleSet;
    let base = match rules {
        RuleSet::Lewicki => 10,
        RuleSet::Brainking => 9,
        // About 200 moves a placement.
        RuleSet::LewickiAny | RuleSet::LewickiFree | RuleSet::BrainkingClassic => 7,
    };
    base + u32::from(seconds >= LONG_THINK_SECONDS)
}
/// Whether the Master's think of `seconds` on `pos` starts with the
/// exact search.
fn tries_exact(pos: &cheversi::Position, seconds: f64) -> bool {
    remaining(pos) <= exact_try_plies(pos.options().rules, seconds)
}

/// `part` of a think of `seconds`, `None` for a think without a time limit.
fn share_of(seconds: f64, part: f64) -> Option<f64> {
    let seconds = seconds * part;
    seconds.is_finite().then_some(seconds)
}

/// The result proof a Master's Cheversi think starts with
/// (`Engine::result_proof`).
#[derive(Clone, Debug, PartialEq)]
pub struct ResultProof {
    /// The root moves to prove the result over (as `prove_result` takes).
    pub moves: Vec<cheversi::Move>,
    /// Its share of the think's time (the think's node limit, if any,
    /// bounds what follows it, as when the Master proves it).
    pub seconds: f64,
}

/// What a part of a result proof proved ([`Engine::prove_moves`], the
/// result over its moves; [`Engine::prove_hold`], what the first move
/// keeps against its replies): `None` if it did not finish; and the nodes
/// searched.
#[derive(Clone, Debug, PartialEq)]
pub struct PartProof<T = Proven<cheversi::Move>> {
    pub proven: Option<T>,
    pub nodes: u64,
}

/// A result the caller proved before the think (`Engine::think_proven`).
struct Given {
    proven: Option<Proven<cheversi::Move>>,
    spent: f64,
}

/// The Master's result proof over `moves`, with every drawing move. The
/// one call of the proof's search: the think's own proof and a part of
/// one ([`Engine::prove_moves`]) share it rather than each inlining a copy
/// into the page's module.
#[inline(never)]
fn prove_result(
    values: &HandValues,
    searcher: &mut Searcher<cheversi::Position>,
    pos: &cheversi::Position,
    budget: &mut Budget<'_>,
    moves: Vec<cheversi::Move>,
) -> Option<Proven<cheversi::Move>> {
    searcher.prove_result(pos, values, budget, moves, Draws::Every)
}

/// The root moves of the Master's result proof, in the proof's order:
/// the one list every caller deals its parts from.
fn proof_moves(pos: &cheversi::Position) -> Vec<cheversi::Move> {
    proof_order(pos, distinct_moves(pos))
}

/// A think this long tries the exact search one placement further back.
const LONG_THINK_SECONDS: f64 = 1.5;
/// The result proof's share of a think: at 0.6 the Master answers most
/// positions the proof alone reaches as proven, and its matches against
/// `uct-ms:500` score within the noise of a smaller share.
const RESULT_SHARE: f64 = 0.6;
const MARGIN_SHARE: f64 = 0.2;

impl Engine {
    /// A computer player; `seed` fixes its noise.
    pub fn new(seed: u64) -> Engine {
        Engine {
            cheversi: None,
            attrition: None,
            duel: None,
            duel_pn: None,
            rng: Rng::new(seed),
            #[cfg(feature = "tools")]
            plain: false,
            #[cfg(feature = "tools")]
            alpha_beta_only: false,
        }
    }

    /// Attrition's alpha-beta searcher.
    pub(super) fn attrition(&mut self) -> &mut Searcher<attrition::Position> {
        self.attrition
            .get_or_insert_with(|| Searcher::new(TABLE_BITS))
    }

    /// Whether Cheversi leaves are judged by the plain current score
    /// (benchmarks only).
    fn plain(&self) -> bool {
        #[cfg(feature = "tools")]
        return self.plain;
        #[cfg(not(feature = "tools"))]
        false
    }

    /// Whether the Master plays by alpha-beta alone: Cheversi without the
    /// tree search, the duel without its solvers (benchmarks only).
    fn alpha_beta_only(&self) -> bool {
        #[cfg(feature = "tools")]
        return self.alpha_beta_only;
        #[cfg(not(feature = "tools"))]
        false
    }

    /// The Master by alpha-beta alone: Cheversi with the hand-value
    /// evaluation only, without the tree search (benchmarks compare the
    /// two), and the duel without its solvers (so `bench --ai` times the
    /// search itself).
    #[cfg(feature = "tools")]
    pub fn with_alpha_beta_only(mut self) -> Engine {
        self.alpha_beta_only = true;
        self
    }

    /// The same player judging Cheversi positions by the plain current
    /// score: the baseline the evaluation is measured against.
    #[cfg(feature = "tools")]
    pub fn with_plain_evaluation(mut self) -> Engine {
        self.plain = true;
        self
    }

    /// The move to play in `game`, or `None` if the game is over.
    pub fn think(
        &mut self,
        game: &AnyGame,
        request: &Request,
        clock: Clock<'_>,
        abort: Option<&dyn Fn() -> bool>,
    ) -> Option<Thought> {
        self.think_given(game, request, clock, abort, None)
    }

    /// The result proof this think of the Master's would start with, for
    /// a caller that proves it in parts ([`deal`](crate::ai::search::deal):
    /// on threads, in workers) and hands the result to
    /// [`Engine::think_proven`]. `None` where the think proves no result
    /// first: not the Master, too far from the end, Attrition, or a
    /// request without a time limit (whose parts could not share its
    /// nodes). The
    /// moves are in the proof's order ([`proof_order`]), so every caller
    /// deals the same parts from them.
    pub fn result_proof(&self, game: &AnyGame, request: &Request) -> Option<ResultProof> {
        let AnyGame::Cheversi(pos) = game else {
            return None;
        };
        pos.to_move()?;
        let s = request.settings();
        let master = s.monte_carlo && !self.plain() && !self.alpha_beta_only();
        let seconds = share_of(s.seconds, RESULT_SHARE)?;
        (master && tries_exact(pos, s.seconds)).then(|| ResultProof {
            moves: proof_moves(pos),
            seconds,
        })
    }

    /// [`Engine::think`] after the caller proved the result that
    /// [`Engine::result_proof`] asked for (`proven`, `None` if it did not
    /// finish), which took `spent` seconds of the think's time. The
    /// proof's nodes and time are the caller's: the thought counts its own.
    pub fn think_proven(
        &mut self,
        game: &AnyGame,
        request: &Request,
        clock: Clock<'_>,
        proven: Option<Proven<cheversi::Move>>,
        spent: f64,
    ) -> Option<Thought> {
        self.think_given(game, request, clock, None, Some(Given { proven, spent }))
    }

    /// The result proof that [`Engine::result_proof`] gives for `game`,
    /// dealt into `parts` parts ([`deal_proof`]): what the page's workers
    /// prove apart, each with its own table ([`Engine::prove_hold`], then
    /// [`Engine::prove_moves`]). `None` where the game has no result proof
    /// to deal (Attrition, a finished game).
    pub fn proof_parts(
        &self,
        game: &AnyGame,
        parts: usize,
    ) -> Option<Vec<ProofPart<cheversi::Move>>> {
        let AnyGame::Cheversi(pos) = game else {
            return None;
        };
        pos.to_move()?;
        Some(deal_proof(pos, proof_moves(pos), parts))
    }

    /// What `first` keeps against `replies` (a part's share,
    /// [`ProofPart`]), proven within `seconds` with this engine's table
    /// ([`crate::ai::search::MoveProofs::hold`]). `None` outside Cheversi,
    /// in a finished game, or where `first` or a reply after it is not
    /// legal.
    pub fn prove_hold(
        &mut self,
        game: &AnyGame,
        first: cheversi::Move,
        replies: &[cheversi::Move],
        win_wanted: bool,
        seconds: Option<f64>,
        clock: Clock<'_>,
    ) -> Option<PartProof<Held>> {
        let AnyGame::Cheversi(pos) = game else {
            return None;
        };
        if !pos.targets().contains(first) {
            return None;
        }
        let mut child = pos.clone();
        child.play_unchecked(first);
        let legal = child.targets();
        if replies.iter().any(|&r| !legal.contains(r)) {
            return None;
        }
        let (_, values, searcher) = self.cheversi_search(pos.options());
        let mut budget = Budget::new(clock, seconds, None, None);
        let proven = searcher
            .move_proofs(pos, &*values, &mut budget)
            .and_then(|mut proofs| proofs.hold(pos, first, replies, win_wanted));
        Some(PartProof {
            proven,
            nodes: budget.nodes,
        })
    }

    /// The result of `game` over `moves` alone, proven within `seconds`
    /// with this engine's table (so a part proven a move at a time keeps
    /// what the earlier moves' proofs found). `None` outside Cheversi or
    /// in a finished game.
    pub fn prove_moves(
        &mut self,
        game: &AnyGame,
        moves: Vec<cheversi::Move>,
        seconds: Option<f64>,
        clock: Clock<'_>,
    ) -> Option<PartProof> {
        let AnyGame::Cheversi(pos) = game else {
            return None;
        };
        pos.to_move()?;
        let (_, values, searcher) = self.cheversi_search(pos.options());
        let mut budget = Budget::new(clock, seconds, None, None);
        let proven = prove_result(values, searcher, pos, &mut budget, moves);
        Some(PartProof {
            proven,
            nodes: budget.nodes,
        })
    }

    fn think_given(
        &mut self,
        game: &AnyGame,
        request: &Request,
        clock: Clock<'_>,
        abort: Option<&dyn Fn() -> bool>,
        given: Option<Given>,
    ) -> Option<Thought> {
        game.to_move()?;
        let settings = request.settings();
        let spent = given.as_ref().map_or(0.0, |g| g.spent);
        let seconds = settings
            .seconds
            .is_finite()
            .then_some((settings.seconds - spent).max(0.0));
        let nodes = (settings.nodes != u64::MAX).then_some(settings.nodes);
        let mut budget = Budget::new(clock, seconds, nodes, abort);
        let thought = match game {
            AnyGame::Cheversi(pos) => self.think_cheversi(pos, &settings, &mut budget, given),
            AnyGame::Attrition(pos) => self.think_attrition(pos, &settings, &mut budget),
        };
        Some(thought)
    }

    fn cheversi_search(&mut self, options: cheversi::Options) -> &mut CheversiSearch {
        search_for(&mut self.cheversi, options, TABLE_BITS)
    }

    fn think_cheversi(
        &mut self,
        pos: &cheversi::Position,
        s: &Settings,
        budget: &mut Budget<'_>,
        given: Option<Given>,
    ) -> Thought {
        let noisy = s.temperature > 0.0;
        if s.monte_carlo && !self.plain() && !self.alpha_beta_only() {
            return self.think_cheversi_mcts(pos, s, budget, given);
        }
        let plain = self.plain();
        let (_, values, searcher) = self.cheversi_search(pos.options());
        let depth = s.max_depth.min(remaining(pos));
        let found = if plain {
            searcher.search(
                pos,
                &PlainScore,
                budget,
                depth,
                Some(distinct_moves(pos)),
                RootValues::all_if(noisy),
            )
        } else {
            searcher.search(
                pos,
                &*values,
                budget,
                depth,
                Some(distinct_moves(pos)),
                RootValues::all_if(noisy),
            )
        };
        let pick = choose(
            &found.root,
            s.temperature * SCALE as f64,
            s.candidates,
            &mut self.rng,
        );
        let value = pick.value;
        Thought {
            best: AnyMove::Cheversi(pick.mv),
            eval: Eval::Margin(value as f64 / SCALE as f64),
            exact: found.exact && pick.mv == found.best,
            depth: found.depth,
            nodes: budget.nodes,
            pv: pv_of(&found, pick.mv, AnyMove::Cheversi),
            seconds: budget.elapsed(),
        }
    }

    /// The Master's Cheversi: the exact search where it can finish (a
    /// share of the time, near the end), else Monte-Carlo tree search.
    fn think_cheversi_mcts(
        &mut self,
        pos: &cheversi::Position,
        s: &Settings,
        budget: &mut Budget<'_>,
        given: Option<Given>,
    ) -> Thought {
        let moves = distinct_moves(pos);
        let mut exact_nodes = 0;
        let mut proven = None;
        if tries_exact(pos, s.seconds) {
            let share = |part: f64| share_of(s.seconds, part);
            let (_, values, searcher) = self.cheversi_search(pos.options());
            // The result first (cheap), unless the caller proved it, then
            // the margin for the move that keeps it and for the evaluation
            // shown.
            proven = match given {
                Some(given) => given.proven,
                None => {
                    let mut part = budget.share(share(RESULT_SHARE), RESULT_SHARE);
                    let proven = prove_result(values, searcher, pos, &mut part, moves.clone());
                    exact_nodes += part.nodes;
                    budget.absorb(&part);
                    proven
                }
            };
            // After a proven draw or loss the margin matters only near
            // the end: earlier, the opponent may still go wrong, and the
            // tree search looks among the drawing moves (or all moves) for
            // the one that gives it the most chances. With the opponent's
            // last placement all that is left, the tree search would only
            // find the best reply to each move, as the exact margin does
            // at once.
            let last = remaining(pos) <= 2;
            let wins = matches!(proven, Some(Proven::Win(_)));
            if let Some(result) = proven.as_ref().filter(|_| last || wins) {
                let mut part = budget.share(share(MARGIN_SHARE), MARGIN_SHARE);
                let found =
                    searcher.prove_value(pos, &*values, &mut part, moves.clone(), result.known());
                exact_nodes += part.nodes;
                budget.absorb(&part);
                if let Some(found) = found {
                    return Thought {
                        best: AnyMove::Cheversi(found.best),
                        eval: Eval::Margin(found.value as f64 / SCALE as f64),
                        exact: true,
                        depth: found.depth,
                        nodes: exact_nodes,
                        pv: found.pv.iter().map(|&m| AnyMove::Cheversi(m)).collect(),
                        seconds: budget.elapsed(),
                    };
                }
            }
        }
        let proven_move = |mv, eval| Thought {
            best: AnyMove::Cheversi(mv),
            eval,
            exact: true,
            depth: remaining(pos),
            nodes: exact_nodes,
            pv: vec![AnyMove::Cheversi(mv)],
            seconds: budget.elapsed(),
        };
        // A proven draw: the tree search chooses among the drawing moves
        // the one that leaves the opponent the most ways to go wrong; a
        // proven loss, among all moves.
        let mut candidates = moves;
        // An opening the book answers: the tree search still evaluates it.
        if let Some(mv) = crate::ai::cheversi::opening_book::book_move(pos) {
            candidates = vec![mv];
        }
        // The tree search picks the move; a proven result is still what
        // the position is worth, and says so.
        let mut proven_eval = None;
        match proven {
            // A Cheversi game always lasts 16 placements: no distance to show.
            Some(Proven::Win(mv)) => return proven_move(mv, Eval::Wins(None)),
            Some(Proven::Draw(draws)) if draws.len() == 1 => {
                return proven_move(draws[0], Eval::Margin(0.0))
            }
            Some(Proven::Draw(draws)) => {
                candidates = draws;
                proven_eval = Some(Eval::Margin(0.0));
            }
            Some(Proven::Loss) => proven_eval = Some(Eval::Loses(None)),
            None => {}
        }
        let tree = mcts::search(pos, &candidates, budget, &mut self.rng);
        let best = tree.root[0];
        let (eval, exact) = match proven_eval {
            Some(eval) => (eval, true),
            None => (Eval::Margin(best.margin), false),
        };
        Thought {
            best: AnyMove::Cheversi(best.mv),
            eval,
            exact,
            depth: tree.pv.len() as u32,
            nodes: exact_nodes + tree.simulations,
            pv: tree.pv.iter().map(|&m| AnyMove::Cheversi(m)).collect(),
            seconds: budget.elapsed(),
        }
    }

    fn think_attrition(
        &mut self,
        pos: &attrition::Position,
        s: &Settings,
        budget: &mut Budget<'_>,
    ) -> Thought {
        let mut proven_loss = None;
        if let Some(mv) = crate::ai::setup_book::book_move(pos).filter(|_| s.solve) {
            return Thought {
                best: AnyMove::Attrition(mv),
                eval: Eval::Score(0),
                exact: false,
                depth: 0,
                nodes: 0,
                pv: vec![AnyMove::Attrition(mv)],
                seconds: budget.elapsed(),
            };
        }
        if s.solve && pos.variant() == Variant::Duel && !self.alpha_beta_only() {
            match self.solve_duel(pos, s, budget) {
                // A proven loss after the setup: the opponent may still go
                // wrong, so the move comes from the ordinary search (which
                // keeps the most room to run) and the proof is reported.
                Some(t) if matches!(t.eval, Eval::Loses(_)) && !pos.in_setup() => {
                    proven_loss = Some(t.eval)
                }
                Some(t) => return t,
                None => {}
            }
        }
        let noisy = s.temperature > 0.0;
        let found = self.attrition().search(
            pos,
            &Mobility,
            budget,
            s.max_depth,
            None,
            RootValues::all_if(noisy),
        );
        // Mobility counts 10 a jump.
        let pick = choose(
            &found.root,
            s.temperature * 10.0,
            s.candidates,
            &mut self.rng,
        );
        let proven = attrition_proven(pos, pick.value, pick.exact);
        let (eval, exact) = match (proven_loss, plies_to_end(pick.value)) {
            (Some(loss), _) => (loss, true),
            (None, Some(p)) if pick.value > 0 => (Eval::Wins(Some(p)), proven),
            (None, Some(p)) => (Eval::Loses(Some(p)), proven),
            (None, None) => (Eval::Score(pick.value), false),
        };
        Thought {
            best: AnyMove::Attrition(pick.mv),
            eval,
            exact,
            depth: found.depth,
            nodes: budget.nodes,
            pv: pv_of(&found, pick.mv, AnyMove::Attrition),
            seconds: budget.elapsed(),
        }
    }
}

/// Whether an Attrition search's value (`exact`: no leaf below it was
/// guessed) for the mover of `pos` is proven. A win or loss comes only
/// from ends of the game (the mobility count stays far from those values):
/// proven, within the plies shown, wherever else leaves were guessed. But
/// the search has every rival play against the mover: against two or
/// more, anything short of a win is what they could force together, not
/// what they need play.
pub(super) fn attrition_proven(pos: &attrition::Position, value: i32, exact: bool) -> bool {
    let rivals = (0..pos.players() as crate::game::Player)
        .filter(|&p| Some(p) != pos.to_move() && !pos.is_out(p))
        .count();
    if is_proof(value) && value > 0 {
        true
    } else {
        rivals <= 1 && (exact || is_proof(value))
    }
}

/// A root move: the best, or with noise a softmax draw over the values of
/// the best `candidates`. Noise never turns down a proven win nor picks a
/// proven loss while something else is left.
fn choose<'a, M>(
    root: &'a [RootMove<M>],
    temperature: f64,
    candidates: usize,
    rng: &mut Rng,
) -> &'a RootMove<M> {
    let best = &root[0];
    if temperature <= 0.0 || root.len() == 1 || is_proof(best.value) {
        return best;
    }
    let pool: Vec<&RootMove<M>> = root
        .iter()
        .take(candidates.max(1))
        .filter(|r| !(is_proof(r.value) && r.value < 0))
        .collect();
    let top = best.value as f64;
    let weights: Vec<f64> = pool
        .iter()
        .map(|r| ((r.value as f64 - top) / temperature).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    let mut x = rng.unit() * total;
    for (r, w) in pool.iter().zip(&weights) {
        if x < *w {
            return r;
        }
        x -= w;
    }
    best
}

pub(super) fn pv_of<M: Copy + PartialEq>(
    found: &Found<M>,
    pick: M,
    wrap: fn(M) -> AnyMove,
) -> Vec<AnyMove> {
    if pick == found.best {
        found.pv.iter().map(|&m| wrap(m)).collect()
    } else {
        vec![wrap(pick)]
    }
}
