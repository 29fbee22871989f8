//! The front end: wires the page's elements to [`Ui`] actions, asks the
//! worker for computer moves, saves after every move, and renders once per
//! animation frame.

mod brain;
mod dom;
mod embedded;
pub(crate) mod lang;
mod panels;
mod render;
mod setup;
mod share;

use crate::layout::Layout;
use crate::protocol::{FromWorker, Purpose, ToWorker};
use crate::ui::{NewGame, Seat, Ui};
use brain::{Brain, Reply};
use cheversi_engine::GameState;
use render::Drag;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::{
    CanvasRenderingContext2d, Event, HtmlButtonElement, HtmlCanvasElement, HtmlElement,
    HtmlInputElement, KeyboardEvent, PointerEvent, Storage,
};

const SAVE_KEY: &str = "cheversi.game";
const CORRUPT_KEY: &str = "cheversi.game.corrupt";

pub struct App {
    ui: Ui,
    brain: Option<Brain>,
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    squares: Vec<HtmlButtonElement>,
    frame_requested: bool,
    drag: Option<Drag>,
    /// Where a drag began, to tell a drag from a tap.
    press: Option<(String, f64, f64)>,
    /// A drop was handled; the click that follows it is not a tap.
    swallow_click: bool,
    layout: Layout,
    /// Embedded (`embed.html`): no saved game; the end is reported.
    embedded: bool,
    /// The end of this game was reported to the parent page.
    reported_end: bool,
    /// The height last reported to the parent page.
    reported_height: i32,
}

thread_local! {
    static APP: RefCell<Option<App>> = const { RefCell::new(None) };
}

/// Runs `f` on the app, then does what every action needs afterwards.
fn with_app(f: impl FnOnce(&mut App)) {
    APP.with(|cell| {
        if let Ok(mut slot) = cell.try_borrow_mut() {
            if let Some(app) = slot.as_mut() {
                f(app);
                app.after_action();
            }
        }
    });
}

/// Like [`with_app`], for frequent events (pointer moves): the rest of the
/// action (saving, drawing) runs only when `f` says something changed, so
/// moving the mouse never rebuilds the buttons under it.
fn with_app_if(f: impl FnOnce(&mut App) -> bool) {
    APP.with(|cell| {
        if let Ok(mut slot) = cell.try_borrow_mut() {
            if let Some(app) = slot.as_mut() {
                if f(app) {
                    app.after_action();
                }
            }
        }
    });
}

fn storage() -> Option<Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

pub fn default_game() -> NewGame {
    NewGame {
        spec: cheversi_api::spec::GameSpec {
            game: "cheversi".into(),
            rules: Some("brainking".into()),
            ..Default::default()
        },
        seats: vec![Seat::Human, Seat::Computer("master".into())],
        undo_allowed: true,
    }
}

/// The saved game, or a new one; a save that cannot be read is set aside
/// (kept under another key) and reported.
fn restore_or_start() -> (Ui, Option<String>) {
    let saved = storage().and_then(|s| s.get_item(SAVE_KEY).ok().flatten());
    match saved {
        None => (Ui::new(default_game()).expect("valid default"), None),
        Some(text) => match parse_saved(&text).and_then(Ui::restore) {
            Ok(ui) => (ui, None),
            Err(reason) => {
                if let Some(s) = storage() {
                    let _ = s.set_item(CORRUPT_KEY, &text);
                    let _ = s.remove_item(SAVE_KEY);
                }
                let ui = Ui::new(default_game()).expect("valid default");
                (
                    ui,
                    Some(crate::i18n::tf(
                        "status.save_unreadable",
                        &[("reason", &reason)],
                    )),
                )
            }
        },
    }
}

fn parse_saved(text: &str) -> Result<crate::ui::Saved, String> {
    let value = js_sys::JSON::parse(text).map_err(|_| "not JSON".to_string())?;
    serde_wasm_bindgen::from_value(value).map_err(|e| e.to_string())
}

fn saved_text(ui: &Ui) -> String {
    serde_wasm_bindgen::to_value(&ui.save())
        .ok()
        .and_then(|v| js_sys::JSON::stringify(&v).ok())
        .and_then(|s| s.as_string())
        .unwrap_or_default()
}

pub fn start() {
    console_error_panic_hook::set_once();
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
    lang::init();
    let embedded = embedded::is_embedded();
    let (mut ui, problem) = if embedded {
        (
            embedded::setup(Ui::new(default_game()).expect("valid default")),
            None,
        )
    } else {
        restore_or_start()
    };
    if let Some(problem) = problem {
        ui.status = crate::ui::Status {
            text: problem.clone(),
            error: true,
        };
        ui.announce = problem;
    }
    let squares = build_grid();
    let app = App {
        ui,
        brain: None,
        canvas,
        ctx,
        squares,
        frame_requested: false,
        drag: None,
        press: None,
        swallow_click: false,
        layout: Layout {
            size: 320.0,
            flipped: false,
        },
        embedded,
        reported_end: false,
        reported_height: 0,
    };
    APP.with(|cell| *cell.borrow_mut() = Some(app));
    let on_reply: Rc<dyn Fn(Reply)> = Rc::new(|reply| with_app(|app| app.on_reply(reply)));
    APP.with(|cell| {
        if let Some(app) = cell.borrow_mut().as_mut() {
            app.brain = Some(Brain::new(on_reply));
        }
    });
    wire_events();
    setup::wire();
    share::wire();
    if embedded {
        embedded::listen();
        with_app(|_| {});
    } else {
        APP.with(|cell| {
            if let Some(app) = cell.borrow_mut().as_mut() {
                share::open_link(app);
            }
        });
        with_app(|app| app.ui.flipped = app.ui.human_plays_black_only());
    }
    // Render the first frame now, so "ready" means a board is on screen.
    APP.with(|cell| {
        if let Some(app) = cell.borrow_mut().as_mut() {
            app.render();
        }
    });
    let body = dom::document().body().expect("body");
    let now = web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0);
    body.set_attribute("data-ready-ms", &(now.round() as i64).to_string())
        .expect("attribute");
    body.set_attribute("data-ready", "true").expect("attribute");
}

/// How long the computer may stay silent before its worker is replaced:
/// every level answers within about a second.
const WATCHDOG_MS: i32 = 20_000;

fn watch(id: u32) {
    let callback = Closure::once_into_js(move || {
        with_app(|app| {
            let stuck = app.brain.as_ref().is_some_and(|b| b.busy == Some(id));
            if stuck {
                app.on_reply(Reply::Crashed("no answer in time".into()));
            }
        })
    });
    let _ = web_sys::window()
        .expect("window")
        .set_timeout_with_callback_and_timeout_and_arguments_0(
            callback.unchecked_ref(),
            WATCHDOG_MS,
        );
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

fn square_of(target: &web_sys::EventTarget) -> Option<u8> {
    let el: &web_sys::Element = target.dyn_ref()?;
    let cell = el.closest(".cell").ok()??;
    cell.get_attribute("data-square")?.parse().ok()
}

fn wire_events() {
    let grid: HtmlElement = dom::by_id("grid");
    dom::on::<Event>(&grid, "click", |event| {
        if let Some(sq) = event.target().as_ref().and_then(square_of) {
            with_app(|app| {
                if std::mem::take(&mut app.swallow_click) {
                    return;
                }
                app.ui.tap(sq);
            });
        }
    });
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
            with_app(|app| {
                app.ui.move_focus(right, up);
                app.focus_square();
            });
        } else if key == "Escape" {
            with_app(|app| {
                app.ui.selected = None;
                app.ui.pending = None;
            });
        } else if key.len() == 1 && "KQRBNkqrbn".contains(&key) {
            // A piece letter chooses that piece from the reserve.
            with_app(|app| app.ui.choose(&key.to_ascii_uppercase()));
        }
    });
    // Hover shows a placement's score change before it is made.
    dom::on::<PointerEvent>(&grid, "pointermove", |event| {
        if event.pointer_type() != "mouse" {
            return;
        }
        if let Some(sq) = event.target().as_ref().and_then(square_of) {
            with_app_if(|app| app.hover(sq));
        }
    });
    let window = web_sys::window().expect("window");
    dom::on::<PointerEvent>(&window, "pointermove", |event| {
        with_app_if(|app| app.drag_move(event.client_x() as f64, event.client_y() as f64));
    });
    dom::on::<PointerEvent>(&window, "pointerup", |event| {
        with_app_if(|app| app.drag_end(event.client_x() as f64, event.client_y() as f64));
    });
    dom::on::<PointerEvent>(&grid, "pointerdown", |event| {
        if let Some(sq) = event.target().as_ref().and_then(square_of) {
            let name = cheversi_engine::Square::new(sq).expect("0..64").to_string();
            with_app(|app| {
                if app.ui.choosable().contains(&name) {
                    app.press = Some((name, event.client_x() as f64, event.client_y() as f64));
                }
            });
        }
    });
    dom::on::<Event>(&window, "resize", |_| with_app(|_| {}));

    type Action = fn(&mut App);
    let buttons: [(&str, Action); 9] = [
        ("undo", |app| app.ui.undo()),
        ("redo", |app| app.ui.redo()),
        ("flip", |app| app.ui.flipped = !app.ui.flipped),
        ("hint", |app| app.ask_hint()),
        ("overlay", |app| app.ui.overlay = app.ui.overlay.next()),
        ("first", |app| app.ui.go_to(0)),
        ("back", |app| {
            let c = app.ui.session.cursor();
            app.ui.go_to(c.saturating_sub(1));
        }),
        ("forward", |app| {
            let c = app.ui.session.cursor();
            app.ui.go_to(c + 1);
        }),
        ("last", |app| {
            let n = app.ui.session.moves().len();
            app.ui.go_to(n);
        }),
    ];
    for (id, action) in buttons {
        let button: HtmlElement = dom::by_id(id);
        dom::on::<Event>(&button, "click", move |_| with_app(action));
    }
    let eval: HtmlInputElement = dom::by_id("show-eval");
    dom::on::<Event>(&eval.clone(), "change", move |_| {
        let on = eval.checked();
        with_app(|app| app.ui.show_eval = on);
    });
    let confirm: HtmlInputElement = dom::by_id("confirm");
    dom::on::<Event>(&confirm.clone(), "change", move |_| {
        let on = confirm.checked();
        with_app(|app| {
            app.ui.confirm = on;
            app.ui.pending = None;
        });
    });
    let form: HtmlElement = dom::by_id("type-form");
    dom::on::<Event>(&form, "submit", |event| {
        event.prevent_default();
        let input: HtmlInputElement = dom::by_id("type-move");
        let text = input.value();
        with_app(|app| {
            app.ui.type_move(&text);
            if !app.ui.status.error {
                input.set_value("");
            }
        });
    });
    let moves: HtmlElement = dom::by_id("moves");
    dom::on::<Event>(&moves, "click", |event| {
        let ply = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.get_attribute("data-ply"))
            .and_then(|p| p.parse::<usize>().ok());
        if let Some(ply) = ply {
            with_app(|app| app.ui.go_to(ply));
        }
    });
    let hands: HtmlElement = dom::by_id("play");
    dom::on::<Event>(&hands, "click", |event| {
        let chosen = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest(".reserve-piece").ok().flatten())
            .and_then(|el| el.get_attribute("data-piece"));
        if let Some(chosen) = chosen {
            with_app(|app| {
                if std::mem::take(&mut app.swallow_click) {
                    return;
                }
                app.ui.choose(&chosen);
            });
        }
    });
    dom::on::<PointerEvent>(&hands, "pointerdown", |event| {
        let chosen = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest(".reserve-piece").ok().flatten())
            .filter(|el| !el.has_attribute("disabled"))
            .and_then(|el| el.get_attribute("data-piece"));
        if let Some(chosen) = chosen {
            with_app(|app| {
                app.press = Some((chosen, event.client_x() as f64, event.client_y() as f64))
            });
        }
    });
}

impl App {
    /// After every action: abandon stale searches, start the computer if
    /// it is to move, save, and draw.
    fn after_action(&mut self) {
        if let Some(brain) = self.brain.as_mut() {
            if brain.busy.is_some_and(|id| id != self.ui.request_id) {
                brain.restart();
            }
        }
        if let Some(turn) = self.ui.computer_turn() {
            let (spec, moves) = self.position_for_worker();
            if let Some(brain) = self.brain.as_mut() {
                brain.send(ToWorker::Think {
                    id: turn.id,
                    spec,
                    moves,
                    level: turn.level,
                    purpose: Purpose::Play,
                });
                watch(turn.id);
            }
        }
        if self.brain.as_ref().is_some_and(|b| b.busy.is_none()) {
            self.ask(Purpose::Evaluate);
        }
        if self.embedded {
            embedded::report_end(self);
        } else if let Some(s) = storage() {
            let _ = s.set_item(SAVE_KEY, &saved_text(&self.ui));
        }
        self.request_frame();
    }

    /// The shown position as the worker reads it: the game and the moves
    /// up to the cursor.
    fn position_for_worker(&self) -> (cheversi_api::spec::GameSpec, Vec<String>) {
        let mut moves = self.ui.session.notations();
        moves.truncate(self.ui.session.cursor());
        (
            cheversi_api::spec::GameSpec::of(self.ui.session.options()),
            moves,
        )
    }

    fn ask(&mut self, purpose: Purpose) {
        let id = match purpose {
            Purpose::Evaluate => self.ui.ask_evaluation(),
            _ => self.ui.ask_hint(),
        };
        let Some(id) = id else { return };
        let (spec, moves) = self.position_for_worker();
        if let Some(brain) = self.brain.as_mut() {
            brain.restart();
            brain.send(ToWorker::Think {
                id,
                spec,
                moves,
                level: "master".into(),
                purpose,
            });
            watch(id);
        }
    }

    fn ask_hint(&mut self) {
        self.ask(Purpose::Hint);
    }

    fn on_reply(&mut self, reply: Reply) {
        match reply {
            Reply::Message(FromWorker::Ready) => {
                if let Some(brain) = self.brain.as_mut() {
                    brain.on_ready();
                }
            }
            Reply::Message(FromWorker::Thought {
                id,
                purpose,
                best,
                eval,
                ms,
                ..
            }) => {
                if let Some(brain) = self.brain.as_mut() {
                    brain.busy = None;
                    brain.failures = 0;
                }
                let body = dom::document().body().expect("body");
                let _ = body.set_attribute("data-last-think-ms", &(ms.round() as i64).to_string());
                match purpose {
                    Purpose::Play => {
                        let level = self
                            .ui
                            .session
                            .current()
                            .to_move()
                            .and_then(|m| self.ui.seats[m as usize].level())
                            .unwrap_or("?")
                            .to_string();
                        if self.ui.computer_moved(id, &best, &eval) {
                            // A User Timing mark, for measuring the computer
                            // in the browser (e2e/figures.js).
                            if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
                                let ms = ms.round() as i64;
                                let _ = p.mark(&format!("computer move: {level} {ms} ms"));
                            }
                        }
                    }
                    Purpose::Hint => self.ui.hint_found(id, &best, &eval),
                    Purpose::Evaluate => self.ui.evaluation_found(id, &eval),
                }
            }
            Reply::Message(FromWorker::Failed { message, .. }) => {
                if let Some(brain) = self.brain.as_mut() {
                    brain.busy = None;
                }
                self.ui.computer_failed();
                web_sys::console::warn_1(&format!("computer player: {message}").into());
            }
            Reply::Crashed(message) => {
                web_sys::console::warn_1(&format!("computer player stopped: {message}").into());
                self.ui.computer_failed();
                if let Some(brain) = self.brain.as_mut() {
                    brain.failures += 1;
                    brain.restart();
                    if brain.failures > 3 {
                        self.ui.status = crate::ui::Status {
                            text: crate::i18n::t("status.computer_failing").into(),
                            error: true,
                        };
                        // Stop asking until the person acts.
                        self.ui.thinking = true;
                    }
                }
            }
        }
    }

    fn focus_square(&self) {
        if let Some(button) = self
            .squares
            .iter()
            .find(|b| b.get_attribute("data-square").as_deref() == Some(&self.ui.focus.to_string()))
        {
            let _ = button.focus();
        }
    }

    /// True when the status changed.
    fn hover(&mut self, sq: u8) -> bool {
        if self.ui.confirm || self.ui.selected.as_ref().is_none_or(|s| s.len() != 1) {
            return false;
        }
        let Some(chosen) = self.ui.selected.clone() else {
            return false;
        };
        let square = cheversi_engine::Square::new(sq).expect("0..64");
        let text = cheversi_api::view::move_text(&chosen, square);
        let game = self.ui.session.current();
        let Some(after) = cheversi_api::view::preview_scores(game, &text) else {
            return false;
        };
        let status = crate::ui::Status {
            text: format!(
                "{text}: {}",
                crate::ui::score_change(&game.scores(), &after)
            ),
            error: false,
        };
        let changed = self.ui.status != status;
        self.ui.status = status;
        changed
    }

    /// Board coordinates of a point on the page.
    fn board_point(&self, client_x: f64, client_y: f64) -> (f64, f64) {
        let rect = self.canvas.get_bounding_client_rect();
        (client_x - rect.left(), client_y - rect.top())
    }

    /// True while a drag is under way (the ghost piece moved).
    fn drag_move(&mut self, client_x: f64, client_y: f64) -> bool {
        let Some((chosen, x0, y0)) = self.press.clone() else {
            return false;
        };
        if self.drag.is_none() && (client_x - x0).hypot(client_y - y0) < 6.0 {
            return false;
        }
        let (x, y) = self.board_point(client_x, client_y);
        self.drag = Some(Drag { chosen, x, y });
        true
    }

    /// True when a drag ended (a drop, or a drop off the board).
    fn drag_end(&mut self, client_x: f64, client_y: f64) -> bool {
        self.press = None;
        let Some(drag) = self.drag.take() else {
            return false;
        };
        self.swallow_click = true;
        let (x, y) = self.board_point(client_x, client_y);
        let Some(sq) = self.layout.square_at(x, y) else {
            return true;
        };
        let confirm = self.ui.confirm;
        self.ui.selected = Some(drag.chosen.clone());
        self.ui.pending = None;
        // A drop is a decision: no second tap needed.
        self.ui.confirm = false;
        self.ui.tap(sq);
        self.ui.confirm = confirm;
        true
    }

    fn request_frame(&mut self) {
        if self.frame_requested {
            return;
        }
        self.frame_requested = true;
        let callback = Closure::once_into_js(|| {
            APP.with(|cell| {
                if let Some(app) = cell.borrow_mut().as_mut() {
                    app.frame_requested = false;
                    app.render();
                }
            })
        });
        let _ = web_sys::window()
            .expect("window")
            .request_animation_frame(callback.unchecked_ref());
    }

    fn render(&mut self) {
        let snap = self.ui.snapshot();
        // Size the canvas to its box, in device pixels, for crisp lines.
        let css = self.canvas.client_width().max(64) as f64;
        let ratio = web_sys::window()
            .map(|w| w.device_pixel_ratio())
            .unwrap_or(1.0);
        let pixels = (css * ratio).round() as u32;
        if self.canvas.width() != pixels {
            self.canvas.set_width(pixels);
            self.canvas.set_height(pixels);
        }
        let _ = self.ctx.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
        self.layout = Layout {
            size: css,
            flipped: self.ui.flipped,
        };
        render::draw(&self.ctx, &self.ui, &snap, self.layout, self.drag.as_ref());
        panels::update(self, &snap);
        if self.embedded {
            embedded::report_size(self);
        }
    }
}
