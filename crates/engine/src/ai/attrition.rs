//! What the search knows about Chivalrous Attrition: proven wins and
//! losses, and an evaluation by mobility (jumps available) and pieces.

use crate::ai::search::{Evaluator, NoEndgame, Searchable, NO_ENDGAME, WIN};
use crate::attacks::knight_attacks;
use crate::attrition::{Piece, Position};
use crate::bitboard::Bitboard;
use crate::game::Player;

impl Searchable for Position {
    type Endgame = NoEndgame;

    fn endgame(&self) -> &NoEndgame {
        &NO_ENDGAME
    }

    fn key(&self) -> u64 {
        self.hash()
    }

    fn decided(&self, me: Player) -> Option<i32> {
        match self.winner() {
            Some(w) => Some(if w == me { WIN } else { -WIN }),
            // In a melee a player who is out has lost, whoever wins later.
            None if self.is_out(me) => Some(-WIN),
            None => None,
        }
    }

    fn quick_value(&self, me: Player) -> i32 {
        Mobility.evaluate(self, me)
    }
}

/// Jumps available to `player`'s pieces, whoever is to move (the greedy
/// baseline's measure).
pub fn jumps(pos: &Position, player: Player) -> i32 {
    Piece::BOTH
        .iter()
        .filter_map(|&k| pos.slot(player, k).square())
        .map(|sq| pos.jumps_from(sq).count() as i32)
        .sum()
}

/// Safe jumps available to `player`'s pieces, whoever is to move: a jump
/// onto a square another player's piece attacks only invites a capture.
pub fn mobility(pos: &Position, player: Player) -> i32 {
    let attacked = (0..pos.players() as Player)
        .filter(|&p| p != player)
        .flat_map(|p| {
            Piece::BOTH
                .iter()
                .filter_map(move |&k| pos.slot(p, k).square())
        })
        .fold(Bitboard::EMPTY, |acc, sq| acc | knight_attacks(sq));
    Piece::BOTH
        .iter()
        .filter_map(|&k| pos.slot(player, k).square())
        .map(|sq| (pos.jumps_from(sq) & !(attacked & !pos.occupied())).count() as i32)
        .sum()
}

fn pieces(pos: &Position, player: Player) -> i32 {
    Piece::BOTH
        .iter()
        .filter(|&&k| pos.slot(player, k).square().is_some())
        .count() as i32
}

/// `me`'s mobility and pieces against the others' (their mean, so that in
/// a melee every rival counts: the paranoid view).
pub struct Mobility;

impl Evaluator<Position> for Mobility {
    fn evaluate(&self, pos: &Position, me: Player) -> i32 {
        let n = pos.players() as Player;
        let rivals: Vec<Player> = (0..n).filter(|&p| p != me && !pos.is_out(p)).collect();
        if rivals.is_empty() {
            return 0;
        }
        let k = rivals.len() as i32;
        let theirs_mob: i32 = rivals.iter().map(|&p| mobility(pos, p)).sum();
        let theirs_pieces: i32 = rivals.iter().map(|&p| pieces(pos, p)).sum();
        let mine =
            10 * (k * mobility(pos, me) - theirs_mob) + 300 * (k * pieces(pos, me) - theirs_pieces);
        mine / k
    }
}
