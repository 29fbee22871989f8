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

pub mod computer;
pub mod evaluation;
pub mod games;
pub mod graph;
pub mod play;
pub mod pointer;
pub mod prefs;
pub mod puzzle;
pub mod review;
pub mod saving;
pub mod seat;

use crate::i18n::{self, t, tf};
use crate::layout::Layout;
use crate::protocol::{FromWorker, Judgement, Purpose, ToWorker};
use crate::reasons;
use crate::wording::{describe_move, score_change};
use cheversi_api::view::{self, Snapshot};
use cheversi_engine::{GameState, Square};
use computer::Computer;
use evaluation::Evaluation;
use games::{compare, Compare, Games};
use play::Play;
use pointer::{Drag, Pointer};
pub use prefs::{Overlay, Prefs};
use review::{MoveClass, Review, Row};
pub use seat::{NewGame, Seat};

/// Seconds the review spends on each move (a 16-placement game: about 6 s).
pub const REVIEW_SECONDS: f64 = 0.4;

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
    Link,
    Record,
}

/// Whose turn it is in a correspondence game, as this device sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Turn {
    Yours,
    /// A friend's (their name).
    Waiting(String),
    Computer,
    Over,
}

#[derive(Debug)]
pub enum WorkerEvent {
    Answer(FromWorker),
    /// The worker died or sent something unreadable.
    Crashed(String),
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
    GamesStored(Vec<games::StoredGame>),
    /// Back to the game at this device.
    OpenLocal,
    /// The shipped puzzles, fetched by the shell (or why they could not
    /// be read), and the puzzle to open.
    PuzzlesLoaded {
        puzzles: Result<Vec<cheversi_engine::puzzle::Puzzle>, String>,
        open: PuzzleChoice,
    },
    /// Open a puzzle (the puzzles are loaded).
    OpenPuzzle(PuzzleChoice),
    /// Take back a wrong move in a puzzle.
    PuzzleRetry,
    /// Show the puzzle's solution.
    PuzzleShow,
    /// Another tab stored the puzzle progress.
    PuzzleProgressStored(puzzle::Progress),
    DeleteGame(String),
    UndoDelete,
    /// Open the offered game (replacing the one in progress) or keep ours.
    AcceptOffer,
    DeclineOffer,
    Worker(WorkerEvent),
    /// A sentence for the status line from the shell (a link copied, a
    /// save that could not be read).
    Tell {
        text: String,
        error: bool,
    },
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
    /// Send this request to the worker (it replaces any other).
    pub think: Option<ToWorker>,
    /// End the worker's current search (its answer would be stale).
    pub stop_worker: bool,
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
    computer: Computer,
    pointer: Pointer,
    /// The chosen piece: a letter to place, or a square to jump from.
    selected: Option<String>,
    /// A placement shown and waiting for a second tap.
    pending: Option<String>,
    /// The square the keyboard is on (0 = a1).
    focus: u8,
    status: Status,
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
    /// Bumped whenever the list of games or the open game changes.
    games_saved: u64,
    /// The page's clock (ms since 1970), set by the shell.
    now: f64,
    /// The puzzle shown in place of a game (the game at this device is
    /// put aside meanwhile).
    puzzle: Option<puzzle::Run>,
    /// The shipped puzzles, once fetched.
    library: Option<puzzle::Library>,
    progress: puzzle::Progress,
    /// Bumped whenever the puzzle progress changes.
    puzzles_saved: u64,
}

impl State {
    pub fn new(play: Play) -> State {
        let mut state = State {
            play,
            prefs: Prefs::default(),
            computer: Computer::default(),
            pointer: Pointer::default(),
            selected: None,
            pending: None,
            focus: 0,
            status: Status::default(),
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
            games_saved: 0,
            now: 0.0,
            puzzle: None,
            library: None,
            progress: puzzle::Progress::default(),
            puzzles_saved: 0,
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
    pub fn status(&self) -> &Status {
        &self.status
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
        self.computer.thinking()
    }
    pub fn pending_request(&self) -> Option<computer::Pending> {
        self.computer.pending()
    }
    pub fn computer_gave_up(&self) -> bool {
        self.computer.gave_up()
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
    pub fn puzzle(&self) -> Option<&puzzle::Run> {
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
    pub fn set_puzzle_progress(&mut self, progress: puzzle::Progress) {
        self.progress = progress;
    }
    /// Today's date (UTC), for the puzzle of the day.
    pub fn today(&self) -> String {
        puzzle::date_of(puzzle::day_of(self.now))
    }

    /// A puzzle is being solved: the engine's views would give it away.
    fn puzzle_playing(&self) -> bool {
        self.puzzle
            .as_ref()
            .is_some_and(|r| r.status() == puzzle::Status::Playing)
    }

    /// The game at this device: the one put aside while a puzzle is shown
    /// (New game starts from it).
    pub fn game_at_device(&self) -> &Play {
        match (&self.puzzle, &self.parked) {
            (Some(_), Some(local)) => local,
            _ => &self.play,
        }
    }

    /// The games kept here, read by the shell at start.
    pub fn set_games(&mut self, games: Games) {
        self.games = games;
    }

    /// Takes in the games another tab stored (the shell reads them before
    /// it writes the list, and when the other tab writes). A shown game
    /// that another tab moved on is shown at its new move.
    pub fn merge_games(&mut self, stored: Vec<games::StoredGame>) -> bool {
        let mut changed = false;
        for game in stored {
            changed |= self.games.merge(game);
        }
        let shown = self.play.id().and_then(|id| self.games.get(id));
        if let Some(Ok(play)) = shown.map(games::StoredGame::to_play) {
            if play.len() > self.play.len() {
                self.replace(play, None);
            }
        }
        changed
    }

    /// The page's clock, before each action (for "last change").
    pub fn set_now(&mut self, ms: f64) {
        self.now = ms;
    }

    /// A seat's player as the page names them: the name given, else the
    /// colour.
    pub fn seat_name(&self, seat: usize) -> String {
        self.play
            .name(seat)
            .unwrap_or_else(|| i18n::player(seat as u8).to_string())
    }

    /// Whose turn it is, in a correspondence game.
    pub fn turn(&self) -> Option<Turn> {
        self.play.id()?;
        let Some(mover) = self.play.live_mover() else {
            return Some(Turn::Over);
        };
        Some(match self.play.seats()[mover] {
            Seat::Human => Turn::Yours,
            Seat::Remote => Turn::Waiting(self.seat_name(mover)),
            Seat::Computer(_) => Turn::Computer,
        })
    }

    /// A correspondence game waiting for a friend (or over): the page
    /// offers to send the link.
    pub fn should_send(&self) -> bool {
        matches!(self.turn(), Some(Turn::Waiting(_) | Turn::Over))
    }

    /// The link's fragment for the correspondence game shown.
    pub fn letter(&self) -> Option<String> {
        crate::letter::to_fragment(&self.play)
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
            .filter(|_| self.prefs.show_eval && !self.puzzle_playing())
    }
    /// The evaluation of the shown position, when switched on and known.
    pub fn evaluation(&self) -> Option<&Evaluation> {
        self.eval
            .as_ref()
            .filter(|_| self.prefs.show_eval && !self.puzzle_playing())
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

    pub fn apply(&mut self, action: Action) -> Effects {
        let (version, saved, games_saved) = (self.version, self.saved, self.games_saved);
        let game_version = self.game_version;
        let puzzles_saved = self.puzzles_saved;
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
        fx.save = changed && self.play.id().is_none() && self.puzzle.is_none();
        fx.save_games = self.games_saved != games_saved;
        fx.save_puzzles = self.puzzles_saved != puzzles_saved;
        fx
    }

    fn handle(&mut self, action: Action, fx: &mut Effects) {
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
            Action::Escape => self.clear_choice(),
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
                Err(e) => self.refuse(tf("status.cannot_start", &[("reason", &e)])),
            },
            Action::Open { play, at, from } => self.open(play, at, from),
            Action::Arrive { letter, fresh_id } => self.arrive(letter, fresh_id),
            Action::OpenGame(id) => self.open_kept(&id),
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
                Err(e) => self.refuse(tf("puzzle.unreadable", &[("reason", &e)])),
            },
            Action::OpenPuzzle(choice) => self.open_puzzle(choice),
            Action::PuzzleRetry => self.retry_puzzle(),
            Action::PuzzleShow => self.show_solution(),
            Action::PuzzleProgressStored(progress) => self.progress_stored(progress),
            Action::OpenLocal => {
                if let Some(local) = self.parked.take() {
                    self.replace(local, None);
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
                    self.say(t("status.link_declined"));
                }
            }
            Action::Worker(event) => {
                self.worker(event, fx);
                self.tell_refutation();
            }
            Action::Tell { text, error } => {
                self.announce = text.clone();
                self.status = Status { text, error };
            }
            Action::LanguageChanged => self.status = Status::default(),
            Action::Resized => {}
        }
    }

    /// Drops what belonged to the old position.
    fn position_changed(&mut self) {
        self.clear_choice();
        self.hint = None;
        self.eval = None;
        self.line = None;
        self.preview = None;
        self.computer.forgive();
    }

    /// Stops stale requests and asks the computer for what the position
    /// needs: its move on its turn, else the evaluation when shown.
    fn settle(&mut self, fx: &mut Effects) {
        if let Some(p) = self.computer.pending() {
            // A review is about the game, anything else about the position;
            // the computer's own turn comes before a review.
            let stale = match p.purpose {
                Purpose::Review => {
                    p.version != self.game_version || self.play.computer_to_move().is_some()
                }
                _ => p.version != self.version,
            };
            if stale {
                self.computer.abandon();
                fx.stop_worker = true;
                if let Some(review) = self.review.as_mut() {
                    if p.purpose == Purpose::Review {
                        review.stop();
                    }
                }
            }
        }
        if self.locked || self.computer.pending().is_some() || self.computer.gave_up() {
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
            .is_some_and(|r| r.status() == puzzle::Status::Failed);
        let wants_eval = ((self.prefs.show_eval && !self.puzzle_playing()) || failed)
            && self.eval.is_none()
            && self.eval_failed != Some(self.version)
            && self.play.current().to_move().is_some();
        if wants_eval {
            fx.think = Some(self.request(Purpose::Evaluate, "master"));
        }
    }

    fn request(&mut self, purpose: Purpose, level: &str) -> ToWorker {
        let id = self.computer.start(purpose, self.version);
        let mut moves = self.play.session().notations();
        moves.truncate(self.play.cursor());
        ToWorker::Think {
            id,
            spec: self.play.spec(),
            moves,
            level: level.to_string(),
            purpose,
        }
    }

    /// The worker's judgement of the current position, for its mover.
    fn evaluation_of(&self, judgement: Judgement, exact: bool) -> Option<Evaluation> {
        self.play.current().to_move().map(|mover| Evaluation {
            mover,
            players: self.play.seats().len(),
            judgement,
            exact,
        })
    }

    fn worker(&mut self, event: WorkerEvent, fx: &mut Effects) {
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
                if !self.computer.awaits(id, Purpose::Evaluate) || evaluation.is_none() {
                    fx.render = false;
                    return;
                }
                self.eval = evaluation;
                self.line = Some(BestLine {
                    moves: pv,
                    depth,
                    exact,
                });
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
                let Some(request) = self.computer.answered(id) else {
                    fx.render = false;
                    return;
                };
                let evaluation = self.evaluation_of(judgement, exact);
                if matches!(request.purpose, Purpose::Hint | Purpose::Evaluate) {
                    self.line = Some(BestLine {
                        moves: pv,
                        depth,
                        exact,
                    });
                }
                match request.purpose {
                    Purpose::Play => {
                        if let Err(e) = self.play_move(&best) {
                            self.computer_failed(Some(id), &e, fx);
                        }
                    }
                    Purpose::Hint => {
                        self.eval = evaluation;
                        let text = tf(
                            "status.hint",
                            &[
                                ("move", &best),
                                ("eval", &evaluation.map(|e| e.text()).unwrap_or_default()),
                            ],
                        );
                        self.hint = Some(best);
                        self.tell(text);
                    }
                    Purpose::Evaluate => self.eval = evaluation,
                    Purpose::Review => {}
                }
            }
            WorkerEvent::Answer(FromWorker::Reviewed {
                id,
                ply,
                best,
                lost_tenths,
                exact,
                value,
            }) => {
                let ours = self.computer.awaits(id, Purpose::Review);
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
                if self.computer.answered(id).is_some() {
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
            WorkerEvent::Answer(FromWorker::Failed { id, message }) => {
                // Id 0: the worker could not read the request at all.
                self.computer_failed((id != 0).then_some(id), &message, fx);
            }
            WorkerEvent::Crashed(message) => {
                fx.stop_worker = true;
                self.computer_failed(None, &message, fx);
            }
            WorkerEvent::Silent { id, progress } => {
                let moved_on = self
                    .review
                    .as_ref()
                    .is_some_and(|r| r.progress() != progress);
                if self.computer.pending().is_some_and(|p| p.id == id) && !moved_on {
                    fx.stop_worker = true;
                    self.computer_failed(Some(id), "no answer in time", fx);
                }
            }
        }
    }

    fn computer_failed(&mut self, id: Option<u32>, message: &str, fx: &mut Effects) {
        let Some(request) = self.computer.failed(id) else {
            return;
        };
        fx.render = true;
        match request.purpose {
            Purpose::Play if self.computer.gave_up() => {
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

    /// Starts the review of the whole game in the worker, or stops it.
    fn toggle_review(&mut self, fx: &mut Effects) {
        if self.review.as_ref().is_some_and(Review::running) {
            self.computer.abandon();
            fx.stop_worker = true;
            if let Some(review) = self.review.as_mut() {
                review.stop();
            }
            return self.tell(t("review.stopped"));
        }
        if self.puzzle_playing() {
            return self.refuse(t("puzzle.no_hint"));
        }
        if self.play.is_empty() {
            return self.refuse(t("status.nothing_to_review"));
        }
        if self.play.computer_to_move().is_some() {
            return self.refuse(t("status.review_wait"));
        }
        if self.computer.pending().is_some() {
            self.computer.abandon();
            fx.stop_worker = true;
        }
        self.computer.forgive();
        let id = self.computer.start(Purpose::Review, self.game_version);
        fx.think = Some(ToWorker::Review {
            id,
            spec: self.play.spec(),
            moves: self.play.session().notations(),
            seconds: REVIEW_SECONDS,
        });
        self.review = Some(Review::new(self.play.len()));
        self.tell(t("review.started"));
    }

    fn ask_hint(&mut self, fx: &mut Effects) {
        if let Err(why) = self.may_move() {
            return self.refuse(why);
        }
        if self.puzzle_playing() {
            return self.refuse(t("puzzle.no_hint"));
        }
        if self.computer.pending().is_some() {
            self.computer.abandon();
            fx.stop_worker = true;
        }
        self.computer.forgive();
        fx.think = Some(self.request(Purpose::Hint, "master"));
        self.say(t("status.looking"));
    }

    fn open(&mut self, play: Play, at: Option<usize>, from: Source) {
        if self.locked {
            return self.refuse(t("embed.diagram"));
        }
        let local = self.parked.as_ref().unwrap_or(&self.play);
        if from == Source::Link && local.in_progress() && !self.same_game(&play) {
            self.offer = Some(Offer { play, at });
            self.announce = t("status.link_offer").into();
            self.status = Status {
                text: self.announce.clone(),
                error: false,
            };
            return;
        }
        self.replace(play, at);
        self.tell(t(match from {
            Source::Link => "status.link_opened",
            Source::Record => "status.record_loaded",
        }));
    }

    /// A correspondence link. A new game is kept and shown; news of a game
    /// kept here is added if it continues our copy, recognised if it is
    /// older, and refused if it changes an earlier move (our copy stays;
    /// the link may be opened as a separate game).
    fn arrive(&mut self, letter: crate::letter::Letter, fresh_id: String) {
        if self.locked {
            return self.refuse(t("embed.diagram"));
        }
        let theirs = letter.moves();
        let kept = match self.games.get(&letter.id).map(|g| g.to_play()) {
            None => {
                return match letter.for_receiver() {
                    Ok(play) => {
                        self.show_game(play);
                        let player = self
                            .play
                            .live_mover()
                            .filter(|&m| self.play.here(m))
                            .map(|m| i18n::player(m as u8).to_string());
                        let text = match player {
                            Some(player) => tf("corr.new", &[("player", &player)]),
                            None => t("corr.new_watch").to_string(),
                        };
                        self.tell_turn(text);
                    }
                    Err(e) => self.refuse(tf("status.link_bad", &[("reason", &e)])),
                };
            }
            Some(Err(e)) => return self.refuse(tf("corr.bad_copy", &[("reason", &e)])),
            Some(Ok(play)) => play,
        };
        let same_options = kept.session().options() == letter.session.options();
        let ours = kept.session().notations();
        let verdict = if same_options {
            compare(&ours, &theirs)
        } else {
            Compare::Differs {
                ply: 0,
                ours: String::new(),
                theirs: String::new(),
            }
        };
        match verdict {
            Compare::Same | Compare::Older => {
                if self.play.id() != Some(letter.id.as_str()) {
                    self.show_game(kept);
                }
                self.tell_turn(t("corr.already").to_string());
            }
            Compare::Newer => {
                let mut play = kept;
                if let Err(e) = play.extend(&theirs) {
                    return self.refuse(tf("status.link_bad", &[("reason", &e)]));
                }
                self.show_game(play);
                let mover = theirs.len() - 1;
                let who = self
                    .play
                    .session()
                    .position_at(mover)
                    .and_then(|g| g.to_move())
                    .map(|m| self.seat_name(m as usize))
                    .unwrap_or_default();
                let text = tf("corr.moved", &[("name", &who), ("move", &theirs[mover])]);
                self.tell_turn(text);
            }
            Compare::Differs { ply, ours, theirs } => {
                let text = if same_options {
                    tf(
                        "corr.differs",
                        &[
                            ("ply", &(ply + 1).to_string()),
                            ("ours", &ours),
                            ("theirs", &theirs),
                        ],
                    )
                } else {
                    t("corr.other_options").to_string()
                };
                self.refuse(text);
                let separate = crate::letter::Letter {
                    id: fresh_id,
                    ..letter
                };
                if let Ok(play) = separate.for_receiver() {
                    self.offer = Some(Offer { play, at: None });
                }
            }
        }
    }

    /// Says something, then (in a game with friends) whose turn it now is.
    fn tell_turn(&mut self, text: String) {
        let turn = match self.turn() {
            Some(Turn::Yours) => t("corr.your_turn").to_string(),
            Some(Turn::Waiting(name)) => tf("corr.waiting", &[("name", &name)]),
            Some(Turn::Over) => t("status.game_over").to_string(),
            Some(Turn::Computer) | None => String::new(),
        };
        self.tell(format!("{text} {turn}").trim().to_string());
    }

    /// Shows a correspondence game in place of the one shown, which is
    /// kept: a local game put aside, a correspondence game in the list.
    fn show_game(&mut self, play: Play) {
        self.replace(play, None);
        self.prefs.flipped = self.play.human_plays_black_only();
        self.games_saved += 1;
    }

    fn open_kept(&mut self, id: &str) {
        if self.play.id() == Some(id) {
            return;
        }
        match self.games.get(id).map(|g| g.to_play()) {
            Some(Ok(play)) => {
                self.show_game(play);
                self.tell_turn(String::new());
            }
            Some(Err(e)) => self.refuse(tf("corr.bad_copy", &[("reason", &e)])),
            None => {}
        }
    }

    /// Deletes a kept game. When it is the one shown, the game at this
    /// device comes back (or a new one of the same kind).
    fn delete_game(&mut self, id: &str) {
        if self.play.id() == Some(id) {
            let local = self.parked.take().or_else(|| {
                let session = cheversi_engine::Session::new(self.play.session().options());
                let seats = vec![Seat::Human; self.play.seats().len()];
                Play::resume(session, seats, true).ok()
            });
            if let Some(local) = local {
                self.replace(local, None);
                self.prefs.flipped = self.play.human_plays_black_only();
            }
        }
        if self.games.delete(id) {
            self.games_saved += 1;
            self.tell(t("corr.deleted"));
        }
    }

    /// The game at this device, perhaps with more moves: opening it loses
    /// nothing.
    fn same_game(&self, other: &Play) -> bool {
        let local = self.parked.as_ref().unwrap_or(&self.play);
        let ours = local.session().notations();
        let theirs = other.session().notations();
        local.spec() == other.spec() && theirs.starts_with(&ours)
    }

    /// A new game takes the place of the old one; the preferences stay.
    /// A correspondence game shown puts the game at this device aside; a
    /// new game at this device takes the place of the old one.
    fn replace(&mut self, play: Play, at: Option<usize>) {
        let corr = play.id().is_some();
        let old_puzzle = self.puzzle.take().is_some();
        let old = std::mem::replace(&mut self.play, play);
        if let Some(ply) = at {
            self.play.go_to(ply);
        }
        // The old game's winner decides who starts when "loser starts"
        // (games at this device only: it is saved with the local game).
        if let (None, false, Some(cheversi_engine::Outcome::Winner(w))) =
            (old.id(), old_puzzle, old.session().latest().outcome())
        {
            self.last_winner = Some(w);
        }
        match (corr, old.id().is_none() && !old_puzzle) {
            (true, true) => self.parked = Some(old),
            (false, _) => self.parked = None,
            (true, false) => {}
        }
        self.games_saved += 1;
        self.offer = None;
        self.review = None;
        self.version += 1;
        self.game_version += 1;
        self.saved += 1;
    }

    fn say(&mut self, text: impl Into<String>) {
        self.status = Status {
            text: text.into(),
            error: false,
        };
    }

    /// Says something and announces it to screen readers.
    fn tell(&mut self, text: impl Into<String>) {
        let text = text.into();
        self.announce = text.clone();
        self.say(text);
    }

    fn refuse(&mut self, text: impl Into<String>) {
        let text = text.into();
        self.announce = text.clone();
        self.status = Status { text, error: true };
    }

    fn clear_choice(&mut self) {
        self.selected = None;
        self.pending = None;
    }

    fn layout(&self, board: f64) -> Layout {
        Layout {
            size: board,
            flipped: self.prefs.flipped,
        }
    }

    /// Whether the person at this device may move now; the reason if not.
    fn may_move(&self) -> Result<(), String> {
        if self.locked {
            return Err(t("embed.diagram").into());
        }
        if let Some(run) = &self.puzzle {
            match run.status() {
                puzzle::Status::Playing => {}
                puzzle::Status::Failed => return Err(t("puzzle.retry_first").into()),
                puzzle::Status::Solved | puzzle::Status::Shown => {
                    return Err(t("puzzle.over").into())
                }
            }
        }
        let game = self.play.current();
        let Some(mover) = game.to_move() else {
            return Err(t("status.game_over").into());
        };
        if self.play.reviewing() && !self.play.undo_allowed() {
            return Err(t("status.reviewing").into());
        }
        if self.play.seats()[mover as usize] == Seat::Remote {
            return Err(tf(
                "corr.their_turn",
                &[("name", &self.seat_name(mover as usize))],
            ));
        }
        if self.play.seats()[mover as usize] != Seat::Human {
            return Err(tf(
                "status.computer_turn",
                &[("player", i18n::player(mover))],
            ));
        }
        Ok(())
    }

    /// What a press on `target` could drag: a choosable piece of the mover.
    fn draggable(&self, target: &Target) -> Option<String> {
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
    fn choose(&mut self, chosen: &str) {
        if let Err(why) = self.may_move() {
            return self.refuse(why);
        }
        self.pending = None;
        if self.selected.as_deref() == Some(chosen) {
            self.selected = None;
            return;
        }
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
        self.say(tf("status.chosen", &[("piece", &name)]));
    }

    /// How a chosen piece reads: "Queen", or "d4" for a piece on the board.
    fn chosen_name(&self, chosen: &str) -> String {
        match chosen.chars().next() {
            Some(c) if chosen.len() == 1 => i18n::piece(c, self.play.is_cheversi()).to_string(),
            _ => chosen.to_string(),
        }
    }

    /// A tap (or Enter) on a board square.
    fn tap(&mut self, square: u8) {
        let Some(sq) = Square::new(square) else {
            return;
        };
        self.focus = square;
        if let Err(why) = self.may_move() {
            return self.refuse(why);
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
    fn drop(&mut self, chosen: &str, square: u8) {
        let Some(sq) = Square::new(square) else {
            return;
        };
        self.focus = square;
        if let Err(why) = self.may_move() {
            return self.refuse(why);
        }
        self.selected = Some(chosen.to_string());
        self.pending = None;
        self.place(chosen, sq, false);
    }

    /// Plays `chosen` to `sq`; with `confirm`, a placement is first shown
    /// with its score change and played on the second tap.
    fn place(&mut self, chosen: &str, sq: Square, confirm: bool) {
        let text = view::move_text(chosen, sq);
        if let Some(reason) = reasons::why_not(self.play.current(), &text) {
            return self.refuse(reason);
        }
        let placement = chosen.len() == 1 && self.play.is_cheversi();
        if placement && confirm && self.pending.as_deref() != Some(&text) {
            let before = self.play.current().scores();
            let after = view::preview_scores(self.play.current(), &text).unwrap_or_default();
            self.say(tf(
                "status.preview",
                &[("move", &text), ("change", &score_change(&before, &after))],
            ));
            self.pending = Some(text);
            return;
        }
        if let Err(e) = self.play_move(&text) {
            self.refuse(e);
        }
    }

    /// Mouse hover with a reserve piece chosen and no confirmation: shows
    /// the placement's score change. True when the status changed.
    fn hover(&mut self, square: Option<u8>) -> bool {
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

    fn type_move(&mut self, text: &str) {
        if let Err(why) = self.may_move() {
            return self.refuse(why);
        }
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        if let Err(e) = self.play_move(text) {
            self.refuse(e);
        }
    }

    /// Plays a move (the person's or the computer's) and describes it.
    fn play_move(&mut self, text: &str) -> Result<(), String> {
        let before = self.snapshot();
        let game = self.play.current().clone();
        let mv = self
            .play
            .play(text)
            .map_err(|e| reasons::play_error(&game, &e))?;
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
        if after.over && self.play.id().is_none() && self.puzzle.is_none() {
            self.last_winner = after.winner;
        }
        Ok(())
    }

    fn after_step(&mut self, result: Result<(), play::Refusal>, done: &str) {
        match result {
            Ok(()) => {
                self.version += 1;
                self.tell(t(done));
            }
            Err(key) => self.refuse(t(key)),
        }
    }

    /// Shows the position after `ply` moves (review).
    fn go_to(&mut self, ply: usize) {
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
    fn move_focus(&mut self, right: i8, up: i8) {
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

mod puzzle_play;

#[cfg(test)]
mod tests;

#[cfg(test)]
mod tests_corr;

#[cfg(test)]
mod tests_puzzle;
