//! What the search needs from a game: a key, a decided value, a quick
//! value for ordering, and peeks at children; plus the heuristic
//! evaluation. Shortcuts near the end of the game are apart, in
//! [`super::endgame`].

use super::endgame::Endgame;
use crate::game::{GameState, Player};
use std::ops::ControlFlow;

/// A proven win; values within `MAX_PLIES` of it carry a distance.
pub const WIN: i32 = 1_000_000;
pub const MAX_PLIES: i32 = 1_000;

/// True for a value that is a proven win or loss.
pub fn is_proof(value: i32) -> bool {
    value.abs() > WIN - MAX_PLIES
}

/// Plies to the end of the game of a proven value.
pub fn plies_to_end(value: i32) -> Option<u32> {
    is_proof(value).then(|| (WIN - value.abs()) as u32)
}

/// What the search needs from a game, beyond its rules.
pub trait Searchable: GameState {
    /// The game's shortcuts near the end of the game ([`NoEndgame`] for
    /// games without).
    type Endgame: Endgame<Self::Move>;
    /// Where the shortcuts are read: the position itself for games that
    /// have them, [`NO_ENDGAME`] for the others.
    fn endgame(&self) -> &Self::Endgame;
    /// A hash of the position (equal positions, equal keys).
    fn key(&self) -> u64;
    /// The value for `me` if the game is decided for `me`: over, or `me`
    /// already out of a multi-player game. Wins are `±WIN`; a game whose
    /// result is a margin (Cheversi) gives the margin.
    fn decided(&self, me: Player) -> Option<i32>;
    /// A cheap guess of the value for `me`, for ordering moves.
    fn quick_value(&self, me: Player) -> i32;
    /// The least two final values a game may end with differ by (a
    /// Cheversi point): what a value proof's first probe is set below its
    /// guess by ([`super::Closing`]).
    const VALUE_UNIT: i32 = 1;
    /// Whether `mv` is legal here: how a move from the table or a killer
    /// is checked before the moves are listed (a cut-off by one of them
    /// saves listing them).
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.check_move(mv).is_ok()
    }
    /// What ordering needs of the position after `mv`: games that can tell
    /// it without making the move save a copy of the position per child.
    fn peek(&self, mv: Self::Move, me: Player) -> Peek {
        let mut child = self.clone();
        child.play_unchecked(mv);
        let decided = child.decided(me);
        Peek {
            value: decided.unwrap_or_else(|| child.quick_value(me)),
            decided: decided.is_some(),
            key: child.key(),
        }
    }

    /// How many moves are left at most, where the game knows: a search
    /// that deep reaches the end (the depth the table keeps for it), and
    /// far enough from the end such a search looks its children up in the
    /// table before searching any ([`Searchable::key_after`]).
    fn moves_left(&self) -> Option<u32> {
        None
    }

    /// The [`Searchable::key`] of `mv`'s child, read without making it
    /// (asked only where [`Searchable::moves_left`] is known).
    fn key_after(&self, mv: Self::Move) -> u64 {
        let mut child = self.clone();
        child.play_unchecked(mv);
        child.key()
    }

    /// Peeks at each of `moves` in turn, handing `visit` its index and
    /// peek, until `visit` breaks. Games whose children share work
    /// override it.
    fn peek_each(
        &self,
        moves: &[Self::Move],
        me: Player,
        mut visit: impl FnMut(usize, Peek) -> ControlFlow<()>,
    ) {
        for (i, &mv) in moves.iter().enumerate() {
            if visit(i, self.peek(mv, me)).is_break() {
                return;
            }
        }
    }
}

/// The position after a move, as far as ordering the move needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Peek {
    /// Its decided value for `me` if the game is decided there, else its
    /// quick value.
    pub value: i32,
    pub decided: bool,
    /// Its [`Searchable::key`].
    pub key: u64,
}

/// The heuristic value of a position whose search stops before the end.
pub trait Evaluator<G: Searchable> {
    fn evaluate(&self, pos: &G, me: Player) -> i32;

    /// What the search orders the child after `mv`, a move that does not
    /// end the game, by: read from its peek, without making it. By default
    /// the peek's quick value.
    fn order_value(&self, pos: &G, mv: G::Move, peek: &Peek, me: Player) -> i32 {
        let _ = (pos, mv, me);
        peek.value
    }
}
