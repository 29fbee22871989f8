//! Puzzles, the page's side: the "Puzzles" button, the puzzle file fetched
//! on first use (never with the first page), the puzzle panel kept in step
//! with the state, the person's progress in localStorage, and links to a
//! puzzle (`#puzzle=ID`). What a right move is lives in the state and the
//! engine.

use super::dom::{self, by_id, set_attr};
use super::{dispatch, storage, with_app, App};
use crate::i18n::{t, tf};
use crate::params::PUZZLE_LINK;
use crate::problem::Problem;
use crate::state::puzzle::{Progress, PuzzleStatus};
use crate::state::{Action, PuzzleChoice};
use cheversi_engine::puzzle::parse_file;
use cheversi_engine::GameOptions;
use std::cell::{Cell, RefCell};
use web_sys::{Event, HtmlElement};

const PROGRESS_KEY: &str = "cheversi.puzzles";
/// A progress that could not be read, kept as text (never dropped).
const SET_ASIDE_KEY: &str = "cheversi.puzzles.set-aside";
/// The puzzle file, beside the page.
const FILE: &str = "puzzles.txt";

thread_local! {
    /// A fetch of the file is under way.
    static LOADING: Cell<bool> = const { Cell::new(false) };
    /// What to open once it is in: the last click or link while it loads.
    static WANTED: RefCell<Option<PuzzleChoice>> = const { RefCell::new(None) };
}

/// The progress kept here; one that cannot be read is set aside and the
/// reason returned.
pub fn load_progress() -> (Progress, Option<String>) {
    super::kept::load_or_set_aside(PROGRESS_KEY, SET_ASIDE_KEY, "puzzle.unreadable_progress")
}

pub fn save(app: &App) {
    if let Some(s) = storage() {
        let _ = s.set_item(
            PROGRESS_KEY,
            &super::kept::text_of(app.state.puzzle_progress()),
        );
    }
}

/// The puzzle a link asked for while the file loads (a reload then
/// opens it again: nothing is shown yet to keep).
pub fn loading_id() -> Option<String> {
    if !LOADING.with(Cell::get) {
        return None;
    }
    WANTED.with(|w| match &*w.borrow() {
        Some(PuzzleChoice::Id(id)) => Some(id.clone()),
        _ => None,
    })
}

/// Opens a puzzle, fetching the file first if need be.
pub fn open(choice: PuzzleChoice) {
    if with_app(|app| app.state.has_puzzles()).unwrap_or(false) {
        return dispatch(Action::OpenPuzzle(choice));
    }
    WANTED.with(|w| *w.borrow_mut() = Some(choice));
    if LOADING.with(|l| l.replace(true)) {
        return;
    }
    dispatch(Action::Tell {
        text: t("puzzle.loading").into(),
        error: false,
    });
    crate::fetch::fetch_text(
        FILE,
        Box::new(|text| {
            LOADING.with(|l| l.set(false));
            let open = WANTED
                .with(|w| w.borrow_mut().take())
                .unwrap_or(PuzzleChoice::Start);
            let puzzles = text
                .map_err(|status| Problem::NotFetched {
                    file: FILE.into(),
                    status,
                })
                .and_then(|text| Ok(parse_file(&text)?));
            dispatch(Action::PuzzlesLoaded { puzzles, open });
        }),
    );
}

fn puzzle_url(id: &str) -> String {
    format!("{}{PUZZLE_LINK}{id}", super::shell::page_url())
}

/// The puzzle id of a `#puzzle=ID` fragment.
pub fn id_of_fragment(hash: &str) -> Option<String> {
    crate::params::fragment_id(hash, PUZZLE_LINK)
}

pub fn wire() {
    let buttons: [(&str, fn()); 6] = [
        ("puzzles-button", || open(PuzzleChoice::Start)),
        ("puzzle-daily", || open(PuzzleChoice::Daily)),
        ("puzzle-next", || open(PuzzleChoice::Next)),
        ("puzzle-retry", || dispatch(Action::PuzzleRetry)),
        ("puzzle-solution", || dispatch(Action::PuzzleShow)),
        ("puzzle-exit", || dispatch(Action::OpenLocal)),
    ];
    for (id, act) in buttons {
        let button: HtmlElement = by_id(id);
        dom::on::<Event>(&button, "click", move |_| act());
    }
    // Another tab counted a puzzle: take its progress (each tab writes the
    // whole progress after a result, so the newest is the right one).
    let window = web_sys::window().expect("window");
    dom::on::<web_sys::StorageEvent>(&window, "storage", |event| {
        if event.key().as_deref() == Some(PROGRESS_KEY) {
            if let Some(Ok(progress)) = event.new_value().map(|t| super::kept::read::<Progress>(&t))
            {
                dispatch(Action::PuzzleProgressStored(progress));
            }
        }
    });
    let link: HtmlElement = by_id("puzzle-link");
    dom::on::<Event>(&link, "click", |_| {
        let id = with_app(|app| app.state.puzzle().map(|r| r.puzzle().id().to_string()));
        if let Some(Some(id)) = id {
            dispatch(Action::Tell {
                text: t("puzzle.link_copied").into(),
                error: false,
            });
            super::shell::copy_link(&puzzle_url(&id));
        }
    });
}

fn set_text(id: &str, text: &str) {
    let el: HtmlElement = by_id(id);
    if el.text_content().as_deref() != Some(text) {
        el.set_text_content(Some(text));
    }
}

/// The puzzle panel, in step with the state.
pub fn update(app: &App) {
    let section: HtmlElement = by_id("puzzle");
    let Some(run) = app.state.puzzle() else {
        dom::show(&section, false);
        set_attr(&section, "data-state", "");
        return;
    };
    dom::show_opened(&section, &by_id("play"));
    let puzzle = run.puzzle();
    let (rules, variant, game, kind) = match puzzle.options() {
        GameOptions::Cheversi(o) => (
            puzzle.game(),
            "",
            t("game.cheversi"),
            crate::i18n::rule_set(o.rules),
        ),
        GameOptions::Attrition(o) => (
            "",
            puzzle.game(),
            t("game.attrition"),
            crate::i18n::variant(o.variant()),
        ),
    };
    set_attr(&section, "data-rules", rules);
    set_attr(&section, "data-variant", variant);
    set_attr(&section, "data-moves", &puzzle.moves().join(" "));
    set_attr(&section, "data-id", puzzle.id());
    set_attr(&section, "data-state", run.status().name());
    let title = if let Some(date) = run.daily_date() {
        tf("puzzle.title_daily", &[("date", date)])
    } else {
        tf("puzzle.title", &[("id", puzzle.id())])
    };
    set_text("puzzle-title", &title);
    let about = tf(
        "puzzle.about",
        &[
            ("game", &format!("{game} · {kind}")),
            ("rating", &puzzle.rating().to_string()),
        ],
    );
    set_text("puzzle-about", &about);
    set_text("puzzle-goal", &app.state.puzzle_goal().unwrap_or_default());
    set_text(
        "puzzle-feedback",
        &app.state.puzzle_feedback().unwrap_or_default(),
    );
    let progress = app.state.puzzle_progress();
    let mut line = tf(
        "puzzle.progress",
        &[
            ("rating", &progress.rating.to_string()),
            ("solved", &progress.solved.to_string()),
            ("failed", &progress.failed.to_string()),
            ("streak", &progress.streak.to_string()),
            ("best", &progress.best_streak.to_string()),
        ],
    );
    match progress.daily_result(&app.state.today()) {
        Some(true) => line = format!("{line}. {}", t("puzzle.daily_solved")),
        Some(false) => line = format!("{line}. {}", t("puzzle.daily_failed")),
        None => {}
    }
    set_text("puzzle-progress", &line);
    let progress_el: HtmlElement = by_id("puzzle-progress");
    set_attr(&progress_el, "data-streak", &progress.streak.to_string());
    let status = run.status();
    dom::show(
        &by_id::<HtmlElement>("puzzle-retry"),
        status == PuzzleStatus::Failed,
    );
    dom::show(
        &by_id::<HtmlElement>("puzzle-solution"),
        matches!(status, PuzzleStatus::Playing | PuzzleStatus::Failed),
    );
}
