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
use crate::attacks::{king_attacks, neighbours_of};
use crate::bitboard::Bitboard;
use crate::cheversi::Color;
use crate::cheversi::Kind;
use crate::cheversi::Move;
use crate::cheversi::RuleSet;
use crate::cheversi::{Position, PLIES};

impl Position {
    /// The lowest margin (White's score minus Black's) over Black's next
    /// two placements, White answering the first with `reply`. Black's
    /// placements on `reply`'s square, which it cannot answer, and those
    /// in a line below `limit` are left out and named, to be searched.
    /// `None` once too many are below the limit, or where no pair is; where
    /// the rule set is not one where a piece may go anywhere or
    /// `brainking`; not three placements from the end; or where `reply`
    /// cannot follow.
    pub fn lowest_after_reply(&self, reply: Move, limit: i32) -> Option<PairPass> {
        if self.ply() + 3 != PLIES
            || self.occupied.contains(reply.square)
            || self.in_hand(Color::White, reply.kind) == 0
        {
            return None;
        }
        let open = !self.occupied & !Bitboard::from_square(reply.square);
        let (kinds, squares, either_first) = if self.options.rules.places_anywhere() {
            (self.two_kinds(Color::Black)?, [open, open], true)
        } else if self.options.rules == RuleSet::Brainking {
            self.touching_pairs(reply)?
        } else {
            return None;
        };
        // Black's margin is White's turned round.
        let mut pass = Pass::<3>::new(limit.saturating_neg());
        let around = Around::new(self, &[Some(reply)]);
        around.each_pair(kinds, squares, |b, r, margin| {
            pass.score(-margin, [b, reply, r], either_first)?;
            Some(pass.matters_above())
        })?;
        let (line, margin) = pass.highest?;
        // Also unanswered: Black's firsts on the reply's square, and those
        // the reply cannot follow (rule 4: they take the last empty square
        // next to it), where the rules let Black place them.
        let targets = self.targets();
        let first_kinds = if either_first {
            &kinds[..]
        } else {
            &kinds[..1]
        };
        for &kind in first_kinds {
            let on_reply = Bitboard::from_square(reply.square);
            for square in targets.get(kind) & (on_reply | (open & !squares[0])) {
                pass.leave(Move { kind, square });
            }
        }
        // Counted as the search counts what it stands for: per first
        // placement, White's node and Black's last placement solved.
        let firsts = if either_first && kinds[0] != kinds[1] {
            2 * squares[0].count()
        } else {
            squares[0].count()
        };
        Some(PairPass {
            line: line.to_vec(),
            margin: -margin,
            scored: 2 * firsts,
            unanswered: pass.unanswered,
        })
    }

    /// In `brainking`, Black's two last placements around White's `reply`
    /// (White's last piece, touching a piece already placed): the piece
    /// besides the King on the squares it may take, each leaving the reply
    /// an empty square next to it (rule 4), then the King on those squares
    /// (rule 3); one order only. `None` where the reply would touch only
    /// Black's first piece, or breaks rule 4 or 5 whatever Black places.
    fn touching_pairs(&self, reply: Move) -> Option<([Kind; 2], [Bitboard; 2], bool)> {
        let [x, y] = self.two_kinds(Color::Black)?;
        let first = if x == Kind::King { y } else { x };
        let kings = king_attacks(reply.square) & !self.occupied;
        let touches = neighbours_of(self.occupied).contains(reply.square);
        let bishop_colour =
            reply.kind != Kind::Bishop || self.bishop_squares(Color::White).contains(reply.square);
        if !touches || kings.is_empty() || !bishop_colour {
            return None;
        }
        let mut firsts = self.targets().get(first) & !Bitboard::from_square(reply.square);
        if kings.count() == 1 {
            firsts &= !kings;
        }
        Some(([first, Kind::King], [firsts, kings], false))
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
        let (mut answered, mut left_out, mut touching_answered) = (0, 0, 0);
        for options in Options::every() {
            let free =
                RuleSet::ANYWHERE.contains(&options.rules) || options.rules == RuleSet::Brainking;
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
                // In `brainking` the reply may touch only Black's first.
                let touching = neighbours_of(pos.occupied).contains(reply.square);
                let limits = [
                    Some(i32::MIN),
                    known.get(1).copied(),
                    known.get(5).copied(),
                    known.get(11).copied(),
                ];
                for limit in limits.into_iter().flatten() {
                    let Some(found) = pos.lowest_after_reply(reply, limit) else {
                        assert!(limit > i32::MIN || !touching, "{options:?}");
                        continue;
                    };
                    assert!(found.margin >= limit);
                    let mut end = pos.clone();
                    for &mv in &found.line {
                        assert!(end.targets().contains(mv), "{options:?} {:?}", found.line);
                        end.place_unchecked(mv);
                    }
                    assert_eq!(end.margin(), found.margin, "{options:?}");
                    for &mv in &found.unanswered {
                        assert!(pos.targets().contains(mv), "{options:?}: {mv:?} left");
                    }
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
                        touching_answered += usize::from(options.rules == RuleSet::Brainking);
                    }
                    if limit == i32::MIN {
                        assert_eq!(lowest, found.margin, "{options:?}: the lowest line");
                    }
                }
            }
        }
        assert!(
            answered > 4_000 && left_out > 300 && touching_answered > 300,
            "{answered} {left_out} {touching_answered}"
        );
    }

    /// In `brainking`, where White's last piece has one empty square next
    /// to it, Black's piece there would leave it none (rule 4): that
    /// placement is left to the search, not answered by the pass.
    #[test]
    fn a_black_placement_that_takes_the_replys_last_king_square_is_left() {
        let mut rng = Rng::new(0x4e51);
        let mut found = 0;
        for _ in 0..4000 {
            let pos = Position::random_with_left(Options::new(RuleSet::Brainking), 3, &mut rng);
            let [x, y] = pos.two_kinds(Color::Black).unwrap();
            let first = if x == Kind::King { y } else { x };
            // White's last piece: every placement touching a piece with one
            // empty square next to it, where Black's first may go.
            let mut skipped = pos.clone();
            skipped.ply += 1;
            for reply in skipped.targets().moves() {
                let kings = king_attacks(reply.square) & !pos.occupied;
                let taken = Move {
                    kind: first,
                    square: match kings.first() {
                        Some(square) if kings.count() == 1 => square,
                        _ => continue,
                    },
                };
                if !pos.targets().contains(taken) {
                    continue;
                }
                if let Some(pass) = pos.lowest_after_reply(reply, i32::MIN) {
                    assert!(pass.unanswered.contains(&taken), "{taken:?} then {reply:?}");
                    found += 1;
                }
            }
        }
        assert!(found > 5, "{found}");
    }
}
