//! The last three placements where a piece may go anywhere (`lewicki-free`,
//! `brainking-classic`), read in one pass with White's reply between
//! Black's two fixed: what the search refutes a whole node three from the
//! end with, where Black loses (each of Black's placements answered by
//! White's killer, then Black's best last placement).
//!
//! As four from the end ([`super::last_four`]): Black's two placements in
//! either order end on the same board, so each pair is scored once for
//! both orders, Black's last from a scratch position with the other two
//! placed.

use super::last_four::{Around, PairPass, Pass};
use super::notation::Move;
use super::piece::Color;
use super::position::{Position, PLIES};
use crate::bitboard::Bitboard;

impl Position {
    /// The lowest margin (White's score minus Black's) over Black's next
    /// two placements, White answering the first with `reply`. Black's
    /// placements on `reply`'s square, which it cannot answer, and those
    /// in a line below `limit` are left out and named, to be searched.
    /// `None` once too many are below the limit, or where no pair is; where
    /// the rule set is not one where a piece may go anywhere; not three
    /// placements from the end; or where `reply` cannot follow.
    pub fn lowest_after_reply(&self, reply: Move, limit: i32) -> Option<PairPass> {
        if !self.options.rules.places_anywhere()
            || self.ply() + 3 != PLIES
            || self.occupied.contains(reply.square)
            || self.in_hand(Color::White, reply.kind) == 0
        {
            return None;
        }
        let [x, y] = self.two_kinds(Color::Black)?;
        // Black's margin is White's turned round.
        let mut pass = Pass::<3>::new(limit.saturating_neg());
        let open = !self.occupied & !Bitboard::from_square(reply.square);
        let around = Around::new(self, &[Some(reply)]);
        around.each_pair([x, y], open, |b, r, margin| {
            pass.score(-margin, [b, reply, r], true)?;
            Some(pass.matters_above())
        })?;
        let (line, margin) = pass.highest?;
        for kind in [x, y] {
            pass.leave(Move {
                kind,
                square: reply.square,
            });
        }
        // Counted as the search counts what it stands for: per first
        // placement, White's node and Black's last placement solved.
        let firsts = open.count() * if x == y { 1 } else { 2 };
        Some(PairPass {
            line: line.to_vec(),
            margin: -margin,
            scored: 2 * firsts,
            unanswered: pass.unanswered,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cheversi::{Options, RuleSet};
    use crate::rng::Rng;

    /// Every Black placement the pass answers is worth no less (to White)
    /// than the margin it names, Black's best last placement following
    /// White's fixed reply; with no limit, the margin is the lowest of
    /// those, and its line's, made; at a limit above a few placements'
    /// values, those are left to be searched.
    #[test]
    fn the_pairs_read_in_one_pass_bound_every_placement_they_answer() {
        let mut rng = Rng::new(0x3b1d);
        let (mut answered, mut left_out) = (0, 0);
        for options in Options::every() {
            let free = RuleSet::ANYWHERE.contains(&options.rules);
            for _ in 0..6 {
                let pos = Position::random_with_left(options, 3, &mut rng);
                // White's reply: the best after a Black placement drawn at
                // random, as a killer is.
                let mut after = pos.clone();
                after.place_unchecked(after.random_placement(&mut rng));
                let margins = after.margins();
                let reply = after
                    .targets()
                    .moves()
                    .max_by_key(|&w| margins.after(w))
                    .unwrap();
                if !free {
                    assert_eq!(pos.lowest_after_reply(reply, i32::MIN), None);
                    continue;
                }
                // Brute force: Black's best last placement after each first
                // and the reply (`None` where the reply cannot follow).
                let values: Vec<(Move, Option<i32>)> = pos
                    .targets()
                    .moves()
                    .map(|b| {
                        let mut child = pos.clone();
                        child.place_unchecked(b);
                        if !child.targets().contains(reply) {
                            return (b, None);
                        }
                        child.place_unchecked(reply);
                        let margins = child.margins();
                        (b, child.targets().moves().map(|r| margins.after(r)).min())
                    })
                    .collect();
                let mut known: Vec<i32> = values.iter().filter_map(|v| v.1).collect();
                known.sort_unstable();
                for limit in [i32::MIN, known[1], known[5], known[11]] {
                    let Some(found) = pos.lowest_after_reply(reply, limit) else {
                        assert!(limit > i32::MIN, "{options:?}");
                        continue;
                    };
                    assert!(found.margin >= limit);
                    let mut end = pos.clone();
                    for &mv in &found.line {
                        assert!(end.targets().contains(mv), "{options:?} {:?}", found.line);
                        end.place_unchecked(mv);
                    }
                    assert_eq!(end.margin(), found.margin, "{options:?}");
                    let mut lowest = i32::MAX;
                    for &(b, value) in &values {
                        if found.unanswered.contains(&b) {
                            left_out += 1;
                            continue;
                        }
                        let value = value.expect("White's reply follows");
                        assert!(value >= found.margin, "{options:?} {b:?}");
                        lowest = lowest.min(value);
                        answered += 1;
                    }
                    if limit == i32::MIN {
                        assert_eq!(lowest, found.margin, "{options:?}: the lowest line");
                    }
                }
            }
        }
        assert!(answered > 4_000 && left_out > 300, "{answered} {left_out}");
    }
}
