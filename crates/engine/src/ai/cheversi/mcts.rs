//! Monte-Carlo tree search for Cheversi: UCT (the UCB1 rule over a tree
//! grown one node a simulation) with random playouts to the end, rewarded
//! by the result — a win, a draw or a loss — not the margin, because more
//! points wins and a point more than needed is worth nothing.
//!
//! Why Cheversi needs it: under the Lewicki rules the piece placed last
//! decides where the opponent may go, so a position's worth lies in tempo
//! that a margin-plus-hand evaluation at a few turns' depth does not see;
//! playouts to the end see it. The search is measured against a textbook
//! UCT baseline (`cheversi match master uct-ms:500`); what it adds:
//! faster playouts ([`Position::random_playout`]),
//! symmetric duplicates removed at the root, a tree of compact nodes (no
//! move lists: a node's untried moves are the legal ones in an order
//! drawn when it is made), and a small bonus for the margin that breaks
//! ties between equally certain results.

use crate::ai::budget::Budget;
use crate::ai::search::sort_by_key;
use crate::cheversi::{Move, Position, RuleSet};
use crate::game::{GameState, Player};
use crate::rng::Rng;

/// The exploration constant of UCB1 (rewards are in 0..1), the value
/// that played best against the UCT baseline.
const EXPLORATION: f32 = 0.6;
/// Reward per point of final margin, on top of 1 for a win and ½ for a
/// draw: enough to prefer the larger of two sure wins, too little to
/// trade a result for points.
const MARGIN_WEIGHT: f32 = 0.002;
const NONE: u32 = u32::MAX;

/// A node: the move that led here and the statistics of the simulations
/// through it, for the player who made that move.
#[derive(Clone, Copy)]
struct TreeNode {
    mv: Move,
    first_child: u32,
    next_sibling: u32,
    /// Legal moves here, and how many have a child so far: the `i`-th
    /// child is legal move number `(offset + i·stride) mod moves`.
    moves: u16,
    tried: u16,
    offset: u16,
    stride: u16,
    visits: u32,
    reward: f32,
    /// White's final margin summed over the simulations.
    margin: i64,
}

/// What a search found: the root moves with their statistics, most
/// visited first, and the line of most visited moves.
#[derive(Clone, Debug)]
pub struct SearchTree {
    pub root: Vec<RootStats>,
    pub pv: Vec<Move>,
    pub simulations: u64,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootStats {
    pub mv: Move,
    pub visits: u32,
    /// The mean final margin for the player to move, in points.
    pub margin: f64,
}

/// Searches `pos` (not over) until the budget stops it, one tick a
/// simulation; `root_moves` replace the legal moves at the root (e.g.
/// without symmetric duplicates).
pub fn search(
    pos: &Position,
    root_moves: &[Move],
    budget: &mut Budget<'_>,
    rng: &mut Rng,
) -> SearchTree {
    let me = pos
        .to_move()
        .expect("a search needs a game that is not over");
    let mut nodes: Vec<TreeNode> = Vec::with_capacity(1 << 16);
    nodes.push(TreeNode::new(root_moves[0], root_moves.len() as u32, rng));
    let mut simulations = 0u64;
    let mut path: Vec<u32> = Vec::with_capacity(20);
    let c2 = EXPLORATION * EXPLORATION;
    let tries = playout_tries(pos.options().rules);
    loop {
        if simulations > 0 && budget.tick() {
            break;
        }
        simulations += 1;
        let mut game = pos.clone();
        path.clear();
        path.push(0);
        let mut at = 0usize;
        loop {
            if game.is_over() {
                break;
            }
            let node = nodes[at];
            // Selection: UCB1 over the children.
            let log_parent = ln(node.visits.max(1)) * c2;
            let mut best = (f32::NEG_INFINITY, NONE);
            if node.tried == node.moves {
                let mut c = node.first_child;
                while c != NONE {
                    let n = &nodes[c as usize];
                    let visits = n.visits.max(1) as f32;
                    let ucb = n.reward / visits + (log_parent / visits).sqrt();
                    if ucb > best.0 {
                        best = (ucb, c);
                    }
                    c = n.next_sibling;
                }
            }
            if node.tried < node.moves {
                // Expansion: the next untried move gets a child.
                let i = node.next_untried();
                let mv = if at == 0 {
                    root_moves[i as usize]
                } else {
                    game.targets()
                        .nth(i)
                        .expect("a node's move count is its legal moves'")
                };
                game.place_unchecked(mv);
                let child = nodes.len() as u32;
                let moves = if game.is_over() {
                    0
                } else {
                    game.targets().count()
                };
                let mut new = TreeNode::new(mv, moves, rng);
                new.next_sibling = node.first_child;
                nodes.push(new);
                nodes[at].first_child = child;
                nodes[at].tried += 1;
                path.push(child);
                break;
            }
            at = best.1 as usize;
            game.place_unchecked(nodes[at].mv);
            path.push(at as u32);
        }
        // Simulation and backpropagation.
        let margin = if game.is_over() {
            game.margin()
        } else {
            match tries {
                1 => game.random_playout(rng),
                t => game.biased_playout(rng, t),
            }
        };
        let white = reward(margin);
        let black = reward(-margin);
        for (depth, &i) in path.iter().enumerate() {
            let node = &mut nodes[i as usize];
            node.visits += 1;
            node.margin += i64::from(margin);
            // The node at depth d was reached by the move of ply (start + d − 1).
            let mover_is_white = (pos.ply() + depth) % 2 == 1;
            node.reward += if mover_is_white { white } else { black };
        }
    }
    summarise(&nodes, me, simulations)
}

/// How many random placements a playout weighs for each one it plays
/// (1: uniform). Where any square is open, a playout that favours the
/// placement gaining most squares judges positions better; under the
/// Lewicki rule, where the last piece decides the reply's squares, it
/// misleads.
fn playout_tries(rules: RuleSet) -> u32 {
    match rules {
        RuleSet::Lewicki => 1,
        RuleSet::LewickiAny => 2,
        RuleSet::LewickiFree | RuleSet::BrainkingClassic => 4,
        RuleSet::Brainking => 6,
    }
}

fn reward(margin: i32) -> f32 {
    let result = match margin.signum() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    };
    result + MARGIN_WEIGHT * margin as f32
}

impl TreeNode {
    fn new(mv: Move, moves: u32, rng: &mut Rng) -> TreeNode {
        let moves = moves.min(u16::MAX as u32) as u16;
        let (offset, stride) = if moves > 1 {
            let n = u32::from(moves);
            // A stride coprime with the count visits every move once.
            let mut stride = 1 + rng.below(n - 1);
            while gcd(stride, n) != 1 {
                stride = 1 + rng.below(n - 1);
            }
            (rng.below(n) as u16, stride as u16)
        } else {
            (0, 1)
        };
        TreeNode {
            mv,
            first_child: NONE,
            next_sibling: NONE,
            moves,
            tried: 0,
            offset,
            stride,
            visits: 0,
            reward: 0.0,
            margin: 0,
        }
    }
}

/// The natural logarithm of `n` ≥ 1 to within 0.5%: the power of two from
/// the leading zeros, the rest by a quadratic on the mantissa. UCB1 needs
/// no more, and `f32::ln` would bring the software logarithm into the
/// wasm build.
fn ln(n: u32) -> f32 {
    let exponent = 31 - n.leading_zeros();
    // n = 2^exponent · m with m in [1, 2).
    let m = n as f32 / (1u64 << exponent) as f32;
    let log2_m = (m - 1.0) * (1.3466 - 0.3466 * (m - 1.0));
    (exponent as f32 + log2_m) * std::f32::consts::LN_2
}

impl TreeNode {
    /// The index, among the legal moves, of the next move to get a child.
    fn next_untried(&self) -> u32 {
        (u32::from(self.offset) + u32::from(self.tried) * u32::from(self.stride))
            % u32::from(self.moves)
    }
}

fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

fn summarise(nodes: &[TreeNode], me: Player, simulations: u64) -> SearchTree {
    let sign = if me == 0 { 1.0 } else { -1.0 };
    let children = |i: usize| {
        let mut out = Vec::new();
        let mut c = nodes[i].first_child;
        while c != NONE {
            out.push(c as usize);
            c = nodes[c as usize].next_sibling;
        }
        // Most visited first (one integer sort: no extra sort code in the
        // wasm build).
        sort_by_key(&mut out, |&i| {
            -(nodes[i].visits.min(i32::MAX as u32) as i32)
        });
        out
    };
    let root = children(0)
        .into_iter()
        .map(|i| {
            let n = &nodes[i];
            let visits = f64::from(n.visits.max(1));
            RootStats {
                mv: n.mv,
                visits: n.visits,
                margin: sign * n.margin as f64 / visits,
            }
        })
        .collect();
    let mut pv = Vec::new();
    let mut at = 0;
    while let Some(&next) = children(at).first() {
        if nodes[next].visits < 2 {
            break;
        }
        pv.push(nodes[next].mv);
        at = next;
    }
    SearchTree {
        root,
        pv,
        simulations,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_cheap_logarithm_is_close() {
        for n in (1..5000).chain([65_535, 1 << 20, 3_000_001, u32::MAX]) {
            let exact = (n as f64).ln();
            let cheap = f64::from(super::ln(n));
            assert!(
                (cheap - exact).abs() <= 0.005 * exact.max(1.0),
                "ln {n}: {cheap} vs {exact}"
            );
        }
    }
}
