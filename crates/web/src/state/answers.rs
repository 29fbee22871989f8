//! The worker's answers: a move, an evaluation, a hint, a review row, or
//! a failure, each checked against what is still asked.

use super::*;

impl State {
    /// Shows what the engine says of the position shown (its value and
    /// best line), unless a proof is shown and this is not one: a proof
    /// stays, since a shorter search (a hint's) may not reach it again.
    fn show_view(
        &mut self,
        evaluation: Option<Evaluation>,
        moves: Vec<String>,
        depth: u32,
        exact: bool,
    ) {
        if self.eval.is_some_and(|e| e.exact) && !evaluation.is_some_and(|e| e.exact) {
            return;
        }
        self.eval = evaluation;
        self.line = Some(BestLine {
            moves,
            depth,
            exact,
        });
    }

    pub(super) fn worker(&mut self, event: WorkerEvent, fx: &mut Effects) {
        match event {
            WorkerEvent::Answer(FromWorker::Ready) => fx.render = false,
            WorkerEvent::Answer(FromWorker::Thought {
                id,
                purpose: Purpose::Evaluate,
                judgement,
                exact,
                depth,
                pv,
                more: true,
                ..
            }) => {
                // A first, shallower evaluation: shown now, the request
                // stays open for the deeper one.
                let evaluation = self.evaluation_of(judgement, exact);
                if !self.requests.awaits(id, Purpose::Evaluate) || evaluation.is_none() {
                    fx.render = false;
                    return;
                }
                self.show_view(evaluation, pv, depth, exact);
            }
            WorkerEvent::Answer(FromWorker::Thought {
                id,
                best,
                judgement,
                exact,
                depth,
                pv,
                ..
            }) => {
                let Some(request) = self.requests.answered(id) else {
                    fx.render = false;
                    return;
                };
                let evaluation = self.evaluation_of(judgement, exact);
                if matches!(request.purpose, Purpose::Hint | Purpose::Evaluate) {
                    self.show_view(evaluation, pv, depth, exact);
                }
                match request.purpose {
                    Purpose::Play => {
                        if let Err(e) = self.play_move(&best) {
                            let why = reasons::play_error(self.play.current(), &e);
                            self.requests.unusable();
                            return self.said_failed(request, &why, fx);
                        }
                    }
                    Purpose::Hint => {
                        // The value shown: a proof already there stays,
                        // and the hint names its move, as its line does.
                        let shown = self.eval;
                        let best = self
                            .line
                            .as_ref()
                            .filter(|line| line.exact)
                            .and_then(|line| line.moves.first().cloned())
                            .unwrap_or(best);
                        let text = tf(
                            "status.hint",
                            &[
                                ("move", &best),
                                ("eval", &shown.map(|e| e.text()).unwrap_or_default()),
                            ],
                        );
                        self.hint = Some(best);
                        self.tell(text);
                    }
                    Purpose::Evaluate | Purpose::Review => {}
                }
                // Only now: a move the page cannot play is a failure too.
                self.requests.used();
            }
            WorkerEvent::Answer(FromWorker::Reviewed {
                id,
                ply,
                best,
                lost_tenths,
                exact,
                value,
            }) => {
                let ours = self.requests.awaits(id, Purpose::Review);
                let (Some(review), true) = (self.review.as_mut(), ours) else {
                    fx.render = false;
                    return;
                };
                let session = self.play.session();
                let (Some(before), Some(&mv)) =
                    (session.position_at(ply), session.moves().get(ply))
                else {
                    return;
                };
                let played = before.notation(mv);
                let loss = f64::from(lost_tenths) / 10.0;
                let cheversi = self.play.is_cheversi();
                review.set(
                    ply,
                    Row {
                        mover: before.to_move().unwrap_or(0),
                        class: MoveClass::classify(cheversi, loss, played == best),
                        played,
                        best,
                        loss,
                        exact,
                        value,
                    },
                );
            }
            WorkerEvent::Answer(FromWorker::ReviewDone { id, end }) => {
                if self.requests.answered(id).is_some() {
                    self.requests.used();
                    let mover = self.play.session().latest().to_move();
                    if let Some(review) = self.review.as_mut() {
                        if let (Some(end), Some(mover)) = (end, mover) {
                            review.set_end(mover, end);
                        }
                        review.finish();
                    }
                    self.tell(t("review.done"));
                }
            }
            WorkerEvent::Answer(FromWorker::Failed { id, failure }) => {
                // Id 0: the worker could not read the request at all.
                let why = crate::problem_words::failure(&failure);
                self.computer_failed((id != 0).then_some(id), &why, fx);
            }
            WorkerEvent::Crashed => {
                fx.drop_worker = true;
                self.computer_failed(None, t("failure.crashed"), fx);
            }
            WorkerEvent::Silent { id, progress } => {
                let Some(pending) = self.requests.pending().filter(|p| p.id == id) else {
                    return;
                };
                // Only a review's own request shows it is alive by the
                // rows it adds; another is silent whatever review is kept.
                let moved_on = pending.purpose == Purpose::Review
                    && self
                        .review
                        .as_ref()
                        .is_some_and(|r| r.progress() != progress);
                if !moved_on {
                    fx.stop_worker = true;
                    self.computer_failed(Some(id), t("failure.silent"), fx);
                }
            }
        }
    }

    pub(super) fn computer_failed(&mut self, id: Option<u32>, message: &str, fx: &mut Effects) {
        if let Some(request) = self.requests.failed(id) {
            self.said_failed(request, message, fx);
        }
    }

    /// What the page says, and stops, once `request` failed (counted).
    fn said_failed(&mut self, request: requests::Pending, message: &str, fx: &mut Effects) {
        fx.render = true;
        match request.purpose {
            Purpose::Play if self.requests.gave_up() => {
                self.refuse(tf("status.computer_failing", &[("reason", message)]))
            }
            Purpose::Play => {}
            Purpose::Hint => self.refuse(tf("status.hint_failed", &[("reason", message)])),
            Purpose::Evaluate => self.eval_failed = Some(self.version),
            Purpose::Review => {
                if let Some(review) = self.review.as_mut() {
                    review.stop();
                }
                self.refuse(tf("review.failed", &[("reason", message)]));
            }
        }
    }

    pub(super) fn ask_hint(&mut self, fx: &mut Effects) {
        if let Err(why) = self.may_move() {
            return self.refuse(why.words());
        }
        if self.puzzle_playing() {
            return self.refuse(t("puzzle.no_hint"));
        }
        self.drop_request(fx);
        self.requests.forgive();
        fx.think = Some(self.request(Purpose::Hint, "master"));
        self.tell(t("status.looking"));
    }
}
