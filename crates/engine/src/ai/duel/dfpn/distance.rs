//! "Wins in N" after a df-pn proof. df-pn says who wins, not how soon; the
//! depth-first solver gives distances but proves next to nothing early in
//! the duel. This walks the proof df-pn left in its table: the winner takes
//! the proved jump with the shortest line, the loser resists longest, and
//! races are measured by their paths. The result is the length of a
//! winning strategy, so an upper bound on the shortest win, the same kind
//! of number the depth-first solver gives (`super::super::duel`'s docs).
//! Entries the table lost are proved again.

use std::collections::HashMap;

use super::{Dfpn, DuelNode, Expanded, INF};
use crate::ai::budget::Budget;
use crate::ai::duel::facts::{flood, greedy_path, knight, path_bound, race_paths, Proof};
use crate::bitboard::Bitboard;
use crate::square::Square;

/// Path nodes a race's exact length may cost before its bounds are used.
/// Small: long exact races slow the walk, and fewer wins then get a
/// distance within the Master's time (`cheversi bench --ai --only duel`).
const RACE_NODES: u64 = 2_000;

/// Walked positions kept between calls, at most (about 8 MB).
const WALKED_MOST: usize = 1 << 18;

struct Walk<'b, 'c> {
    known: HashMap<(u64, u16), Proof>,
    limit: u64,
    budget: &'b mut Budget<'c>,
}

impl Dfpn {
    /// After [`Dfpn::prove_within`] found a win for the player to move:
    /// the line (the jump to make first, then the squares each knight in
    /// turn jumps to, as far as the walk saw: at most [`LINE_PLIES`]) and
    /// within how many plies the win comes (see the module docs). `None`
    /// when the budget or node limit ran out, or the position is not a
    /// win.
    pub fn winning_line(
        &mut self,
        markers: Bitboard,
        me: Square,
        them: Square,
        budget: &mut Budget<'_>,
    ) -> Option<(Vec<Square>, u16)> {
        let root = DuelNode::root(markers, me, them);
        if knight(root.me) & 1 << root.them != 0 {
            return Some((vec![them], 1));
        }
        self.walking(budget, |this, walk| this.walk_root(root, walk))
    }

    /// After [`Dfpn::prove_within`] found a loss for the player to move:
    /// the longest resistance, as [`Dfpn::winning_line`] gives the
    /// shortest win (the jump that holds out longest, the line after it,
    /// and within how many plies the opponent wins). The line is empty
    /// where a race decides (its paths were measured, not walked). `None`
    /// when the budget or node limit ran out, or the position is not a
    /// loss.
    pub fn losing_line(
        &mut self,
        markers: Bitboard,
        me: Square,
        them: Square,
        budget: &mut Budget<'_>,
    ) -> Option<(Vec<Square>, u16)> {
        let root = DuelNode::root(markers, me, them);
        self.walking(budget, |this, walk| {
            let lost = this.proof(root, walk).filter(|p| !p.wins)?;
            Some((this.line_from(root, walk), lost.plies))
        })
    }

    /// Runs `f` with the walk's memory: what earlier walks measured stays
    /// true (keys are whole positions), so a walk stopped by its budget
    /// resumes in the next call, as the analysis's searches follow one
    /// another.
    fn walking<T>(
        &mut self,
        budget: &mut Budget<'_>,
        f: impl FnOnce(&mut Dfpn, &mut Walk<'_, '_>) -> Option<T>,
    ) -> Option<T> {
        let mut walk = Walk {
            known: std::mem::take(&mut self.walked),
            limit: self.nodes.saturating_add(self.limit),
            budget,
        };
        let found = f(self, &mut walk);
        self.walked = walk.known;
        if self.walked.len() > WALKED_MOST {
            self.walked.clear();
        }
        found
    }

    fn walk_root(&mut self, root: DuelNode, walk: &mut Walk<'_, '_>) -> Option<(Vec<Square>, u16)> {
        // Children keyed as df-pn keys them (squares neither knight can
        // reach again are marked), so the table's proofs are found.
        let (mine, theirs) = (knight(root.me), knight(root.them));
        let dead = !(flood(mine, root.markers) | flood(theirs, root.markers));
        let mut children = [root; 8];
        let mut count = 0;
        for t in Bitboard(mine & !root.markers & !theirs) {
            children[count] = DuelNode {
                markers: root.markers | dead | 1 << t.index(),
                me: root.them,
                them: t.index() as u8,
            };
            count += 1;
        }
        let (i, plies) = self.shortest_win(&children[..count], walk)?;
        let mut line = vec![Square::from_index_unchecked(children[i].them)];
        line.extend(self.line_from(children[i], walk));
        Some((line, plies))
    }

    /// The line from `n` as the walk measured it: the winner's shortest
    /// win, the loser's longest resistance, until a capture, a race (its
    /// paths were measured, not walked) or [`LINE_PLIES`].
    fn line_from(&self, mut n: DuelNode, walk: &Walk<'_, '_>) -> Vec<Square> {
        let mut line = Vec::new();
        while line.len() + 2 < LINE_PLIES {
            let Some(here) = seen(n, walk) else { break };
            if here.wins && knight(n.me) & 1 << n.them != 0 {
                line.push(Square::from_index_unchecked(n.them));
                break;
            }
            if !here.wins && knight(n.me) & !n.markers & !knight(n.them) == 0 {
                // Every jump walks into capture (or none is left): one
                // such jump, and the capture on its square.
                if let Some(t) = Bitboard(knight(n.me) & !n.markers).first() {
                    line.extend([t, t]);
                }
                break;
            }
            let Expanded::Children(children, count) = self.expand(n) else {
                break;
            };
            // The child whose value makes this node's: a loss for the
            // opponent one ply shorter, or a win one ply shorter.
            let Some(&next) = children[..count].iter().find(|&&c| {
                seen(c, walk).is_some_and(|p| p.wins != here.wins && p.plies + 1 == here.plies)
            }) else {
                break;
            };
            line.push(Square::from_index_unchecked(next.them));
            n = next;
        }
        line
    }

    /// For a won node with these children: the child to jump to and the
    /// plies to the win. The shortest among the jumps the table proves
    /// lost for the opponent (and races, measured at once); if it lost
    /// them all, the first proved again.
    fn shortest_win(
        &mut self,
        children: &[DuelNode],
        walk: &mut Walk<'_, '_>,
    ) -> Option<(usize, u16)> {
        let mut shortest: Option<(usize, u16)> = None;
        for (i, &c) in children.iter().enumerate() {
            if self.numbers(c).1 == 0 || separated(c) {
                let reply = self.proof(c, walk)?;
                if !reply.wins && shortest.is_none_or(|(_, s)| reply.plies + 1 < s) {
                    shortest = Some((i, reply.plies + 1));
                }
            }
        }
        if shortest.is_some() {
            return shortest;
        }
        for (i, &c) in children.iter().enumerate() {
            if !self.value(c, walk)? {
                return Some((i, self.proof(c, walk)?.plies + 1));
            }
        }
        None
    }

    /// `n`'s result and distance for its player to move.
    fn proof(&mut self, n: DuelNode, walk: &mut Walk<'_, '_>) -> Option<Proof> {
        if walk.budget.tick() || self.nodes >= walk.limit {
            return None;
        }
        if let Some(p) = seen(n, walk) {
            return Some(p);
        }
        let key = (n.markers, n.me as u16 | (n.them as u16) << 6);
        let proof = match race(n) {
            Some(p) => p,
            None => self.searched(n, walk)?,
        };
        walk.known.insert(key, proof);
        Some(proof)
    }

    /// A node that is not a race: its value from the table (proved again
    /// if lost), its distance from its children.
    fn searched(&mut self, n: DuelNode, walk: &mut Walk<'_, '_>) -> Option<Proof> {
        let wins = self.value(n, walk)?;
        let Expanded::Children(children, count) = self.expand(n) else {
            // Decided by a race's bounds, not measured (`race` was).
            return None;
        };
        let children = &children[..count];
        if !wins {
            // Every jump loses: the longest resistance.
            let mut longest = 0;
            for &c in children {
                let reply = self.proof(c, walk)?;
                if !reply.wins {
                    return None; // The table contradicts itself.
                }
                longest = longest.max(reply.plies + 1);
            }
            return Some(Proof {
                wins: false,
                plies: longest,
            });
        }
        let (_, plies) = self.shortest_win(children, walk)?;
        Some(Proof { wins: true, plies })
    }

    /// Whether `n`'s player to move wins: from the table, or proved again.
    fn value(&mut self, n: DuelNode, walk: &mut Walk<'_, '_>) -> Option<bool> {
        let decided = |numbers: (u32, u32)| match numbers {
            (0, _) => Some(true),
            (_, 0) => Some(false),
            _ => None,
        };
        if let Some(wins) = decided(self.numbers(n)) {
            return Some(wins);
        }
        self.stopped = false;
        self.mid(n, INF, INF, walk.limit, &mut Some(&mut *walk.budget));
        decided(self.numbers(n))
    }
}

/// Plies of a line the walk reports (the analysis shows a line this long).
pub const LINE_PLIES: usize = 12;

/// `n`'s proof if the walk measured it: the end of the game, or its record.
fn seen(n: DuelNode, walk: &Walk<'_, '_>) -> Option<Proof> {
    let mine = knight(n.me);
    if mine & 1 << n.them != 0 {
        return Some(Proof {
            wins: true,
            plies: 1,
        });
    }
    let safe = mine & !n.markers & !knight(n.them);
    if safe == 0 {
        // Stuck, or every jump walks into capture (one more ply).
        let walks_in = mine & !n.markers != 0;
        return Some(Proof {
            wins: false,
            plies: if walks_in { 2 } else { 0 },
        });
    }
    let key = (n.markers, n.me as u16 | (n.them as u16) << 6);
    walk.known.get(&key).copied()
}

/// Whether the knights can never meet again.
fn separated(n: DuelNode) -> bool {
    flood(knight(n.me), n.markers) & flood(knight(n.them), n.markers) == 0
}

/// The result of a race (knights that can never meet), with the path
/// lengths measured, or bounded from above when they are too long to
/// measure: either way a strategy's length. `None` when not a race or the
/// bounds do not decide it.
fn race(n: DuelNode) -> Option<Proof> {
    let mine = flood(knight(n.me), n.markers);
    let theirs = flood(knight(n.them), n.markers);
    if mine & theirs != 0 {
        return None;
    }
    let mut budget = RACE_NODES;
    let (a, b) = match race_paths(n.markers, n.me, n.them, mine, theirs, &mut budget) {
        Some(paths) => paths,
        None => {
            let (free_a, free_b) = (!n.markers & mine, !n.markers & theirs);
            if greedy_path(n.me, free_a) > path_bound(n.them, free_b) {
                (u32::MAX, path_bound(n.them, free_b))
            } else if path_bound(n.me, free_a) <= greedy_path(n.them, free_b) {
                (path_bound(n.me, free_a), 0)
            } else {
                return None;
            }
        }
    };
    // The player to move is stuck after 2a plies, the other after 2b + 1;
    // the winner needs only a longer path than the loser's longest.
    Some(if a > b {
        Proof {
            wins: true,
            plies: (2 * b + 1) as u16,
        }
    } else {
        Proof {
            wins: false,
            plies: (2 * a) as u16,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::duel::brute::{brute_distance, crowded};

    /// The line is legal, and along it the winner keeps a win within the
    /// plies left and the loser stays lost (plain minimax).
    fn check_line(
        mut markers: u64,
        mut me: u8,
        mut them: u8,
        line: &[Square],
        plies: u16,
        here: &str,
    ) {
        assert!(line.len() <= LINE_PLIES, "{here}");
        for (i, to) in line.iter().enumerate() {
            let t = to.index() as u8;
            assert!(
                knight(me) & 1 << t != 0,
                "{here}: {line:?} ply {i} is no jump"
            );
            if t == them {
                assert_eq!(
                    i + 1,
                    line.len(),
                    "{here}: {line:?} goes on after a capture"
                );
                // The measured line itself: the winner's shortest against
                // the longest resistance.
                assert_eq!(line.len(), usize::from(plies), "{here}: {line:?}");
                return;
            }
            assert!(
                markers & 1 << t == 0,
                "{here}: {line:?} ply {i} lands on a marker"
            );
            (markers, me, them) = (markers | 1 << t, them, t);
            let left = plies - 1 - i as u16;
            let after = brute_distance(markers, me, them);
            let winner_moved = i % 2 == 0;
            assert_eq!(after.wins, !winner_moved, "{here}: {line:?} after ply {i}");
            assert!(after.plies <= left, "{here}: {line:?} after ply {i}");
        }
    }

    /// A crowded board whose player to move wins (`wins`) or loses with a
    /// jump left, as plain minimax says, proved so by df-pn, and the line
    /// the walk measured there (the shortest win, or the longest
    /// resistance). A tiny table makes the walk prove lost entries again.
    struct Walked {
        markers: u64,
        me: u8,
        them: u8,
        /// Plain minimax's distance.
        expected: Proof,
        line: Vec<Square>,
        plies: u16,
        /// The board, for failure messages.
        here: String,
    }

    fn walked_crowded(rng: &mut crate::rng::Rng, wins: bool, tiny_table: bool) -> Walked {
        loop {
            let Some((markers, me, them)) = crowded(rng, 13, 20) else {
                continue;
            };
            let expected = brute_distance(markers, me, them);
            if expected.wins != wins || !wins && knight(me) & !markers == 0 {
                continue;
            }
            let here = format!("markers {markers:#x} me {me} them {them}");
            let (b, m, t) = (
                Bitboard(markers),
                Square::from_index_unchecked(me),
                Square::from_index_unchecked(them),
            );
            let mut solver = Dfpn::new(if tiny_table { 3 } else { 16 }, u64::MAX);
            let clock = || 0.0;
            let mut budget = Budget::new(&clock, None, None, None);
            assert_eq!(
                solver.prove_within(b, m, t, &mut budget),
                Some(wins),
                "{here}"
            );
            let walked = if wins {
                solver.winning_line(b, m, t, &mut budget)
            } else {
                solver.losing_line(b, m, t, &mut budget)
            };
            let (line, plies) = walked.unwrap_or_else(|| panic!("{here}: no line"));
            return Walked {
                markers,
                me,
                them,
                expected,
                line,
                plies,
                here,
            };
        }
    }

    /// A walk stopped by its budget resumes in the next call: calls each
    /// given a quarter of what the whole walk costs reach the distance (a
    /// fresh walk in each call never would).
    #[test]
    fn a_stopped_walk_resumes_in_the_next_call() {
        let mut rng = crate::rng::Rng::new(77);
        let clock = || 0.0;
        let (pos, a, b) = loop {
            let Some((pos, _, a, b)) = crate::ai::duel::random::random_position(&mut rng, 3) else {
                continue;
            };
            let mut pn = Dfpn::new(16, u64::MAX);
            if pn.prove(pos.markers(), a, b) == Some(true) {
                break (pos, a, b);
            }
        };
        let mut whole = Dfpn::new(16, u64::MAX);
        whole.prove(pos.markers(), a, b);
        let mut budget = Budget::new(&clock, None, None, None);
        let expected = whole
            .winning_line(pos.markers(), a, b, &mut budget)
            .unwrap();
        let cost = budget.nodes;
        assert!(
            cost > 4 * 4096,
            "a walk of {cost} nodes is too small to split"
        );
        let mut pn = Dfpn::new(16, u64::MAX);
        pn.prove(pos.markers(), a, b);
        let mut calls = 0;
        let found = loop {
            calls += 1;
            let mut part = Budget::new(&clock, None, Some(cost / 4), None);
            if let Some(line) = pn.winning_line(pos.markers(), a, b, &mut part) {
                break line;
            }
            assert!(calls < 40, "no distance after {calls} calls");
        };
        assert!(calls > 1, "a quarter of the cost was enough");
        assert_eq!(found.1, expected.1);
    }

    /// On crowded boards, against plain minimax: the distance is never
    /// shorter than the shortest win, the jump given wins within it, and
    /// most distances are exact.
    #[test]
    fn winning_lines_win_within_their_distance() {
        let mut rng = crate::rng::Rng::new(31);
        let (mut checked, mut exact, mut long_lines) = (0, 0, 0);
        while checked < 300 {
            let Walked {
                markers,
                me,
                them,
                expected,
                line,
                plies,
                here,
            } = walked_crowded(&mut rng, true, checked % 2 == 1);
            let to = line[0];
            check_line(markers, me, them, &line, plies, &here);
            // The line goes on to the capture, a race, or its end.
            long_lines += usize::from(line.len() >= 3);
            assert!(expected.plies <= plies, "{here}: {plies} < {expected:?}");
            // The winner moves last: a capture, or the loser stuck.
            assert_eq!(plies % 2, 1, "{here}");
            let t = to.index() as u8;
            if t != them {
                let reply = brute_distance(markers | 1 << t, them, t);
                assert!(!reply.wins, "{here}: {to} does not win");
                assert!(
                    reply.plies < plies,
                    "{here}: {to} needs {} plies",
                    reply.plies + 1
                );
            } else {
                assert_eq!(plies, 1, "{here}");
            }
            exact += usize::from(plies == expected.plies);
            checked += 1;
        }
        assert!(
            exact > checked * 3 / 4,
            "only {exact} of {checked} distances exact"
        );
        assert!(
            long_lines > checked / 4,
            "only {long_lines} lines of 3 plies or more"
        );
    }

    /// Lost positions on crowded boards, against plain minimax: the
    /// opponent wins within the distance whatever the loser does (so it
    /// is never shorter than the longest resistance), the winner moves
    /// last, and the line's first jump holds out that long.
    #[test]
    fn losing_lines_hold_out_as_long_as_they_say() {
        let mut rng = crate::rng::Rng::new(43);
        let (mut checked, mut exact) = (0, 0);
        while checked < 300 {
            let Walked {
                markers,
                me,
                them,
                expected,
                line,
                plies,
                here,
            } = walked_crowded(&mut rng, false, checked % 2 == 1);
            assert!(expected.plies <= plies, "{here}: {plies} < {expected:?}");
            assert_eq!(plies % 2, 0, "{here}: the winner moves last");
            if let Some(&to) = line.first() {
                let t = to.index() as u8;
                assert!(
                    knight(me) & !markers & 1 << t != 0,
                    "{here}: {to} is no jump"
                );
                let reply = brute_distance(markers | 1 << t, them, t);
                assert!(reply.wins, "{here}: {to} is no loss");
                assert!(
                    reply.plies < plies,
                    "{here}: {to} loses in {}",
                    reply.plies + 1
                );
            }
            exact += usize::from(plies == expected.plies);
            checked += 1;
        }
        assert!(
            exact > checked * 3 / 4,
            "only {exact} of {checked} distances exact"
        );
    }
}
