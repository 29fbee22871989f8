//! The new-game dialog: game, rule set or variant (with a one-line
//! description), scoring, players, who sits where, who starts, undo.

use super::dom::{self, element};
use super::{dispatch, with_app, App};
use crate::i18n::{self, t};
use crate::play::Play;
use crate::seat::Starts;
use crate::state::{Action, NewGame, Seat, State};
use cheversi_api::spec::GameSpec;
use cheversi_engine::ai::player::levels::Level;
use cheversi_engine::attrition::Variant;
use cheversi_engine::cheversi::RuleSet;
use web_sys::{Event, HtmlDialogElement, HtmlElement, HtmlInputElement, HtmlSelectElement};

fn select(id: &str) -> HtmlSelectElement {
    dom::by_id(id)
}

fn fill(id: &str, options: &[(&str, &str)]) {
    let sel = select(id);
    dom::clear(&sel);
    for (value, label) in options {
        let option = element("option", "", label);
        dom::set_attr(&option, "value", value);
        sel.append_child(&option).ok();
    }
}

/// `fill`, the choice kept.
fn refill(id: &str, options: &[(&str, &str)]) {
    let value = select(id).value();
    fill(id, options);
    if !value.is_empty() {
        select(id).set_value(&value);
    }
}

pub fn wire() {
    translate();
    let dialog: HtmlDialogElement = dom::by_id("new-game");
    let open: HtmlElement = dom::by_id("new-game-button");
    let d = dialog.clone();
    dom::on::<Event>(&open, "click", move |_| {
        with_app(|app| prefill(app));
        refresh();
        let _ = d.show_modal();
    });
    for id in ["ng-game", "ng-rules", "ng-variant", "ng-players"] {
        dom::on::<Event>(&select(id), "change", |_| refresh());
    }
    let cancel: HtmlElement = dom::by_id("ng-cancel");
    let d = dialog.clone();
    dom::on::<Event>(&cancel, "click", move |_| d.close());
    let form: HtmlElement = dom::by_id("ng-form");
    dom::on::<Event>(&form, "submit", move |event| {
        event.prevent_default();
        let choice = read();
        start(choice);
        dialog.close();
    });
}

/// The dialog's words that come from code (seat choices, names,
/// descriptions), after a change of language.
pub fn translate() {
    let rules: Vec<(&str, &str)> = RuleSet::ALL
        .iter()
        .map(|&r| (r.name(), i18n::rule_set(r)))
        .collect();
    refill("ng-rules", &rules);
    let variants: Vec<(&str, &str)> = Variant::ALL
        .iter()
        .map(|&v| (v.name(), i18n::variant(v)))
        .collect();
    refill("ng-variant", &variants);
    let choices: Vec<(&str, &str)> = Seat::CHOICES
        .iter()
        .map(|seat| (seat.name(), t(&format!("seat.{}", seat.name()))))
        .collect();
    for seat in 0..4 {
        refill(&format!("ng-seat-{seat}"), &choices);
    }
    refresh();
}

fn prefill(app: &App) {
    // A puzzle shown: the dialog starts from the game put aside.
    let play = app.state.game_at_device();
    let spec = play.spec();
    select("ng-game").set_value(&spec.game);
    if let Some(rules) = &spec.rules {
        select("ng-rules").set_value(rules);
    }
    if let Some(variant) = &spec.variant {
        select("ng-variant").set_value(variant);
    }
    if let Some(players) = spec.players.filter(|&p| p > 2) {
        select("ng-players").set_value(&players.to_string());
    }
    for (i, seat) in play.seats().iter().enumerate() {
        select(&format!("ng-seat-{i}")).set_value(seat.name());
    }
    for i in 0..4 {
        let name: HtmlInputElement = dom::by_id(&format!("ng-name-{i}"));
        name.set_value(&play.name(i).unwrap_or_default());
    }
    let undo: HtmlInputElement = dom::by_id("ng-undo");
    undo.set_checked(play.undo_allowed());
}

/// Shows the fields that apply and the description of the choice.
fn refresh() {
    let cheversi = select("ng-game").value() == "cheversi";
    let variant: Variant = select("ng-variant")
        .value()
        .parse()
        .unwrap_or(Variant::Duel);
    let melee = !cheversi && variant == Variant::Melee;
    let players = if melee {
        select("ng-players").value().parse().unwrap_or(3)
    } else {
        2
    };
    for (id, visible) in [
        ("ng-cheversi", cheversi),
        ("ng-attrition", !cheversi),
        ("ng-players-row", melee),
        ("ng-first-row", !cheversi),
    ] {
        dom::show(&dom::by_id::<HtmlElement>(id), visible);
    }
    for seat in 0..4usize {
        let name = i18n::player(seat as u8);
        let row: HtmlElement = dom::by_id(&format!("ng-seat-row-{seat}"));
        dom::show(&row, seat < players);
        let label: HtmlElement = dom::by_id(&format!("ng-seat-label-{seat}"));
        label.set_text_content(Some(name));
        let input: HtmlInputElement = dom::by_id(&format!("ng-name-{seat}"));
        let _ = input.set_attribute("aria-label", &format!("{name}: {}", t("label.name")));
        input.set_placeholder(t("label.name"));
    }
    let description = if cheversi {
        select("ng-rules")
            .value()
            .parse::<RuleSet>()
            .map(|r| t(&format!("rules.{}", r.name())))
            .unwrap_or("")
    } else {
        t(&format!("variant.{}", variant.name()))
    };
    dom::by_id::<HtmlElement>("ng-description").set_text_content(Some(description));
}

struct SetupChoice {
    game: NewGame,
    first: Starts,
}

fn read() -> SetupChoice {
    let cheversi = select("ng-game").value() == "cheversi";
    let value = |id: &str| Some(select(id).value()).filter(|v| !v.is_empty());
    let spec = if cheversi {
        GameSpec {
            game: "cheversi".into(),
            rules: value("ng-rules"),
            count: value("ng-count"),
            squares: value("ng-squares"),
            ..GameSpec::default()
        }
    } else {
        let variant = value("ng-variant");
        let players = (variant.as_deref() == Some("melee"))
            .then(|| select("ng-players").value().parse().unwrap_or(3));
        GameSpec {
            game: "attrition".into(),
            variant,
            players,
            ..GameSpec::default()
        }
    };
    let count = spec.options().map(|o| o.players()).unwrap_or(2);
    let seats = (0..count)
        // The choices are ours, so they always read; a person otherwise.
        .map(|i| Seat::parse(&select(&format!("ng-seat-{i}")).value()).unwrap_or(Seat::Human))
        .collect();
    let undo: HtmlInputElement = dom::by_id("ng-undo");
    let names = (0..count)
        .map(|i| dom::by_id::<HtmlInputElement>(&format!("ng-name-{i}")).value())
        .collect();
    SetupChoice {
        game: NewGame {
            spec,
            seats,
            undo_allowed: undo.checked(),
            names,
            // Used only when a seat is a friend by link.
            id: Some(super::shell::new_id()),
        },
        // In Cheversi White always places first.
        first: if cheversi {
            Starts::Listed
        } else {
            Starts::parse(&select("ng-first").value())
        },
    }
}

fn start(mut choice: SetupChoice) {
    let last_winner = with_app(|app| app.state.last_winner()).flatten();
    choice
        .game
        .order(choice.first, last_winner, js_sys::Math::random());
    dispatch(Action::Start(choice.game));
}

/// The game the page starts with when none is saved: BrainKing against
/// the Master.
fn default_game() -> NewGame {
    NewGame {
        spec: cheversi_api::spec::GameSpec {
            game: "cheversi".into(),
            rules: Some("brainking".into()),
            ..Default::default()
        },
        seats: vec![Seat::Human, Seat::Computer(Level::Master)],
        undo_allowed: true,
        names: Vec::new(),
        id: None,
    }
}

/// The default game, started.
pub(super) fn default_play() -> Play {
    default_with(default_game().seats)
}

/// The default game with these seats, started. Not `expect`: that would
/// keep the error type's `Debug` formatting, and that of all it holds, in
/// the module for a failure that cannot happen.
pub(super) fn default_with(seats: Vec<Seat>) -> Play {
    let game = NewGame {
        seats,
        ..default_game()
    };
    Play::new(game).unwrap_or_else(|_| unreachable!("the default game is valid"))
}

pub(super) fn default_state() -> State {
    State::new(default_play())
}
