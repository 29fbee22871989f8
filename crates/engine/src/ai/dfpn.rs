//! Depth-first proof-number search (df-pn) for the Attrition duel: proves
//! who wins a position, spending its effort on the lines that look easiest
//! to prove. Used to solve the duel's setups, where plain depth-first
//! search drowns in long games. Shares the duel's facts (parity,
//! separation) with [`super::duel`].

use super::budget::Budget;
use super::duel::{flood, knight, race_winner};
use crate::bitboard::Bitboard;
use crate::square::Square;

const INF: u32 = u32::MAX / 2;

#[derive(Clone, Copy)]
struct Entry {
    markers: u64,
    knights: u16,
    pn: u32,
    dn: u32,
}

/// A proof-number solver with a fixed-size table.
pub struct Dfpn {
    table: Vec<Option<Entry>>,
    mask: usize,
    pub nodes: u64,
    limit: u64,
    /// The budget of a `prove_within` said stop.
    stopped: bool,
}

/// A node: the marked squares (unreachable ones included, as in the
/// table key), the knight to move and the other.
#[derive(Clone, Copy)]
struct Node {
    markers: u64,
    me: u8,
    them: u8,
}

impl Node {
    fn root(markers: Bitboard, me: Square, them: Square) -> Node {
        Node {
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
    Children([Node; 8], usize),
}

impl Dfpn {
    pub fn new(table_bits: u32, node_limit: u64) -> Dfpn {
        Dfpn {
            table: vec![None; 1 << table_bits],
            mask: (1 << table_bits) - 1,
            nodes: 0,
            limit: node_limit,
            stopped: false,
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
        self.run(Node::root(markers, me, them), &mut Some(budget))
    }

    /// Proves `root` within the node limit (and `budget`, if any): true
    /// when its player to move wins, `None` when unproved.
    fn run(&mut self, root: Node, budget: &mut Option<&mut Budget<'_>>) -> Option<bool> {
        self.stopped = false;
        let limit = self.nodes.saturating_add(self.limit);
        self.mid(root, INF, INF, limit, budget);
        match self.lookup(root) {
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
        let root = Node::root(markers, me, them);
        if knight(root.me) & 1 << root.them != 0 {
            return Some(them);
        }
        let Expanded::Children(children, count) = self.expand(root) else {
            return None;
        };
        let lost = |c: &Node, this: &Dfpn| this.lookup(*c).1 == 0;
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
        self.run(Node::root(markers, me, them), &mut None)
    }

    fn index(&self, n: Node) -> (usize, u16) {
        let knights = n.me as u16 | (n.them as u16) << 6;
        let h =
            crate::zobrist::mix(n.markers ^ (knights as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        (h as usize & self.mask, knights)
    }

    fn expand(&self, n: Node) -> Expanded {
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
            let mut budget = 20_000;
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
            children[count] = Node {
                markers: n.markers | dead | 1 << t.index(),
                me: n.them,
                them: t.index() as u8,
            };
            count += 1;
        }
        Expanded::Children(children, count)
    }

    /// Proof and disproof numbers of `n` for its player to move: from the
    /// table, or the first estimate of an unseen node (1 to prove a win,
    /// as many as its moves to prove a loss).
    fn lookup(&self, n: Node) -> (u32, u32) {
        let (i, knights) = self.index(n);
        if let Some(e) = self.table[i] {
            if e.markers == n.markers && e.knights == knights {
                return (e.pn, e.dn);
            }
        }
        let replies = (knight(n.me) & !n.markers & !knight(n.them)).count_ones();
        (1, replies.max(1))
    }

    fn store(&mut self, n: Node, pn: u32, dn: u32) {
        let (i, knights) = self.index(n);
        self.table[i] = Some(Entry {
            markers: n.markers,
            knights,
            pn,
            dn,
        });
    }

    /// Expands `n` until its numbers reach the thresholds.
    fn mid(
        &mut self,
        n: Node,
        th_pn: u32,
        th_dn: u32,
        limit: u64,
        budget: &mut Option<&mut Budget<'_>>,
    ) {
        self.nodes += 1;
        if budget.as_mut().is_some_and(|b| b.tick()) {
            self.stopped = true;
        }
        let children = match self.expand(n) {
            Expanded::Decided(wins) => {
                let (pn, dn) = if wins { (0, INF) } else { (INF, 0) };
                self.store(n, pn, dn);
                return;
            }
            Expanded::Children(c, count) => (c, count),
        };
        let children = &children.0[..children.1];
        loop {
            // My proof is one child's disproof; my disproof, all their proofs.
            let mut pn = INF;
            let mut dn = 0u32;
            let mut best = 0;
            let mut second = INF;
            for (i, &c) in children.iter().enumerate() {
                let (cpn, cdn) = self.lookup(c);
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
                self.store(n, pn, dn);
                return;
            }
            let (cpn, _) = self.lookup(children[best]);
            let child_th_pn = (th_dn - (dn - cpn)).min(INF);
            // The 1 + ε trick (ε = ¼): a child may run a little past the
            // second best before control comes back, so the search does
            // not switch between two near-equal children at every step.
            // Halved the nodes to a proof on duel positions (ε = ½: worse).
            let child_th_dn = th_pn.min(second.saturating_add(second / 4 + 1));
            self.mid(children[best], child_th_pn, child_th_dn, limit, budget);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::duel::tests::brute;
    use super::*;

    #[test]
    fn proofs_agree_with_brute_force_on_crowded_boards() {
        let mut rng = crate::rng::Rng::new(21);
        let mut checked = 0;
        let mut jumps = 0;
        while checked < 300 {
            let mut markers = 0u64;
            for i in 0..64 {
                if rng.below(10) < 7 {
                    markers |= 1 << i;
                }
            }
            let (me, them) = (rng.below(64) as u8, rng.below(64) as u8);
            if me == them {
                continue;
            }
            markers |= 1 << me | 1 << them;
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
