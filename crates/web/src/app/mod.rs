//! The front end's shell: turns DOM events into [`Action`]s for the
//! [`State`], and carries out the [`Effects`] it returns (ask or stop the
//! worker, save, draw once per animation frame). It holds no rules and
//! changes no state by itself.

mod corr;
mod dom;
mod embedded;
mod kept;
pub(crate) mod lang;
mod lessons;
mod panels;
mod puzzles;
mod render;
mod reopen;
mod saved;
mod setup;
mod share;
mod shell;
mod worker_handle;

use crate::layout::Layout;
use crate::motion::{Motion, Shown};
use crate::state::{Action, Effects, State, Target, WorkerEvent};
use cheversi_api::view::Snapshot;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::{
    CanvasRenderingContext2d, Event, HtmlButtonElement, HtmlCanvasElement, HtmlElement,
    HtmlInputElement, KeyboardEvent, MouseEvent, PointerEvent, Storage,
};
use worker_handle::{mark_thought, watch, WorkerHandle, WorkerReply};

pub struct App {
    state: State,
    worker: Option<WorkerHandle>,
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    squares: Vec<HtmlButtonElement>,
    frame_requested: bool,
    /// A frame that only redraws the board is asked for (a piece moves).
    motion_frame_requested: bool,
    /// What the board last showed, and the piece moving on it.
    shown: Shown,
    motion: Option<Motion>,
    layout: Layout,
    /// Embedded (`embed.html`): no saved game; the end is reported.
    embedded: bool,
    /// The end of this game was reported to the parent page.
    reported_end: bool,
    /// The height last reported to the parent page.
    reported_height: i32,
    /// The lessons finished that were reported to the parent page.
    reported_lessons: u64,
}

thread_local! {
    static APP: RefCell<Option<App>> = const { RefCell::new(None) };
}

/// Reads the app (for the shell's own needs: the record text, a link).
fn with_app<R>(f: impl FnOnce(&mut App) -> R) -> Option<R> {
    APP.with(|cell| {
        let mut slot = cell.try_borrow_mut().ok()?;
        slot.as_mut().map(f)
    })
}

/// Hands an action to the state and carries out what it asks.
pub fn dispatch(action: Action) {
    with_app(|app| {
        app.state.set_now(shell::now());
        let fx = app.state.apply(action);
        app.carry_out(fx);
    });
}

fn storage() -> Option<Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

pub fn start() {
    console_error_panic_hook::set_once();
    dom::mark("module started");
    let document = dom::document();
    // Under wasm-bindgen-test there is no board: nothing to start.
    let Some(canvas) = document.get_element_by_id("board") else {
        return;
    };
    let canvas: HtmlCanvasElement = canvas.unchecked_into();
    let ctx: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .expect("2d canvas")
        .unchecked_into();
    let embedded = dom::is_embedded();
    let embed_lang = embedded.then(embedded::wanted_lang).flatten();
    // The words come first: every text the state builds is in them.
    lang::init(embed_lang, move |lang_problem| {
        start_in_language(canvas, ctx, embedded, lang_problem)
    });
}

fn start_in_language(
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    embedded: bool,
    lang_problem: Option<String>,
) {
    dom::mark("words");
    let document = dom::document();
    let (mut state, problem) = if embedded {
        embedded::setup()
    } else {
        saved::restore_or_start()
    };
    let (games, open_game, games_problem) = if embedded {
        Default::default()
    } else {
        corr::load()
    };
    state.set_games(games);
    // Progress is the person's, kept by the game page only.
    let (puzzles_problem, lessons_problem) = if embedded {
        (None, None)
    } else {
        let (puzzles, puzzles_problem) = puzzles::load_progress();
        state.set_puzzle_progress(puzzles);
        let (lessons, lessons_problem) = lessons::load_progress();
        state.set_lesson_progress(lessons);
        (puzzles_problem, lessons_problem)
    };
    // So are the board choices (an embed's come from its host).
    let prefs_problem = if embedded {
        None
    } else {
        let (prefs, problem) = saved::load_prefs();
        state.set_kept_prefs(&prefs);
        problem
    };
    // A game that ended before it was shown did not end here.
    let ended_before =
        cheversi_engine::GameState::outcome(state.play().session().latest()).is_some();
    let app = App {
        state,
        worker: None,
        canvas,
        ctx,
        squares: build_grid(),
        frame_requested: false,
        motion_frame_requested: false,
        shown: Shown::default(),
        motion: None,
        layout: Layout {
            size: 320.0,
            flipped: false,
        },
        embedded,
        reported_end: ended_before,
        reported_height: 0,
        reported_lessons: 0,
    };
    APP.with(|cell| *cell.borrow_mut() = Some(app));
    // The game on the board at load does not move in.
    with_app(|app| {
        let snap = app.state.snapshot();
        app.shown = Shown::new(snap.cursor, &snap.moves);
    });
    let on_reply: Rc<dyn Fn(WorkerReply)> = Rc::new(|reply| {
        let event = match reply {
            WorkerReply::Ready => {
                with_app(|app| app.worker.as_mut().map(WorkerHandle::on_ready));
                if let Some(body) = dom::document().body() {
                    dom::set_attr(&body, "data-worker", "ready");
                }
                dom::mark("worker ready");
                return;
            }
            WorkerReply::Message(message) => WorkerEvent::Answer(message),
            WorkerReply::Crashed(message) => {
                web_sys::console::warn_1(&format!("computer player stopped: {message}").into());
                WorkerEvent::Crashed
            }
        };
        if let WorkerEvent::Answer(crate::protocol::FromWorker::Thought { ms, .. }) = &event {
            mark_thought(*ms);
        }
        let review_row = match &event {
            WorkerEvent::Answer(crate::protocol::FromWorker::Reviewed { id, .. }) => Some(*id),
            _ => None,
        };
        dispatch(Action::Worker(event));
        // A review is watched from its last row, not its start.
        if let Some(id) = review_row {
            let progress = with_app(|app| app.state.review().map_or(0, |r| r.progress()));
            watch(id, progress.unwrap_or(0));
        }
    });
    with_app(|app| app.worker = Some(WorkerHandle::new(on_reply)));
    wire_events();
    lang::wire();
    setup::wire();
    share::wire(embedded);
    if !embedded {
        corr::wire();
        puzzles::wire();
        reopen::wire();
        saved::listen();
    }
    lessons::wire();
    if let Some(id) = open_game {
        dispatch(Action::OpenGame(id));
    }
    // Each said: one after another, only the last would stay.
    let problems: Vec<String> = [
        lang_problem,
        problem,
        games_problem,
        puzzles_problem,
        lessons_problem,
        prefs_problem,
    ]
    .into_iter()
    .flatten()
    .collect();
    // A puzzle or lesson reopened would say its own over them.
    let reopen = problems.is_empty();
    if !reopen {
        dispatch(Action::Notice(problems.join(" ")));
    }
    if embedded {
        embedded::listen();
        if let Some(id) = embedded::lesson() {
            lessons::open(Some(id));
        }
    } else {
        share::open_link(reopen);
    }
    dom::fit_header();
    dispatch(Action::Resized);
    dom::mark("state");
    // Render the first frame now, so "ready" means a board is on screen.
    with_app(App::render);
    dom::mark("board");
    let body = document.body().expect("body");
    let now = web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0);
    dom::set_attr(&body, "data-ready-ms", &(now.round() as i64).to_string());
    dom::set_attr(&body, "data-ready", "true");
    // The computer player loads once the board is on screen.
    let wake = Closure::once_into_js(|| {
        with_app(|app| app.worker.as_mut().map(WorkerHandle::wake));
    });
    let _ = web_sys::window()
        .expect("window")
        .set_timeout_with_callback(wake.unchecked_ref());
}

/// 64 focusable cells over the canvas, in 8 rows, for keyboard and
/// assistive technology; pointer taps land on them too.
fn build_grid() -> Vec<HtmlButtonElement> {
    let grid: HtmlElement = dom::by_id("grid");
    let mut squares = Vec::new();
    for _ in 0..8 {
        let row = dom::element("div", "row", "");
        dom::set_attr(&row, "role", "row");
        for _ in 0..8 {
            let cell: HtmlButtonElement = dom::element("button", "cell", "").unchecked_into();
            dom::set_attr(&cell, "role", "gridcell");
            cell.set_type("button");
            row.append_child(&cell).expect("append");
            squares.push(cell);
        }
        grid.append_child(&row).expect("append");
    }
    squares
}

/// What an event landed on: a board cell, a reserve piece, or other.
fn target_of(event: &Event) -> Target {
    let Some(el) = event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return Target::Other;
    };
    if let Some(cell) = el.closest(".cell").ok().flatten() {
        if let Some(sq) = cell
            .get_attribute("data-square")
            .and_then(|s| s.parse().ok())
        {
            return Target::Square(sq);
        }
    }
    if let Some(piece) = el.closest(".reserve-piece").ok().flatten() {
        if !piece.has_attribute("disabled") {
            if let Some(letter) = piece.get_attribute("data-piece") {
                return Target::Piece(letter);
            }
        }
    }
    Target::Other
}

/// A pointer's position from the board's top-left corner, and the
/// board's size, in CSS pixels.
fn board_point(event: &MouseEvent) -> (f64, f64, f64) {
    let canvas: HtmlCanvasElement = dom::by_id("board");
    let rect = canvas.get_bounding_client_rect();
    (
        event.client_x() as f64 - rect.left(),
        event.client_y() as f64 - rect.top(),
        rect.width(),
    )
}

fn wire_events() {
    let play: HtmlElement = dom::by_id("play");
    dom::on::<MouseEvent>(&play, "click", |event| {
        // detail is the click count; 0 for a keyboard's Enter or Space.
        let from_pointer = event.detail() > 0;
        dispatch(Action::Click {
            target: target_of(&event),
            from_pointer,
        });
    });
    dom::on::<PointerEvent>(&play, "pointerdown", |event| {
        let (x, y, _) = board_point(&event);
        dispatch(Action::PointerDown {
            target: target_of(&event),
            x,
            y,
        });
    });
    let window = web_sys::window().expect("window");
    // Anywhere on the page, after the page's own handler: what the start
    // said stays until then.
    for event in ["pointerdown", "keydown", "change"] {
        dom::on::<Event>(&window, event, |_| {
            if with_app(|app| app.state.noticed()) == Some(true) {
                dispatch(Action::Acted);
            }
        });
    }
    dom::on::<PointerEvent>(&window, "pointermove", |event| {
        let (x, y, board) = board_point(&event);
        dispatch(Action::PointerMove {
            x,
            y,
            board,
            mouse: event.pointer_type() == "mouse",
        });
    });
    dom::on::<PointerEvent>(&window, "pointerup", |event| {
        let (x, y, board) = board_point(&event);
        dispatch(Action::PointerUp { x, y, board });
    });
    dom::on::<PointerEvent>(&window, "pointercancel", |_| {
        dispatch(Action::PointerCancel)
    });
    let grid: HtmlElement = dom::by_id("grid");
    dom::on::<KeyboardEvent>(&grid, "keydown", |event| {
        let key = event.key();
        let step = match key.as_str() {
            "ArrowRight" => Some((1, 0)),
            "ArrowLeft" => Some((-1, 0)),
            "ArrowUp" => Some((0, 1)),
            "ArrowDown" => Some((0, -1)),
            _ => None,
        };
        if let Some((right, up)) = step {
            event.prevent_default();
            dispatch(Action::MoveFocus(right, up));
            with_app(|app| app.focus_square());
        } else if key == "Escape" {
            dispatch(Action::Escape);
        } else if let Some(c) = key.chars().next().filter(|c| "KQRBNkqrbn".contains(*c)) {
            if key.len() == 1 {
                dispatch(Action::Letter(c));
            }
        }
    });
    dom::on::<Event>(&window, "resize", |_| {
        dom::fit_header();
        dispatch(Action::Resized);
    });

    type Make = fn() -> Action;
    let buttons: [(&str, Make); 12] = [
        ("review-button", || Action::Review),
        ("undo", || Action::Undo),
        ("redo", || Action::Redo),
        ("flip", || Action::Flip),
        ("hint", || Action::Hint),
        ("overlay", || Action::NextOverlay),
        ("first", || Action::GoTo(0)),
        ("back", || Action::Back),
        ("forward", || Action::Forward),
        ("last", || Action::Last),
        ("offer-open", || Action::AcceptOffer),
        ("offer-keep", || Action::DeclineOffer),
    ];
    for (id, make) in buttons {
        let button: HtmlElement = dom::by_id(id);
        dom::on::<Event>(&button, "click", move |_| dispatch(make()));
    }
    let eval: HtmlInputElement = dom::by_id("show-eval");
    dom::on::<Event>(&eval.clone(), "change", move |_| {
        dispatch(Action::SetShowEval(eval.checked()))
    });
    let confirm: HtmlInputElement = dom::by_id("confirm");
    dom::on::<Event>(&confirm.clone(), "change", move |_| {
        dispatch(Action::SetConfirm(confirm.checked()))
    });
    let form: HtmlElement = dom::by_id("type-form");
    dom::on::<Event>(&form, "submit", |event| {
        event.prevent_default();
        let input: HtmlInputElement = dom::by_id("type-move");
        dispatch(Action::TypeMove(input.value()));
        let refused = with_app(|app| app.state.status().error).unwrap_or(true);
        if !refused {
            input.set_value("");
        }
    });
    // The evaluation graph: a click or Enter on a point goes to that move.
    let graph: web_sys::Element = dom::by_id("eval-graph");
    let ply_of = |event: &Event| {
        event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("[data-ply]").ok().flatten())
            .and_then(|el| el.get_attribute("data-ply"))
            .and_then(|p| p.parse::<usize>().ok())
    };
    dom::on::<Event>(&graph, "click", move |event| {
        if let Some(ply) = ply_of(&event) {
            dispatch(Action::GoTo(ply));
        }
    });
    dom::on::<KeyboardEvent>(&graph, "keydown", move |event| {
        if event.key() == "Enter" || event.key() == " " {
            if let Some(ply) = ply_of(&event) {
                event.prevent_default();
                dispatch(Action::GoTo(ply));
            }
        }
    });
    // Pointing at a move of the best line previews it on the board.
    let line: HtmlElement = dom::by_id("best-line");
    let line_move = |event: &Event| {
        event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.get_attribute("data-line"))
            .and_then(|n| n.parse::<usize>().ok())
    };
    // Only a pointer that really moves counts: the line is rebuilt as
    // deeper searches end, and the browser reports the element that comes
    // to lie under a still pointer as hovered.
    dom::on::<PointerEvent>(&line, "pointermove", move |event| {
        let moved = event.movement_x() != 0 || event.movement_y() != 0;
        if let (true, Some(n)) = (moved, line_move(&event)) {
            dispatch(Action::PreviewLine(Some(n)));
        }
    });
    dom::on::<Event>(&line, "focusin", move |event| {
        if let Some(n) = line_move(&event) {
            dispatch(Action::PreviewLine(Some(n)));
        }
    });
    for kind in ["mouseleave", "focusout"] {
        dom::on::<Event>(&line, kind, |_| dispatch(Action::PreviewLine(None)));
    }
    let moves: HtmlElement = dom::by_id("moves");
    dom::on::<Event>(&moves, "click", |event| {
        let ply = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.get_attribute("data-ply"))
            .and_then(|p| p.parse::<usize>().ok());
        if let Some(ply) = ply {
            dispatch(Action::GoTo(ply));
        }
    });
}

impl App {
    fn carry_out(&mut self, fx: Effects) {
        if let Some(worker) = self.worker.as_mut() {
            if fx.drop_worker {
                worker.end();
            }
            if fx.stop_worker {
                worker.restart();
            }
            if let Some(message) = fx.think {
                watch(message.id(), 0);
                worker.send(message);
            }
        }
        if fx.save && !self.embedded {
            if let Some(s) = storage() {
                let _ = s.set_item(saved::SAVE_KEY, &saved::saved_text(&self.state));
            }
        }
        if fx.save_games && !self.embedded {
            corr::save(self);
        }
        if fx.save_puzzles && !self.embedded {
            puzzles::save(self);
        }
        if fx.save_lessons && !self.embedded {
            lessons::save(self);
        }
        if fx.save_prefs && !self.embedded {
            saved::save_prefs(&self.state);
        }
        if self.embedded {
            embedded::report_end(self);
            embedded::report_lesson(self);
        }
        if fx.render {
            self.request_frame();
        }
        if fx.reveal_status {
            on_next_frame(|_| dom::reveal(&dom::by_id("status")));
        }
    }

    fn focus_square(&self) {
        let focus = self.state.focus().to_string();
        if let Some(button) = self
            .squares
            .iter()
            .find(|b| b.get_attribute("data-square").as_deref() == Some(&focus))
        {
            let _ = button.focus();
        }
    }

    /// Starts the movement of a piece when the board shows one move more
    /// of the same game than before (none under reduced motion).
    fn follow_motion(&mut self, board: &Snapshot) {
        let shown = Shown::new(board.cursor, &board.moves);
        if shown == self.shown {
            return;
        }
        self.motion = Motion::between(
            &self.shown,
            board.cursor,
            &board.moves,
            &board.last_move,
            seconds_now(),
        )
        .filter(|_| !reduced_motion());
        self.shown = shown;
    }

    /// Draws the board, the moving piece where it is now, and asks for
    /// the next frame while it moves.
    fn draw_board(&mut self, board: &Snapshot) {
        let now = seconds_now();
        let motion = self.motion.map(|m| (m, m.progress(now)));
        render::draw(&self.ctx, &self.state, board, self.layout, motion);
        // `data-moving` on the board while a piece moves (for tests).
        let wrap = dom::by_id::<HtmlElement>("board-wrap");
        if self.motion.is_some_and(|m| m.done(now)) {
            self.motion = None;
        }
        if self.motion.is_some() {
            dom::set_attr(&wrap, "data-moving", "");
            self.request_motion_frame();
        } else {
            let _ = wrap.remove_attribute("data-moving");
        }
    }

    /// A frame that redraws the board only: the panels did not change.
    fn request_motion_frame(&mut self) {
        if self.motion_frame_requested {
            return;
        }
        self.motion_frame_requested = true;
        on_next_frame(|app| {
            app.motion_frame_requested = false;
            // The full render, if one is due, draws the board too.
            if !app.frame_requested {
                let board = app.state.board_snapshot();
                app.draw_board(&board);
            }
        });
    }

    fn request_frame(&mut self) {
        if self.frame_requested {
            return;
        }
        self.frame_requested = true;
        on_next_frame(|app| {
            app.frame_requested = false;
            app.render();
        });
    }

    fn render(&mut self) {
        let snap = self.state.snapshot();
        // Size the canvas to its box, in device pixels, for crisp lines.
        let css = self.canvas.client_width().max(64) as f64;
        let ratio = web_sys::window()
            .map(|w| w.device_pixel_ratio())
            .unwrap_or(1.0);
        let pixels = (css * ratio).round() as u32;
        // Both sides: a canvas starts at 300 by 150, so a board of 300
        // pixels has the width already and not the height.
        if self.canvas.width() != pixels || self.canvas.height() != pixels {
            self.canvas.set_width(pixels);
            self.canvas.set_height(pixels);
        }
        let _ = self.ctx.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
        self.layout = Layout {
            size: css,
            flipped: self.state.prefs().flipped,
        };
        // Only a previewed line needs a second snapshot.
        let preview = self.state.previewing().map(|_| self.state.board_snapshot());
        let board = preview.as_ref().unwrap_or(&snap);
        self.follow_motion(board);
        self.draw_board(board);
        panels::update(self, &snap, board);
        if self.embedded {
            embedded::report_size(self);
        }
    }
}

/// Runs `f` on the app at the next animation frame.
fn on_next_frame(f: impl FnOnce(&mut App) + 'static) {
    let callback = Closure::once_into_js(move || {
        with_app(f);
    });
    let _ = web_sys::window()
        .expect("window")
        .request_animation_frame(callback.unchecked_ref());
}

/// Seconds on the page's clock.
fn seconds_now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now() / 1000.0)
}

/// The reader asked the system for less motion.
fn reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|q| q.matches())
}
