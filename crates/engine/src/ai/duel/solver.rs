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

use super::facts::{flood, knight as n, ordered, race_paths, Proof};
use crate::ai::budget::Budget;
use crate::ai::two_slot::{Line32, TwoSlotEntry, TwoSlotTable};
use crate::bitboard::Bitboard;
use crate::square::Square;

/// A proven position, packed in 16 bytes: the key's markers, and in
/// `meta` the knights (12 bits), the distance (16), who wins (1), the
/// effort of the proof as a power of two (6) and a bit that says the slot
/// is used.
#[derive(Clone, Copy, Default)]
struct PackedProof {
    markers: u64,
    meta: u64,
}

const USED: u64 = 1 << 63;

impl PackedProof {
    fn new(markers: u64, knights: u16, proof: Proof, effort: u64) -> PackedProof {
        let effort = u64::from(64 - effort.leading_zeros()).min(63);
        PackedProof {
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

/// Two slots on half a line: the proof that took the most nodes, and the
/// newest, so the deep proofs near the root are not lost to the many
/// small ones below them.
impl TwoSlotEntry for PackedProof {
    type Line = Line32<PackedProof>;
    const EMPTY: PackedProof = PackedProof {
        markers: 0,
        meta: 0,
    };

    /// The costlier proof goes first; the other slot takes the newest.
    fn store(bucket: &mut [PackedProof; 2], slot: PackedProof) {
        let [first, second] = bucket;
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
    table: TwoSlotTable<PackedProof>,
    pub nodes: u64,
    node_limit: u64,
}

impl DuelSolver {
    /// A solver with `2^table_bits` table slots (in buckets of two) that
    /// gives up a `solve` after `node_limit` nodes.
    pub fn new(table_bits: u32, node_limit: u64) -> DuelSolver {
        DuelSolver {
            table: TwoSlotTable::new(table_bits),
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
        self.table.index(h)
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
        if let Some(s) = self
            .table
            .bucket(index)
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
        let slot = PackedProof::new(key_markers, knights, proof, self.nodes - start);
        self.table.store(index, slot);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::duel::brute::{brute, brute_distance, crowded};
    use crate::ai::duel::facts::{knight_spread, longest_path};

    use crate::test_support::sq;

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
            let slot = PackedProof::new(0xdead_beef, knights, proof, effort);
            assert!(slot.holds(0xdead_beef, knights));
            assert!(!slot.holds(0xdead_beef, knights ^ 1));
            assert!(!slot.holds(0xdead_bee0, knights));
            assert_eq!(slot.proof(), proof);
        }
        assert!(
            !PackedProof::default().holds(0, 0),
            "an empty slot holds nothing"
        );
        // A costly proof stays in its bucket while cheap ones come and go.
        let mut bucket = [<PackedProof as TwoSlotEntry>::EMPTY; 2];
        TwoSlotEntry::store(
            &mut bucket,
            PackedProof::new(
                1,
                1,
                Proof {
                    wins: true,
                    plies: 9,
                },
                1 << 20,
            ),
        );
        for m in 2..50u64 {
            TwoSlotEntry::store(
                &mut bucket,
                PackedProof::new(
                    m,
                    1,
                    Proof {
                        wins: false,
                        plies: 2,
                    },
                    3,
                ),
            );
        }
        assert!(bucket[0].holds(1, 1));
        assert!(bucket[1].holds(49, 1));
        // A costlier one takes the first slot and the old one moves down.
        TwoSlotEntry::store(
            &mut bucket,
            PackedProof::new(
                50,
                1,
                Proof {
                    wins: true,
                    plies: 3,
                },
                1 << 30,
            ),
        );
        assert!(bucket[0].holds(50, 1) && bucket[1].holds(1, 1));
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
