//! Playing friends by link, the page's side: the games kept in
//! localStorage, "Send your move" (the link shown, copied and shared), the
//! turn line, and the "My games" dialog. The rules of merging links live
//! in the state ([`crate::state::games`]).

use super::dom::{self, by_id, element, set_attr};
use super::{dispatch, storage, with_app, App};
use crate::i18n::{self, t, tf};
use crate::json_write::ToJson;
use crate::problem::Problem;
use crate::problem_words::words;
use crate::state::games::{read_list, Games, StoredGame};
use crate::state::{Action, Turn};
use crate::stored::OpenId;
use cheversi_engine::GameOptions;
use wasm_bindgen::prelude::*;
use web_sys::{Event, HtmlDialogElement, HtmlElement, HtmlInputElement};

const GAMES_KEY: &str = "cheversi.games";
/// Games that could not be read, kept as text (never dropped).
const SET_ASIDE_KEY: &str = "cheversi.games.set-aside";
/// The correspondence game shown at the last visit ("" for the game at
/// this device).
const OPEN_KEY: &str = "cheversi.open";

/// Reads the kept games; a game that cannot be read is set aside with
/// the reason, and said.
pub fn load() -> (Games, Option<String>, Option<String>) {
    let Some(store) = storage() else {
        return (Games::default(), None, None);
    };
    let open = store
        .get_item(OPEN_KEY)
        .ok()
        .flatten()
        .and_then(|text| super::kept::read::<OpenId>(&text).ok())
        .map(|OpenId(id)| id)
        .filter(|id| !id.is_empty());
    let (stored, why) = take_kept_games(&store);
    let (games, unreadable) = Games::from_stored(stored);
    let bad: Vec<(String, Problem)> = unreadable
        .into_iter()
        .map(|(game, why)| {
            let text = crate::json_tree::JsonTree::text(&game.to_json::<JsValue>());
            (text, why)
        })
        .collect();
    let why = why.or(set_aside(&store, bad));
    if why.is_some() {
        write_games(&store, games.list());
    }
    let problem = why.map(|why| tf("games.unreadable", &[("reason", &words(&why))]));
    (games, open, problem)
}

/// The games kept now, by this tab or another, and what does not read
/// there (the whole list, say a newer build's, or a game of it) as text
/// with the reason.
fn kept_games(store: &web_sys::Storage) -> (Vec<StoredGame>, Vec<(String, Problem)>) {
    let Some(text) = store.get_item(GAMES_KEY).ok().flatten() else {
        return (Vec::new(), Vec::new());
    };
    match read_list::<JsValue>(&text) {
        Ok(games) => {
            let (mut good, mut bad) = (Vec::new(), Vec::new());
            for game in games {
                match game {
                    Ok(game) => good.push(game),
                    Err(text_and_why) => bad.push(text_and_why),
                }
            }
            (good, bad)
        }
        Err(why) => (Vec::new(), vec![(text, why)]),
    }
}

/// [`kept_games`], what does not read moved aside first: before the list
/// is written over. The first reason.
fn take_kept_games(store: &web_sys::Storage) -> (Vec<StoredGame>, Option<Problem>) {
    let (good, bad) = kept_games(store);
    let why = set_aside(store, bad);
    if why.is_some() {
        // Set aside once: the list left holds only what reads.
        write_games(store, &good);
    }
    (good, why)
}

/// Sets `bad` (texts and why they do not read) aside
/// ([`super::kept::set_aside`]); the first reason. The caller writes
/// the list again.
fn set_aside(store: &web_sys::Storage, bad: Vec<(String, Problem)>) -> Option<Problem> {
    let mut bad = bad.into_iter();
    let (text, why) = bad.next()?;
    let texts: Vec<String> = std::iter::once(text).chain(bad.map(|(t, _)| t)).collect();
    super::kept::set_aside(store, GAMES_KEY, SET_ASIDE_KEY, &texts.join("\n"));
    Some(why)
}

fn write_games(store: &web_sys::Storage, games: &[StoredGame]) {
    let _ = store.set_item(GAMES_KEY, &super::kept::text_of(&games.to_vec()));
}

/// Writes the list and which game is shown, after taking in what another
/// tab stored since (two tabs must not undo each other's games).
pub fn save(app: &mut App) {
    let Some(store) = storage() else {
        return;
    };
    // Taken in as the change it is: the shown game may move on.
    let fx = app
        .state
        .apply(Action::GamesStored(take_kept_games(&store).0));
    write_games(&store, app.state.games().list());
    let open = OpenId(app.state.play().id().unwrap_or("").to_string());
    let _ = store.set_item(OPEN_KEY, &super::kept::text_of(&open));
    // The list is written: the rest of the change (a frame, a request to
    // the computer) follows.
    app.carry_out(crate::state::Effects {
        save_games: false,
        ..fx
    });
}

/// "Send your move": the link in the read-only field, copied, and handed
/// to the system's share sheet where there is one (phones).
fn send() {
    let Some((fragment, to)) = with_app(|app| {
        let to = match app.state.turn() {
            Some(Turn::Waiting(name)) => Some(name),
            _ => None,
        };
        app.state.letter().map(|f| (f, to))
    })
    .flatten() else {
        return;
    };
    let url = format!("{}#{fragment}", super::shell::page_url());
    let field: HtmlInputElement = by_id("send-link");
    field.set_value(&url);
    dom::show(&by_id::<HtmlElement>("send-panel"), true);
    field.select();
    let text = match &to {
        Some(name) => tf("corr.sent", &[("name", name)]),
        None => t("corr.sent_all").to_string(),
    };
    dispatch(Action::Tell { text, error: false });
    super::shell::copy_to_clipboard(&url, super::shell::tell_not_copied);
    share_sheet(&url);
}

/// The Web Share API, where the browser has it.
fn share_sheet(url: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let navigator = window.navigator();
    let has_share = js_sys::Reflect::has(&navigator, &JsValue::from_str("share")).unwrap_or(false);
    if !has_share {
        return;
    }
    let data = web_sys::ShareData::new();
    data.set_url(url);
    data.set_title(t("app.title"));
    // A cancelled share sheet is fine: the link is on the page and copied.
    let ignore = Closure::<dyn FnMut(JsValue)>::new(|_| {});
    let _ = navigator.share_with_data(&data).catch(&ignore);
    ignore.forget();
}

pub fn wire() {
    // Another tab of this device stored its games: take them in.
    let window = web_sys::window().expect("window");
    dom::on::<web_sys::StorageEvent>(&window, "storage", |event| {
        if event.key().as_deref() == Some(GAMES_KEY) {
            if let Some(store) = storage() {
                // Only read: what does not read is set aside before this
                // tab writes over it.
                dispatch(Action::GamesStored(kept_games(&store).0));
            }
        }
    });
    let send_button: HtmlElement = by_id("send-move");
    dom::on::<Event>(&send_button, "click", |_| send());
    let copy: HtmlElement = by_id("send-copy");
    dom::on::<Event>(&copy, "click", |_| {
        let url = by_id::<HtmlInputElement>("send-link").value();
        dispatch(Action::Tell {
            text: t("status.copied").to_string(),
            error: false,
        });
        super::shell::copy_to_clipboard(&url, super::shell::tell_not_copied);
    });

    let dialog: HtmlDialogElement = by_id("games");
    let open: HtmlElement = by_id("games-button");
    let d = dialog.clone();
    dom::on::<Event>(&open, "click", move |_| {
        with_app(|app| fill_list(app));
        let _ = d.show_modal();
    });
    let close: HtmlElement = by_id("games-close");
    let d = dialog.clone();
    dom::on::<Event>(&close, "click", move |_| d.close());
    let list: HtmlElement = by_id("games-list");
    let d = dialog.clone();
    dom::on::<Event>(&list, "click", move |event| {
        let Some(button) = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("button").ok().flatten())
        else {
            return;
        };
        let Some(id) = button.get_attribute("data-id") else {
            return;
        };
        if button.class_list().contains("game-open") {
            dispatch(Action::OpenGame(id));
            d.close();
        } else if button.class_list().contains("game-delete") {
            dispatch(Action::DeleteGame(id));
            with_app(|app| fill_list(app));
            if let Some(undo) = dom::document().get_element_by_id("games-undo") {
                let _ = undo.dyn_into::<HtmlElement>().map(|b| b.focus());
            }
        }
    });
    let undo: HtmlElement = by_id("games-undo");
    dom::on::<Event>(&undo, "click", |_| {
        dispatch(Action::UndoDelete);
        with_app(|app| fill_list(app));
    });
    let local: HtmlElement = by_id("games-local");
    let d = dialog.clone();
    dom::on::<Event>(&local, "click", move |_| {
        dispatch(Action::OpenLocal);
        d.close();
    });
    let export: HtmlElement = by_id("games-export");
    dom::on::<Event>(&export, "click", |_| {
        if let Some(text) = with_app(|app| app.state.games().export()) {
            super::shell::download_text(&text, t("file.my_games"));
        }
    });
}

/// The players of a kept game, as the list shows them.
fn players_of(game: &StoredGame) -> String {
    let names: Vec<String> = game
        .to_play()
        .map(|play| {
            (0..play.seats().len())
                .map(|seat| {
                    play.name(seat)
                        .unwrap_or_else(|| i18n::player(seat as u8).to_string())
                })
                .collect()
        })
        .unwrap_or_default();
    names.join(" – ")
}

fn when(ms: f64) -> String {
    let date = js_sys::Date::new(&JsValue::from_f64(ms));
    let lang = i18n::current();
    let options = js_sys::Object::new();
    for (key, value) in [("dateStyle", "short"), ("timeStyle", "short")] {
        let _ = js_sys::Reflect::set(&options, &key.into(), &value.into());
    }
    date.to_locale_string(lang, &options)
        .as_string()
        .unwrap_or_default()
}

/// Rebuilds the list in the "My games" dialog.
pub fn fill_list(app: &App) {
    let list: HtmlElement = by_id("games-list");
    dom::clear(&list);
    let shown = app.state.play().id().map(str::to_string);
    let games = app.state.games().list();
    for game in games {
        let Ok(play) = game.to_play() else {
            continue;
        };
        let row = element("li", "game-row", "");
        set_attr(&row, "data-id", &game.id);
        let turn = match play.live_mover() {
            None => t("turn.over").to_string(),
            Some(m) => match play.seats()[m] {
                crate::state::Seat::Human => t("turn.yours").to_string(),
                crate::state::Seat::Remote => tf(
                    "turn.waiting",
                    &[(
                        "name",
                        &play
                            .name(m)
                            .unwrap_or_else(|| i18n::player(m as u8).to_string()),
                    )],
                ),
                crate::state::Seat::Computer(_) => t("turn.computer").to_string(),
            },
        };
        set_attr(
            &row,
            "data-turn",
            match play.live_mover().map(|m| play.seats()[m]) {
                None => "over",
                Some(crate::state::Seat::Human) => "yours",
                Some(crate::state::Seat::Remote) => "waiting",
                Some(_) => "computer",
            },
        );
        let rules = match play.session().options() {
            GameOptions::Cheversi(o) => crate::i18n::rule_set(o.rules),
            GameOptions::Attrition(o) => crate::i18n::variant(o.variant()),
        };
        let text = element("span", "game-text", "");
        text.append_child(&element("strong", "game-players", &players_of(game)))
            .ok();
        let mut detail = tf(
            "games.row",
            &[
                ("rules", rules),
                ("moves", &play.len().to_string()),
                ("turn", &turn),
                ("when", &when(game.updated)),
            ],
        );
        if shown.as_deref() == Some(game.id.as_str()) {
            set_attr(&row, "aria-current", "true");
            detail = format!("{detail} · {}", t("games.open_now"));
        }
        text.append_child(&element("span", "game-detail", &detail))
            .ok();
        row.append_child(&text).ok();
        for (class, key) in [
            ("game-open", "button.open"),
            ("game-delete", "button.delete"),
        ] {
            let button = element("button", class, t(key));
            set_attr(&button, "type", "button");
            set_attr(&button, "data-id", &game.id);
            set_attr(
                &button,
                "aria-label",
                &format!("{}: {}", t(key), players_of(game)),
            );
            row.append_child(&button).ok();
        }
        list.append_child(&row).ok();
    }
    dom::show(&by_id::<HtmlElement>("games-empty"), games.is_empty());
    // No games, no file (it held a blank line).
    by_id::<web_sys::HtmlButtonElement>("games-export").set_disabled(games.is_empty());
    dom::show(
        &by_id::<HtmlElement>("games-undo"),
        app.state.games().can_undo_delete(),
    );
    dom::show(
        &by_id::<HtmlElement>("games-local"),
        app.state.play().id().is_some(),
    );
}

/// The turn line and the send button under the board.
pub fn update(app: &App) {
    let turn = app.state.turn();
    let area: HtmlElement = by_id("corr");
    dom::show(&area, turn.is_some());
    let line: HtmlElement = by_id("corr-turn");
    let (key, text) = match &turn {
        Some(Turn::Yours) => ("yours", t("turn.yours").to_string()),
        Some(Turn::Waiting(name)) => ("waiting", tf("turn.waiting", &[("name", name)])),
        Some(Turn::Computer) => ("computer", t("turn.computer").to_string()),
        Some(Turn::Over) => ("over", t("turn.over").to_string()),
        None => ("", String::new()),
    };
    if line.text_content().as_deref() != Some(text.as_str()) {
        line.set_text_content(Some(&text));
    }
    set_attr(&line, "data-turn", key);
    dom::show(&by_id::<HtmlElement>("send-move"), app.state.should_send());
    if !app.state.should_send() {
        dom::show(&by_id::<HtmlElement>("send-panel"), false);
    }
}
