//! Depth-first proof-number search (df-pn) for the Attrition duel: proves
//! who wins a position, spending its effort on the lines that look easiest
//! to prove. Used to solve the duel's setups, where plain depth-first
//! search drowns in long games. Shares the duel's facts (parity,
//! separation) with [`super::duel`].

use super::facts::{flood, knight, race_winner, Proof};
use crate::ai::budget::Budget;
use crate::ai::two_slot::{Line64, TwoSlotEntry, TwoSlotTable};
use crate::bitboard::Bitboard;
use crate::square::Square;

mod distance;

const INF: u32 = u32::MAX / 2;

/// The first proof number of an unseen node is this many times the
/// opponent's room (see [`room`]): a win needs a jump after which the
/// opponent loses, harder the more room the opponent has (the disproof
/// number is the mover's own room). Twice proves early positions with far
/// fewer nodes than a flat number or other multiples
/// (`examples/duel_cost.rs`).
const PROOF_PER_REPLY: u32 = 2;

/// The most a jump counts for in [`room`].
const ONWARD_CAP: u32 = 4;

/// A knight's room, for a first estimate: each of its safe jumps (onto a
/// free square the other knight does not attack) counts its onward jumps
/// to free squares, at most [`ONWARD_CAP`]; a dead end counts nothing, as
/// it loses. Counting each safe jump as one took twice the nodes on the
/// same 48 positions two and three jumps after the setup, and a cap of 2
/// or 3, or none, more than 4 (`SEED=5` and `6` of
/// `examples/duel_cost.rs`).
fn room(markers: u64, knight_on: u8, other: u8) -> u32 {
    let safe = knight(knight_on) & !markers & !knight(other);
    Bitboard(safe)
        .into_iter()
        .map(|t| {
            (knight(t.index() as u8) & !markers)
                .count_ones()
                .min(ONWARD_CAP)
        })
        .sum()
}

/// Path nodes a separated knights' race may cost to be measured exactly
/// while proving, before the node is searched like any other (the walk of
/// `distance` has its own). Measured with `examples/duel_cost.rs`: a small
/// allowance proves quickest, where a large one and bounds alone cost more.
const PROOF_RACE_NODES: u64 = 100;

/// A table entry: 24 bytes (the key exactly, so a proof never rests on a
/// hash collision), two to a bucket.
#[derive(Clone, Copy)]
struct PnEntry {
    markers: u64,
    pn: u32,
    dn: u32,
    /// Nodes spent below this node so far: the bucket keeps the entry that
    /// cost more to find and overwrites the other.
    work: u32,
    knights: u16,
}

/// `knights` of an unused slot (a real key is at most 12 bits).
const EMPTY: u16 = u16::MAX;

impl PnEntry {
    const UNUSED: PnEntry = PnEntry {
        markers: 0,
        pn: 0,
        dn: 0,
        work: 0,
        knights: EMPTY,
    };
}

/// Two entries on one cache line: over its own entry, else over the one
/// with less work (the newest result is always kept).
impl TwoSlotEntry for PnEntry {
    type Line = Line64<PnEntry>;
    const EMPTY: PnEntry = PnEntry::UNUSED;

    fn store(bucket: &mut [PnEntry; 2], new: PnEntry) {
        let slot = match bucket
            .iter()
            .position(|e| e.knights == new.knights && e.markers == new.markers)
        {
            Some(slot) => slot,
            None => usize::from(bucket[1].work < bucket[0].work),
        };
        bucket[slot] = new;
    }
}

/// A proof-number solver with a fixed-size table of two-way buckets.
pub struct Dfpn {
    table: TwoSlotTable<PnEntry>,
    pub nodes: u64,
    limit: u64,
    /// The budget of a `prove_within` said stop.
    stopped: bool,
    /// Proofs with their distances that `winning_line` measured.
    walked: std::collections::HashMap<(u64, u16), Proof>,
}

/// A node: the marked squares (unreachable ones included, as in the
/// table key), the knight to move and the other.
#[derive(Clone, Copy)]
struct DuelNode {
    markers: u64,
    me: u8,
    them: u8,
}

impl DuelNode {
    fn root(markers: Bitboard, me: Square, them: Square) -> DuelNode {
        DuelNode {
            markers: markers.0,
            me: me.index() as u8,
            them: them.index() as u8,
        }
    }
}

enum Expanded {
    /// Decided for the player to move.
    Decided(bool),
    /// At most 8 jumps: no allocation.
    Children([DuelNode; 8], usize),
}

impl Dfpn {
    /// A solver whose table holds `2^table_bits` entries (two to a
    /// 64-byte bucket).
    pub fn new(table_bits: u32, node_limit: u64) -> Dfpn {
        Dfpn {
            table: TwoSlotTable::new(table_bits),
            nodes: 0,
            limit: node_limit,
            stopped: false,
            walked: Default::default(),
        }
    }

    /// Nodes a later proof may spend.
    pub fn set_node_limit(&mut self, limit: u64) {
        self.limit = limit;
    }

    /// As [`Dfpn::prove`], also stopping when `budget` says so (its clock
    /// and abort are polled, a tick a node).
    pub fn prove_within(
        &mut self,
        markers: Bitboard,
        me: Square,
        them: Square,
        budget: &mut Budget<'_>,
    ) -> Option<bool> {
        self.run(DuelNode::root(markers, me, them), &mut Some(budget))
    }

    /// Proves `root` within the node limit (and `budget`, if any): true
    /// when its player to move wins, `None` when unproved.
    fn run(&mut self, root: DuelNode, budget: &mut Option<&mut Budget<'_>>) -> Option<bool> {
        self.stopped = false;
        let limit = self.nodes.saturating_add(self.limit);
        self.mid(root, INF, INF, limit, budget);
        match self.numbers(root) {
            (0, _) => Some(true),
            (_, 0) => Some(false),
            _ => None,
        }
    }

    /// After a proof that the player to move wins: a jump that leaves the
    /// opponent proved lost (proved again if the table lost it). `None`
    /// when the win is a race decided by path lengths (the depth-first
    /// solver finds that jump) or the budget runs out.
    pub fn winning_jump(
        &mut self,
        markers: Bitboard,
        me: Square,
        them: Square,
        budget: &mut Budget<'_>,
    ) -> Option<Square> {
        let root = DuelNode::root(markers, me, them);
        if knight(root.me) & 1 << root.them != 0 {
            return Some(them);
        }
        let Expanded::Children(children, count) = self.expand(root) else {
            return None;
        };
        let lost = |c: &DuelNode, this: &Dfpn| this.numbers(*c).1 == 0;
        if let Some(c) = children[..count].iter().find(|c| lost(c, self)) {
            return Some(Square::from_index_unchecked(c.them));
        }
        let limit = self.nodes.saturating_add(self.limit);
        for c in &children[..count] {
            self.stopped = false;
            self.mid(*c, INF, INF, limit, &mut Some(&mut *budget));
            if lost(c, self) {
                return Some(Square::from_index_unchecked(c.them));
            }
        }
        None
    }

    /// True when the player to move (knight on `me`) wins; `None` when the
    /// node limit ran out.
    pub fn prove(&mut self, markers: Bitboard, me: Square, them: Square) -> Option<bool> {
        self.run(DuelNode::root(markers, me, them), &mut None)
    }

    fn index(&self, n: DuelNode) -> (usize, u16) {
        let knights = n.me as u16 | (n.them as u16) << 6;
        let h =
            crate::zobrist::mix(n.markers ^ (knights as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        (self.table.index(h), knights)
    }

    fn expand(&self, n: DuelNode) -> Expanded {
        let mine = knight(n.me);
        if mine & (1 << n.them) != 0 {
            return Expanded::Decided(true);
        }
        let safe = mine & !n.markers & !knight(n.them);
        if safe == 0 {
            return Expanded::Decided(false);
        }
        let reach_mine = flood(mine, n.markers);
        let reach_theirs = flood(knight(n.them), n.markers);
        if reach_mine & reach_theirs == 0 {
            // A small budget: the race is measured exactly only when its
            // regions are small, else searched like any node: racing large
            // regions exactly costs more time than it saves in nodes.
            let mut budget = PROOF_RACE_NODES;
            if let Some(wins) = race_winner(
                n.markers,
                n.me,
                n.them,
                reach_mine,
                reach_theirs,
                &mut budget,
            ) {
                return Expanded::Decided(wins);
            }
        }
        let dead = !(reach_mine | reach_theirs);
        let mut children = [n; 8];
        let mut count = 0;
        for t in Bitboard(safe) {
            children[count] = DuelNode {
                markers: n.markers | dead | 1 << t.index(),
                me: n.them,
                them: t.index() as u8,
            };
            count += 1;
        }
        Expanded::Children(children, count)
    }

    /// Asks the memory for bucket `i` ahead of its reading.
    #[inline]
    fn prefetch(&self, i: usize) {
        self.table.prefetch(i);
    }

    /// Proof and disproof numbers of `n` for its player to move: from the
    /// table, or the first estimate of an unseen node (twice the
    /// opponent's room to prove a win, the mover's own to prove a loss).
    fn numbers(&self, n: DuelNode) -> (u32, u32) {
        let (pn, dn, _) = self.lookup(n, self.index(n));
        (pn, dn)
    }

    /// As [`Dfpn::numbers`], with the work stored so far, at a known index.
    fn lookup(&self, n: DuelNode, (i, knights): (usize, u16)) -> (u32, u32, u32) {
        for e in self.table.bucket(i) {
            if e.knights == knights && e.markers == n.markers {
                return (e.pn, e.dn, e.work);
            }
        }
        let pn = (PROOF_PER_REPLY * room(n.markers, n.them, n.me)).max(1);
        (pn, room(n.markers, n.me, n.them).max(1), 0)
    }

    /// Stores `n`'s numbers: over its own entry, else over the bucket's
    /// entry with less work (the newest result is always kept).
    fn store(&mut self, n: DuelNode, (i, knights): (usize, u16), pn: u32, dn: u32, work: u32) {
        self.table.store(
            i,
            PnEntry {
                markers: n.markers,
                pn,
                dn,
                work,
                knights,
            },
        );
    }

    /// Expands `n` until its numbers reach the thresholds.
    fn mid(
        &mut self,
        n: DuelNode,
        th_pn: u32,
        th_dn: u32,
        limit: u64,
        budget: &mut Option<&mut Budget<'_>>,
    ) {
        let start = self.nodes;
        self.nodes += 1;
        if budget.as_mut().is_some_and(|b| b.tick()) {
            self.stopped = true;
        }
        let at = self.index(n);
        let (children, count) = match self.expand(n) {
            Expanded::Decided(wins) => {
                let (pn, dn) = if wins { (0, INF) } else { (INF, 0) };
                self.store(n, at, pn, dn, 1);
                return;
            }
            Expanded::Children(c, count) => (c, count),
        };
        let work_before = self.lookup(n, at).2;
        // The children's keys and numbers, hashed and looked up once: only
        // the child just searched changes (a transposition found through a
        // sibling is seen when that child's turn comes).
        let mut keys = [(0usize, 0u16); 8];
        let mut numbers = [(0u32, 0u32); 8];
        // Every bucket is asked for before the first is read: the reads
        // are mostly waits for memory, and this way they overlap.
        for i in 0..count {
            keys[i] = self.index(children[i]);
            self.prefetch(keys[i].0);
        }
        for i in 0..count {
            let (pn, dn, _) = self.lookup(children[i], keys[i]);
            numbers[i] = (pn, dn);
        }
        loop {
            // My proof is one child's disproof; my disproof, all their proofs.
            let mut pn = INF;
            let mut dn = 0u32;
            let mut best = 0;
            let mut second = INF;
            for (i, &(cpn, cdn)) in numbers[..count].iter().enumerate() {
                dn = dn.saturating_add(cpn).min(INF);
                if cdn < pn {
                    second = pn;
                    pn = cdn;
                    best = i;
                } else if cdn < second {
                    second = cdn;
                }
            }
            if pn >= th_pn || dn >= th_dn || self.nodes >= limit || self.stopped {
                let spent = (self.nodes - start).min(u64::from(u32::MAX)) as u32;
                self.store(n, at, pn, dn, work_before.saturating_add(spent));
                return;
            }
            let cpn = numbers[best].0;
            let child_th_pn = (th_dn - (dn - cpn)).min(INF);
            // The 1 + ε trick (ε = ¼): a child may run a little past the
            // second best before control comes back, so the search does
            // not switch between two near-equal children at every step,
            // which costs far more nodes on duel positions.
            let child_th_dn = th_pn.min(second.saturating_add(second / 4 + 1));
            self.mid(children[best], child_th_pn, child_th_dn, limit, budget);
            let (cpn, cdn, _) = self.lookup(children[best], keys[best]);
            numbers[best] = (cpn, cdn);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::brute::{brute, crowded};
    use super::*;

    #[test]
    fn proofs_agree_with_brute_force_on_crowded_boards() {
        let mut rng = crate::rng::Rng::new(21);
        let mut checked = 0;
        let mut jumps = 0;
        while checked < 300 {
            let Some((markers, me, them)) = crowded(&mut rng, 7, 10) else {
                continue;
            };
            let mut solver = Dfpn::new(14, u64::MAX);
            let sq = Square::from_index_unchecked;
            let here = format!("markers {markers:#x} me {me} them {them}");
            let wins = brute(markers, me, them);
            assert_eq!(
                solver.prove(Bitboard(markers), sq(me), sq(them)),
                Some(wins),
                "{here}"
            );
            // Within a budget the same; and a won position's jump leaves
            // the opponent lost (unless it is a race, left to the other
            // solver).
            let clock = || 0.0;
            let mut budget = Budget::new(&clock, None, None, None);
            let mut fresh = Dfpn::new(14, u64::MAX);
            let within = fresh.prove_within(Bitboard(markers), sq(me), sq(them), &mut budget);
            assert_eq!(within, Some(wins), "{here}");
            if wins {
                if let Some(to) =
                    fresh.winning_jump(Bitboard(markers), sq(me), sq(them), &mut budget)
                {
                    let t = to.index() as u8;
                    let captured = t == them;
                    assert!(
                        captured || !brute(markers | 1 << t, them, t),
                        "{here}: {to} does not win"
                    );
                    jumps += 1;
                }
            }
            checked += 1;
        }
        assert!(jumps > 50, "only {jumps} winning jumps checked");
    }

    /// A bucket keeps the entry that cost more to find: a proof worth many
    /// nodes survives a flood of cheap entries landing on the same bucket
    /// (else long runs spend most of their nodes proving the same lines
    /// again).
    #[test]
    fn the_table_keeps_costly_proofs_and_always_the_newest_entry() {
        let mut solver = Dfpn::new(1, u64::MAX);
        assert_eq!(solver.table.slots(), 2, "one bucket: every key lands in it");
        let node = |markers: u64| DuelNode {
            markers,
            me: 0,
            them: 63,
        };
        let costly = node(1);
        solver.store(costly, solver.index(costly), 0, INF, 1_000_000);
        for m in 2..100u64 {
            let cheap = node(m << 8);
            solver.store(cheap, solver.index(cheap), 3, 4, 10);
            // The newest is always kept...
            assert_eq!(solver.numbers(cheap), (3, 4));
        }
        // ...and so is the costly proof.
        assert_eq!(solver.numbers(costly), (0, INF));
        // Storing over its own entry updates it in place.
        solver.store(costly, solver.index(costly), 0, INF, 1_000_001);
        let kept = solver
            .table
            .bucket(0)
            .iter()
            .filter(|e| e.markers == 1)
            .count();
        assert_eq!(kept, 1);
        // An unseen node gets the first estimate: twice the opponent's
        // room, and the mover's own. a1 against h8 (both marked): h8
        // jumps to f7 (on to d8, d6, e5, g5 and h6) and g6 (e7, e5, f8, f4
        // and h4), a1 to b3 (c1, d2, d4, a5 and c5) and c2 (a3, b4, d4, e3
        // and e1): five onward jumps each, counted as 4.
        let sq = |s: &str| s.parse::<Square>().unwrap().index() as u8;
        let marks = |squares: &[&str]| squares.iter().fold(0u64, |m, s| m | 1 << sq(s));
        let corners = DuelNode {
            markers: marks(&["a1", "h8"]),
            me: sq("a1"),
            them: sq("h8"),
        };
        assert_eq!(solver.numbers(corners), (16, 8));
        // With c1, d2 and d4 marked, b3 goes on only to a5 and c5 (2) and
        // c2 to a3, b4, e3 and e1 (4); with a5 and c5 marked too, b3 is a
        // dead end and counts nothing.
        let hemmed = DuelNode {
            markers: corners.markers | marks(&["c1", "d2", "d4"]),
            ..corners
        };
        assert_eq!(solver.numbers(hemmed), (16, 6));
        let dead_end = DuelNode {
            markers: hemmed.markers | marks(&["a5", "c5"]),
            ..corners
        };
        assert_eq!(solver.numbers(dead_end), (16, 4));
        // A jump onto a square the other knight attacks is not safe. b1
        // jumps to a3, c3 and d2; e4 attacks c3 and d2: a3 is left, going
        // on to c2, c4 and b5 (3). e4 jumps to d2, f2, c3, g3, c5, g5, d6
        // and f6; b1 attacks a3, c3 and d2: six are left, each going on to
        // at least 4 free squares.
        let close = DuelNode {
            markers: marks(&["b1", "e4"]),
            me: sq("b1"),
            them: sq("e4"),
        };
        assert_eq!(solver.numbers(close), (2 * 6 * 4, 3));
    }

    /// A budget that says stop ends the proof without a result.
    #[test]
    fn an_exhausted_budget_stops_the_proof() {
        let clock = || 0.0;
        let abort = || true;
        let mut budget = Budget::new(&clock, None, None, Some(&abort));
        let mut solver = Dfpn::new(14, u64::MAX);
        let sq = |s: &str| s.parse::<Square>().unwrap();
        // A setup: far too big to prove in a few polls.
        let markers = Bitboard::from_square(sq("d4")) | Bitboard::from_square(sq("d5"));
        assert_eq!(
            solver.prove_within(markers, sq("d4"), sq("d5"), &mut budget),
            None
        );
        assert!(solver.nodes < 10_000, "{} nodes", solver.nodes);
    }
}
