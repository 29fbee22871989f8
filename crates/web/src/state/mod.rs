//! The page's state without a DOM, in the manner of chessground: private
//! fields, changed only by [`State::apply`] with an [`Action`], which
//! returns the [`Effects`] the shell must carry out (draw, save, ask the
//! worker, stop the worker). Rules questions go to the engine through
//! `cheversi_api::view`. Everything here is tested natively.
//!
//! Pieces: [`play`] (the game being played), [`prefs`] (how the board is
//! shown), [`computer`] (requests to the worker), [`pointer`] (taps and
//! drags), [`saving`] (localStorage), [`evaluation`] (what the engine
//! says, as shown), [`puzzle`] (a puzzle being solved, the shipped
//! puzzles, the person's puzzle progress).

mod action;
mod answers;
mod apply;
mod corr;
pub mod evaluation;
pub mod games;
pub mod graph;
mod input;
pub mod lesson;
pub mod pointer;
pub mod puzzle;
pub mod requests;
pub mod review;
pub mod saving;

use crate::i18n::{self, t, tf};
use crate::layout::Layout;
use crate::play::{self, Play};
pub use crate::prefs::{Overlay, Prefs};
use crate::problem_words::words;
use crate::protocol::{FromWorker, Judgement, Purpose, ToWorker};
use crate::reasons;
pub use crate::seat::{NewGame, Seat};
use crate::wording::{describe_move, score_change};
use cheversi_api::view::{self, Snapshot};
use cheversi_engine::{GameState, Square};
use evaluation::Evaluation;
use games::{compare, Compare, Games};
use pointer::{Drag, Pointer};
use requests::Requests;
use review::{MoveClass, Review, Row};

pub use action::{Action, Effects, PuzzleChoice, Source, Target, WorkerEvent};

/// Seconds the review spends on each move (a 16-placement game: about 6 s).
pub const REVIEW_SECONDS: f64 = 0.4;

/// Whose turn it is in a correspondence game, as this device sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Turn {
    Yours,
    /// A friend's (their name).
    Waiting(String),
    Computer,
    Over,
}

/// A line of text under the board: news, or why something was refused.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Status {
    pub text: String,
    pub error: bool,
}

/// The moves the engine expects from the shown position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestLine {
    pub moves: Vec<String>,
    /// Turns searched (0: from a table or a solver).
    pub depth: u32,
    pub exact: bool,
}

/// A game offered by a link while another is in progress.
#[derive(Debug)]
pub struct Offer {
    play: Play,
    at: Option<usize>,
}

#[derive(Debug)]
pub struct State {
    play: Play,
    prefs: Prefs,
    requests: Requests,
    pointer: Pointer,
    /// The chosen piece: a letter to place, or a square to jump from.
    selected: Option<String>,
    /// A placement shown and waiting for a second tap.
    pending: Option<String>,
    /// The square the keyboard is on (0 = a1).
    focus: u8,
    status: Status,
    /// What the page could not use as it started ([`Action::Notice`]),
    /// shown ahead of the status line until [`Action::Acted`].
    notice: Option<String>,
    /// Text for the screen reader's live region.
    announce: String,
    hint: Option<String>,
    eval: Option<Evaluation>,
    /// The engine's best line from the shown position, with its depth.
    line: Option<BestLine>,
    /// How many moves of the best line the board previews.
    preview: Option<usize>,
    /// The post-game review of this game (kept while the moves stay).
    review: Option<Review>,
    /// The evaluation of this position version failed: not asked again.
    eval_failed: Option<u64>,
    last_winner: Option<u8>,
    /// An embedded diagram: shown, never played, never replaced.
    locked: bool,
    offer: Option<Offer>,
    /// Bumped whenever the shown position changes.
    version: u64,
    /// Bumped whenever the game's moves change.
    game_version: u64,
    /// Bumped whenever something saved changes.
    saved: u64,
    /// The correspondence games kept here.
    games: Games,
    /// The game at this device, put aside while a correspondence game is
    /// shown.
    parked: Option<Play>,
    /// The finished review of the game put aside for a puzzle or a lesson,
    /// back with it.
    parked_review: Option<Review>,
    /// Bumped whenever the list of games or the open game changes.
    games_saved: u64,
    /// The page's clock (ms since 1970), set by the shell.
    now: f64,
    /// The puzzle shown in place of a game (the game at this device is
    /// put aside meanwhile).
    puzzle: Option<puzzle::PuzzleRun>,
    /// The shipped puzzles, once fetched.
    library: Option<puzzle::Library>,
    progress: puzzle::Progress,
    /// Bumped whenever the puzzle progress changes.
    puzzles_saved: u64,
    /// The lesson shown in place of a game (the game at this device is
    /// put aside meanwhile).
    lesson: Option<lesson::LessonRun>,
    /// The shipped lessons and their words, once fetched.
    lessons: Option<lesson::Library>,
    /// The list of lessons is open.
    lessons_shown: bool,
    lesson_progress: lesson::Progress,
    /// Bumped whenever the lesson progress changes.
    lessons_saved: u64,
    /// Bumped whenever a lesson is finished.
    lesson_done: u64,
}

impl State {
    pub fn new(play: Play) -> State {
        let mut state = State {
            play,
            prefs: Prefs::default(),
            requests: Requests::default(),
            pointer: Pointer::default(),
            selected: None,
            pending: None,
            focus: 0,
            status: Status::default(),
            notice: None,
            announce: String::new(),
            hint: None,
            eval: None,
            line: None,
            preview: None,
            review: None,
            eval_failed: None,
            last_winner: None,
            locked: false,
            offer: None,
            version: 0,
            game_version: 0,
            saved: 0,
            games: Games::default(),
            parked: None,
            parked_review: None,
            games_saved: 0,
            now: 0.0,
            puzzle: None,
            library: None,
            progress: puzzle::Progress::default(),
            puzzles_saved: 0,
            lesson: None,
            lessons: None,
            lessons_shown: false,
            lesson_progress: lesson::Progress::default(),
            lessons_saved: 0,
            lesson_done: 0,
        };
        state.prefs.flipped = state.play.human_plays_black_only();
        state
    }

    /// A board for a rules page: `locked` shows it without play.
    pub fn embedded(play: Play, prefs: Prefs, locked: bool) -> State {
        let mut state = State::new(play);
        state.prefs = prefs;
        state.locked = locked;
        state
    }

    // ----- reading (for drawing) -----

    pub fn play(&self) -> &Play {
        &self.play
    }

    pub fn prefs(&self) -> Prefs {
        self.prefs
    }

    /// The status line: the start's notice, if still kept, then what
    /// the page says now.
    pub fn status(&self) -> Status {
        match &self.notice {
            Some(notice) if self.status.text.is_empty() => Status {
                text: notice.clone(),
                error: true,
            },
            Some(notice) => Status {
                text: format!("{notice} {}", self.status.text),
                error: true,
            },
            None => self.status.clone(),
        }
    }

    /// Whether the start's notice is still shown.
    pub fn noticed(&self) -> bool {
        self.notice.is_some()
    }

    pub fn announce(&self) -> &str {
        &self.announce
    }

    pub fn selected(&self) -> Option<&str> {
        self.selected.as_deref()
    }

    pub fn pending(&self) -> Option<&str> {
        self.pending.as_deref()
    }

    pub fn hint(&self) -> Option<&str> {
        self.hint.as_deref()
    }

    pub fn focus(&self) -> u8 {
        self.focus
    }

    pub fn drag(&self) -> Option<&Drag> {
        self.pointer.drag()
    }

    pub fn thinking(&self) -> bool {
        self.requests.thinking()
    }

    pub fn pending_request(&self) -> Option<requests::Pending> {
        self.requests.pending()
    }

    pub fn computer_gave_up(&self) -> bool {
        self.requests.gave_up()
    }

    pub fn locked(&self) -> bool {
        self.locked
    }

    pub fn last_winner(&self) -> Option<u8> {
        self.last_winner
    }

    pub fn has_offer(&self) -> bool {
        self.offer.is_some()
    }

    pub fn review(&self) -> Option<&Review> {
        self.review.as_ref()
    }

    pub fn games(&self) -> &Games {
        &self.games
    }

    /// The puzzle shown, if any.
    pub fn puzzle(&self) -> Option<&puzzle::PuzzleRun> {
        self.puzzle.as_ref()
    }

    pub fn puzzle_progress(&self) -> &puzzle::Progress {
        &self.progress
    }

    /// The shipped puzzles are loaded.
    pub fn has_puzzles(&self) -> bool {
        self.library.is_some()
    }

    /// The puzzle progress kept on this device, read by the shell at start.
    /// The board choices kept from the last visit.
    pub fn set_kept_prefs(&mut self, kept: &crate::prefs::KeptPrefs) {
        self.prefs = self.prefs.with_kept(kept);
    }

    pub fn set_puzzle_progress(&mut self, progress: puzzle::Progress) {
        self.progress = progress;
    }

    /// Today's date (UTC), for the puzzle of the day.
    pub fn today(&self) -> String {
        puzzle::date_of(puzzle::day_of(self.now))
    }

    /// A puzzle is being solved or a lesson is shown: the engine's
    /// evaluation and best line would give the answer away.
    fn answer_hidden(&self) -> bool {
        self.puzzle_playing() || self.lesson.is_some()
    }

    /// A puzzle is being solved: the engine's views would give it away.
    fn puzzle_playing(&self) -> bool {
        self.puzzle
            .as_ref()
            .is_some_and(|r| r.status() == puzzle::PuzzleStatus::Playing)
    }

    /// A puzzle's or a lesson's board is shown in place of a game.
    fn practising(&self) -> bool {
        self.puzzle.is_some() || self.lesson.is_some()
    }

    /// The board shown is the game at this device (not a correspondence
    /// game, a puzzle or a lesson).
    fn local_shown(&self) -> bool {
        self.play.id().is_none() && !self.practising()
    }

    /// Shows a puzzle's or a lesson's board (its run set by the caller)
    /// in place of what is shown: the game at this device is put aside,
    /// once (another practice board is not a game), and a correspondence
    /// game stays in its list. The one way such a board is shown.
    fn show_practice_board(&mut self, board: Play) {
        let shown_local = self.local_shown();
        let old = std::mem::replace(&mut self.play, board);
        if shown_local {
            self.parked = Some(old);
            self.parked_review = self.review.take().filter(|r| !r.running());
        }
        self.puzzle = None;
        self.lesson = None;
        self.offer = None;
        self.review = None;
        self.version += 1;
        self.game_version += 1;
        self.games_saved += 1;
    }

    /// The game at this device: the one put aside while a puzzle or a
    /// lesson is shown (New game starts from it).
    pub fn game_at_device(&self) -> &Play {
        match (self.practising(), &self.parked) {
            (true, Some(local)) => local,
            _ => &self.play,
        }
    }

    /// Who sits where in a game loaded from a record for `players`: as in
    /// the game at this device when it has as many seats (never a game
    /// with a friend's seats: a record becomes a game at this device),
    /// else people at this device.
    pub fn seats_for_record(&self, players: usize) -> Vec<Seat> {
        let seats = self.local_game().seats();
        if seats.len() == players && !seats.contains(&Seat::Remote) {
            seats.to_vec()
        } else {
            vec![Seat::Human; players]
        }
    }

    /// The game at this device as kept: the one put aside while something
    /// else is shown, else the one shown.
    pub(super) fn local_game(&self) -> &Play {
        self.parked.as_ref().unwrap_or(&self.play)
    }

    /// A seat's player as the page names them: the name given, else the
    /// colour.
    pub fn seat_name(&self, seat: usize) -> String {
        self.play
            .name(seat)
            .unwrap_or_else(|| i18n::player(seat as u8).to_string())
    }

    /// Squares to outline on the board: the hint, else (in a reviewed
    /// game) the best move in place of the one that led here.
    pub fn outlined(&self) -> Vec<u8> {
        let session = self.play.session();
        let (text, ply) = match (&self.hint, &self.review) {
            (Some(hint), _) => (hint.clone(), self.play.cursor()),
            (None, Some(review)) if self.play.cursor() > 0 => {
                let ply = self.play.cursor() - 1;
                match review.row(ply) {
                    Some(row) if row.best != row.played => (row.best.clone(), ply),
                    _ => return Vec::new(),
                }
            }
            _ => return Vec::new(),
        };
        session
            .position_at(ply)
            .and_then(|game| game.parse_move(&text).ok())
            .map(view::touched)
            .unwrap_or_default()
    }

    /// The best line from the shown position, when evaluations are shown.
    pub fn best_line(&self) -> Option<&BestLine> {
        self.line
            .as_ref()
            .filter(|_| self.prefs.show_eval && !self.answer_hidden())
    }

    /// The evaluation of the shown position, when switched on and known.
    pub fn evaluation(&self) -> Option<&Evaluation> {
        self.eval
            .as_ref()
            .filter(|_| self.prefs.show_eval && !self.answer_hidden())
    }

    pub fn snapshot(&self) -> Snapshot {
        view::snapshot(self.play.session())
    }

    /// What the board shows: the game, or the position a move of the best
    /// line leads to while the person points at it.
    pub fn board_snapshot(&self) -> Snapshot {
        let (Some(n), Some(line)) = (self.preview, self.best_line()) else {
            return self.snapshot();
        };
        let mut session = self.play.session().clone();
        for text in line.moves.iter().take(n) {
            if session.play_text(text).is_err() {
                return self.snapshot();
            }
        }
        view::snapshot(&session)
    }

    pub fn previewing(&self) -> Option<usize> {
        self.preview
    }

    /// The selectors (piece letters or squares) that have a legal move.
    pub fn choosable(&self) -> Vec<String> {
        let game = self.play.current();
        let mut out: Vec<String> = Vec::new();
        for text in view::legal_moves(game) {
            if let Ok(mv) = game.parse_move(&text) {
                let s = view::selector(mv);
                if !out.contains(&s) {
                    out.push(s);
                }
            }
        }
        out
    }

    /// Legal squares for the selected piece.
    pub fn targets(&self) -> Vec<u8> {
        match &self.selected {
            Some(s) if self.may_move().is_ok() => view::legal_targets(self.play.current(), s),
            _ => Vec::new(),
        }
    }

    // ----- acting -----
}

mod lesson_play;
mod puzzle_play;
mod reopen;

#[cfg(test)]
mod tests;

#[cfg(test)]
mod tests_corr;

#[cfg(test)]
mod tests_puzzle;

#[cfg(test)]
mod tests_lesson;

#[cfg(test)]
mod tests_answers;
#[cfg(test)]
mod tests_stored;
