//! Evaluations of a Cheversi position that the search stops short of the
//! end: the margin alone, or the margin plus the pieces still in hand.

use super::game::{for_me, SCALE};
use crate::ai::search::{Evaluator, Peek};
use crate::cheversi::{Color, Kind, Move, Options, Position, PLIES};
use crate::game::Player;
use crate::rng::Rng;
use std::cell::Cell;

/// The current margin only: what "beats the plain current score" is
/// measured against.
pub struct PlainScore;

impl Evaluator<Position> for PlainScore {
    fn evaluate(&self, pos: &Position, me: Player) -> i32 {
        for_me(pos.margin() * SCALE, me)
    }
}

/// The current margin plus what the pieces still in hand are expected to
/// add: each kind is worth its average gain when placed, measured once per
/// rule set and scoring by seeded greedy self-play. This removes the swing
/// of a plain score, which favours whoever placed last.
#[derive(Clone, Copy, Debug)]
pub struct HandValues {
    /// Eighths of a point per kind (by [`Kind::index`]), by game phase
    /// (placements made, in four quarters).
    pub per_kind: [[i32; 5]; 4],
}

impl HandValues {
    /// The average margin gain of each kind in greedy games. The games are
    /// seeded, so the values never change: the last options' are kept (one
    /// a thread), since a puzzle or lesson judged with a fresh solver would
    /// otherwise replay the 48 games each time (most of the judging of a
    /// position a few placements from the end).
    pub fn calibrate(options: Options) -> HandValues {
        thread_local! {
            static LAST: Cell<Option<(Options, HandValues)>> = const { Cell::new(None) };
        }
        if let Some((o, values)) = LAST.get() {
            if o == options {
                return values;
            }
        }
        let values = HandValues::measure(options);
        LAST.set(Some((options, values)));
        values
    }

    fn measure(options: Options) -> HandValues {
        let mut sums = [[0i64; 5]; 4];
        let mut counts = [[0i64; 5]; 4];
        let mut rng = Rng::new(0x5eed);
        for _ in 0..48 {
            let mut pos = Position::new(options);
            while let Some(me) = pos.side_to_move() {
                let targets = pos.targets();
                let before = pos.margin();
                // Greedy with random ties: the best immediate gain.
                let mut best: Vec<(Move, i32)> = Vec::new();
                for mv in targets.moves() {
                    let mut child = pos.clone();
                    child.place_unchecked(mv);
                    let gain = for_me(child.margin() - before, me.index() as Player);
                    match best.first() {
                        Some(&(_, g)) if gain < g => {}
                        Some(&(_, g)) if gain == g => best.push((mv, gain)),
                        _ => best = vec![(mv, gain)],
                    }
                }
                let (mv, gain) = best[rng.below(best.len() as u32) as usize];
                let phase = pos.ply() * 4 / PLIES;
                sums[phase][mv.kind.index()] += gain as i64;
                counts[phase][mv.kind.index()] += 1;
                pos.place_unchecked(mv);
            }
        }
        let mut per_kind = [[0i32; 5]; 4];
        for phase in 0..4 {
            for k in 0..5 {
                // A kind never placed greedily in a phase: its overall mean.
                let (s, c) = if counts[phase][k] > 0 {
                    (sums[phase][k], counts[phase][k])
                } else {
                    (
                        sums.iter().map(|r| r[k]).sum(),
                        counts.iter().map(|r| r[k]).sum::<i64>().max(1),
                    )
                };
                per_kind[phase][k] = (s * SCALE as i64 / c) as i32;
            }
        }
        HandValues { per_kind }
    }
}

impl Evaluator<Position> for HandValues {
    fn evaluate(&self, pos: &Position, me: Player) -> i32 {
        let phase = (pos.ply() * 4 / PLIES).min(3);
        let values = &self.per_kind[phase];
        let (white, black) = (pos.hand(Color::White), pos.hand(Color::Black));
        let hand: i32 = Kind::ALL
            .iter()
            .map(|k| (white[k.index()] as i32 - black[k.index()] as i32) * values[k.index()])
            .sum();
        for_me(pos.margin() * SCALE + hand, me)
    }

    /// The margin after the placement less what the piece placed would
    /// have gained later: its value in the last quarter of the game, where
    /// exact searches spend most of their nodes. A Rook placed now, worth
    /// about 10 points late in `lewicki`, ranks below a Knight that gains a
    /// little less now. Ordering by the late value proves results with
    /// fewer nodes than the margin alone or the value in the child's own
    /// quarter.
    fn order_value(&self, pos: &Position, mv: Move, peek: &Peek, me: Player) -> i32 {
        let value = self.per_kind[3][mv.kind.index()];
        let mover = if pos.ply().is_multiple_of(2) {
            value
        } else {
            -value
        };
        peek.value - for_me(mover, me)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cheversi::RuleSet;

    /// The values kept are those measured for the options asked.
    #[test]
    fn calibrate_keeps_each_options_own_values() {
        let options = RuleSet::ALL.map(Options::new);
        let first: Vec<_> = options.iter().map(|&o| HandValues::calibrate(o)).collect();
        for (o, kept) in options.iter().zip(&first) {
            assert_eq!(HandValues::calibrate(*o).per_kind, kept.per_kind);
            assert_eq!(HandValues::measure(*o).per_kind, kept.per_kind);
        }
        assert_ne!(
            first[0].per_kind, first[4].per_kind,
            "lewicki and brainking"
        );
    }
}
