//! A book entry as both opening books write it: the moves before, from the
//! start, and the move to play there.

use crate::game::GameState;

/// The entry's move when `pos` is the position the moves `before` reach
/// from `start` (compared whole, so the entry applies there only), and the
/// move is legal in it.
pub(super) fn entry_move<G: GameState + PartialEq>(
    start: G,
    before: &str,
    mv: &str,
    pos: &G,
) -> Option<G::Move> {
    let mut at = start;
    for text in before.split_whitespace() {
        let m = at.parse_move(text).ok()?;
        at.try_play(m).ok()?;
    }
    if at != *pos {
        return None;
    }
    let m = at.parse_move(mv).ok()?;
    at.check_move(m).ok().map(|()| m)
}
