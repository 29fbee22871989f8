//! What can happen to the page (an [`Action`]: input, a worker's answer,
//! a link, a timer) and what the shell must do after it ([`Effects`]).

use super::games::StoredGame;
use super::puzzle::Progress;
use crate::play::Play;
use crate::prefs::Overlay;
use crate::protocol::{FromWorker, ToWorker};
use crate::seat::NewGame;

/// What a click, press or key landed on.
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    Square(u8),
    /// A piece in a reserve (its letter).
    Piece(String),
    Other,
}

/// Where a game to open comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A link; `seats`: whether it names the seats (else a game it
    /// continues keeps those set here).
    Link {
        seats: bool,
    },
    Record,
}

#[derive(Debug)]
pub enum WorkerEvent {
    Answer(FromWorker),
    /// The worker died or sent something unreadable (the shell logs
    /// the detail).
    Crashed,
    /// The request with this id got no answer in time; `progress`: the
    /// review's rows when the timer was set (a review that moved on since
    /// is not silent).
    Silent {
        id: u32,
        progress: usize,
    },
}

#[derive(Debug)]
pub enum Action {
    /// A click or Enter. `from_pointer`: the click ends a pointer gesture
    /// (a keyboard click does not).
    Click {
        target: Target,
        from_pointer: bool,
    },
    /// Arrow keys on the board: a step on the screen.
    MoveFocus(i8, i8),
    /// Escape: drop the chosen piece.
    Escape,
    /// A piece letter typed on the board.
    Letter(char),
    TypeMove(String),
    /// Coordinates are in CSS pixels from the board's top-left corner;
    /// `board` is the board's size.
    PointerDown {
        target: Target,
        x: f64,
        y: f64,
    },
    PointerMove {
        x: f64,
        y: f64,
        board: f64,
        mouse: bool,
    },
    PointerUp {
        x: f64,
        y: f64,
        board: f64,
    },
    PointerCancel,
    Undo,
    Redo,
    GoTo(usize),
    Back,
    Forward,
    Last,
    Flip,
    NextOverlay,
    SetOverlay(Overlay),
    SetConfirm(bool),
    SetShowEval(bool),
    Hint,
    /// Start the post-game review, or stop the one running.
    Review,
    /// Show the board as it would be after the first `n` moves of the best
    /// line (hover or focus on a move of it); None shows the game again.
    PreviewLine(Option<usize>),
    Start(NewGame),
    /// A game read from a link or a record (already checked).
    Open {
        play: Play,
        at: Option<usize>,
        from: Source,
    },
    /// A correspondence link: a new game, or news of one kept here.
    /// `fresh_id` names it if it must become a separate game.
    Arrive {
        letter: crate::letter::Letter,
        fresh_id: String,
    },
    /// Open a correspondence game kept here.
    OpenGame(String),
    /// Another tab stored its games (the storage event).
    GamesStored(Vec<StoredGame>),
    /// Another tab stored the game at this device (the storage event).
    LocalStored(super::saving::Saved),
    /// Back to the game at this device.
    OpenLocal,
    /// The shipped puzzles, fetched by the shell (or why they could not
    /// be read), and the puzzle to open.
    PuzzlesLoaded {
        puzzles: Result<Vec<cheversi_engine::puzzle::Puzzle>, crate::problem::Problem>,
        open: PuzzleChoice,
    },
    /// Open a puzzle (the puzzles are loaded).
    OpenPuzzle(PuzzleChoice),
    /// Take back a wrong move in a puzzle.
    PuzzleRetry,
    /// Show the puzzle's solution.
    PuzzleShow,
    /// Another tab stored the puzzle progress.
    PuzzleProgressStored(Progress),
    /// Another tab stored its lesson progress: merged in, not written back.
    LessonProgressStored(super::lesson::Progress),
    /// The shipped lessons and their words in the page's language, fetched
    /// by the shell (or why they could not be read), and the lesson to
    /// open (none: show the list).
    LessonsLoaded {
        lessons: Result<super::lesson::Fetched, crate::problem::Problem>,
        open: Option<String>,
    },
    /// The lesson words of the page's new language.
    LessonWords(Vec<(String, String)>),
    /// Show or hide the list of lessons (they are loaded).
    ShowLessons(bool),
    /// Open a lesson by its id (the lessons are loaded).
    OpenLesson(String),
    /// Judge the squares marked in a lesson's tapping task.
    LessonCheck,
    LessonHint,
    /// Start the lesson's step again.
    LessonRetry,
    /// Show a right answer of the step.
    LessonShow,
    /// Go on to the lesson's next step.
    LessonNext,
    DeleteGame(String),
    UndoDelete,
    /// Open the offered game (replacing the one in progress) or keep ours.
    AcceptOffer,
    DeclineOffer,
    Worker(WorkerEvent),
    /// A sentence for the status line from the shell (a link copied, a
    /// file that did not come).
    Tell {
        text: String,
        error: bool,
    },
    /// What the page could not use as it started (a save, kept progress,
    /// its words): said, and kept ahead of what the start's own flows say
    /// next (a link's game, lesson or puzzle) until [`Action::Acted`].
    Notice(String),
    /// The person pressed a key or a pointer, or changed a control,
    /// anywhere on the page: the start's notice was there to be read.
    Acted,
    LanguageChanged,
    Resized,
}

/// Which puzzle to open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleChoice {
    /// The puzzle of the day if not tried yet today, else the next one.
    Start,
    Daily,
    /// A new puzzle near the person's rating.
    Next,
    /// A puzzle by its id (a shared link).
    Id(String),
}

/// What the shell must do after an action.
#[derive(Debug, Default, PartialEq)]
pub struct Effects {
    pub render: bool,
    /// Save the game at this device (only when a local game is shown).
    pub save: bool,
    /// Save the correspondence games and which game is open.
    pub save_games: bool,
    /// Save the person's puzzle progress.
    pub save_puzzles: bool,
    /// Save the person's lesson progress.
    pub save_lessons: bool,
    /// Save the board choices ([`crate::prefs::KeptPrefs`]).
    pub save_prefs: bool,
    /// Send this request to the worker (it replaces any other).
    pub think: Option<ToWorker>,
    /// End the worker's current search (its answer would be stale).
    pub stop_worker: bool,
    /// The worker failed: end it, and start another only for the next
    /// request (restarted at once, a worker that cannot start failed
    /// again at once, in a loop).
    pub drop_worker: bool,
    /// The status says what went wrong with something asked away from
    /// the board (a file that did not come, a copy refused): brought into
    /// view, where on a phone it may lie below.
    pub reveal_status: bool,
}
