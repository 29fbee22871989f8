//! Proving the result (win, draw or loss) without the margin.

use super::alpha_beta::Run;
use super::exact::Known;
use super::game::{Evaluator, Searchable, MAX_PLIES};
use super::order::sort_by_key;
use super::root::{KeptKillers, Searcher};
use crate::ai::budget::Budget;

/// Which drawing moves [`Searcher::prove_result`] names when the best
/// result is a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draws {
    /// Every root move that draws: what the Master chooses among. Each
    /// drawing move costs two searches (does it draw? does it win?).
    Every,
    /// The first found: enough for the result itself (the benchmark).
    /// After it, each other move is only asked "does it win?", one search
    /// each.
    One,
}

/// A result proven by [`Searcher::prove_result`], for the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proven<M> {
    /// This move wins.
    Win(M),
    /// No move wins; these draw (every root move that does, or one: see
    /// [`Draws`]).
    Draw(Vec<M>),
    /// Every move loses.
    Loss,
}

impl<M> Proven<M> {
    /// What the result says of the value: above a draw's, a draw's, or
    /// below it.
    pub fn known(&self) -> Known {
        match self {
            Proven::Win(_) => Known::at_least(1),
            Proven::Draw(_) => Known::exactly(0),
            Proven::Loss => Known::at_most(-1),
        }
    }

    /// The result of the whole position from the results of parts of its
    /// root moves, each proven apart (dealt, [`deal`], or taken by threads
    /// from one queue): a win where any part
    /// wins, else a draw with every part's drawing moves, else a loss.
    /// `None` in a part (its budget ran out, or it was stopped) leaves the
    /// result unproven, unless another part wins.
    pub fn combine(parts: impl IntoIterator<Item = Option<Proven<M>>>) -> Option<Proven<M>> {
        let mut draws = Vec::new();
        let mut unproven = false;
        for part in parts {
            match part {
                Some(Proven::Win(mv)) => return Some(Proven::Win(mv)),
                Some(Proven::Draw(d)) => draws.extend(d),
                Some(Proven::Loss) => {}
                None => unproven = true,
            }
        }
        if unproven {
            None
        } else if draws.is_empty() {
            Some(Proven::Loss)
        } else {
            Some(Proven::Draw(draws))
        }
    }
}

/// The root moves in the order [`Searcher::prove_result`] asks about
/// them: the best immediate value first (a winning move tends to come
/// early, and a win ends the proof).
pub fn proof_order<G: Searchable>(pos: &G, moves: Vec<G::Move>) -> Vec<G::Move> {
    let Some(me) = pos.to_move() else {
        return moves;
    };
    let mut scored: Vec<(G::Move, i32)> = moves
        .into_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            (
                mv,
                child.decided(me).unwrap_or_else(|| child.quick_value(me)),
            )
        })
        .collect();
    sort_by_key(&mut scored, |&(_, v)| -v);
    scored.into_iter().map(|(mv, _)| mv).collect()
}

/// `moves` (in [`proof_order`]) dealt into `parts` parts in turn, so that
/// each part gets early and late moves alike: parts to be proven apart
/// (on threads, in workers) and joined by [`Proven::combine`]. Each part
/// keeps the order, so its own proof asks in the same order.
pub fn deal<M>(moves: Vec<M>, parts: usize) -> Vec<Vec<M>> {
    let parts = parts.max(1);
    let mut dealt: Vec<Vec<M>> = (0..parts).map(|_| Vec::new()).collect();
    for (i, mv) in moves.into_iter().enumerate() {
        dealt[i % parts].push(mv);
    }
    dealt
}

/// What the first root move keeps against some of its replies: the
/// least over them ([`MoveProofs::hold`]), and over every part's share
/// of them, is what the move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Held {
    Loss,
    Draw,
    Win,
}

impl Held {
    /// The move's result as one part of the root moves, for
    /// [`Proven::combine`].
    pub fn proven<M>(self, mv: M) -> Proven<M> {
        match self {
            Held::Win => Proven::Win(mv),
            Held::Draw => Proven::Draw(vec![mv]),
            Held::Loss => Proven::Loss,
        }
    }
}

/// One part of a result proof dealt among searchers that share nothing
/// (the page's workers, [`deal_proof`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofPart<M> {
    /// The first root move, where its replies are dealt: every part
    /// proves what it keeps against its share of them.
    pub first: Option<M>,
    /// This part's share of the first move's replies, in proof order.
    pub replies: Vec<M>,
    /// This part's share of the root moves (the first one not among them
    /// where its replies are dealt).
    pub moves: Vec<M>,
}

/// The result proof of `pos` over `moves` (in [`proof_order`]) dealt into
/// `parts` parts. With more than one, the first move's replies are dealt
/// too, where the opponent answers it: the first move is the likeliest to
/// win, and a win is one move's proof, which a deal of root moves alone
/// leaves to one part. The replies, then the other root moves, are dealt
/// in turn as one list, so part `j` of as many parts as there are of both
/// is the `j`th of them alone.
pub fn deal_proof<G: Searchable>(
    pos: &G,
    mut moves: Vec<G::Move>,
    parts: usize,
) -> Vec<ProofPart<G::Move>> {
    let parts = parts.max(1);
    let mut first = None;
    let mut replies = Vec::new();
    if let (true, Some(&mv)) = (parts > 1, moves.first()) {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        if child.to_move().is_some() && child.to_move() != pos.to_move() {
            child.legal_moves(&mut replies);
            if !replies.is_empty() {
                first = Some(mv);
                replies = proof_order(&child, replies);
                moves.remove(0);
            }
        }
    }
    let split = replies.len();
    let mut dealt: Vec<ProofPart<G::Move>> = (0..parts)
        .map(|_| ProofPart {
            first,
            replies: Vec::new(),
            moves: Vec::new(),
        })
        .collect();
    for (i, mv) in replies.into_iter().chain(moves).enumerate() {
        let part = &mut dealt[i % parts];
        if i < split {
            part.replies.push(mv);
        } else {
            part.moves.push(mv);
        }
    }
    dealt
}

/// What one root move was proven to do ([`MoveProofs::prove`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveResult {
    Wins,
    Draws,
    Loses,
    /// Does not win: all that was asked, a draw being in hand already.
    NoWin,
}

/// The result proof's questions about root moves, one move at a time,
/// with one table: the whole proof's ([`Searcher::prove_result`]), or a
/// thread's that takes its moves from a queue shared with others. The
/// search (its killers) carries over from move to move, as the table does,
/// and to the searcher's next questions about the same position: a proof
/// asked a move or a reply at a time (the page's workers, between two of
/// which they read each other's answers) keeps its killers, which sibling
/// moves share.
pub struct MoveProofs<'a, 'b, G: Searchable, E: Evaluator<G>> {
    run: Run<'a, 'b, G, E>,
    /// Where the killers go back to, and the position's key.
    kept: &'a mut KeptKillers<G::Move>,
    key: u64,
}

impl<G: Searchable, E: Evaluator<G>> Drop for MoveProofs<'_, '_, G, E> {
    fn drop(&mut self) {
        *self.kept = Some((self.key, std::mem::take(&mut self.run.killers)));
    }
}

impl<G: Searchable, E: Evaluator<G>> MoveProofs<'_, '_, G, E> {
    /// What `mv` does from `pos`, by null-window searches to the end of
    /// the game around a draw: "does it draw at least?", and if so "does
    /// it win?"; where a draw is already in hand (`draw_in_hand`), only
    /// "does it win?". `None` if the budget ran out first.
    pub fn prove(&mut self, pos: &G, mv: G::Move, draw_in_hand: bool) -> Option<MoveResult> {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        let mut above = |floor: i32| self.above(&child, 1, floor);
        // Draw before win: a losing move is settled by one search instead
        // of two, and proving that no move wins is where the time goes.
        if !draw_in_hand && !above(-1)? {
            return Some(MoveResult::Loses);
        }
        if above(0)? {
            return Some(MoveResult::Wins);
        }
        Some(if draw_in_hand {
            MoveResult::NoWin
        } else {
            MoveResult::Draws
        })
    }

    /// What `mv` from `pos` keeps against `replies` (a share of them,
    /// [`deal_proof`]): a loss once one reply holds it below a draw, a
    /// draw once one holds it to a draw, else a win (over no reply, a
    /// win). Without `win_wanted` (a share elsewhere already holds it to a
    /// draw) only "does it draw at least?" is asked, and a draw is the
    /// most it keeps. `None` if the budget ran out first.
    pub fn hold(
        &mut self,
        pos: &G,
        mv: G::Move,
        replies: &[G::Move],
        win_wanted: bool,
    ) -> Option<Held> {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        let mut held = if win_wanted { Held::Win } else { Held::Draw };
        for &reply in replies {
            let mut below = child.clone();
            below.play_unchecked(reply);
            if !self.above(&below, 2, -1)? {
                return Some(Held::Loss);
            }
            if held == Held::Win && !self.above(&below, 2, 0)? {
                held = Held::Draw;
            }
        }
        Some(held)
    }

    /// Is the value of `below`, a position `ply` placements below the
    /// root, above `floor`? Searched deep enough that only the end of the
    /// game is ever judged. `None` if the budget ran out (or the abort
    /// check stopped it) first.
    pub fn above(&mut self, below: &G, ply: i32, floor: i32) -> Option<bool> {
        let (value, _) = self
            .run
            .alpha_beta(below, MAX_PLIES as u32, ply, floor, floor + 1);
        (!self.run.budget.stopped()).then_some(value > floor)
    }

    /// Lets the next question go on after one stopped by the abort check
    /// alone ([`Budget::go_on`]); a limit reached still stops it.
    pub fn go_on(&mut self) {
        self.run.budget.go_on();
    }
}

impl<G: Searchable> Searcher<G> {
    /// The result proof's questions about the root moves of `pos` (not
    /// over), with this table and `budget`.
    pub fn move_proofs<'a, 'b, E: Evaluator<G>>(
        &'a mut self,
        pos: &G,
        eval: &'a E,
        budget: &'a mut Budget<'b>,
    ) -> Option<MoveProofs<'a, 'b, G, E>> {
        let me = pos.to_move()?;
        let key = pos.key();
        let Searcher {
            table,
            proof_killers: kept,
        } = self;
        let mut run = Run::new(table, eval, budget, me, false);
        if let Some((_, killers)) = kept.take().filter(|(k, _)| *k == key) {
            run.killers = killers;
        }
        Some(MoveProofs { run, kept, key })
    }

    /// The result with best play, proven move by move ([`MoveProofs`]), in
    /// [`proof_order`]: a win ends it. Much cheaper than the exact margin,
    /// so it reaches further from the end; a margin's size matters only
    /// after the result. `None` if the budget runs out first: a draw is
    /// claimed only once every move was asked about a win. With
    /// `Draws::Every` all the drawing moves are kept, for the caller to
    /// choose among. Games whose `decided` value is a margin (Cheversi) or
    /// a win/loss both work.
    pub fn prove_result<E: Evaluator<G>>(
        &mut self,
        pos: &G,
        eval: &E,
        budget: &mut Budget<'_>,
        root_moves: Vec<G::Move>,
        wanted: Draws,
    ) -> Option<Proven<G::Move>> {
        let moves = proof_order(pos, root_moves);
        let mut proofs = self.move_proofs(pos, eval, budget)?;
        let mut draws = Vec::new();
        for mv in moves {
            let draw_in_hand = !draws.is_empty() && wanted == Draws::One;
            match proofs.prove(pos, mv, draw_in_hand)? {
                MoveResult::Wins => return Some(Proven::Win(mv)),
                MoveResult::Draws => draws.push(mv),
                MoveResult::Loses | MoveResult::NoWin => {}
            }
        }
        if !draws.is_empty() {
            return Some(Proven::Draw(draws));
        }
        Some(Proven::Loss)
    }
}
