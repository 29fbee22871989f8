//! Plain minimax over the duel's rules, no tricks: the reference both
//! solvers and the distance are tested against.

use super::facts::{knight as n, Proof};
use crate::bitboard::Bitboard;

/// A random crowded board: each square marked with chance
/// `marked / of`, two knights on distinct squares (marked too); `None`
/// when the knights' draws coincide.
pub(crate) fn crowded(rng: &mut crate::rng::Rng, marked: u32, of: u32) -> Option<(u64, u8, u8)> {
    let mut markers = 0u64;
    for i in 0..64 {
        if rng.below(of) < marked {
            markers |= 1 << i;
        }
    }
    let (me, them) = (rng.below(64) as u8, rng.below(64) as u8);
    (me != them).then_some((markers | 1 << me | 1 << them, me, them))
}

/// Plain minimax over the rules, no tricks: the reference for both
/// solvers.
pub(crate) fn brute(markers: u64, me: u8, them: u8) -> bool {
    let mine = n(me);
    if mine & (1 << them) != 0 {
        return true;
    }
    Bitboard(mine & !markers)
        .into_iter()
        .any(|t| !brute(markers | 1 << t.index(), them, t.index() as u8))
}

/// Plain minimax with distances, no tricks: the shortest win, or the
/// longest loss, in plies.
pub(crate) fn brute_distance(markers: u64, me: u8, them: u8) -> Proof {
    if n(me) & (1 << them) != 0 {
        return Proof {
            wins: true,
            plies: 1,
        };
    }
    let mut shortest_win: Option<u16> = None;
    let mut longest_loss = 0;
    for t in Bitboard(n(me) & !markers) {
        let reply = brute_distance(markers | 1 << t.index(), them, t.index() as u8);
        if reply.wins {
            longest_loss = longest_loss.max(reply.plies + 1);
        } else {
            let win = reply.plies + 1;
            shortest_win = Some(shortest_win.map_or(win, |w| w.min(win)));
        }
    }
    match shortest_win {
        Some(plies) => Proof { wins: true, plies },
        None => Proof {
            wins: false,
            plies: longest_loss,
        },
    }
}
