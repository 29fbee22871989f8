//! A result proof cut by its slices against the same proof uncut.

use super::*;
use crate::parts::tests::late_games;
use cheversi_engine::cheversi::Position;
use std::cell::Cell;

/// A clock that moves on a second at each reading.
fn ticking() -> impl Fn() -> f64 {
    let now = Cell::new(0.0);
    move || {
        now.set(now.get() + 1.0);
        now.get()
    }
}

/// The position's whole result proof as one part, each reply's and
/// move's proof given `seconds` and `slice` (and proven on, call after
/// call, while cut by its slice): 1, 0 or -1 for the side to move, and
/// how many calls were cut.
fn proven(pos: &Position, (seconds, slice): (f64, f64)) -> (i32, usize) {
    let clock = ticking();
    let game = AnyGame::Cheversi(pos.clone());
    let mut engine = Engine::new(1);
    let part = engine.proof_parts(&game, 1).unwrap().remove(0);
    let mut own = Proving::new(part);
    let (mut calls, mut cut) = (0, 0);
    while own.replies_left() || own.moves_open() {
        calls += 1;
        assert!(calls < 1_000_000, "no proof ends");
        let left = (own.replies.len(), own.moves.len());
        if own.replies_left() {
            own.prove_reply(&mut engine, &game, true, seconds, slice, &clock);
        } else {
            own.prove_move(&mut engine, &game, seconds, slice, &clock);
        }
        cut += usize::from(left == (own.replies.len(), own.moves.len()));
    }
    let first = own
        .first
        .map(|mv| Some(own.held.expect("proven").proven(mv)));
    let parts = [Some(own.mine), first].into_iter().flatten();
    let result = match Proven::combine(parts).expect("proven") {
        Proven::Win(_) => 1,
        Proven::Draw(_) => 0,
        Proven::Loss => -1,
    };
    (result, cut)
}

/// Without time: each reply and move proven in one call.
const WHOLE: (f64, f64) = (1e9, 1e9);
/// No slice at all: each proof stops at its first look at the clock.
const NO_SLICE: (f64, f64) = (1e9, 0.0);

/// A result proof whose replies' and moves' proofs are cut, and
/// proven on from where they stopped, ends with the result of the
/// proof uncut (which the parts' tests check against plain minimax).
#[test]
fn a_proof_cut_at_every_look_at_the_clock_ends_as_it_would_uncut() {
    let mut cut = 0;
    for (_, _, pos) in late_games(6, 1) {
        let (result, cuts) = proven(&pos, NO_SLICE);
        assert_eq!(result, proven(&pos, WHOLE).0);
        cut += cuts;
    }
    assert!(cut > 0, "no proof was cut");
}
