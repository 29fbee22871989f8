//! One worker's own part of the result proof the page's two workers
//! split (the thinking worker's side is `parts.rs`, the worker beside's
//! `beside.rs`): its share of the first root move's replies, then its
//! root moves, proven a reply or a move at a time with its own table (a
//! long one over several tasks).

use cheversi_engine::ai::player::Engine;
use cheversi_engine::ai::search::{Held, ProofPart, Proven};
use cheversi_engine::cheversi::Move;
use cheversi_engine::AnyGame;

/// The parts a result proof is dealt into: this worker's and the one's
/// beside it.
pub const PARTS: u32 = 2;

/// Each worker proves its part a reply or a move at a time, as many a
/// task as fit this long, and reads what came from the other between two
/// tasks (each task costs a turn of the event loop). A reply or move that
/// takes longer is proven on over several tasks, so that a win found by
/// the other worker is heard within about a slice.
pub const SLICE_SECONDS: f64 = 0.03;

/// The least a task's last proof is given of the slice: less would be
/// mostly the proof's own start.
const LEAST_SLICE: f64 = SLICE_SECONDS / 3.0;

/// What is left of the slice of a task that began at `start`, for its
/// next proof.
pub fn slice_left(start: f64, clock: &dyn Fn() -> f64) -> f64 {
    (start + SLICE_SECONDS - clock()).max(LEAST_SLICE)
}

/// One worker's own part of a split result proof ([`ProofPart`]), proven
/// a reply or a move at a time: the thinking worker's and the worker
/// beside's.
pub struct Proving {
    /// The first root move, whose replies the parts share.
    pub first: Option<Move>,
    /// The share of its replies still to prove, the next last.
    replies: Vec<Move>,
    /// What the first move keeps against the share proven so far (a win
    /// over none); `None` once a reply could not be proven in time.
    pub held: Option<Held>,
    /// The root moves still to prove, the next last.
    moves: Vec<Move>,
    /// The result over the root moves proven so far (a loss over none);
    /// `None` once one could not be proven in time.
    pub mine: Option<Proven<Move>>,
    /// The nodes searched, since last taken.
    pub nodes: u64,
}

impl Proving {
    pub fn new(part: ProofPart<Move>) -> Proving {
        // Last first, to be taken from the end.
        Proving {
            first: part.first,
            replies: part.replies.into_iter().rev().collect(),
            held: Some(Held::Win),
            moves: part.moves.into_iter().rev().collect(),
            mine: Some(Proven::Loss),
            nodes: 0,
        }
    }

    /// Replies of the share are still to prove.
    pub fn replies_left(&self) -> bool {
        !self.replies.is_empty()
    }

    /// Root moves are still to prove, and none won or ran out of time.
    pub fn moves_open(&self) -> bool {
        !self.moves.is_empty() && matches!(self.mine, Some(Proven::Loss | Proven::Draw(_)))
    }

    /// Proves what the first move keeps against the share's next reply,
    /// within `seconds`, or until `slice` is over if that comes first:
    /// then the reply is proven on in the next task (the table keeps what
    /// was proven), so that what the other worker sends is read between
    /// two; whether it still wins only where `win_wanted`.
    pub fn prove_reply(
        &mut self,
        engine: &mut Engine,
        game: &AnyGame,
        win_wanted: bool,
        seconds: f64,
        slice: f64,
        clock: &dyn Fn() -> f64,
    ) {
        let (Some(first), Some(reply)) = (self.first, self.replies.pop()) else {
            return;
        };
        let win_wanted = win_wanted && self.held == Some(Held::Win);
        let proof = engine.prove_hold(
            game,
            first,
            &[reply],
            win_wanted,
            Some(seconds.min(slice)),
            clock,
        );
        let (held, nodes) = proof.map_or((None, 0), |p| (p.proven, p.nodes));
        self.nodes += nodes;
        if held.is_none() && slice < seconds {
            return self.replies.push(reply);
        }
        // `None`, not proven, is the least.
        self.held = self.held.min(held);
    }

    /// Proves the next root move within `seconds`, or until `slice` is
    /// over (then on in the next task), as [`Proving::prove_reply`].
    pub fn prove_move(
        &mut self,
        engine: &mut Engine,
        game: &AnyGame,
        seconds: f64,
        slice: f64,
        clock: &dyn Fn() -> f64,
    ) {
        let Some(mv) = self.moves.pop() else {
            return;
        };
        let proof = engine.prove_moves(game, vec![mv], Some(seconds.min(slice)), clock);
        let (proven, nodes) = proof.map_or((None, 0), |p| (p.proven, p.nodes));
        self.nodes += nodes;
        if proven.is_none() && slice < seconds {
            return self.moves.push(mv);
        }
        self.mine = match proven {
            Some(p) => Proven::combine([self.mine.take(), Some(p)]),
            None => None,
        };
    }
}

#[cfg(test)]
mod tests;
