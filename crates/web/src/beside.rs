//! The worker beside's part of a result proof (the thinking worker's side
//! is `parts.rs`): its share of the first root move's replies, then
//! its root moves, proven a reply or a move a task with its own table, so
//! that what the thinking worker learns meanwhile ([`ToWorker::Limit`])
//! reaches it between two: a win against its share no longer wanted, its
//! share not wanted at all, or nothing more. It answers twice, as
//! thoughts about the part (a message of its own would add its reading to
//! the page's module): what the first move keeps against its share
//! (`more`, `best` naming the move), then its root moves' result. Proven
//! (`exact`), it wins with `best`, draws with the moves of `pv`, or loses;
//! not proven in time, or no longer wanted, it is not `exact`.

use crate::asked::replay;
use crate::protocol::{Failure, FromWorker, Judgement, Purpose, ToWorker, Wanted};
use crate::proving::{slice_left, Proving, PARTS, SLICE_SECONDS};
use cheversi_engine::ai::player::Engine;
use cheversi_engine::ai::search::{Held, Proven};
use cheversi_engine::cheversi::Move;
use cheversi_engine::Session;

/// The most parts a part may be asked of: enough for one move a part, as
/// a Cheversi placement has at most a few hundred.
const MOST_PARTS: u32 = 1024;

/// A part under way.
pub struct Part {
    id: u32,
    purpose: Purpose,
    session: Session,
    own: Proving,
    /// The share's answer was sent.
    share_sent: bool,
    /// The least the thinking worker said it still wants (`None`: all).
    told: Option<Wanted>,
    /// The end of the part's time, by the clock.
    deadline: f64,
}

impl Part {
    /// Starts proving the part a think with `part` set asks for; `None`
    /// when it is answered at once (a request that is not such a think, a
    /// bad record, a part that does not exist).
    pub fn begin(
        engine: &mut Engine,
        message: &ToWorker,
        clock: &dyn Fn() -> f64,
        post: &mut dyn FnMut(FromWorker),
    ) -> Option<Part> {
        let &ToWorker::Think {
            id,
            ref spec,
            ref moves,
            purpose,
            part: Some(part),
            parts,
            seconds,
            ..
        } = message
        else {
            post(FromWorker::Failed {
                id: message.id(),
                failure: Failure::NotThinking,
            });
            return None;
        };
        let session = match replay(spec, moves) {
            Ok(session) => session,
            Err(failure) => {
                post(FromWorker::Failed { id, failure });
                return None;
            }
        };
        // No time limit, or a wrong one, is no time at all.
        let seconds = seconds
            .filter(|s| s.is_finite())
            .map_or(0.0, |s| s.clamp(0.0, 60.0));
        let parts = parts.unwrap_or(PARTS);
        let dealt = (1..=MOST_PARTS)
            .contains(&parts)
            .then(|| engine.proof_parts(session.latest(), parts as usize))
            .flatten()
            .and_then(|dealt| dealt.into_iter().nth(part as usize));
        let Some(dealt) = dealt else {
            post(thought(id, purpose, None, 0, false));
            return None;
        };
        Some(Part {
            id,
            purpose,
            session,
            // A part with no first move dealt apart has no share to answer.
            share_sent: dealt.first.is_none(),
            own: Proving::new(dealt),
            told: None,
            deadline: clock() + seconds,
        })
    }

    /// The id a [`ToWorker::Limit`] about this part names.
    pub fn id(&self) -> u32 {
        self.id
    }

    /// What the thinking worker still wants of this part.
    pub fn limit(&mut self, wanted: Wanted) {
        self.told = self.told.max(Some(wanted));
    }

    /// Proves the next replies or moves for about [`SLICE_SECONDS`] (each
    /// within what is left of the part's time, a longer one going on in
    /// the next task), sending each answer once it is known; true once the
    /// last is sent.
    pub fn step(
        &mut self,
        engine: &mut Engine,
        clock: &dyn Fn() -> f64,
        post: &mut dyn FnMut(FromWorker),
    ) -> bool {
        let start = clock();
        loop {
            let left = (self.deadline - clock()).max(0.0);
            let game = self.session.latest();
            let stopped = self.told == Some(Wanted::Nothing);
            let share_wanted = self.told < Some(Wanted::Moves);
            if let (false, Some(first)) = (self.share_sent, self.own.first) {
                let open = self.own.held.is_some_and(|h| h > Held::Loss);
                if open && share_wanted && self.own.replies_left() {
                    let win_wanted = self.told.is_none();
                    let slice = slice_left(start, clock);
                    self.own
                        .prove_reply(engine, game, win_wanted, left, slice, clock);
                } else {
                    self.share_sent = true;
                    let held = self.own.held.filter(|_| share_wanted);
                    let nodes = std::mem::take(&mut self.own.nodes);
                    let proven = held.map(|h| h.proven(first));
                    // It names the move it is about, whatever it keeps (a
                    // loss names none): a tool timing the parts learns from
                    // it which move that is.
                    let mut share = thought(self.id, self.purpose, proven, nodes, true);
                    if let FromWorker::Thought { best, .. } = &mut share {
                        *best = first.to_string();
                    }
                    post(share);
                }
            } else if !stopped && self.own.moves_open() {
                self.own
                    .prove_move(engine, game, left, slice_left(start, clock), clock);
            } else {
                let mine = self.own.mine.take().filter(|_| !stopped);
                post(thought(self.id, self.purpose, mine, self.own.nodes, false));
                return true;
            }
            if clock() - start >= SLICE_SECONDS {
                return false;
            }
        }
    }
}

/// A thought about a part: `proven`, or not proven (`None`).
fn thought(
    id: u32,
    purpose: Purpose,
    proven: Option<Proven<Move>>,
    nodes: u64,
    more: bool,
) -> FromWorker {
    let exact = proven.is_some();
    let (judgement, best, pv) = match proven {
        Some(Proven::Win(mv)) => (Judgement::Wins(None), mv.to_string(), vec![]),
        Some(Proven::Draw(draws)) => {
            let draws = draws.iter().map(Move::to_string).collect();
            (Judgement::Margin(0), String::new(), draws)
        }
        Some(Proven::Loss) | None => (Judgement::Loses(None), String::new(), vec![]),
    };
    FromWorker::Thought {
        id,
        purpose,
        best,
        judgement,
        exact,
        depth: 0,
        nodes,
        pv,
        ms: 0.0,
        more,
    }
}

#[cfg(test)]
mod tests;
