//! The figures of `cheversi bench --ai`: how far the exact end search
//! reaches within a time limit and how soon the duel solver proves
//! positions. The caller passes the clock.

use crate::threads;
use cheversi_engine::ai::budget::{Budget, Clock};
use cheversi_engine::ai::cheversi::{distinct_moves, HandValues};
use cheversi_engine::ai::duel::data;
use cheversi_engine::ai::duel::dfpn::Dfpn;
use cheversi_engine::ai::duel::random::random_position;
use cheversi_engine::ai::duel::{prove_jump, DuelSolver, PROOF_SHARE};
use cheversi_engine::ai::player::engine::TABLE_BITS;
use cheversi_engine::ai::player::levels::Level;
use cheversi_engine::ai::player::{Engine, Request};
use cheversi_engine::ai::search::{Draws, Known, Searchable, Searcher};
use cheversi_engine::attrition::{self, Piece};
use cheversi_engine::cheversi::{self, PLIES};
use cheversi_engine::rng::Rng;
use cheversi_engine::{AnyGame, GameState};

/// How many of the sampled positions were proved, and the median time
/// spent on one (`None` without samples).
pub struct Reach {
    pub proved: u64,
    /// Of `proved`, those proved within the limit only on a later try.
    pub on_a_later_try: u64,
    pub median_seconds: Option<f64>,
    /// Every sample's time, sorted (an unproved one at the limit).
    pub times: Vec<f64>,
}

impl Reach {
    pub fn of(proved: u64, mut times: Vec<f64>) -> Reach {
        times.sort_by(f64::total_cmp);
        Reach {
            proved,
            on_a_later_try: 0,
            median_seconds: times.get(times.len() / 2).copied(),
            times,
        }
    }
}

/// Who plays both sides up to a sampled position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Players {
    /// The Casual level (seeded noise).
    Casual,
    /// The largest immediate score change, ties broken at random.
    Greedy,
    /// A uniformly random legal placement.
    Random,
    /// Greedy, with one placement in four random instead.
    NoisyGreedy,
    /// The Strong level against the Beginner, each side in turn by seed.
    StrongVsWeak,
}

impl Players {
    pub const ALL: [Players; 5] = [
        Players::Casual,
        Players::Greedy,
        Players::Random,
        Players::NoisyGreedy,
        Players::StrongVsWeak,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Players::Casual => "casual",
            Players::Greedy => "greedy",
            Players::Random => "random",
            Players::NoisyGreedy => "noisy greedy",
            Players::StrongVsWeak => "strong against weak",
        }
    }
}

/// The seeds of a set of sampled positions: the set the engine was tuned
/// on, or one held out (other seeds), reported beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sample {
    Tuning,
    HeldOut,
}

impl Sample {
    /// The seed of the `i`-th position of the set.
    pub fn seed(self, i: u64) -> u64 {
        match self {
            Sample::Tuning => i + 1,
            Sample::HeldOut => 1_000_003 + i * 7919,
        }
    }
}

/// A "typical" position `plies` placements in, reached by `players`
/// playing both sides (seeded).
pub fn typical_position(
    options: cheversi::Options,
    plies: usize,
    seed: u64,
    players: Players,
    clock: Clock<'_>,
) -> cheversi::Position {
    let mut engine = Engine::new(seed);
    let mut rng = Rng::new(seed);
    let mut game = AnyGame::Cheversi(cheversi::Position::new(options));
    let mut moves = Vec::new();
    // Strong against weak: the strong side by seed.
    let strong_side = (seed % 2) as usize;
    while game.ply() < plies && !game.is_over() {
        let level = match players {
            Players::Casual => Some(Level::Casual),
            Players::StrongVsWeak if game.ply() % 2 == strong_side => Some(Level::Strong),
            Players::StrongVsWeak => Some(Level::Beginner),
            _ => None,
        };
        let mv = match level {
            // Each level's own budget and noise; these levels reach their
            // node limits long before their time limits, so the positions
            // are the same on any machine.
            Some(level) => match engine.think(&game, &Request::level(level), clock, None) {
                Some(t) => t.best,
                None => break,
            },
            None => {
                moves.clear();
                game.legal_moves(&mut moves);
                let greedy = match players {
                    Players::Greedy => true,
                    Players::NoisyGreedy => rng.below(4) != 0,
                    _ => false,
                };
                if greedy {
                    let me = game.to_move().expect("not over");
                    let value = |m: &cheversi_engine::AnyMove| {
                        let mut child = game.clone();
                        child.play_unchecked(*m);
                        match child {
                            AnyGame::Cheversi(p) => p.quick_value(me),
                            AnyGame::Attrition(_) => 0,
                        }
                    };
                    let best = moves.iter().map(value).max().expect("a move");
                    moves.retain(|m| value(m) == best);
                }
                moves[rng.below(moves.len() as u32) as usize]
            }
        };
        game.play_unchecked(mv);
    }
    match game {
        AnyGame::Cheversi(p) => p,
        AnyGame::Attrition(_) => unreachable!("started as Cheversi"),
    }
}

/// What the exact search proves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProofKind {
    /// The final margin with best play (the analysis shows it).
    Margin,
    /// Only the result, win, draw or loss (what the Master plays for),
    /// with one drawing move named (the Master asks for every one).
    Result,
}

impl ProofKind {
    /// Its name for `bench --ai --proof`.
    pub fn name(self) -> &'static str {
        match self {
            ProofKind::Margin => "margin",
            ProofKind::Result => "result",
        }
    }
}

/// The sampled positions `remaining` placements from the end: `samples`
/// reached by each kind of play, from the seeds of `set`.
pub fn sampled_positions(
    options: cheversi::Options,
    remaining: usize,
    samples: u64,
    set: Sample,
    clock: Clock<'_>,
) -> Vec<cheversi::Position> {
    let mut out = Vec::new();
    for players in Players::ALL {
        for i in 0..samples {
            let pos = typical_position(options, PLIES - remaining, set.seed(i), players, clock);
            if !pos.is_over() {
                out.push(pos);
            }
        }
    }
    out
}

/// A position's tries in [`solver_reach`]: its fastest counts, as the
/// reference's fastest of three does. On the machine the figures come
/// from, the same search took 185 ms in one run and 326 in the next.
pub const TRIES: usize = 3;

/// A first try that proves within this many limits but not within one is
/// tried again; one further out is not (noise does not bring it in).
const RETRY_WITHIN: f64 = 1.5;

/// How many of `positions` the search proves within `seconds`, on
/// `threads` threads, each proving its part of the root moves
/// ([`crate::threads`]): a position counts if one of its [`TRIES`] does.
pub fn solver_reach(
    options: cheversi::Options,
    positions: &[cheversi::Position],
    seconds: f64,
    proof: ProofKind,
    threads: usize,
) -> Reach {
    let values = HandValues::calibrate(options);
    let (mut proved, mut later) = (0, 0);
    let mut times = Vec::new();
    for pos in positions {
        let tried = fastest_of_tries(seconds, |limit| {
            prove_once(pos, &values, limit, proof, threads)
        });
        proved += u64::from(tried.within);
        later += u64::from(tried.within && tried.tries > 1);
        times.push(tried.seconds);
    }
    Reach {
        on_a_later_try: later,
        ..Reach::of(proved, times)
    }
}

/// What [`fastest_of_tries`] found of one position.
#[derive(Debug, PartialEq)]
struct Tried {
    /// One try proved it within the limit.
    within: bool,
    /// The tries made.
    tries: usize,
    /// The fastest try's time, at most the limit.
    seconds: f64,
}

/// Tries a proof (`try_once(limit)`: proved, and the time taken) until
/// one proves within `seconds`, at most [`TRIES`] times; the first gets
/// [`RETRY_WITHIN`] limits, so that one far out is not tried again.
fn fastest_of_tries(seconds: f64, mut try_once: impl FnMut(f64) -> (bool, f64)) -> Tried {
    let (done, mut took) = try_once(seconds * RETRY_WITHIN);
    let mut tried = Tried {
        within: done && took <= seconds,
        tries: 1,
        seconds: took,
    };
    while done && !tried.within && tried.tries < TRIES {
        let (again_done, again) = try_once(seconds);
        tried.tries += 1;
        took = took.min(again);
        tried.within = again_done && again <= seconds;
    }
    tried.seconds = took.min(seconds);
    tried
}

/// One try of [`solver_reach`]'s: whether `pos` was proved within
/// `seconds`, and the time it took.
fn prove_once(
    pos: &cheversi::Position,
    values: &HandValues,
    seconds: f64,
    proof: ProofKind,
    threads: usize,
) -> (bool, f64) {
    match proof {
        // The Master's table, as in play (a larger one leaves more of
        // it to memory and measures a slower search than the
        // Master's), made before the clock starts, as the Master's is
        // before a move. One thread proves as the Master's own search
        // does.
        ProofKind::Margin => {
            let proof = threads::prove_value(
                pos,
                values,
                distinct_moves(pos),
                Known::NOTHING,
                Some(seconds),
                threads,
                TABLE_BITS,
            );
            (proof.proven.is_some(), proof.seconds)
        }
        // The result itself: one drawing move is enough. One thread
        // proves as the Master's own search does.
        ProofKind::Result => {
            let proof = threads::prove_result(
                pos,
                values,
                distinct_moves(pos),
                Draws::One,
                Some(seconds),
                threads,
                TABLE_BITS,
            );
            (proof.proven.is_some(), proof.seconds)
        }
    }
}

/// The second reference: the exact margin of a fixed handful of BrainKing
/// positions 8 placements from the end (seeded random play), with the
/// Master's table. Its nodes change only when the margin's proof does;
/// its time tells whether the search slowed with the machine as perft
/// did. Perft stays in the cache and the search does not, and on some
/// days the one slows far more than the other. Returns the nodes and the
/// seconds.
pub fn search_check(clock: Clock<'_>) -> (u64, f64) {
    let options = cheversi::Options::new(cheversi::RuleSet::Brainking);
    let values = HandValues::calibrate(options);
    let (mut nodes, mut seconds) = (0, 0.0);
    for seed in 1..=SEARCH_CHECK_POSITIONS {
        let pos = typical_position(options, PLIES - 8, seed, Players::Random, clock);
        let mut searcher = Searcher::new(TABLE_BITS);
        let mut budget = Budget::new(clock, None, None, None);
        let start = clock();
        let proved = searcher.prove_value(
            &pos,
            &values,
            &mut budget,
            distinct_moves(&pos),
            Known::NOTHING,
        );
        seconds += clock() - start;
        debug_assert!(proved.is_some(), "no limit: always proved");
        nodes += budget.nodes;
    }
    (nodes, seconds)
}

/// How many positions [`search_check`] searches.
pub const SEARCH_CHECK_POSITIONS: u64 = 4;

/// What the duel's solver proved: how many, how fast, and how many of the
/// wins came with a distance ("wins in N").
pub struct DuelReach {
    pub reach: Reach,
    pub wins: u64,
    pub wins_with_distance: u64,
}

/// `samples` duel positions `jumps` jumps after a random setup (random
/// play, seeded), with their moves.
pub fn duel_positions(jumps: usize, samples: u64) -> Vec<(attrition::Position, Vec<String>)> {
    let mut rng = Rng::new(77);
    let mut out = Vec::new();
    while (out.len() as u64) < samples {
        if let Some((pos, moves, _, _)) = random_position(&mut rng, jumps) {
            out.push((pos, moves));
        }
    }
    out
}

/// Duel positions `moves` jumps after a random setup (random play, seeded):
/// how many of `samples` the solver proves within `seconds`.
pub fn duel_proof_times(moves: usize, samples: u64, seconds: f64, clock: Clock<'_>) -> DuelReach {
    let (mut wins, mut wins_with_distance) = (0, 0);
    let mut proved = 0;
    let mut times = Vec::new();
    // Parsed once, as the Master keeps it.
    let book = data::opening_book();
    for (pos, _) in duel_positions(moves, samples) {
        let me = pos.to_move().expect("not over");
        let knight = |p| pos.slot(p, Piece::Knight).square().expect("placed");
        let (a, b) = (knight(me), knight(1 - me));
        // As the Master proves in play: the depth-first solver, then df-pn,
        // with the share of the think the Master gives them.
        let mut solver = DuelSolver::new(22, u64::MAX);
        let mut pn = Dfpn::new(cheversi_engine::ai::player::engine::DFPN_BITS, u64::MAX);
        let mut budget = Budget::new(clock, Some(seconds), None, None);
        let proof = prove_jump(
            book,
            &mut solver,
            &mut pn,
            pos.markers(),
            a,
            b,
            &mut budget,
            seconds * PROOF_SHARE,
        );
        if let Some(proof) = proof {
            proved += 1;
            wins += u64::from(proof.wins);
            wins_with_distance += u64::from(proof.wins && proof.plies.is_some());
        }
        times.push(budget.elapsed());
    }
    DuelReach {
        reach: Reach::of(proved, times),
        wins,
        wins_with_distance,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays back the tries' outcomes, recording each limit asked.
    fn played<'a>(
        outcomes: &'a [(bool, f64)],
        limits: &'a mut Vec<f64>,
    ) -> impl FnMut(f64) -> (bool, f64) + 'a {
        let mut next = outcomes.iter();
        move |limit| {
            limits.push(limit);
            *next.next().expect("no more tries than outcomes")
        }
    }

    #[test]
    fn a_proof_within_the_limit_is_tried_once() {
        let mut limits = Vec::new();
        let tried = fastest_of_tries(1.0, played(&[(true, 0.8)], &mut limits));
        assert_eq!(
            tried,
            Tried {
                within: true,
                tries: 1,
                seconds: 0.8
            }
        );
        assert_eq!(limits, [1.5]);
    }

    #[test]
    fn a_proof_just_over_the_limit_is_tried_again_and_its_fastest_counts() {
        let mut limits = Vec::new();
        let tried = fastest_of_tries(
            1.0,
            played(&[(true, 1.3), (false, 1.0), (true, 0.9)], &mut limits),
        );
        assert_eq!(
            tried,
            Tried {
                within: true,
                tries: 3,
                seconds: 0.9
            }
        );
        assert_eq!(limits, [1.5, 1.0, 1.0]);
        // Three tries over the limit: not proved, the fastest kept (at most the limit).
        let mut limits = Vec::new();
        let tried = fastest_of_tries(
            1.0,
            played(&[(true, 1.4), (true, 1.0001), (false, 1.0)], &mut limits),
        );
        assert_eq!(
            tried,
            Tried {
                within: false,
                tries: 3,
                seconds: 1.0
            }
        );
    }

    #[test]
    fn a_proof_beyond_the_retry_margin_is_not_tried_again() {
        let mut limits = Vec::new();
        let tried = fastest_of_tries(1.0, played(&[(false, 1.5)], &mut limits));
        assert_eq!(
            tried,
            Tried {
                within: false,
                tries: 1,
                seconds: 1.0
            }
        );
        assert_eq!(limits, [1.5]);
    }

    #[test]
    fn sampled_positions_are_reached_by_the_players_named() {
        let clock = || 0.0;
        let options = cheversi::Options::new(cheversi::RuleSet::Lewicki);
        for players in Players::ALL {
            let pos = typical_position(options, 6, 3, players, &clock);
            assert_eq!(pos.ply(), 6, "{}", players.name());
            // The same seed, the same position.
            assert_eq!(pos, typical_position(options, 6, 3, players, &clock));
        }
        // Greedy's last placement took the largest score change there.
        let before = typical_position(options, 5, 3, Players::Greedy, &clock);
        let after = typical_position(options, 6, 3, Players::Greedy, &clock);
        let me = before.to_move().unwrap();
        let mut moves = Vec::new();
        before.legal_moves(&mut moves);
        let best = moves
            .iter()
            .map(|&m| {
                let mut c = before.clone();
                c.play_unchecked(m);
                c.quick_value(me)
            })
            .max()
            .unwrap();
        assert_eq!(after.quick_value(me), best);
    }

    /// The held-out set shares no seed, hence no game, with the set tuned on.
    #[test]
    fn the_held_out_set_has_seeds_of_its_own() {
        let tuning: std::collections::HashSet<u64> =
            (0..1000).map(|i| Sample::Tuning.seed(i)).collect();
        let held_out: std::collections::HashSet<u64> =
            (0..1000).map(|i| Sample::HeldOut.seed(i)).collect();
        assert_eq!(tuning.len(), 1000);
        assert_eq!(held_out.len(), 1000);
        assert!(tuning.is_disjoint(&held_out));
        // And so other positions.
        let options = cheversi::Options::new(cheversi::RuleSet::Lewicki);
        let clock = || 0.0;
        assert_ne!(
            sampled_positions(options, 10, 2, Sample::Tuning, &clock),
            sampled_positions(options, 10, 2, Sample::HeldOut, &clock)
        );
    }
}
