//! A duel jump proved within a time: the opening book first, then the
//! depth-first solver and df-pn (see [`prove_jump`]).

use super::book::DuelBook;
use super::dfpn::Dfpn;
use super::facts::knight as n;
use super::solver::DuelSolver;
use crate::ai::budget::Budget;
use crate::bitboard::Bitboard;
use crate::square::Square;

/// The share of a think the Master gives [`prove_jump`] after the setup;
/// the search gets the rest if no proof comes. A proof is worth more than
/// a deeper search, and the search's few plies in the rest still pick a
/// sound jump. At a half, the Master proved far fewer positions two jumps
/// in than the solvers alone (`bench --ai` measures them with this share).
pub const PROOF_SHARE: f64 = 0.9;

/// Markers from which the depth-first solver tries first: the two setup
/// squares and 6 jumps.
const DFS_FIRST_FROM_MARKERS: u32 = 8;

/// A duel position proved within `seconds` of `budget`. Right after the
/// setup, after White's first jump and after Black's winning reply to it,
/// the opening book answers. Else,
/// from 6 jumps after the setup, the depth-first solver tries first with a
/// tenth of the time (it gives "wins in N" and proves late positions at
/// once), then df-pn with the rest (it proves far more of the early
/// positions); before that, df-pn alone (the depth-first solver proves
/// few positions there). A twentieth for the depth-first solver from the
/// setup on proves early positions a little sooner but plays worse.
///
/// `None` when unproved.
#[allow(clippy::too_many_arguments)]
pub fn prove_jump(
    book: &DuelBook,
    dfs: &mut DuelSolver,
    pn: &mut Dfpn,
    markers: Bitboard,
    me: Square,
    them: Square,
    budget: &mut Budget<'_>,
    seconds: f64,
) -> Option<ProvedJump> {
    let one = |jump: Square, wins: bool, plies: Option<u16>| {
        Some(ProvedJump {
            line: vec![jump],
            wins,
            plies,
        })
    };
    if n(me.index() as u8) & 1 << them.index() != 0 {
        return one(them, true, Some(1));
    }
    // Lost: any jump (the caller plays on by search), with the distance
    // where the book gives it.
    let lost = |plies: Option<u16>| {
        one(
            Bitboard(n(me.index() as u8) & !markers.0).first()?,
            false,
            plies,
        )
    };
    if let Some(answer) = book.lookup(markers, me, them) {
        match (answer.wins, answer.jump) {
            (true, Some(to)) => return one(to, true, answer.plies),
            (false, _) => return lost(answer.plies),
            // A win without a jump: the book's parser refuses such lines.
            (true, None) => {}
        }
    }
    let t0 = budget.elapsed();
    if markers.count() >= DFS_FIRST_FROM_MARKERS {
        let mut part = budget.part(Some(seconds / 10.0));
        if let Some((to, proof)) = dfs.best_jump(markers, me, them, &mut part) {
            return one(to, proof.wins, Some(proof.plies));
        }
    }
    let used = budget.elapsed() - t0;
    let mut part = budget.part(Some((seconds - used).max(0.0)));
    let wins = pn.prove_within(markers, me, them, &mut part)?;
    if !wins {
        return lost(None);
    }
    // The proof's shortest line gives "wins in N" and the line to show; if
    // the time runs out first, any proved jump.
    if let Some((line, plies)) = pn.winning_line(markers, me, them, &mut part) {
        return Some(ProvedJump {
            line,
            wins: true,
            plies: Some(plies),
        });
    }
    match pn.winning_jump(markers, me, them, &mut part) {
        Some(to) => one(to, true, None),
        // A race: the depth-first solver measures its paths.
        None => dfs
            .best_jump(markers, me, them, &mut part)
            .and_then(|(to, proof)| one(to, proof.wins, Some(proof.plies))),
    }
}

/// What [`prove_jump`] found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ProvedJump {
    /// The jump to make first, then the squares the knights jump to in
    /// turn along the proof, where it was walked (see `dfpn::distance`).
    pub line: Vec<Square>,
    /// Whether the player to move wins.
    pub wins: bool,
    /// The plies to a win, when measured (by the depth-first solver, or
    /// along df-pn's proof).
    pub plies: Option<u16>,
}

impl ProvedJump {
    /// The jump to make.
    pub fn jump(&self) -> Square {
        self.line[0]
    }
}
