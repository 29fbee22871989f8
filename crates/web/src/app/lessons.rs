//! Learn, the page's side: the Learn button and the first-visit
//! invitation, the lesson file and the lesson words of the page's language
//! fetched on first use (never with the first page), the list of lessons
//! and the lesson panel kept in step with the state, the progress in
//! localStorage, and links to a lesson (`#learn=ID`). What a right answer
//! is lives in the engine; the bookkeeping in the state.

use super::dom::{self, by_id, set_attr};
use super::{dispatch, storage, with_app, App};
use crate::i18n::{self, t, tf};
use crate::problem::Problem;
use crate::state::lesson::{self, Progress, StepStatus};
use crate::state::Action;
use cheversi_engine::lesson::{parse_file, Lesson};
use std::cell::{Cell, RefCell};
use wasm_bindgen::prelude::*;
use web_sys::{Event, HtmlElement};

const PROGRESS_KEY: &str = "cheversi.lessons";
/// A progress that could not be read, kept as text (never dropped).
const SET_ASIDE_KEY: &str = "cheversi.lessons.set-aside";
/// The lesson file, beside the page.
const FILE: &str = "lessons.txt";

thread_local! {
    /// A fetch of the files is under way.
    static LOADING: Cell<bool> = const { Cell::new(false) };
    /// The lesson to open once they are in (the last click or link).
    static WANTED: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// The words file of a language.
fn words_file(code: &str) -> String {
    format!("lessons/{code}.lang")
}

/// The progress kept here; one that cannot be read is set aside and the
/// reason returned.
pub fn load_progress() -> (Progress, Option<String>) {
    super::kept::load_or_set_aside(PROGRESS_KEY, SET_ASIDE_KEY, "learn.unreadable_progress")
}

pub fn save(app: &App) {
    if let Some(s) = storage() {
        let _ = s.set_item(
            PROGRESS_KEY,
            &super::kept::text_of(app.state.lesson_progress()),
        );
    }
}

/// The words of a language file, or why they could not be read.
fn read_words(text: &str, file: &str) -> Result<Vec<(String, String)>, Problem> {
    crate::lang_file::parse(text, &|_| true)
        .map(|entries| {
            entries
                .into_iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        })
        .map_err(|e| Problem::data_file(file, Some(e.line)))
}

/// The lesson asked for while the files load (a reload then opens it
/// again: nothing is shown yet to keep).
pub fn loading_id() -> Option<String> {
    if !LOADING.with(Cell::get) {
        return None;
    }
    WANTED.with(|w| w.borrow().clone())
}

/// Opens a lesson (`None`: the list), fetching the files first if need be.
pub fn open(id: Option<String>) {
    if with_app(|app| app.state.has_lessons()).unwrap_or(false) {
        return dispatch(match id {
            Some(id) => Action::OpenLesson(id),
            None => Action::ShowLessons(true),
        });
    }
    WANTED.with(|w| *w.borrow_mut() = id);
    if LOADING.with(|l| l.replace(true)) {
        return;
    }
    dispatch(Action::Tell {
        text: t("learn.loading").into(),
        error: false,
    });
    crate::fetch::fetch_text(
        FILE,
        Box::new(|lessons| {
            let lessons = lessons
                .map_err(|status| Problem::NotFetched {
                    file: FILE.into(),
                    status,
                })
                .and_then(|text| Ok(parse_file(&text)?));
            let duel = lessons.as_deref().is_ok_and(needs_duel_data);
            let code = i18n::current();
            let words_fetched = move |words, in_english: Option<Problem>| {
                let done = move |duel_data| {
                    LOADING.with(|l| l.set(false));
                    let loaded = all_loaded(lessons, words, duel_data);
                    let opened = loaded.is_ok();
                    dispatch(Action::LessonsLoaded {
                        lessons: loaded,
                        open: WANTED.with(|w| w.borrow_mut().take()),
                    });
                    if let Some(problem) = in_english.filter(|_| opened) {
                        let reason = crate::problem_words::words(&problem);
                        let text = tf("learn.words_in_english", &[("reason", &reason)]);
                        dispatch(Action::Tell { text, error: true });
                    }
                    // The language changed while they came: its words follow.
                    if i18n::current() != code {
                        language_changed();
                    }
                };
                if duel {
                    crate::fetch::duel_data(Box::new(done));
                } else {
                    done(Ok(()));
                }
            };
            fetch_words(code, Box::new(words_fetched));
        }),
    );
}

/// The duel's steps are judged with its solved data, which the module
/// leaves out: it comes with the lessons, except in a frame that holds
/// one lesson of another game.
fn needs_duel_data(lessons: &[Lesson]) -> bool {
    let wanted = WANTED.with(|w| w.borrow().clone());
    !with_app(|app| app.embedded).unwrap_or(false)
        || lessons
            .iter()
            .filter(|l| wanted.as_deref().is_none_or(|id| l.id() == id))
            .any(|l| l.steps().iter().any(|s| s.game() == "duel"))
}

type Words = Result<Vec<(String, String)>, Problem>;

/// The lesson words of `code`; where they cannot be had, English's, with
/// the reason (to be said): the lessons open either way.
fn fetch_words(code: &'static str, then: Box<dyn FnOnce(Words, Option<Problem>)>) {
    let read = |code: &str, words: Result<String, Option<u16>>| {
        words
            .map_err(|status| Problem::NotFetched {
                file: words_file(code),
                status,
            })
            .and_then(|text| read_words(&text, &words_file(code)))
    };
    crate::fetch::fetch_text(
        &words_file(code),
        Box::new(move |words| match read(code, words) {
            Err(problem) if code != "en" => crate::fetch::fetch_text(
                &words_file("en"),
                Box::new(move |english| then(read("en", english), Some(problem))),
            ),
            words => then(words, None),
        }),
    );
}

/// The lessons with their words, or the first thing that went wrong.
fn all_loaded(
    lessons: Result<Vec<Lesson>, Problem>,
    words: Words,
    duel_data: Result<(), Problem>,
) -> Result<lesson::Fetched, Problem> {
    let lessons = lessons?;
    duel_data?;
    Ok((lessons, words?))
}

/// The page changed language: the lesson words follow, once fetched.
pub fn language_changed() {
    if !with_app(|app| app.state.has_lessons()).unwrap_or(false) {
        return;
    }
    let code = i18n::current();
    crate::fetch::fetch_text(
        &words_file(code),
        Box::new(move |words| {
            // Switched again meanwhile: the later language's words win.
            if i18n::current() != code {
                return;
            }
            match words
                .map_err(|status| Problem::NotFetched {
                    file: words_file(code),
                    status,
                })
                .and_then(|w| read_words(&w, &words_file(code)))
            {
                Ok(words) => dispatch(Action::LessonWords(words)),
                // The lessons keep the words they had: said, not silent.
                Err(problem) => dispatch(Action::Tell {
                    text: tf(
                        "learn.words_not_loaded",
                        &[("reason", &crate::problem_words::words(&problem))],
                    ),
                    error: true,
                }),
            }
        }),
    );
}

/// The lesson id of a `#learn=ID` fragment.
pub fn id_of_fragment(hash: &str) -> Option<String> {
    crate::params::fragment_id(hash, crate::params::LESSON_LINK)
}

pub fn wire() {
    // Another tab kept its progress: merged here (each tab writes the
    // whole of it, so without this the last to write would win).
    let window = web_sys::window().expect("window");
    dom::on::<web_sys::StorageEvent>(&window, "storage", |event| {
        if event.key().as_deref() == Some(PROGRESS_KEY) {
            if let Some(Ok(progress)) = event.new_value().map(|t| super::kept::read::<Progress>(&t))
            {
                dispatch(Action::LessonProgressStored(progress));
            }
        }
    });
    let buttons: [(&str, fn()); 12] = [
        ("learn-button", || open(None)),
        ("learn-invite-button", || open(None)),
        ("lessons-close", || dispatch(Action::ShowLessons(false))),
        ("lesson-check", || dispatch(Action::LessonCheck)),
        ("lesson-next", || dispatch(Action::LessonNext)),
        ("lesson-hint", || dispatch(Action::LessonHint)),
        ("lesson-retry", || dispatch(Action::LessonRetry)),
        ("lesson-show", || dispatch(Action::LessonShow)),
        ("lesson-list", || dispatch(Action::ShowLessons(true))),
        ("lesson-exit", || dispatch(Action::OpenLocal)),
        ("lesson-next-lesson", || {
            if let Some(Some(id)) = with_app(|app| app.state.next_lesson()) {
                dispatch(Action::OpenLesson(id));
            }
        }),
        ("lesson-again", || {
            let id =
                with_app(|app| app.state.lesson().map(|r| r.lesson().id().to_string())).flatten();
            if let Some(id) = id {
                dispatch(Action::OpenLesson(id));
            }
        }),
    ];
    for (id, act) in buttons {
        let button: HtmlElement = by_id(id);
        dom::on::<Event>(&button, "click", move |_| act());
    }
    // A lesson in the list: one listener for all of them.
    let list: HtmlElement = by_id("lessons-list");
    dom::on::<Event>(&list, "click", |event| {
        let target = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        let id = target
            .and_then(|t| t.closest(".lesson").ok().flatten())
            .and_then(|el| el.get_attribute("data-id"));
        if let Some(id) = id {
            dispatch(Action::OpenLesson(id));
        }
    });
}

fn set_text(id: &str, text: &str) {
    let el: HtmlElement = by_id(id);
    if el.text_content().as_deref() != Some(text) {
        el.set_text_content(Some(text));
    }
}

/// "★★☆".
fn star_text(stars: u8) -> String {
    (0..3).map(|i| if i < stars { '★' } else { '☆' }).collect()
}

/// The invitation, the list and the lesson panel, in step with the state.
pub fn update(app: &App) {
    let state = &app.state;
    let invite: HtmlElement = by_id("learn-invite");
    // The game page's, for a newcomer: not beside a lesson or a puzzle.
    dom::show(
        &invite,
        !state.lesson_progress().any_done()
            && state.lesson().is_none()
            && state.puzzle().is_none()
            && !state.lessons_shown(),
    );
    update_list(app);
    let section: HtmlElement = by_id("lesson");
    let (Some(run), Some(library)) = (state.lesson(), state.lessons()) else {
        dom::show(&section, false);
        set_attr(&section, "data-state", "");
        return;
    };
    dom::show_opened(&section, &by_id("play"));
    let step = run.step();
    let total = run.lesson().steps().len();
    set_attr(&section, "data-id", run.lesson().id());
    set_attr(&section, "data-step", &step.number().to_string());
    set_attr(&section, "data-state", run.status().name());
    set_attr(&section, "data-task", step.task().kind_name());
    set_attr(&section, "data-game", step.game());
    set_attr(&section, "data-moves", &step.moves().join(" "));
    set_attr(&section, "data-stars", &run.stars().to_string());
    set_text(
        "lesson-title",
        &library.word(&format!("{}.title", run.lesson().id())),
    );
    let progress = library.wordf(
        "ui.step",
        &[
            ("n", &step.number().to_string()),
            ("total", &total.to_string()),
        ],
    );
    set_text("lesson-step", &progress);
    set_text("lesson-task", &state.lesson_task().unwrap_or_default());
    set_text(
        "lesson-feedback",
        &state.lesson_feedback().unwrap_or_default(),
    );
    let feedback: HtmlElement = by_id("lesson-feedback");
    set_attr(
        &feedback,
        "data-said",
        match run.status() {
            StepStatus::Wrong => "wrong",
            StepStatus::Right | StepStatus::Done => "right",
            StepStatus::Playing => "",
        },
    );
    let status = run.status();
    let answering = run.answering();
    let focused = dom::document().active_element().map(|e| e.id());
    let show = |id: &str, visible: bool| dom::show(&by_id::<HtmlElement>(id), visible);
    show("lesson-check", answering && step.task().is_set());
    show("lesson-next", status == StepStatus::Right);
    show("lesson-hint", answering);
    show("lesson-retry", status == StepStatus::Wrong);
    show("lesson-show", answering);
    show("lesson-again", status == StepStatus::Done);
    show(
        "lesson-next-lesson",
        status == StepStatus::Done && state.next_lesson().is_some(),
    );
    // A button that hid itself (Check, Show answer, Next) took the
    // keyboard's focus with it: it goes to what comes next, the board for
    // a new task (not Show answer, which would cost a star), else the
    // first button left.
    const BUTTONS: [&str; 5] = [
        "lesson-next",
        "lesson-next-lesson",
        "lesson-again",
        "lesson-retry",
        "lesson-check",
    ];
    let lost = focused.filter(|id| id.starts_with("lesson-") && by_id::<HtmlElement>(id).hidden());
    if lost.is_some() {
        let next = if status == StepStatus::Playing {
            dom::document()
                .query_selector("#grid [tabindex=\"0\"]")
                .ok()
                .flatten()
                .and_then(|e| e.dyn_into::<HtmlElement>().ok())
        } else {
            BUTTONS
                .iter()
                .map(|id| by_id::<HtmlElement>(id))
                .find(|b| !b.hidden())
        };
        if let Some(next) = next {
            let _ = next.focus();
        }
    }
}

/// The list of lessons by game, each with its state and stars.
fn update_list(app: &App) {
    let state = &app.state;
    let section: HtmlElement = by_id("lessons");
    let Some(library) = state.lessons().filter(|_| state.lessons_shown()) else {
        dom::show(&section, false);
        return;
    };
    dom::show_opened(&section, &section);
    let list: HtmlElement = by_id("lessons-list");
    let progress = state.lesson_progress();
    let key: String = library
        .lessons()
        .iter()
        .map(|l| {
            let r = progress.record(l.id()).cloned().unwrap_or_default();
            format!(
                "{}:{}:{}:{};",
                l.id(),
                r.step,
                r.stars,
                library.word(&format!("{}.title", l.id()))
            )
        })
        .collect();
    if !dom::rebuild(&list, &key) {
        return;
    }
    for cheversi in [true, false] {
        let group = if cheversi {
            "ui.group_cheversi"
        } else {
            "ui.group_attrition"
        };
        list.append_child(&dom::element("h3", "", &library.word(group)))
            .ok();
        let ul = dom::element("ul", "lesson-list", "");
        for l in library
            .lessons()
            .iter()
            .filter(|l| l.cheversi() == cheversi)
        {
            let record = progress.record(l.id());
            let stars = record.map_or(0, |r| r.stars);
            let state_name = lesson::state_name(record);
            let li = dom::element("li", "", "");
            let button = dom::element("button", "lesson", "");
            set_attr(&button, "type", "button");
            set_attr(&button, "data-id", l.id());
            set_attr(&button, "data-state", state_name);
            set_attr(&button, "data-stars", &stars.to_string());
            let title = dom::element(
                "span",
                "lesson-name",
                &library.word(&format!("{}.title", l.id())),
            );
            let stars_el = dom::element("span", "lesson-stars", &star_text(stars));
            set_attr(&stars_el, "aria-hidden", "true");
            let about = format!(
                "{} · {}",
                library.word(&format!("ui.state_{state_name}")),
                library.wordf("ui.stars", &[("stars", &stars.to_string())])
            );
            let sr = dom::element("span", "sr-only", &about);
            button.append_child(&title).ok();
            button.append_child(&stars_el).ok();
            button.append_child(&sr).ok();
            li.append_child(&button).ok();
            ul.append_child(&li).ok();
        }
        list.append_child(&ul).ok();
    }
}
