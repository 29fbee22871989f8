//! Duel positions from random play: what the solvers' tests and
//! benchmarks are drawn from.

use crate::attrition;
use crate::game::GameState;
use crate::rng::Rng;
use crate::square::Square;

/// A duel position from random play (drawn from `rng`): the setup and
/// then `jumps` jumps. With the moves' notation and the two knights'
/// squares, the mover's first; `None` when the game ended before (the
/// caller draws again). The benchmarks of the duel solvers use these.
pub fn random_position(
    rng: &mut Rng,
    jumps: usize,
) -> Option<(attrition::Position, Vec<String>, Square, Square)> {
    let mut pos = attrition::Position::new(attrition::Options::new(attrition::Variant::Duel));
    let mut played = Vec::new();
    for _ in 0..2 + jumps {
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        if legal.is_empty() {
            return None;
        }
        let mv = legal[rng.below(legal.len() as u32) as usize];
        played.push(pos.notation(mv));
        pos.play_unchecked(mv);
    }
    let me = pos.to_move()?;
    let knight = |p| pos.slot(p, attrition::Piece::Knight).square();
    let (a, b) = (knight(me)?, knight(1 - me)?);
    Some((pos, played, a, b))
}
