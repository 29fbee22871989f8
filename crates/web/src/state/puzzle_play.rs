//! The state's puzzle actions: open a puzzle in place of the game (the
//! game at this device is put aside, as for a game with friends), judge
//! each move against the solution and answer from it, retry, show the
//! solution, and count the first try in the person's progress.

use super::evaluation::Evaluation;
use super::puzzle::{self, Judged, PuzzleRun, PuzzleStatus};
use super::{PuzzleChoice, Seat, State};
use crate::i18n::{self, t, tf};
use crate::play::Play;
use crate::protocol::Judgement;
use cheversi_engine::puzzle::Goal;
use cheversi_engine::{AnyGame, GameState};

impl State {
    pub(super) fn open_puzzle(&mut self, choice: PuzzleChoice) {
        let Some(library) = &self.library else {
            return;
        };
        let day = puzzle::day_of(self.now);
        let today = library.daily(day).map(|p| p.id().to_string());
        let current = self.puzzle.as_ref().map(|r| r.puzzle().id().to_string());
        // Today's puzzle is offered until it was tried, today or before (a
        // repeat is not counted, so it would come back all day).
        let daily_tried = self.progress.daily_result(&self.today()).is_some()
            || today
                .as_ref()
                .is_some_and(|id| self.progress.seen.contains(id));
        let choice = match choice {
            PuzzleChoice::Start if daily_tried => PuzzleChoice::Next,
            PuzzleChoice::Start => PuzzleChoice::Daily,
            other => other,
        };
        let found = match &choice {
            PuzzleChoice::Daily => library.daily(day),
            PuzzleChoice::Id(id) => library.get(id),
            _ => library.next(&self.progress, current.as_deref(), self.now as u64),
        };
        let Some(found) = found.cloned() else {
            let id = match choice {
                PuzzleChoice::Id(id) => id,
                _ => String::new(),
            };
            return self.refuse(tf(
                "puzzle.not_found",
                &[("id", &crate::problem::clip(&id))],
            ));
        };
        let daily = (today.as_deref() == Some(found.id())).then(|| self.today());
        let tried = self.progress.seen.iter().any(|id| id == found.id());
        let mut run = PuzzleRun::new(found, daily);
        if tried {
            run.mark_counted();
        }
        self.show_puzzle(run);
    }

    /// Shows a puzzle in place of what is shown ([`State::show_practice_board`]).
    fn show_puzzle(&mut self, run: PuzzleRun) {
        let Some(play) = board_of(&run) else {
            return;
        };
        self.show_practice_board(play);
        self.prefs.flipped = run.puzzle().solver() == 1;
        self.puzzle = Some(run);
        // The panel shows the task; the status line only invites a move,
        // and screen readers hear the task.
        self.say(t("puzzle.your_move"));
        self.announce = self.puzzle_goal().unwrap_or_default();
    }

    /// Puts the puzzle's board back as its run says (after a retry, or
    /// with the whole solution).
    fn reset_puzzle_board(&mut self) {
        if let Some(play) = self.puzzle.as_ref().and_then(board_of) {
            self.play = play;
            self.review = None;
            self.version += 1;
            self.game_version += 1;
        }
    }

    /// The person's move in a puzzle (already on the board): the engine's
    /// reply from the solution, or the puzzle failed.
    pub(super) fn judge_puzzle_move(&mut self, before: &AnyGame, played: &str) {
        let Some(run) = self.puzzle.as_mut() else {
            return;
        };
        match run.judge(before, played) {
            Judged::Right { replies, solved } => {
                for reply in &replies {
                    if self.play.play(reply).is_err() {
                        break;
                    }
                }
                let text = if solved {
                    self.count_puzzle();
                    tf("puzzle.solved", &[("move", played)])
                } else if replies.is_empty() {
                    // The first jump of a two-jump turn.
                    tf("puzzle.right_again", &[("move", played)])
                } else {
                    tf(
                        "puzzle.right",
                        &[("move", played), ("replies", &replies.join(" "))],
                    )
                };
                self.tell(text);
            }
            Judged::Wrong => {
                self.count_puzzle();
                // A wrong last placement ends the game: its cost is known
                // at once; otherwise the engine's answer is awaited.
                let text = self
                    .puzzle_feedback()
                    .filter(|_| self.play.current().to_move().is_none())
                    .unwrap_or_else(|| tf("puzzle.wrong", &[("move", played)]));
                self.tell(text);
            }
        }
    }

    pub(super) fn retry_puzzle(&mut self) {
        if self.puzzle.as_mut().is_some_and(PuzzleRun::retry) {
            self.reset_puzzle_board();
            self.tell(t("puzzle.again"));
        }
    }

    pub(super) fn show_solution(&mut self) {
        if !self.puzzle.as_mut().is_some_and(PuzzleRun::show) {
            return;
        }
        self.count_puzzle();
        self.reset_puzzle_board();
        let line = self
            .puzzle
            .as_ref()
            .map(|r| r.line().join(" "))
            .unwrap_or_default();
        self.tell(tf("puzzle.solution", &[("line", &line)]));
    }

    /// Says the refutation of a wrong move once the engine's evaluation
    /// of the position after it is in (screen readers hear it too).
    pub(super) fn tell_refutation(&mut self) {
        let failed = self
            .puzzle
            .as_ref()
            .is_some_and(|r| r.status() == PuzzleStatus::Failed);
        if let (true, Some(text)) = (failed && self.eval.is_some(), self.puzzle_feedback()) {
            if self.announce != text {
                self.announce = text;
            }
        }
    }

    /// Another tab stored the progress: it may have counted this puzzle.
    pub(super) fn progress_stored(&mut self, progress: puzzle::Progress) {
        if let Some(run) = self.puzzle.as_mut() {
            if progress.seen.iter().any(|id| id == run.puzzle().id()) {
                run.mark_counted();
            }
        }
        self.progress = progress;
    }

    /// Counts the puzzle's first try in the progress (once).
    fn count_puzzle(&mut self) {
        let Some(run) = self.puzzle.as_mut() else {
            return;
        };
        let Some(solved) = run.take_result() else {
            return;
        };
        let daily = run.daily_date().map(str::to_string);
        let daily = daily.as_deref();
        let (id, rating) = (run.puzzle().id().to_string(), run.puzzle().rating());
        self.progress.record(&id, rating, solved, daily);
        self.puzzles_saved += 1;
    }

    /// The task, as the puzzle panel says it ("White to place: …").
    pub fn puzzle_goal(&self) -> Option<String> {
        let run = self.puzzle.as_ref()?;
        let player = i18n::player(run.puzzle().solver());
        let moves = run.solver_moves().to_string();
        Some(match run.goal() {
            Goal::Margin(m) => tf(
                "puzzle.goal_margin",
                &[
                    ("player", player),
                    ("left", &run.placements_left().to_string()),
                    ("margin", &signed(m)),
                    ("k", &moves),
                ],
            ),
            // A win in `plies` moves of both sides: in the duel every turn
            // is one move, so the winner's moves are half of them; where a
            // turn may have two moves the count is of both sides' moves.
            Goal::WinIn(plies) if run.puzzle().game() == "duel" => tf(
                "puzzle.goal_win",
                &[
                    ("player", player),
                    ("n", &plies.div_ceil(2).to_string()),
                    ("k", &moves),
                ],
            ),
            Goal::WinIn(plies) => tf(
                "puzzle.goal_win_plies",
                &[("player", player), ("n", &plies.to_string()), ("k", &moves)],
            ),
        })
    }

    /// What the panel says about the last move: right, solved, the
    /// solution, or what a wrong move loses (from the engine's evaluation
    /// of the position after it, once it has one).
    pub fn puzzle_feedback(&self) -> Option<String> {
        let run = self.puzzle.as_ref()?;
        Some(match run.status() {
            PuzzleStatus::Playing => String::new(),
            PuzzleStatus::Solved => t("puzzle.solved_panel").to_string(),
            PuzzleStatus::Shown => tf("puzzle.solution", &[("line", &run.line().join(" "))]),
            PuzzleStatus::Failed => {
                let played = run.wrong().unwrap_or_default();
                let game = self.play.current();
                if let (None, Goal::Margin(goal)) = (game.to_move(), run.goal()) {
                    let scores = game.scores();
                    let me = usize::from(run.puzzle().solver());
                    let mine = scores[me] - scores[1 - me.min(1)];
                    return Some(tf(
                        "puzzle.refuted_end",
                        &[
                            ("move", played),
                            ("value", &signed(mine)),
                            ("goal", &signed(goal)),
                        ],
                    ));
                }
                match (self.eval.as_ref(), self.line.as_ref()) {
                    (Some(eval), Some(line)) => refutation(run, played, eval, line.moves.first()),
                    _ => tf("puzzle.wrong_thinking", &[("move", played)]),
                }
            }
        })
    }
}

/// The puzzle's board as its run stands: both seats played here (the
/// state plays the answers), undo off.
fn board_of(run: &PuzzleRun) -> Option<Play> {
    let players = run.puzzle().options().players();
    Play::resume(run.session(), vec![Seat::Human; players], false).ok()
}

/// "+3", "0", "-2".
fn signed(points: i32) -> String {
    if points > 0 {
        format!("+{points}")
    } else {
        points.to_string()
    }
}

/// What the wrong move `played` gives away: the engine's evaluation of the
/// position after it is for the side to move there (the opponent).
fn refutation(run: &PuzzleRun, played: &str, eval: &Evaluation, reply: Option<&String>) -> String {
    let reply = reply.cloned().unwrap_or_default();
    let opponent = i18n::player(1 - run.puzzle().solver().min(1));
    let ours = run.puzzle().solver() == eval.mover;
    let result = match (eval.judgement, run.goal()) {
        (Judgement::Margin(tenths), Goal::Margin(goal)) => {
            let mine = i64::from(if ours { tenths } else { -tenths });
            // Proven margins are whole points.
            let value = if eval.exact && mine % 10 == 0 {
                signed((mine / 10) as i32)
            } else {
                i18n::number(crate::number::tenths_signed(mine))
            };
            tf(
                if eval.exact {
                    "puzzle.lost_margin"
                } else {
                    "puzzle.lost_margin_about"
                },
                &[("value", &value), ("goal", &signed(goal))],
            )
        }
        (Judgement::Wins(_), _) if !ours => t("puzzle.lost_win").to_string(),
        (Judgement::Loses(_), _) if ours => t("puzzle.lost_win").to_string(),
        _ => t("puzzle.lost_unclear").to_string(),
    };
    if ours {
        // The wrong move was the first of a two-move turn: the solver
        // moves again, so there is no answer to name.
        return tf(
            "puzzle.refuted_self",
            &[("move", played), ("result", &result)],
        );
    }
    tf(
        "puzzle.refuted",
        &[
            ("move", played),
            ("player", opponent),
            ("reply", &reply),
            ("result", &result),
        ],
    )
}
