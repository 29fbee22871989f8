//! Actions and their effects: the one entry point [`State::apply`], the
//! dispatch of each [`Action`], and what every action ends with (the
//! position settled, the worker asked, the status line).

use super::*;
use cheversi_engine::{AnyGame, Outcome};

impl State {
    pub fn apply(&mut self, action: Action) -> Effects {
        let (version, saved, games_saved) = (self.version, self.saved, self.games_saved);
        let game_version = self.game_version;
        let (puzzles_saved, lessons_saved) = (self.puzzles_saved, self.lessons_saved);
        let prefs = self.prefs.kept_part();
        let mut fx = Effects {
            render: true,
            ..Effects::default()
        };
        self.handle(action, &mut fx);
        if self.version != version {
            self.position_changed();
        }
        self.settle(&mut fx);
        let changed = self.saved != saved || self.version != version;
        // Only when the game's moves or seats may have changed: writing the
        // record on every pointer move would be wasted work.
        let game_changed = self.game_version != game_version || self.saved != saved;
        if game_changed && self.games.put(&self.play, self.now) {
            self.games_saved += 1;
        }
        // A correspondence game is kept in the list, never as the game at
        // this device; the local game put aside has not changed (and another
        // tab may have moved on with it since).
        fx.save = changed && self.local_shown();
        fx.save_games = self.games_saved != games_saved;
        fx.save_puzzles = self.puzzles_saved != puzzles_saved;
        fx.save_lessons = self.lessons_saved != lessons_saved;
        fx.save_prefs = self.prefs.kept_part() != prefs;
        fx
    }

    pub(super) fn handle(&mut self, action: Action, fx: &mut Effects) {
        match action {
            Action::Click {
                target,
                from_pointer,
            } => {
                if self.pointer.click_ends_drag(from_pointer) {
                    fx.render = false;
                    return;
                }
                match target {
                    Target::Square(sq) => self.tap(sq),
                    Target::Piece(p) => self.choose(&p),
                    Target::Other => fx.render = false,
                }
            }
            Action::MoveFocus(right, up) => self.move_focus(right, up),
            Action::Escape => self.drop_choice(),
            Action::Letter(c) => self.choose(&c.to_ascii_uppercase().to_string()),
            Action::TypeMove(text) => self.type_move(&text),
            Action::PointerDown { target, x, y } => {
                let chosen = self.draggable(&target);
                self.pointer.press(chosen, x, y);
                fx.render = false;
            }
            Action::PointerMove { x, y, board, mouse } => {
                let dragged = self.pointer.moved(x, y);
                let hovered = mouse && !dragged && self.hover(self.layout(board).square_at(x, y));
                fx.render = dragged || hovered;
            }
            Action::PointerUp { x, y, board } => match self.pointer.release() {
                Some(drag) => {
                    if let Some(sq) = self.layout(board).square_at(x, y) {
                        self.drop(&drag.chosen, sq);
                    }
                }
                None => fx.render = false,
            },
            Action::PointerCancel => self.pointer.cancel(),
            Action::Undo => {
                let result = self.play.undo();
                self.after_step(result, "status.taken_back");
            }
            Action::Redo => {
                let result = self.play.redo();
                self.after_step(result, "status.replayed");
            }
            Action::GoTo(ply) => self.go_to(ply),
            Action::Back => self.go_to(self.play.cursor().saturating_sub(1)),
            Action::Forward => self.go_to(self.play.cursor() + 1),
            Action::Last => self.go_to(self.play.len()),
            Action::Flip => self.prefs.flipped = !self.prefs.flipped,
            Action::NextOverlay => self.prefs.overlay = self.prefs.overlay.next(),
            Action::SetOverlay(o) => self.prefs.overlay = o,
            Action::SetConfirm(on) => {
                self.prefs.confirm = on;
                self.pending = None;
            }
            Action::SetShowEval(on) => self.prefs.show_eval = on,
            // In a lesson the hint is the step's own, never the engine's move.
            Action::Hint if self.lesson.is_some() => self.lesson_hint(),
            Action::Hint => self.ask_hint(fx),
            Action::Review => self.toggle_review(fx),
            Action::PreviewLine(n) => {
                let n = n.filter(|&n| {
                    self.best_line()
                        .is_some_and(|l| n >= 1 && n <= l.moves.len())
                });
                fx.render = n != self.preview;
                self.preview = n;
            }
            Action::Start(game) => match Play::new(game) {
                Ok(play) => {
                    self.replace(play, None);
                    self.prefs.flipped = self.play.human_plays_black_only();
                    self.say(t("status.new_game"));
                    self.announce = t("status.new_game_started").into();
                }
                Err(e) => self.refuse(tf("status.cannot_start", &[("reason", &words(&e))])),
            },
            Action::Open { play, at, from } => self.open(play, at, from),
            Action::Arrive { letter, fresh_id } => self.arrive(letter, fresh_id),
            Action::OpenGame(id) => self.open_kept(&id),
            Action::LocalStored(saved) => self.local_stored(saved),
            Action::GamesStored(stored) => {
                if self.merge_games(stored) {
                    self.games_saved += 1;
                }
            }
            Action::PuzzlesLoaded { puzzles, open } => match puzzles {
                Ok(puzzles) => {
                    self.library = Some(puzzle::Library::new(puzzles));
                    self.open_puzzle(open);
                }
                Err(e) => {
                    self.refuse(tf("puzzle.unreadable", &[("reason", &words(&e))]));
                    fx.reveal_status = true;
                }
            },
            Action::OpenPuzzle(choice) => self.open_puzzle(choice),
            Action::LessonsLoaded { lessons, open } => {
                fx.reveal_status = lessons.is_err();
                self.lessons_loaded(lessons, open);
            }
            Action::ShowLessons(shown) => self.show_lessons(shown),
            Action::LessonWords(words) => self.set_lesson_words(words),
            Action::OpenLesson(id) => self.open_lesson(&id),
            Action::LessonCheck => self.lesson_check(),
            Action::LessonHint => self.lesson_hint(),
            Action::LessonRetry => self.lesson_retry(),
            Action::LessonShow => self.lesson_show(),
            Action::LessonNext => self.lesson_next(),
            Action::PuzzleRetry => self.retry_puzzle(),
            Action::PuzzleShow => self.show_solution(),
            Action::PuzzleProgressStored(progress) => self.progress_stored(progress),
            Action::LessonProgressStored(progress) => self.lesson_progress.merge(progress),
            Action::OpenLocal => {
                if let Some(local) = self.parked.take() {
                    let review = self.parked_review.take();
                    self.replace(local, None);
                    self.review = review.filter(|r| r.rows().len() == self.play.len());
                    self.prefs.flipped = self.play.human_plays_black_only();
                    self.games_saved += 1;
                    self.tell(t("corr.local_opened"));
                }
            }
            Action::DeleteGame(id) => self.delete_game(&id),
            Action::UndoDelete => {
                if let Some(id) = self.games.undo_delete() {
                    self.games_saved += 1;
                    self.open_kept(&id);
                    self.tell(t("corr.restored"));
                }
            }
            Action::AcceptOffer => {
                if let Some(offer) = self.offer.take() {
                    self.replace(offer.play, offer.at);
                    self.tell(t("status.link_opened"));
                }
            }
            Action::DeclineOffer => {
                if self.offer.take().is_some() {
                    self.tell(t("status.link_declined"));
                }
            }
            Action::Worker(event) => {
                self.worker(event, fx);
                self.tell_refutation();
            }
            Action::Tell { text, error } => {
                // Only the page's own flows tell: never a move on the board.
                fx.reveal_status = error;
                self.announce = text.clone();
                self.status = Status { text, error };
            }
            Action::Notice(text) => {
                fx.reveal_status = true;
                self.announce = text.clone();
                self.notice = Some(text);
                self.status = Status::default();
            }
            Action::Acted => fx.render = self.notice.take().is_some(),
            Action::LanguageChanged => self.status = Status::default(),
            Action::Resized => {}
        }
    }

    /// Drops what belonged to the old position.
    pub(super) fn position_changed(&mut self) {
        self.clear_choice();
        self.hint = None;
        self.eval = None;
        self.line = None;
        self.preview = None;
        self.requests.forgive();
    }

    /// Drops the request outstanding, if any, and stops the worker on it.
    /// A review whose request it was stops too: nothing else answers it.
    pub(super) fn drop_request(&mut self, fx: &mut Effects) {
        let Some(p) = self.requests.pending() else {
            return;
        };
        self.requests.abandon();
        fx.stop_worker = true;
        if p.purpose == Purpose::Review {
            if let Some(review) = self.review.as_mut() {
                review.stop();
            }
        }
    }

    /// Stops stale requests and asks the computer for what the position
    /// needs: its move on its turn, else the evaluation when shown.
    pub(super) fn settle(&mut self, fx: &mut Effects) {
        if let Some(p) = self.requests.pending() {
            // A review is about the game, anything else about the position;
            // the computer's own turn comes before a review.
            let stale = match p.purpose {
                Purpose::Review => {
                    p.version != self.game_version || self.play.computer_to_move().is_some()
                }
                _ => p.version != self.version,
            };
            if stale {
                self.drop_request(fx);
            }
        }
        if self.eval.is_none() {
            self.eval = self.final_evaluation();
        }
        if self.locked || self.requests.pending().is_some() || self.requests.gave_up() {
            return;
        }
        if let Some(level) = self.play.computer_to_move() {
            fx.think = Some(self.request(Purpose::Play, level.name()));
            fx.render = true;
            return;
        }
        // A wrong move in a puzzle is evaluated whatever the switch says:
        // the engine's answer is the refutation shown.
        let failed = self
            .puzzle
            .as_ref()
            .is_some_and(|r| r.status() == puzzle::PuzzleStatus::Failed);
        let wants_eval = ((self.prefs.show_eval && !self.answer_hidden()) || failed)
            && self.eval.is_none()
            && self.eval_failed != Some(self.version)
            && self.play.current().to_move().is_some();
        if wants_eval {
            fx.think = Some(self.request(Purpose::Evaluate, "master"));
        }
    }

    pub(super) fn request(&mut self, purpose: Purpose, level: &str) -> ToWorker {
        let id = self.requests.start(purpose, self.version);
        let mut moves = self.play.session().notations();
        moves.truncate(self.play.cursor());
        ToWorker::Think {
            id,
            spec: self.play.spec(),
            moves,
            level: level.to_string(),
            purpose,
            nodes: None,
            part: None,
            parts: None,
            seconds: None,
        }
    }

    /// A finished game's result, proven, read off the position: its final
    /// margin (Cheversi), or its winner (Attrition). None before the end.
    pub(super) fn final_evaluation(&self) -> Option<Evaluation> {
        let game = self.play.current();
        let players = self.play.seats().len();
        let judgement = match (game, game.outcome()?) {
            (AnyGame::Cheversi(pos), _) => Judgement::Margin(pos.margin() * 10),
            (_, Outcome::Winner(w)) => {
                return Some(Evaluation {
                    mover: w,
                    players,
                    judgement: Judgement::Wins(None),
                    exact: true,
                })
            }
            (_, Outcome::Draw) => Judgement::Score(0),
        };
        Some(Evaluation {
            mover: 0,
            players,
            judgement,
            exact: true,
        })
    }

    /// The worker's judgement of the current position, for its mover.
    pub(super) fn evaluation_of(&self, judgement: Judgement, exact: bool) -> Option<Evaluation> {
        self.play.current().to_move().map(|mover| Evaluation {
            mover,
            players: self.play.seats().len(),
            judgement,
            exact,
        })
    }

    /// Shows something on the status line without announcing it: where
    /// the announcement says something else (`announce` set beside it).
    /// The status line is not a live region: [`State::tell`] speaks.
    pub(super) fn say(&mut self, text: impl Into<String>) {
        self.status = Status {
            text: text.into(),
            error: false,
        };
    }

    /// Says something and announces it to screen readers.
    pub(super) fn tell(&mut self, text: impl Into<String>) {
        let text = text.into();
        self.announce = text.clone();
        self.say(text);
    }

    pub(super) fn refuse(&mut self, text: impl Into<String>) {
        let text = text.into();
        self.announce = text.clone();
        self.status = Status { text, error: true };
    }

    pub(super) fn clear_choice(&mut self) {
        self.selected = None;
        self.pending = None;
    }

    /// The player lets go of a chosen piece (or a previewed move): said,
    /// since the status said it was chosen.
    pub(super) fn drop_choice(&mut self) {
        if self.selected.is_some() || self.pending.is_some() {
            self.clear_choice();
            self.tell(t("status.unchosen"));
        }
    }

    pub(super) fn layout(&self, board: f64) -> Layout {
        Layout {
            size: board,
            flipped: self.prefs.flipped,
        }
    }
}
