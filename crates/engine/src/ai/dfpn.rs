//! Depth-first proof-number search (df-pn) for the Attrition duel: proves
//! who wins a position, spending its effort on the lines that look easiest
//! to prove. Used to solve the duel's setups, where plain depth-first
//! search drowns in long games. Shares the duel's facts (parity,
//! separation) with [`super::duel`].

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
}

/// A node: the marked squares (unreachable ones included, as in the
/// table key), the knight to move and the other.
#[derive(Clone, Copy)]
struct Node {
    markers: u64,
    me: u8,
    them: u8,
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
        }
    }

    /// True when the player to move (knight on `me`) wins; `None` when the
    /// node limit ran out.
    pub fn prove(&mut self, markers: Bitboard, me: Square, them: Square) -> Option<bool> {
        let root = Node {
            markers: markers.0,
            me: me.index() as u8,
            them: them.index() as u8,
        };
        let start = self.nodes;
        self.mid(root, INF, INF, start.saturating_add(self.limit));
        let (pn, dn) = self.lookup(root);
        match (pn, dn) {
            (0, _) => Some(true),
            (_, 0) => Some(false),
            _ => None,
        }
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
    fn mid(&mut self, n: Node, th_pn: u32, th_dn: u32, limit: u64) {
        self.nodes += 1;
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
            if pn >= th_pn || dn >= th_dn || self.nodes >= limit {
                self.store(n, pn, dn);
                return;
            }
            let (cpn, _) = self.lookup(children[best]);
            let child_th_pn = (th_dn - (dn - cpn)).min(INF);
            let child_th_dn = th_pn.min(second.saturating_add(1));
            self.mid(children[best], child_th_pn, child_th_dn, limit);
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
            assert_eq!(
                solver.prove(Bitboard(markers), sq(me), sq(them)),
                Some(brute(markers, me, them)),
                "markers {markers:#x} me {me} them {them}"
            );
            checked += 1;
        }
    }
}
