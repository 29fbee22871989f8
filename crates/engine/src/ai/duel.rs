//! An exact solver for the Attrition duel after setup.
//!
//! A position is the set of marked squares and the two knights, the knight
//! to move first. Facts the solver uses:
//! - **Parity.** A knight's jump changes the colour of its square, so the
//!   colours of the two squares, seen at a given player's turn, never
//!   change: only one player (the *hunter*) can ever capture. The other
//!   (the *prey*) never jumps next to the hunter: that loses at once.
//! - **Separation.** Once no square one knight can still reach touches one
//!   the other can reach, they can never meet and the game is a race: each
//!   knight's longest path through its own region decides, and the player
//!   to move loses when its path is not longer.
//! - A transposition table of proven results, and moves ordered to leave
//!   the opponent as few replies as possible.
//!
//! Results are wins or losses with a distance: the number of plies until
//! the loser is captured or stuck, when the winner follows the solver's
//! winning moves and the loser resists longest against them (so "wins in
//! N" is an upper bound on the shortest win).

use super::budget::Budget;
use crate::attacks::knight_attacks;
use crate::bitboard::Bitboard;
use crate::square::Square;

/// A proven result for the player to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Proof {
    pub wins: bool,
    /// Plies until the game ends (see the module docs).
    pub plies: u16,
}

/// A proven position, packed in 16 bytes: the key's markers, and in
/// `meta` the knights (12 bits), the distance (16), who wins (1), the
/// effort of the proof as a power of two (6) and a bit that says the slot
/// is used.
#[derive(Clone, Copy, Default)]
struct Slot {
    markers: u64,
    meta: u64,
}

const USED: u64 = 1 << 63;

impl Slot {
    fn new(markers: u64, knights: u16, proof: Proof, effort: u64) -> Slot {
        let effort = u64::from(64 - effort.leading_zeros()).min(63);
        Slot {
            markers,
            meta: USED
                | u64::from(knights)
                | u64::from(proof.plies) << 12
                | u64::from(proof.wins) << 28
                | effort << 29,
        }
    }

    fn holds(&self, markers: u64, knights: u16) -> bool {
        self.meta & USED != 0 && self.markers == markers && self.meta & 0xfff == u64::from(knights)
    }

    fn proof(&self) -> Proof {
        Proof {
            wins: self.meta >> 28 & 1 == 1,
            plies: (self.meta >> 12) as u16,
        }
    }

    fn effort(&self) -> u64 {
        self.meta >> 29 & 63
    }
}

/// Two slots on a 32-byte line: the proof that took the most nodes, and
/// the newest. With one slot always replaced, the deep proofs near the
/// root were lost to the many small ones below them.
#[derive(Clone, Copy, Default)]
#[repr(align(32))]
struct Bucket([Slot; 2]);

impl Bucket {
    /// The costlier proof goes first; the other slot takes the newest.
    fn store(&mut self, slot: Slot) {
        let [first, second] = &mut self.0;
        if slot.effort() >= first.effort() || first.meta & USED == 0 {
            *second = *first;
            *first = slot;
        } else {
            *second = slot;
        }
    }
}

/// Solves duel positions; keeps what it proved between calls.
pub struct DuelSolver {
    table: Vec<Bucket>,
    mask: usize,
    pub nodes: u64,
    node_limit: u64,
}

/// The knight's jumps from a square index.
#[inline]
pub(super) fn knight(sq: u8) -> u64 {
    knight_attacks(Square::from_index_unchecked(sq)).0
}

use knight as n;

/// Every square a knight on any square of `from` jumps to: the whole set
/// at once, by shifts and masks (no loop over squares).
#[inline]
pub(super) fn knight_spread(from: u64) -> u64 {
    const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
    const NOT_AB: u64 = 0xfcfc_fcfc_fcfc_fcfc;
    const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const NOT_GH: u64 = 0x3f3f_3f3f_3f3f_3f3f;
    // One file across (then two ranks), two files across (then one rank).
    let one = ((from << 1) & NOT_A) | ((from >> 1) & NOT_H);
    let two = ((from << 2) & NOT_AB) | ((from >> 2) & NOT_GH);
    one << 16 | one >> 16 | two << 8 | two >> 8
}

/// Squares reachable from `from`'s jumps through squares not in `blocked`.
pub(super) fn flood(from: u64, blocked: u64) -> u64 {
    let open = !blocked;
    let mut reached = from & open;
    let mut frontier = reached;
    while frontier != 0 {
        frontier = knight_spread(frontier) & open & !reached;
        reached |= frontier;
    }
    reached
}

/// The longest knight's path from `start` through `free` squares (each
/// visited once), by depth-first search with a bound: a path alternates
/// colours, so it cannot be longer than twice the smaller colour count of
/// the squares it can still reach, plus one.
pub fn longest_path(start: u8, free: u64, budget: &mut u64) -> Option<u32> {
    fn go(at: u8, free: u64, best: &mut u32, len: u32, budget: &mut u64) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        if len > *best {
            *best = len;
        }
        let moves = n(at) & free;
        if moves == 0 || len + path_bound(at, free) <= *best {
            return true;
        }
        // Warnsdorff order: fewest onward jumps first finds long paths early.
        let (order, count) = ordered(moves, |t| (n(t) & free).count_ones());
        for &t in &order[..count] {
            if !go(t, free & !(1 << t), best, len + 1, budget) {
                return false;
            }
        }
        true
    }
    let mut best = greedy_path(start, free);
    go(start, free, &mut best, 0, budget).then_some(best)
}

/// The squares of `moves` (a knight's jumps: at most 8) by `key`, then by
/// square: in a fixed array, so a node allocates nothing.
#[inline]
fn ordered(moves: u64, key: impl Fn(u8) -> u32) -> ([u8; 8], usize) {
    let mut order = [(0u32, 0u8); 8];
    let mut count = 0;
    for t in Bitboard(moves) {
        let t = t.index() as u8;
        let item = (key(t), t);
        // Insertion sort: at most 8 items.
        let mut i = count;
        while i > 0 && order[i - 1] > item {
            order[i] = order[i - 1];
            i -= 1;
        }
        order[i] = item;
        count += 1;
    }
    let mut squares = [0u8; 8];
    for (slot, (_, t)) in squares.iter_mut().zip(&order[..count]) {
        *slot = *t;
    }
    (squares, count)
}

/// A path found by always jumping to the square with the fewest onward
/// jumps (Warnsdorff's rule): a lower bound on the longest path.
pub fn greedy_path(start: u8, mut free: u64) -> u32 {
    let mut at = start;
    let mut len = 0;
    loop {
        let next = Bitboard(n(at) & free)
            .into_iter()
            .min_by_key(|t| (n(t.index() as u8) & free).count_ones());
        match next {
            None => return len,
            Some(t) => {
                at = t.index() as u8;
                free &= !(1 << at);
                len += 1;
            }
        }
    }
}

/// An upper bound on the longest path from `start` through `free`: a path
/// alternates colours, so it is at most twice the smaller colour count of
/// the squares it can reach, plus one.
pub fn path_bound(start: u8, free: u64) -> u32 {
    let region = flood(n(start), !free);
    let first_colour = if Square::from_index_unchecked(start).is_dark() {
        Bitboard::LIGHT.0
    } else {
        Bitboard::DARK.0
    };
    let a = (region & first_colour).count_ones();
    let b = (region & !first_colour).count_ones();
    if a > b {
        2 * b + 1
    } else {
        2 * a
    }
}

impl DuelSolver {
    /// A solver with `2^table_bits` table slots (in buckets of two) that
    /// gives up a `solve` after `node_limit` nodes.
    pub fn new(table_bits: u32, node_limit: u64) -> DuelSolver {
        let buckets = 1usize << table_bits.saturating_sub(1);
        DuelSolver {
            table: vec![Bucket::default(); buckets],
            mask: buckets - 1,
            nodes: 0,
            node_limit,
        }
    }

    /// Nodes a later `solve` or `best_jump` may spend.
    pub fn set_node_limit(&mut self, limit: u64) {
        self.node_limit = limit;
    }

    /// The result for the player to move, whose knight is on `me`, the
    /// other on `them`, with `markers` marked (both knights' squares
    /// included). `None` when the node limit ran out first.
    pub fn solve(&mut self, markers: Bitboard, me: Square, them: Square) -> Option<Proof> {
        let start = self.nodes;
        let limit = start.saturating_add(self.node_limit);
        self.search(
            markers.0,
            me.index() as u8,
            them.index() as u8,
            limit,
            &mut None,
        )
    }

    /// The jump to make and the result: the quickest win found, or in a
    /// lost position the jump that resists longest. `None` when the node
    /// limit ran out or there is no jump.
    /// The budget's clock and abort check are polled too.
    pub fn best_jump(
        &mut self,
        markers: Bitboard,
        me: Square,
        them: Square,
        budget: &mut Budget<'_>,
    ) -> Option<(Square, Proof)> {
        let limit = self.nodes.saturating_add(self.node_limit);
        let mut budget = Some(budget);
        let (m, a, b) = (markers.0, me.index() as u8, them.index() as u8);
        if n(a) & 1 << b != 0 {
            return Some((
                them,
                Proof {
                    wins: true,
                    plies: 1,
                },
            ));
        }
        let moves = n(a) & !m;
        let safe = moves & !n(b);
        if safe == 0 {
            // Every jump walks into capture: any will do.
            return Bitboard(moves).first().map(|t| {
                (
                    t,
                    Proof {
                        wins: false,
                        plies: 2,
                    },
                )
            });
        }
        let mut best: Option<(Square, Proof)> = None;
        for t in Bitboard(safe) {
            let Some(reply) =
                self.search(m | 1 << t.index(), b, t.index() as u8, limit, &mut budget)
            else {
                // Out of nodes: a win proven so far still stands (a loss
                // does not: a jump not yet searched may win).
                return best.filter(|(_, p)| p.wins);
            };
            let mine = Proof {
                wins: !reply.wins,
                plies: reply.plies + 1,
            };
            let better = match best {
                None => true,
                Some((_, p)) if mine.wins != p.wins => mine.wins,
                Some((_, p)) if mine.wins => mine.plies < p.plies,
                Some((_, p)) => mine.plies > p.plies,
            };
            if better {
                best = Some((t, mine));
            }
        }
        best
    }

    fn slot(&self, markers: u64, knights: u16) -> usize {
        let h = crate::zobrist::mix(markers ^ (knights as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        h as usize & self.mask
    }

    fn search(
        &mut self,
        markers: u64,
        me: u8,
        them: u8,
        limit: u64,
        budget: &mut Option<&mut Budget<'_>>,
    ) -> Option<Proof> {
        self.nodes += 1;
        if self.nodes > limit || budget.as_mut().is_some_and(|b| b.tick()) {
            return None;
        }
        let mine = n(me);
        if mine & (1 << them) != 0 {
            return Some(Proof {
                wins: true,
                plies: 1,
            });
        }
        // Jumping next to the other knight loses to its capture at once.
        let safe = mine & !markers & !n(them);
        if safe == 0 {
            // Stuck, or every jump walks into capture (one more ply).
            let walks_in = mine & !markers != 0;
            return Some(Proof {
                wins: false,
                plies: if walks_in { 2 } else { 0 },
            });
        }
        let reach_mine = flood(mine, markers);
        let reach_theirs = flood(n(them), markers);
        // Squares neither knight can reach again do not matter: mark them,
        // so that positions differing only there share a table slot.
        let key_markers = markers | !(reach_mine | reach_theirs);
        let knights = me as u16 | (them as u16) << 6;
        let index = self.slot(key_markers, knights);
        if let Some(s) = self.table[index]
            .0
            .iter()
            .find(|s| s.holds(key_markers, knights))
        {
            return Some(s.proof());
        }
        let start = self.nodes;
        let proof = if reach_mine & reach_theirs == 0 {
            match self.race(markers, me, them, reach_mine, reach_theirs) {
                Some(p) => p,
                None => self.search_moves(markers, them, safe, limit, budget)?,
            }
        } else {
            self.search_moves(markers, them, safe, limit, budget)?
        };
        let slot = Slot::new(key_markers, knights, proof, self.nodes - start);
        self.table[index].store(slot);
        Some(proof)
    }

    fn search_moves(
        &mut self,
        markers: u64,
        them: u8,
        safe: u64,
        limit: u64,
        budget: &mut Option<&mut Budget<'_>>,
    ) -> Option<Proof> {
        // Leave the opponent the fewest safe replies first.
        let (order, count) = ordered(safe, |t| {
            let after = markers | 1 << t;
            (n(them) & !after & !n(t)).count_ones()
        });
        let mut longest_loss = 0u16;
        for &t in &order[..count] {
            let reply = self.search(markers | 1 << t, them, t, limit, budget)?;
            if !reply.wins {
                return Some(Proof {
                    wins: true,
                    plies: reply.plies + 1,
                });
            }
            longest_loss = longest_loss.max(reply.plies + 1);
        }
        Some(Proof {
            wins: false,
            plies: longest_loss,
        })
    }

    /// The race result of knights that can never meet (their regions are
    /// `mine` and `theirs`); `None` if the paths were too long to measure.
    fn race(&mut self, markers: u64, me: u8, them: u8, mine: u64, theirs: u64) -> Option<Proof> {
        const RACE_NODES: u64 = 200_000;
        let mut budget = RACE_NODES;
        let paths = race_paths(markers, me, them, mine, theirs, &mut budget);
        // Counted whether or not the paths were measured.
        self.nodes += RACE_NODES - budget;
        let (a, b) = paths?;
        // The player to move is stuck after 2a plies, the other after 2b + 1.
        Some(if a > b {
            Proof {
                wins: true,
                plies: 2 * b as u16 + 1,
            }
        } else {
            Proof {
                wins: false,
                plies: 2 * a as u16,
            }
        })
    }
}

/// Markers from which the depth-first solver tries first: the two setup
/// squares and 6 jumps.
const DFS_FIRST_FROM_MARKERS: u32 = 8;

/// A duel position proved within `seconds` of `budget`. Right after the
/// setup and after White's first jump, the opening book answers. Else,
/// from 6 jumps after the setup, the depth-first solver tries first with a
/// tenth of the time (it gives "wins in N" and proves late positions at
/// once), then df-pn with the rest (it proves far more of the early
/// positions); before that, df-pn alone (the depth-first solver proved one
/// position in six at most there). A twentieth for the depth-first solver
/// everywhere proved positions 0–6 jumps after the setup sooner (a median
/// of 288 against 310 ms) but played worse: against greedy at 500 ms a
/// move, 20 games lost of 800 against 8 (seeds 21–24).
///
/// `None` when unproved.
#[allow(clippy::too_many_arguments)]
pub fn prove_jump(
    book: &super::duel_book::DuelBook,
    dfs: &mut DuelSolver,
    pn: &mut super::dfpn::Dfpn,
    markers: Bitboard,
    me: Square,
    them: Square,
    budget: &mut Budget<'_>,
    seconds: f64,
) -> Option<ProvedJump> {
    let one = |jump: Square, wins: bool, plies: Option<u16>| {
        Some(ProvedJump {
            line: vec![jump],
            wins,
            plies,
        })
    };
    if n(me.index() as u8) & 1 << them.index() != 0 {
        return one(them, true, Some(1));
    }
    // Lost: any jump (the caller plays on by search).
    let lost = || {
        one(
            Bitboard(n(me.index() as u8) & !markers.0).first()?,
            false,
            None,
        )
    };
    if let Some(answer) = book.lookup(markers, me, them) {
        match (answer.wins, answer.jump) {
            (true, Some(to)) => return one(to, true, answer.plies),
            (false, _) => return lost(),
            // A win without a jump: the book's parser refuses such lines.
            (true, None) => {}
        }
    }
    let t0 = budget.elapsed();
    if markers.count() >= DFS_FIRST_FROM_MARKERS {
        let mut part = budget.part(Some(seconds / 10.0));
        if let Some((to, proof)) = dfs.best_jump(markers, me, them, &mut part) {
            return one(to, proof.wins, Some(proof.plies));
        }
    }
    let used = budget.elapsed() - t0;
    let mut part = budget.part(Some((seconds - used).max(0.0)));
    let wins = pn.prove_within(markers, me, them, &mut part)?;
    if !wins {
        return lost();
    }
    // The proof's shortest line gives "wins in N" and the line to show; if
    // the time runs out first, any proved jump.
    if let Some((line, plies)) = pn.winning_line(markers, me, them, &mut part) {
        return Some(ProvedJump {
            line,
            wins: true,
            plies: Some(plies),
        });
    }
    match pn.winning_jump(markers, me, them, &mut part) {
        Some(to) => one(to, true, None),
        // A race: the depth-first solver measures its paths.
        None => dfs
            .best_jump(markers, me, them, &mut part)
            .and_then(|(to, proof)| one(to, proof.wins, Some(proof.plies))),
    }
}

/// What [`prove_jump`] found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ProvedJump {
    /// The jump to make first, then the squares the knights jump to in
    /// turn along the proof, where it was walked (see `dfpn::distance`).
    pub line: Vec<Square>,
    /// Whether the player to move wins.
    pub wins: bool,
    /// The plies to a win, when measured (by the depth-first solver, or
    /// along df-pn's proof).
    pub plies: Option<u16>,
}

impl ProvedJump {
    /// The jump to make.
    pub fn jump(&self) -> Square {
        self.line[0]
    }
}

/// The two longest paths of separated knights (regions `mine`, `theirs`).
pub(super) fn race_paths(
    markers: u64,
    me: u8,
    them: u8,
    mine: u64,
    theirs: u64,
    budget: &mut u64,
) -> Option<(u32, u32)> {
    let a = longest_path(me, !markers & mine, budget)?;
    let b = longest_path(them, !markers & theirs, budget)?;
    Some((a, b))
}

/// Whether the player to move wins the race of separated knights: its path
/// must be longer, since it is the first to need a jump. Decided by bounds
/// when they do not overlap, else by exact paths within `budget`.
pub(super) fn race_winner(
    markers: u64,
    me: u8,
    them: u8,
    mine: u64,
    theirs: u64,
    budget: &mut u64,
) -> Option<bool> {
    let (free_a, free_b) = (!markers & mine, !markers & theirs);
    let (low_a, high_a) = (greedy_path(me, free_a), path_bound(me, free_a));
    let (low_b, high_b) = (greedy_path(them, free_b), path_bound(them, free_b));
    if low_a > high_b {
        return Some(true);
    }
    if high_a <= low_b {
        return Some(false);
    }
    race_paths(markers, me, them, mine, theirs, budget).map(|(a, b)| a > b)
}

/// A setup of the duel: White's knight, then Black's.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Setup {
    pub white: Square,
    pub black: Square,
}

impl Setup {
    /// The representative of this setup's class under the 8 symmetries of
    /// the board (the smallest image).
    pub fn canonical(self) -> Setup {
        Square::SYMMETRIES
            .iter()
            .map(|map| Setup {
                white: map(self.white),
                black: map(self.black),
            })
            .min()
            .expect("eight symmetries")
    }

    /// Every legal setup up to symmetry: Black avoids White's square and
    /// its three mirror images.
    pub fn all_distinct() -> Vec<Setup> {
        let mut out: Vec<Setup> = Square::all()
            .flat_map(|white| {
                Square::all()
                    .filter(move |&black| black != white && !white.mirrors().contains(&black))
                    .map(move |black| Setup { white, black }.canonical())
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    /// A random crowded board: each square marked with chance
    /// `marked / of`, two knights on distinct squares (marked too); `None`
    /// when the knights' draws coincide.
    pub(in crate::ai) fn crowded(
        rng: &mut crate::rng::Rng,
        marked: u32,
        of: u32,
    ) -> Option<(u64, u8, u8)> {
        let mut markers = 0u64;
        for i in 0..64 {
            if rng.below(of) < marked {
                markers |= 1 << i;
            }
        }
        let (me, them) = (rng.below(64) as u8, rng.below(64) as u8);
        (me != them).then_some((markers | 1 << me | 1 << them, me, them))
    }

    /// Plain minimax over the rules, no tricks: the reference for both
    /// solvers.
    pub(in crate::ai) fn brute(markers: u64, me: u8, them: u8) -> bool {
        let mine = n(me);
        if mine & (1 << them) != 0 {
            return true;
        }
        Bitboard(mine & !markers)
            .into_iter()
            .any(|t| !brute(markers | 1 << t.index(), them, t.index() as u8))
    }

    /// Plain minimax with distances, no tricks: the shortest win, or the
    /// longest loss, in plies.
    pub(in crate::ai) fn brute_distance(markers: u64, me: u8, them: u8) -> Proof {
        if n(me) & (1 << them) != 0 {
            return Proof {
                wins: true,
                plies: 1,
            };
        }
        let mut shortest_win: Option<u16> = None;
        let mut longest_loss = 0;
        for t in Bitboard(n(me) & !markers) {
            let reply = brute_distance(markers | 1 << t.index(), them, t.index() as u8);
            if reply.wins {
                longest_loss = longest_loss.max(reply.plies + 1);
            } else {
                let win = reply.plies + 1;
                shortest_win = Some(shortest_win.map_or(win, |w| w.min(win)));
            }
        }
        match shortest_win {
            Some(plies) => Proof { wins: true, plies },
            None => Proof {
                wins: false,
                plies: longest_loss,
            },
        }
    }

    #[test]
    fn solver_agrees_with_brute_force_on_crowded_boards() {
        let mut rng = crate::rng::Rng::new(11);
        let mut solver = DuelSolver::new(16, u64::MAX);
        let (mut checked, mut exact) = (0, 0);
        while checked < 300 {
            // Mark about 70% of the board so brute force stays small.
            let Some((markers, me, them)) = crowded(&mut rng, 7, 10) else {
                continue;
            };
            let here = format!("markers {markers:#x} me {me} them {them}");
            let expected = brute_distance(markers, me, them);
            assert_eq!(brute(markers, me, them), expected.wins, "{here}");
            let proof = solver
                .solve(
                    Bitboard(markers),
                    Square::from_index_unchecked(me),
                    Square::from_index_unchecked(them),
                )
                .unwrap();
            assert_eq!(proof.wins, expected.wins, "{here}");
            // The distance follows the solver's first winning moves (module
            // docs), so it may exceed the shortest win, never undercut it;
            // and every ply but a capture marks a free square.
            let free = (!markers).count_ones() as u16;
            assert!(
                expected.plies <= proof.plies && proof.plies <= free + 1,
                "{here}: solver {proof:?}, minimax {expected:?}"
            );
            // At most two plies there is no choice that could lengthen it.
            if expected.plies <= 2 {
                assert_eq!(proof, expected, "{here}");
            }
            exact += usize::from(proof == expected);
            checked += 1;
        }
        assert!(
            exact > checked / 2,
            "only {exact} of {checked} distances exact"
        );
    }

    #[test]
    fn table_slots_pack_and_keep_the_costliest_proof() {
        for (knights, plies, wins, effort) in [
            (0u16, 0u16, false, 0u64),
            (4095, u16::MAX, true, u64::MAX),
            (1234, 77, true, 5000),
        ] {
            let proof = Proof { wins, plies };
            let slot = Slot::new(0xdead_beef, knights, proof, effort);
            assert!(slot.holds(0xdead_beef, knights));
            assert!(!slot.holds(0xdead_beef, knights ^ 1));
            assert!(!slot.holds(0xdead_bee0, knights));
            assert_eq!(slot.proof(), proof);
        }
        assert!(!Slot::default().holds(0, 0), "an empty slot holds nothing");
        // A costly proof stays in its bucket while cheap ones come and go.
        let mut bucket = Bucket::default();
        bucket.store(Slot::new(
            1,
            1,
            Proof {
                wins: true,
                plies: 9,
            },
            1 << 20,
        ));
        for m in 2..50u64 {
            bucket.store(Slot::new(
                m,
                1,
                Proof {
                    wins: false,
                    plies: 2,
                },
                3,
            ));
        }
        assert!(bucket.0[0].holds(1, 1));
        assert!(bucket.0[1].holds(49, 1));
        // A costlier one takes the first slot and the old one moves down.
        bucket.store(Slot::new(
            50,
            1,
            Proof {
                wins: true,
                plies: 3,
            },
            1 << 30,
        ));
        assert!(bucket.0[0].holds(50, 1) && bucket.0[1].holds(1, 1));
    }

    /// The set-wise spread against the union of single jumps, and the fill
    /// against a plain breadth-first walk.
    #[test]
    fn set_wise_jumps_and_fill_agree_with_square_by_square() {
        let mut rng = crate::rng::Rng::new(8);
        for _ in 0..2000 {
            let from = rng.next_u64() & rng.next_u64() & rng.next_u64();
            let union = Bitboard(from)
                .into_iter()
                .fold(0, |acc, sq| acc | n(sq.index() as u8));
            assert_eq!(knight_spread(from), union, "{from:#x}");
            let blocked = rng.next_u64() & rng.next_u64();
            let mut reached = from & !blocked;
            let mut queue: Vec<u8> = Bitboard(reached)
                .into_iter()
                .map(|s| s.index() as u8)
                .collect();
            while let Some(at) = queue.pop() {
                for t in Bitboard(n(at) & !blocked & !reached) {
                    reached |= 1 << t.index();
                    queue.push(t.index() as u8);
                }
            }
            assert_eq!(flood(from, blocked), reached, "{from:#x} {blocked:#x}");
        }
    }

    #[test]
    fn longest_paths_by_brute_force() {
        fn brute(at: u8, free: u64) -> u32 {
            Bitboard(n(at) & free)
                .into_iter()
                .map(|t| 1 + brute(t.index() as u8, free & !(1 << t.index())))
                .max()
                .unwrap_or(0)
        }
        let mut rng = crate::rng::Rng::new(5);
        for _ in 0..200 {
            let mut free = 0u64;
            for i in 0..64 {
                if rng.below(10) < 3 {
                    free |= 1 << i;
                }
            }
            let start = rng.below(64) as u8;
            free &= !(1 << start);
            let mut budget = u64::MAX;
            assert_eq!(
                longest_path(start, free, &mut budget),
                Some(brute(start, free))
            );
        }
    }

    /// Random positions with about `percent`% of the board marked, the
    /// knights apart and the player to move with at least two safe jumps.
    fn open_positions(seed: u64, percent: u32) -> impl Iterator<Item = (u64, u8, u8)> {
        let mut rng = crate::rng::Rng::new(seed);
        std::iter::from_fn(move || loop {
            let mut markers = 0u64;
            for i in 0..64 {
                if rng.below(100) < percent {
                    markers |= 1 << i;
                }
            }
            let (me, them) = (rng.below(64) as u8, rng.below(64) as u8);
            if me == them || n(me) & 1 << them != 0 {
                continue;
            }
            markers |= 1 << me | 1 << them;
            if (n(me) & !markers & !n(them)).count_ones() >= 2 {
                return Some((markers, me, them));
            }
        })
    }

    /// The search of one jump from a fresh solver: the reply's result and
    /// the nodes it took.
    fn child_cost(markers: u64, them: u8, to: u8) -> (Proof, u64) {
        let mut solver = DuelSolver::new(16, u64::MAX);
        let reply = solver
            .search(markers | 1 << to, them, to, u64::MAX, &mut None)
            .unwrap();
        (reply, solver.nodes)
    }

    #[test]
    fn best_jump_keeps_a_proven_win_when_a_later_jump_runs_out_of_nodes() {
        let clock = || 0.0;
        let mut tried = 0;
        for (markers, me, them) in open_positions(21, 45).take(3000) {
            let safe = n(me) & !markers & !n(them);
            let first = safe.trailing_zeros() as u8;
            let (reply, cost) = child_cost(markers, them, first);
            if reply.wins {
                continue;
            }
            // The first jump wins; a later one must take far more nodes.
            let later = Bitboard(safe & !(1 << first))
                .into_iter()
                .map(|t| child_cost(markers, them, t.index() as u8).1)
                .max()
                .unwrap_or(0);
            if later < 10 * cost + 100 {
                continue;
            }
            tried += 1;
            let mut solver = DuelSolver::new(16, cost + 10);
            let mut budget = Budget::new(&clock, None, None, None);
            let found = solver.best_jump(
                Bitboard(markers),
                Square::from_index_unchecked(me),
                Square::from_index_unchecked(them),
                &mut budget,
            );
            let here = format!("markers {markers:#x} me {me} them {them}");
            let (to, proof) = found.unwrap_or_else(|| panic!("{here}: the proven win was dropped"));
            assert!(proof.wins, "{here}");
            assert_eq!(to.index() as u8, first, "{here}");
            if tried == 5 {
                return;
            }
        }
        panic!("only {tried} positions of the kind found");
    }

    /// A race that is too long to measure still counts the nodes it spent
    /// (the node limit must see them).
    #[test]
    fn a_failed_race_counts_its_nodes() {
        // One knight on the first rank, which marked ranks 2 and 3 cut
        // off, the other in the open rest of the board with a few random
        // marks: find one whose longest path is too long to measure
        // within the race's budget.
        let mut rng = crate::rng::Rng::new(3);
        for _ in 0..200 {
            let mut markers = 0x0000_0000_00FF_FF00u64;
            for i in 24..64 {
                if rng.below(100) < 12 {
                    markers |= 1 << i;
                }
            }
            let (me, them) = (rng.below(8) as u8, 24 + rng.below(40) as u8);
            markers |= 1 << me | 1 << them;
            let mine = flood(n(me), markers);
            let theirs = flood(n(them), markers);
            assert_eq!(mine & theirs, 0, "separated");
            let mut solver = DuelSolver::new(10, u64::MAX);
            if solver.race(markers, me, them, mine, theirs).is_none() {
                assert!(solver.nodes >= 200_000, "counted {} nodes", solver.nodes);
                return;
            }
        }
        panic!("no race too long to measure found");
    }

    #[test]
    fn an_adjacent_knight_is_captured_and_a_stuck_one_loses() {
        let mut solver = DuelSolver::new(10, u64::MAX);
        let m = Bitboard::from_square(sq("d4")) | Bitboard::from_square(sq("f5"));
        assert_eq!(
            solver.solve(m, sq("d4"), sq("f5")),
            Some(Proof {
                wins: true,
                plies: 1
            })
        );
        // a1 with b3 and c2 marked: stuck.
        let m: Bitboard = ["a1", "b3", "c2", "h8"].iter().map(|s| sq(s)).collect();
        assert_eq!(
            solver.solve(m, sq("a1"), sq("h8")),
            Some(Proof {
                wins: false,
                plies: 0
            })
        );
    }
}
