//! The Cheversi player's kept state and the root's placements up to the
//! board's symmetries.

use super::eval::HandValues;
use crate::ai::search::Searcher;
use crate::cheversi::{Move, Options, Position, PLIES};
use crate::square::Square;
use std::collections::HashSet;

/// The legal placements, with those that lead to the same position up to a
/// symmetry of the board kept once (the first ones on an empty board: 10
/// squares per kind instead of 64).
pub fn distinct_moves(pos: &Position) -> Vec<Move> {
    let mut seen = HashSet::new();
    pos.targets()
        .moves()
        .filter(|&mv| {
            let mut child = pos.clone();
            child.place_unchecked(mv);
            seen.insert(canonical_key(&child))
        })
        .collect()
}

/// The same number for every image of a position under the board's
/// symmetries (and, but for hash collisions, for no other).
pub fn canonical_key(p: &Position) -> u64 {
    Square::SYMMETRIES
        .iter()
        .map(|map| p.hash_mapped(map))
        .min()
        .unwrap_or(0)
}

/// What a Cheversi search keeps between positions of one rule set and
/// scoring: the options, their hand values and the searcher with its table.
pub type CheversiSearch = (Options, HandValues, Searcher<Position>);

/// The search in `slot` for `options`, made afresh (hand values measured,
/// an empty table of `2^table_bits` slots) when the options change.
pub fn search_for(
    slot: &mut Option<CheversiSearch>,
    options: Options,
    table_bits: u32,
) -> &mut CheversiSearch {
    if slot.as_ref().map(|(o, _, _)| *o) != Some(options) {
        *slot = Some((
            options,
            HandValues::calibrate(options),
            Searcher::new(table_bits),
        ));
    }
    slot.as_mut().expect("just set")
}

/// Plies left in the game.
pub fn remaining(pos: &Position) -> u32 {
    (PLIES - pos.ply()) as u32
}
