//! The worker beside's part of a result proof (the thinking worker's side
//! is [`crate::parts`]): its share of the first root move's replies, then
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
use crate::parts::{Proving, PARTS, SLICE_SECONDS};
use crate::protocol::{Failure, FromWorker, Judgement, Purpose, ToWorker, Wanted};
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
    /// The most the share is still wanted to prove (`None`: not wanted).
    share_wanted: Option<Held>,
    /// Nothing more is wanted.
    stopped: bool,
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
            share_wanted: Some(Held::Win),
            stopped: false,
            deadline: clock() + seconds,
        })
    }

    /// The part `id` ([`ToWorker::Limit`]), if this is it.
    pub fn id(&self) -> u32 {
        self.id
    }

    /// What the thinking worker still wants of this part.
    pub fn limit(&mut self, wanted: Wanted) {
        match wanted {
            Wanted::Draw => self.share_wanted = self.share_wanted.min(Some(Held::Draw)),
            Wanted::Moves => self.share_wanted = None,
            Wanted::Nothing => self.stopped = true,
        }
    }

    /// Proves the next replies or moves for about [`SLICE_SECONDS`] (each
    /// within what is left of the part's time), sending each answer once
    /// it is known; true once the last is sent.
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
            let wanted = self.share_wanted.filter(|_| !self.stopped);
            if let (false, Some(first)) = (self.share_sent, self.own.first) {
                let open = self.own.held.is_some_and(|h| h > Held::Loss);
                if open && wanted.is_some() && self.own.replies_left() {
                    let win_wanted = wanted == Some(Held::Win);
                    self.own.prove_reply(engine, game, win_wanted, left, clock);
                } else {
                    self.share_sent = true;
                    let held = self.own.held.filter(|_| wanted.is_some());
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
            } else if !self.stopped && self.own.moves_open() {
                self.own.prove_move(engine, game, left, clock);
            } else {
                let mine = self.own.mine.take().filter(|_| !self.stopped);
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
mod tests {
    use super::*;
    use crate::parts::tests::{clock, late_games, part_thought, proved};
    use cheversi_engine::ai::cheversi::PlainScore;
    use cheversi_engine::ai::search::minimax::minimax;
    use cheversi_engine::{AnyGame, GameState};

    /// The part `part` of two, of the position after `moves`.
    fn asked(spec: &cheversi_api::spec::GameSpec, moves: &[String], part: u32) -> ToWorker {
        ToWorker::Think {
            id: 8,
            spec: spec.clone(),
            moves: moves.to_vec(),
            level: String::new(),
            purpose: Purpose::Play,
            nodes: None,
            part: Some(part),
            parts: Some(2),
            seconds: Some(30.0),
        }
    }

    /// The part's two answers, `wanted` told before its first task
    /// (`at` 0) or after its `at`-th.
    fn limited(
        engine: &mut Engine,
        message: ToWorker,
        wanted: Wanted,
        at: usize,
    ) -> Vec<FromWorker> {
        let clock = clock();
        let mut got = Vec::new();
        let mut post = |m| got.push(m);
        let mut part = Part::begin(engine, &message, &clock, &mut post).expect("a part to prove");
        for task in 0.. {
            if task == at {
                part.limit(wanted);
            }
            if part.step(engine, &clock, &mut post) {
                break;
            }
        }
        got
    }

    /// Held as brute force finds it: what `first` keeps against `replies`
    /// from `pos` (-1, 0 or 1 for the side to move).
    fn held_by_minimax(
        pos: &cheversi_engine::cheversi::Position,
        first: Move,
        replies: &[Move],
    ) -> i32 {
        let me = pos.to_move().unwrap();
        let mut child = pos.clone();
        child.play_unchecked(first);
        replies
            .iter()
            .map(|&reply| {
                let mut below = child.clone();
                below.play_unchecked(reply);
                minimax(&below, &PlainScore, me, 3, 2).signum()
            })
            .fold(1, i32::min)
    }

    /// An answer without its node count (a limit changes the table).
    fn said(answer: &FromWorker) -> FromWorker {
        let mut answer = answer.clone();
        if let FromWorker::Thought { nodes, .. } = &mut answer {
            *nodes = 0;
        }
        answer
    }

    fn value(answer: &FromWorker) -> Option<i32> {
        match answer {
            FromWorker::Thought {
                exact: true,
                judgement,
                ..
            } => Some(match judgement {
                Judgement::Wins(_) => 1,
                Judgement::Margin(_) => 0,
                _ => -1,
            }),
            _ => None,
        }
    }

    /// What the thinking worker tells the part beside changes only what it
    /// still proves: its share up to a draw keeps at most a draw of what
    /// brute force finds, its share not wanted is answered unproven, and
    /// nothing more wanted ends it at once; its root moves' answer is
    /// otherwise the one it gives untold.
    #[test]
    fn a_limit_leaves_only_true_answers() {
        let mut checked = 0;
        for (spec, moves, pos) in late_games(3, 3) {
            let game = AnyGame::Cheversi(pos.clone());
            for part in 0..2 {
                let dealt = Engine::new(1).proof_parts(&game, 2).unwrap().remove(part);
                let first = dealt.first.expect("the first move's replies dealt");
                let held = held_by_minimax(&pos, first, &dealt.replies);
                let message = asked(&spec, &moves, part as u32);
                let untold = proved(&mut Engine::new(2), message.clone(), &clock());
                assert_eq!(
                    value(&untold[0]),
                    Some(held),
                    "{spec:?} {moves:?}: {untold:?}"
                );
                for at in [0, 1, 2] {
                    for wanted in [Wanted::Draw, Wanted::Moves, Wanted::Nothing] {
                        let what = format!("{spec:?} {moves:?} part {part}, {wanted:?} at {at}");
                        let got = limited(&mut Engine::new(2), message.clone(), wanted, at);
                        let [share, last] = &got[..] else {
                            panic!("{what}: two answers: {got:?}")
                        };
                        assert!(
                            matches!(share, FromWorker::Thought { more: true, best, .. } if *best == first.to_string()),
                            "{what}: {share:?}"
                        );
                        assert!(
                            matches!(last, FromWorker::Thought { more: false, .. }),
                            "{what}"
                        );
                        let share = value(share);
                        match (wanted, at) {
                            (Wanted::Draw, 0) => assert_eq!(share, Some(held.min(0)), "{what}"),
                            (_, 0) => assert_eq!(share, None, "{what}"),
                            (Wanted::Draw, _) => assert!(
                                share == Some(held) || share == Some(held.min(0)),
                                "{what}: {share:?}"
                            ),
                            _ => {
                                assert!(share.is_none() || share == Some(held), "{what}: {share:?}")
                            }
                        }
                        if wanted == Wanted::Nothing {
                            assert!(
                                value(last).is_none() || said(last) == said(&untold[1]),
                                "{what}: {last:?}"
                            );
                            if at == 0 {
                                assert_eq!(value(last), None, "{what}");
                            }
                        } else {
                            assert_eq!(said(last), said(&untold[1]), "{what}");
                        }
                    }
                }
                checked += 1;
            }
        }
        assert!(checked >= 10, "{checked}");
    }

    /// A part the worker beside cannot prove is answered as unproven, or
    /// as a failure naming the move, never with a panic.
    #[test]
    fn a_bad_part_is_answered_without_a_proof() {
        let clock = clock();
        let (spec, moves, _) = late_games(3, 1).remove(0);
        let asked = |part, parts, moves: &[String]| ToWorker::Think {
            id: 8,
            spec: spec.clone(),
            moves: moves.to_vec(),
            level: String::new(),
            purpose: Purpose::Play,
            nodes: None,
            part: Some(part),
            parts: Some(parts),
            seconds: Some(f64::NAN),
        };
        let mut engine = Engine::new(1);
        for (part, parts) in [(2, 2), (0, u32::MAX), (0, 1025), (5, 0)] {
            assert_eq!(
                proved(&mut engine, asked(part, parts, &moves), &clock),
                [part_thought(8, Judgement::Loses(None), "", false)],
                "part {part} of {parts}"
            );
        }
        let mut bad = moves.clone();
        bad[1] = "Qz9".into();
        assert!(matches!(
            &proved(&mut engine, asked(0, 2, &bad), &clock)[..],
            [FromWorker::Failed {
                id: 8,
                failure: Failure::Move { number: 2, .. }
            }]
        ));
        // A NaN time limit is none at all: both answers still come.
        let none = proved(&mut engine, asked(0, 2, &moves), &clock);
        assert!(
            matches!(
                &none[..],
                [
                    FromWorker::Thought {
                        id: 8,
                        more: true,
                        ..
                    },
                    FromWorker::Thought {
                        id: 8,
                        more: false,
                        ..
                    }
                ]
            ),
            "{none:?}"
        );
    }
}
