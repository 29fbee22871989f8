//! The computer player: one call, [`Engine::think`], for every game kind.
//! Keeps its tables between moves of a game.

use crate::ai::attrition::Mobility;
use crate::ai::budget::{Budget, Clock};
use crate::ai::cheversi::mcts;
use crate::ai::cheversi::{
    distinct_moves, remaining, search_for, CheversiSearch, PlainScore, SCALE,
};
use crate::ai::duel::book::DuelBook;
use crate::ai::duel::dfpn::Dfpn;
use crate::ai::duel::table::{DuelTable, SetupValue};
use crate::ai::duel::{prove_jump, DuelSolver, Setup};
use crate::ai::player::levels::{Level, Settings};
use crate::ai::search::{
    is_proof, plies_to_end, Draws, Found, Proven, RootMove, RootValues, Searcher,
};
use crate::any::{AnyGame, AnyMove};
use crate::attrition::{self, Move as Jump, Piece, Variant};
use crate::cheversi;
use crate::game::GameState;
use crate::rng::Rng;
use crate::square::Square;

/// What the computer is asked for: a level, or explicit limits (which
/// replace the level's budget and remove its noise).
#[derive(Clone, Copy, Debug)]
pub struct Request {
    pub level: Level,
    pub seconds: Option<f64>,
    pub nodes: Option<u64>,
}

impl Request {
    pub fn level(level: Level) -> Request {
        Request {
            level,
            seconds: None,
            nodes: None,
        }
    }

    fn settings(&self) -> Settings {
        let mut s = self.level.settings();
        if self.seconds.is_some() || self.nodes.is_some() {
            s.seconds = self.seconds.unwrap_or(f64::INFINITY);
            s.nodes = self.nodes.unwrap_or(u64::MAX);
            s.temperature = 0.0;
            s.candidates = 1;
            s.max_depth = 64;
            s.solve = true;
            s.monte_carlo = true;
        }
        s
    }
}

/// How good the position is for the player to move.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Eval {
    /// Cheversi: the expected final margin, in points, for the mover.
    Margin(f64),
    /// Attrition: a heuristic score (positive is good for the mover).
    Score(i32),
    /// Proven: the mover wins, the game ending within this many moves
    /// (plies, both players counted) when known.
    Wins(Option<u32>),
    /// Proven: the mover loses, after this many moves at most when known.
    Loses(Option<u32>),
}

/// The computer's answer.
#[derive(Clone, Debug)]
pub struct Thought {
    pub best: AnyMove,
    pub eval: Eval,
    /// The evaluation is proven, not estimated.
    pub exact: bool,
    /// Turns searched (0 for table and solver answers).
    pub depth: u32,
    pub nodes: u64,
    /// The expected continuation, starting with `best`.
    pub pv: Vec<AnyMove>,
    pub seconds: f64,
}

pub struct Engine {
    cheversi: Option<CheversiSearch>,
    attrition: Searcher<attrition::Position>,
    duel: DuelSolver,
    duel_table: Option<DuelTable>,
    duel_book: Option<DuelBook>,
    /// Proof-number search for duel positions the depth-first solver does
    /// not prove in its share of the time (made on first use: 16 MB).
    duel_pn: Option<Dfpn>,
    rng: Rng,
    /// Benchmarks only: judge Cheversi leaves by the plain current score.
    #[cfg(feature = "tools")]
    plain: bool,
    /// Benchmarks only: Cheversi by alpha-beta alone (the Master without
    /// the tree search).
    #[cfg(feature = "tools")]
    alpha_beta_only: bool,
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
/// further back the time would be spent without a proof.
fn exact_try_plies(rules: cheversi::RuleSet) -> u32 {
    use cheversi::RuleSet;
    match rules {
        RuleSet::Lewicki => 10,
        RuleSet::Brainking => 9,
        // About 200 moves a placement.
        RuleSet::LewickiAny | RuleSet::LewickiFree | RuleSet::BrainkingClassic => 7,
    }
}
const RESULT_SHARE: f64 = 0.3;
const MARGIN_SHARE: f64 = 0.2;

impl Engine {
    /// A computer player; `seed` fixes its noise.
    pub fn new(seed: u64) -> Engine {
        Engine {
            cheversi: None,
            attrition: Searcher::new(TABLE_BITS),
            duel: DuelSolver::new(TABLE_BITS, 0),
            duel_table: None,
            duel_book: None,
            duel_pn: None,
            rng: Rng::new(seed),
            #[cfg(feature = "tools")]
            plain: false,
            #[cfg(feature = "tools")]
            alpha_beta_only: false,
        }
    }

    /// Whether Cheversi leaves are judged by the plain current score
    /// (benchmarks only).
    fn plain(&self) -> bool {
        #[cfg(feature = "tools")]
        return self.plain;
        #[cfg(not(feature = "tools"))]
        false
    }

    /// Whether Cheversi is played by alpha-beta alone (benchmarks only).
    fn alpha_beta_only(&self) -> bool {
        #[cfg(feature = "tools")]
        return self.alpha_beta_only;
        #[cfg(not(feature = "tools"))]
        false
    }

    /// The Master without the tree search: Cheversi by alpha-beta
    /// with the hand-value evaluation only (benchmarks compare the two).
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
        game.to_move()?;
        let settings = request.settings();
        let seconds = settings.seconds.is_finite().then_some(settings.seconds);
        let nodes = (settings.nodes != u64::MAX).then_some(settings.nodes);
        let mut budget = Budget::new(clock, seconds, nodes, abort);
        let thought = match game {
            AnyGame::Cheversi(pos) => self.think_cheversi(pos, &settings, &mut budget),
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
    ) -> Thought {
        let noisy = s.temperature > 0.0;
        if s.monte_carlo && !self.plain() && !self.alpha_beta_only() {
            return self.think_cheversi_mcts(pos, s, budget);
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
    ) -> Thought {
        let moves = distinct_moves(pos);
        let mut exact_nodes = 0;
        let mut proven = None;
        if remaining(pos) <= exact_try_plies(pos.options().rules) {
            let share = |part: f64| {
                let seconds = s.seconds * part;
                seconds.is_finite().then_some(seconds)
            };
            let (_, values, searcher) = self.cheversi_search(pos.options());
            // The result first (cheap), then the margin for the move
            // that keeps it and for the evaluation shown.
            let mut part = budget.part(share(RESULT_SHARE));
            proven = searcher.prove_result(pos, &*values, &mut part, moves.clone(), Draws::Every);
            exact_nodes += part.nodes;
            // After a proven loss the margin matters only on the last
            // placement: earlier, the opponent may still go wrong, and
            // the tree search looks for the move that gives it the most
            // chances.
            let last = remaining(pos) == 1;
            if proven.is_some() && (last || proven != Some(Proven::Loss)) {
                let mut part = budget.part(share(MARGIN_SHARE));
                let found = searcher.search(
                    pos,
                    &*values,
                    &mut part,
                    remaining(pos),
                    Some(moves.clone()),
                    RootValues::Best,
                );
                exact_nodes += part.nodes;
                if found.exact {
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
        match proven {
            // A Cheversi game always lasts 16 placements: no distance to show.
            Some(Proven::Win(mv)) => return proven_move(mv, Eval::Wins(None)),
            Some(Proven::Draw(draws)) if draws.len() == 1 => {
                return proven_move(draws[0], Eval::Margin(0.0))
            }
            Some(Proven::Draw(draws)) => candidates = draws,
            _ => {}
        }
        let tree = mcts::search(pos, &candidates, budget, &mut self.rng);
        let best = tree.root[0];
        Thought {
            best: AnyMove::Cheversi(best.mv),
            eval: Eval::Margin(best.margin),
            exact: false,
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
        if s.solve && pos.variant() == Variant::Duel {
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
        let found = self.attrition.search(
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
        let (eval, exact) = match (proven_loss, plies_to_end(pick.value)) {
            (Some(loss), _) => (loss, true),
            (None, Some(p)) if pick.value > 0 => (Eval::Wins(Some(p)), pick.exact),
            (None, Some(p)) => (Eval::Loses(Some(p)), pick.exact),
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

    /// The duel: the setup table for placements, the solver after them.
    fn solve_duel(
        &mut self,
        pos: &attrition::Position,
        s: &Settings,
        budget: &mut Budget<'_>,
    ) -> Option<Thought> {
        let me = pos.to_move()?;
        let square = |p| pos.slot(p, Piece::Knight).square();
        let answer =
            |best: Jump, eval: Eval, exact: bool, nodes: u64, budget: &Budget<'_>| Thought {
                best: AnyMove::Attrition(best),
                eval,
                exact,
                depth: 0,
                nodes,
                pv: vec![AnyMove::Attrition(best)],
                seconds: budget.elapsed(),
            };
        if pos.in_setup() {
            let table = self.duel_table.get_or_insert_with(DuelTable::shipped);
            let Some((squares, value)) = best_placement(table, me, square(0)) else {
                return self.hunter_placement(pos, s, budget);
            };
            let wins = value == SetupValue::WhiteWins && me == 0
                || value == SetupValue::BlackWins && me == 1;
            if !wins && squares.len() > 1 {
                // Lost whatever the square (White in the solved duel):
                // among those leaving the most losing answers, the search
                // picks the one with the most room, as after the setup.
                let mut thought = self.search_placement(pos, squares, s, budget)?;
                thought.eval = Eval::Loses(None);
                thought.exact = true;
                return Some(thought);
            }
            // Black's winning squares: the quickest win the book measures.
            let mut distance = None;
            let mut squares = squares;
            if let (true, 1, Some(white)) = (wins, me, square(0)) {
                let book = self.duel_book.get_or_insert_with(DuelBook::shipped);
                let measured: Vec<(Square, u16)> = squares
                    .iter()
                    .filter_map(|&b| Some((b, book.black_setup_distance(white, b)?)))
                    .collect();
                if let Some(shortest) = measured.iter().map(|&(_, d)| d).min() {
                    squares = measured
                        .iter()
                        .filter(|&&(_, d)| d == shortest)
                        .map(|&(b, _)| b)
                        .collect();
                    distance = Some(u32::from(shortest));
                }
            }
            let square = squares[self.rng.below(squares.len() as u32) as usize];
            let mv = Jump::Place {
                piece: Piece::Knight,
                square,
            };
            let eval = if wins {
                Eval::Wins(distance)
            } else {
                Eval::Loses(None)
            };
            return Some(answer(mv, eval, true, 0, budget));
        }
        let (mine, theirs) = (square(me)?, square(1 - me)?);
        // The solvers may use the level's nodes and, through the budget,
        // half its time; the search gets the rest if no proof comes.
        self.duel.set_node_limit(s.nodes);
        let pn = self
            .duel_pn
            .get_or_insert_with(|| Dfpn::new(DFPN_BITS, u64::MAX));
        // A request by nodes alone has no time limit: the nodes bound it.
        pn.set_node_limit(s.nodes);
        let before = self.duel.nodes + pn.nodes;
        let book = self.duel_book.get_or_insert_with(DuelBook::shipped);
        let solved = prove_jump(
            book,
            &mut self.duel,
            pn,
            pos.markers(),
            mine,
            theirs,
            budget,
            s.seconds / 2.0,
        );
        let nodes = self.duel.nodes + pn.nodes - before;
        let solved = solved?;
        let mv = Jump::Jump {
            from: mine,
            to: solved.jump(),
        };
        let plies = solved.plies.map(u32::from);
        let eval = if solved.wins {
            Eval::Wins(plies)
        } else {
            Eval::Loses(plies)
        };
        let mut thought = answer(mv, eval, true, nodes, budget);
        // The proof's line: the knights jump in turn from their squares.
        let mut from = [mine, theirs];
        thought.pv = solved
            .line
            .iter()
            .enumerate()
            .map(|(i, &to)| {
                let jump = Jump::Jump {
                    from: from[i % 2],
                    to,
                };
                from[i % 2] = to;
                AnyMove::Attrition(jump)
            })
            .collect();
        Some(thought)
    }
}

impl Engine {
    /// Black's placement when the table does not know: a square of the
    /// colour of White's knight makes Black the only one who can ever
    /// capture, which wins every setup (the table proves it); the search
    /// chooses among those squares.
    fn hunter_placement(
        &mut self,
        pos: &attrition::Position,
        s: &Settings,
        budget: &mut Budget<'_>,
    ) -> Option<Thought> {
        let white = pos
            .slot(0, Piece::Knight)
            .square()
            .filter(|_| pos.to_move() == Some(1))?;
        let squares = pos
            .placement_squares()
            .into_iter()
            .filter(|sq| sq.is_dark() == white.is_dark())
            .collect();
        self.search_placement(pos, squares, s, budget)
    }

    /// The search's choice of a knight's setup square among `squares`.
    fn search_placement(
        &mut self,
        pos: &attrition::Position,
        squares: Vec<Square>,
        s: &Settings,
        budget: &mut Budget<'_>,
    ) -> Option<Thought> {
        let moves: Vec<Jump> = squares
            .into_iter()
            .map(|square| Jump::Place {
                piece: Piece::Knight,
                square,
            })
            .collect();
        if moves.is_empty() {
            return None;
        }
        let found = self.attrition.search(
            pos,
            &Mobility,
            budget,
            s.max_depth,
            Some(moves),
            RootValues::Best,
        );
        Some(Thought {
            best: AnyMove::Attrition(found.best),
            eval: Eval::Score(found.value),
            exact: false,
            depth: found.depth,
            nodes: budget.nodes,
            pv: pv_of(&found, found.best, AnyMove::Attrition),
            seconds: budget.elapsed(),
        })
    }
}

/// The best placements by the duel table for `me`, all of one value:
/// White's squares whose every answer it wins, Black's answers it wins;
/// when every square loses, White's that leave the largest share of
/// Black's answers losing (an opponent who errs has the most ways to).
/// Unknown beats a known loss. `None` if nothing is known.
fn best_placement(
    table: &DuelTable,
    me: u8,
    white: Option<Square>,
) -> Option<(Vec<Square>, SetupValue)> {
    let options: Vec<(Square, SetupValue)> = match (me, white) {
        (0, _) => Square::all()
            .map(|w| (w, table.placement_value(w)))
            .collect(),
        (_, Some(w)) => DuelTable::answers(w)
            .map(|b| (b, table.value(Setup { white: w, black: b })))
            .collect(),
        _ => return None,
    };
    let good = if me == 0 {
        SetupValue::WhiteWins
    } else {
        SetupValue::BlackWins
    };
    let rank = |v: SetupValue| {
        if v == good {
            2
        } else if v == SetupValue::Unknown {
            1
        } else {
            0
        }
    };
    let top = options.iter().map(|&(_, v)| rank(v)).max()?;
    if top == 1 {
        return None; // the table does not know: let the search choose
    }
    let value = options.iter().find(|&&(_, v)| rank(v) == top)?.1;
    let mut best: Vec<Square> = options
        .into_iter()
        .filter(|&(_, v)| rank(v) == top)
        .map(|(square, _)| square)
        .collect();
    if me == 0 && top == 0 {
        let chances = |w: Square| lost_answer_share(table, w);
        let most = best.iter().map(|&w| chances(w)).max()?;
        best.retain(|&w| chances(w) == most);
    }
    Some((best, value))
}

/// For White on `w`: the share, in thousandths, of Black's answers that
/// lose for Black.
fn lost_answer_share(table: &DuelTable, w: Square) -> usize {
    let answers: Vec<Square> = DuelTable::answers(w).collect();
    let lost = answers
        .iter()
        .filter(|&&b| table.value(Setup { white: w, black: b }) == SetupValue::WhiteWins)
        .count();
    lost * 1000 / answers.len().max(1)
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

fn pv_of<M: Copy + PartialEq>(found: &Found<M>, pick: M, wrap: fn(M) -> AnyMove) -> Vec<AnyMove> {
    if pick == found.best {
        found.pv.iter().map(|&m| wrap(m)).collect()
    } else {
        vec![wrap(pick)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::ai::duel::table::{parse, Solved, SHIPPED};

    /// Share of Black's answers to `w` that lose for Black, in thousandths,
    /// by brute force from the table's lines: every square the mirror rule
    /// allows, each looked up through the board's 8 symmetries by hand.
    fn white_chances(lines: &[Solved], w: Square) -> usize {
        let coords = |s: Square| (s.file() as i32, s.rank() as i32);
        // Symmetry k: swap file and rank (k & 4), then flip files (k & 1)
        // and ranks (k & 2).
        let map = |k: usize, (f, r): (i32, i32)| {
            let (f, r) = if k & 4 != 0 { (r, f) } else { (f, r) };
            (
                if k & 1 != 0 { 7 - f } else { f },
                if k & 2 != 0 { 7 - r } else { r },
            )
        };
        let (wf, wr) = coords(w);
        let mirrors = [(7 - wf, wr), (wf, 7 - wr), (7 - wf, 7 - wr)];
        let (mut answers, mut lost) = (0, 0);
        for b in Square::all() {
            if b == w || mirrors.contains(&coords(b)) {
                continue;
            }
            answers += 1;
            let white_wins = lines.iter().any(|line| {
                line.value == SetupValue::WhiteWins
                    && (0..8).any(|k| {
                        map(k, coords(w)) == coords(line.setup.white)
                            && map(k, coords(b)) == coords(line.setup.black)
                    })
            });
            lost += usize::from(white_wins);
        }
        lost * 1000 / answers
    }

    #[test]
    fn a_lost_white_setup_leaves_black_the_most_ways_to_go_wrong() {
        let lines = parse(SHIPPED).unwrap();
        let table = DuelTable::from_lines(&lines);
        assert_eq!(table.duel_value(), SetupValue::BlackWins);
        let chances: Vec<usize> = Square::all().map(|w| white_chances(&lines, w)).collect();
        for w in Square::all() {
            assert_eq!(lost_answer_share(&table, w), chances[w.index()], "{w}");
        }
        // The hunter wins every setup, and every White square has as many
        // answers of its colour as of the other (its mirrors: one of each
        // colour and the point reflection of its own): half the answers
        // lose for Black wherever White stands, so the share does not
        // narrow White's choice and the search makes it.
        assert!(chances.iter().all(|&c| c == 500), "{chances:?}");
        let (squares, value) = best_placement(&table, 0, None).unwrap();
        assert_eq!((squares.len(), value), (64, SetupValue::BlackWins));
        let start = AnyGame::Attrition(attrition::Position::new(attrition::Options::new(
            attrition::Variant::Duel,
        )));
        let request = Request {
            nodes: Some(100_000),
            ..Request::level(Level::Master)
        };
        let thought = Engine::new(5)
            .think(&start, &request, &|| 0.0, None)
            .unwrap();
        assert_eq!((thought.eval, thought.exact), (Eval::Loses(None), true));
        let AnyMove::Attrition(Jump::Place { square, .. }) = thought.best else {
            panic!("not a placement: {:?}", thought.best);
        };
        // The most room: a square with all 8 knight jumps.
        let (f, r) = (square.file(), square.rank());
        assert!((2..=5).contains(&f) && (2..=5).contains(&r), "{square}");
        // Black, answering, always takes a winning square.
        let w = "d4".parse().unwrap();
        let (answers, value) = best_placement(&table, 1, Some(w)).unwrap();
        assert_eq!(value, SetupValue::BlackWins);
        assert_eq!(answers.len(), 30);
        for b in answers {
            assert_eq!(
                table.value(Setup { white: w, black: b }),
                SetupValue::BlackWins
            );
        }
    }
}

#[cfg(test)]
mod book_tests {
    use super::*;

    use crate::test_support::sq;

    fn after(moves: &[Jump]) -> attrition::Position {
        let mut pos = attrition::Position::new(attrition::Options::new(attrition::Variant::Duel));
        for &mv in moves {
            pos.play_unchecked(mv);
        }
        pos
    }

    /// Right after the setup and after White's first jump, the Master
    /// answers from the opening book: a proved result with a node budget
    /// too small for any solver.
    #[test]
    fn the_master_plays_the_first_jumps_from_the_book() {
        let place = |s: &str| Jump::Place {
            piece: Piece::Knight,
            square: sq(s),
        };
        let request = Request {
            nodes: Some(10),
            ..Request::level(Level::Master)
        };
        let think = |pos: &attrition::Position| {
            Engine::new(5)
                .think(&AnyGame::Attrition(pos.clone()), &request, &|| 0.0, None)
                .unwrap()
        };
        // d4 and c4 stand on squares of different colours: White hunts
        // and wins.
        let setup = [place("d4"), place("c4")];
        let thought = think(&after(&setup));
        // With the book's distance ("wins in N").
        assert!(
            matches!(thought.eval, Eval::Wins(Some(_))),
            "{:?}",
            thought.eval
        );
        assert!(thought.exact);
        let AnyMove::Attrition(jump @ Jump::Jump { from, .. }) = thought.best else {
            panic!("not a jump: {:?}", thought.best);
        };
        assert_eq!(from, sq("d4"));
        // After the book's jump Black is lost; the Master knows it.
        let thought = think(&after(&[setup[0], setup[1], jump]));
        assert_eq!(thought.eval, Eval::Loses(None));
        // d4 and f4: one colour, Black hunts. White is lost at once, and
        // after any first jump of White's, Black has a winning reply.
        let setup = [place("d4"), place("f4")];
        assert_eq!(think(&after(&setup)).eval, Eval::Loses(None));
        // Black's own setup placement against d4 already says how soon it
        // wins, and the promise holds after White's first jump.
        let placed = think(&after(&setup[..1]));
        let Eval::Wins(Some(promised)) = placed.eval else {
            panic!("{:?}", placed.eval);
        };
        let AnyMove::Attrition(black @ Jump::Place { square, .. }) = placed.best else {
            panic!("not a placement: {:?}", placed.best);
        };
        assert_eq!(square.is_dark(), sq("d4").is_dark(), "Black hunts");
        for to in crate::attacks::knight_attacks(sq("d4")) {
            if to == square {
                continue;
            }
            let first = Jump::Jump { from: sq("d4"), to };
            let reply = think(&after(&[setup[0], black, first]));
            let Eval::Wins(Some(plies)) = reply.eval else {
                panic!("after {to}: {:?}", reply.eval);
            };
            assert!(
                plies + 2 <= promised,
                "after {to}: {plies} + 2 > {promised}"
            );
        }
        let first = Jump::Jump {
            from: sq("d4"),
            to: sq("c6"),
        };
        let thought = think(&after(&[setup[0], setup[1], first]));
        assert!(
            matches!(thought.eval, Eval::Wins(Some(_))),
            "{:?}",
            thought.eval
        );
        assert!(thought.exact);
    }
}
