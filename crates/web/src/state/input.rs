//! Input: taps, drops, typed moves, keys and the keyboard focus, each
//! checked against whose turn it is before it reaches the game.

use super::*;
use cheversi_engine::PlayError;

/// Why the person at this device may not move now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Wait {
    /// An embedded diagram.
    Diagram,
    /// A wrong move in a puzzle, not yet taken back.
    RetryFirst,
    /// A lesson's step answered: Next goes on.
    LessonNext,
    LessonOver,
    PuzzleOver,
    GameOver,
    /// Looking back in a game without undo.
    Reviewing,
    /// A friend's turn (their name).
    Friend(String),
    /// The computer's turn (its seat).
    Computer(u8),
}

impl Wait {
    /// In the page's language.
    pub(super) fn words(&self) -> String {
        match self {
            Wait::Diagram => t("embed.diagram").into(),
            Wait::RetryFirst => t("puzzle.retry_first").into(),
            Wait::LessonNext => t("learn.press_next").into(),
            Wait::LessonOver => t("learn.over").into(),
            Wait::PuzzleOver => t("puzzle.over").into(),
            Wait::GameOver => t("status.game_over").into(),
            Wait::Reviewing => t("status.reviewing").into(),
            Wait::Friend(name) => tf("corr.their_turn", &[("name", name)]),
            Wait::Computer(seat) => tf("status.computer_turn", &[("player", i18n::player(*seat))]),
        }
    }
}

impl State {
    /// Whether the person at this device may move now; the reason if not.
    pub(super) fn may_move(&self) -> Result<(), Wait> {
        if self.locked {
            return Err(Wait::Diagram);
        }
        if let Some(run) = &self.puzzle {
            match run.status() {
                puzzle::PuzzleStatus::Playing => {}
                puzzle::PuzzleStatus::Failed => return Err(Wait::RetryFirst),
                puzzle::PuzzleStatus::Solved | puzzle::PuzzleStatus::Shown => {
                    return Err(Wait::PuzzleOver)
                }
            }
        }
        if let Some(run) = &self.lesson {
            match run.status() {
                lesson::StepStatus::Playing | lesson::StepStatus::Wrong => {}
                lesson::StepStatus::Right => return Err(Wait::LessonNext),
                lesson::StepStatus::Done => return Err(Wait::LessonOver),
            }
        }
        let game = self.play.current();
        let Some(mover) = game.to_move() else {
            return Err(Wait::GameOver);
        };
        if self.play.reviewing() && !self.play.undo_allowed() {
            return Err(Wait::Reviewing);
        }
        if self.play.seats()[mover as usize] == Seat::Remote {
            return Err(Wait::Friend(self.seat_name(mover as usize)));
        }
        if self.play.seats()[mover as usize] != Seat::Human {
            return Err(Wait::Computer(mover));
        }
        Ok(())
    }

    /// The person's try to move while they may not. Where the computer
    /// is to move and gave up after its failures, the try lets it try
    /// again (with undo off, nothing else did short of a new game).
    fn cannot_move(&mut self, why: Wait) {
        if matches!(why, Wait::Computer(_)) && self.requests.gave_up() {
            self.requests.forgive();
            return self.tell(t("status.computer_again"));
        }
        self.refuse(why.words())
    }

    /// What a press on `target` could drag: a choosable piece of the mover.
    pub(super) fn draggable(&self, target: &Target) -> Option<String> {
        if self.may_move().is_err() {
            return None;
        }
        let name = match target {
            Target::Square(sq) => Square::new(*sq)?.to_string(),
            Target::Piece(p) => p.clone(),
            Target::Other => return None,
        };
        self.choosable().contains(&name).then_some(name)
    }

    /// A tap (or Enter) on a piece in hand.
    pub(super) fn choose(&mut self, chosen: &str) {
        if let Err(why) = self.may_move() {
            return self.cannot_move(why);
        }
        if self.selected.as_deref() == Some(chosen) {
            return self.drop_choice();
        }
        self.pending = None;
        if view::legal_targets(self.play.current(), chosen).is_empty() {
            let reason = match self.play.current().to_move() {
                Some(m) => tf(
                    "status.cannot_play",
                    &[
                        ("player", i18n::player(m)),
                        ("piece", &self.chosen_name(chosen)),
                    ],
                ),
                None => t("status.game_over").into(),
            };
            return self.refuse(reason);
        }
        self.selected = Some(chosen.to_string());
        let name = self.chosen_name(chosen);
        self.tell(tf("status.chosen", &[("piece", &name)]));
    }

    /// How a chosen piece reads: "Queen", or "d4" for a piece on the board.
    pub(super) fn chosen_name(&self, chosen: &str) -> String {
        match chosen.chars().next() {
            Some(c) if chosen.len() == 1 => i18n::piece(c, self.play.is_cheversi()).to_string(),
            _ => chosen.to_string(),
        }
    }

    /// A tap (or Enter) on a board square.
    pub(super) fn tap(&mut self, square: u8) {
        let Some(sq) = Square::new(square) else {
            return;
        };
        self.focus = square;
        if let Err(why) = self.may_move() {
            return self.cannot_move(why);
        }
        if self.lesson_tap(sq) {
            return;
        }
        let choosable = self.choosable();
        let name = sq.to_string();
        // Tapping one of your own pieces that can jump chooses it.
        if choosable.contains(&name) {
            self.pending = None;
            self.selected = if self.selected.as_deref() == Some(&name) {
                None
            } else {
                Some(name)
            };
            return;
        }
        if self.selected.is_none() && choosable.len() == 1 {
            self.selected = Some(choosable[0].clone());
        }
        let Some(chosen) = self.selected.clone() else {
            return self.refuse(if choosable.iter().all(|c| c.len() == 1) {
                t("status.choose_reserve")
            } else {
                t("status.choose_piece")
            });
        };
        self.place(&chosen, sq, self.prefs.confirm);
    }

    /// A piece dropped on a square: a decision, no second tap needed.
    pub(super) fn drop(&mut self, chosen: &str, square: u8) {
        let Some(sq) = Square::new(square) else {
            return;
        };
        self.focus = square;
        if let Err(why) = self.may_move() {
            return self.cannot_move(why);
        }
        self.selected = Some(chosen.to_string());
        self.pending = None;
        self.place(chosen, sq, false);
    }

    /// Plays `chosen` to `sq`; with `confirm`, a placement is first shown
    /// with its score change and played on the second tap.
    pub(super) fn place(&mut self, chosen: &str, sq: Square, confirm: bool) {
        let text = view::move_text(chosen, sq);
        // A lesson judges every answer, an illegal one too (and says why).
        if self.lesson_move(&text) {
            return;
        }
        if let Some(reason) = reasons::why_not(self.play.current(), &text) {
            return self.refuse(reason);
        }
        let placement = chosen.len() == 1 && self.play.is_cheversi();
        if placement && confirm && self.pending.as_deref() != Some(&text) {
            let before = self.play.current().scores();
            let after = view::preview_scores(self.play.current(), &text).unwrap_or_default();
            self.tell(tf(
                "status.preview",
                &[("move", &text), ("change", &score_change(&before, &after))],
            ));
            self.pending = Some(text);
            return;
        }
        if let Err(e) = self.play_move(&text) {
            self.refuse(reasons::play_error(self.play.current(), &e));
        }
    }

    /// Mouse hover with a reserve piece chosen and no confirmation: shows
    /// the placement's score change. True when the status changed.
    pub(super) fn hover(&mut self, square: Option<u8>) -> bool {
        if self.prefs.confirm || self.may_move().is_err() {
            return false;
        }
        let (Some(chosen), Some(sq)) = (self.selected.clone(), square.and_then(Square::new)) else {
            return false;
        };
        if chosen.len() != 1 {
            return false;
        }
        let text = view::move_text(&chosen, sq);
        let game = self.play.current();
        let Some(after) = view::preview_scores(game, &text) else {
            return false;
        };
        let status = Status {
            text: format!("{text}: {}", score_change(&game.scores(), &after)),
            error: false,
        };
        let changed = self.status != status;
        self.status = status;
        changed
    }

    pub(super) fn type_move(&mut self, text: &str) {
        if let Err(why) = self.may_move() {
            return self.cannot_move(why);
        }
        let text = text.trim();
        if text.is_empty() || self.lesson_move(text) {
            return;
        }
        if let Err(e) = self.play_move(text) {
            self.refuse(reasons::play_error(self.play.current(), &e));
        }
    }

    /// Plays a move (the person's or the computer's) and describes it.
    /// The refusal is the engine's; the game is unchanged then.
    pub(super) fn play_move(&mut self, text: &str) -> Result<(), PlayError> {
        let before = self.snapshot();
        let game = self.play.current().clone();
        let mv = self.play.play(text)?;
        self.version += 1;
        self.game_version += 1;
        self.review = None;
        if self.puzzle_playing() {
            self.judge_puzzle_move(&game, &game.notation(mv));
            return Ok(());
        }
        let after = self.snapshot();
        // In a game with friends, what to do next is said too ("Waiting
        // for Ben: send them your move.").
        self.tell_turn(describe_move(&before, &after));
        if after.over && self.local_shown() {
            self.last_winner = after.winner;
        }
        Ok(())
    }

    pub(super) fn after_step(&mut self, result: Result<(), play::Refusal>, done: &str) {
        match result {
            Ok(()) => {
                self.version += 1;
                self.tell(t(done));
            }
            Err(key) => self.refuse(t(key)),
        }
    }

    /// Shows the position after `ply` moves (review).
    pub(super) fn go_to(&mut self, ply: usize) {
        if ply == self.play.cursor() || !self.play.go_to(ply) {
            return;
        }
        self.version += 1;
        let text = if self.play.reviewing() {
            tf("status.position_after", &[("ply", &ply.to_string())])
        } else {
            t("status.back_to_game").to_string()
        };
        self.tell(text);
    }

    /// Moves the keyboard focus by a step on the screen.
    pub(super) fn move_focus(&mut self, right: i8, up: i8) {
        let (right, up) = if self.prefs.flipped {
            (-right, -up)
        } else {
            (right, up)
        };
        let file = (self.focus % 8) as i8 + right;
        let rank = (self.focus / 8) as i8 + up;
        if (0..8).contains(&file) && (0..8).contains(&rank) {
            self.focus = (rank * 8 + file) as u8;
        }
    }
}
