//! Cheversi for the search: the position's key, the final margin, and
//! cheap peeks at children. Values are the margin for the player `me` in
//! eighths of a point ([`SCALE`]), so the evaluation's fractional hand
//! values keep their precision.

use crate::ai::search::{Peek, Searchable};
use crate::cheversi::{Move, Position, PLIES};
use crate::game::Player;
use std::ops::ControlFlow;

/// Eighths of a point per point.
pub const SCALE: i32 = 8;

pub(crate) fn for_me(margin: i32, me: Player) -> i32 {
    if me == 0 {
        margin
    } else {
        -margin
    }
}

impl Searchable for Position {
    type Endgame = Position;
    const VALUE_UNIT: i32 = SCALE;

    fn endgame(&self) -> &Position {
        self
    }

    fn key(&self) -> u64 {
        self.hash()
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.targets().contains(mv)
    }

    fn decided(&self, me: Player) -> Option<i32> {
        self.is_over().then(|| for_me(self.margin() * SCALE, me))
    }

    fn quick_value(&self, me: Player) -> i32 {
        for_me(self.margin() * SCALE, me)
    }

    fn moves_left(&self) -> Option<u32> {
        Some((PLIES - self.ply()) as u32)
    }

    fn key_after(&self, mv: Move) -> u64 {
        self.hash_after(mv)
    }

    fn peek(&self, mv: Move, me: Player) -> Peek {
        peek_with_margin(self, mv, self.margin_after(mv), me)
    }

    fn peek_each(
        &self,
        moves: &[Move],
        me: Player,
        mut visit: impl FnMut(usize, Peek) -> ControlFlow<()>,
    ) {
        let margins = self.margins();
        for (i, &mv) in moves.iter().enumerate() {
            if visit(i, peek_with_margin(self, mv, margins.after(mv), me)).is_break() {
                return;
            }
        }
    }
}

/// The peek at `mv` from `pos`, given the margin it leaves.
fn peek_with_margin(pos: &Position, mv: Move, margin: i32, me: Player) -> Peek {
    Peek {
        value: for_me(margin * SCALE, me),
        decided: pos.ply() + 1 == PLIES,
        key: pos.hash_after(mv),
    }
}
