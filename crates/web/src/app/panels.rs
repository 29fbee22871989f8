//! Everything around the board, kept in step with the state on each
//! render: the accessible grid, reserves, players and scores, the status
//! line, the live region, the move list and the game-over summary.

use super::dom::{self, clear, element, set_attr};
use super::render::glyph;
use super::App;
use crate::i18n::{self, t, tf};
use crate::number::{decimal, signed};
use crate::state::{graph, Overlay, Seat};
use crate::wording::square_label;
use cheversi_api::view::{self, Snapshot};
use wasm_bindgen::JsCast;
use web_sys::{HtmlButtonElement, HtmlElement};

/// `snap` is the game; `board` what the board shows (a previewed line).
pub fn update(app: &App, snap: &Snapshot, board: &Snapshot) {
    update_grid(app, board);
    update_hands(app, snap);
    update_players(app, snap);
    update_status(app);
    update_moves(app, snap);
    update_review(app);
    update_graph(app, snap);
    update_summary(app, snap);
    update_buttons(app);
    if !app.embedded {
        super::corr::update(app);
        super::puzzles::update(app);
    }
    super::lessons::update(app);
}

fn update_grid(app: &App, snap: &Snapshot) {
    let targets = app.state.targets();
    let selected = app.state.selected().map(String::from);
    let marked = app.state.marked();
    for (i, button) in app.squares.iter().enumerate() {
        let (col, row) = ((i % 8) as f64, (i / 8) as f64);
        let cell = app.layout.cell();
        let sq = app
            .layout
            .square_at(col * cell + cell / 2.0, row * cell + cell / 2.0)
            .unwrap_or(0);
        set_attr(button, "data-square", &sq.to_string());
        let mut label = square_label(snap, sq);
        if targets.contains(&sq) {
            label.push_str(&format!(", {}", t("square.legal")));
        }
        set_attr(button, "aria-label", &label);
        let name = cheversi_engine::Square::new(sq).expect("0..64").to_string();
        // A square marked in a lesson's tapping task reads as selected.
        set_attr(
            button,
            "aria-selected",
            if selected.as_deref() == Some(&name) || marked.contains(&sq) {
                "true"
            } else {
                "false"
            },
        );
        button.set_tab_index(if sq == app.state.focus() { 0 } else { -1 });
    }
}

fn update_hands(app: &App, snap: &Snapshot) {
    let cheversi = snap.spec.game == "cheversi";
    let bottom_seat = if app.state.prefs().flipped { 1 } else { 0 };
    let top: HtmlElement = dom::by_id("hand-top");
    let bottom: HtmlElement = dom::by_id("hand-bottom");
    let choosable = app.state.choosable();
    let mut key = format!(
        "{}|{}|{}|{}|{}|",
        snap.to_move.map_or(9, |m| m),
        app.state.selected().unwrap_or("-"),
        choosable.join(","),
        bottom_seat,
        i18n::current()
    );
    for hand in &snap.hands {
        for h in hand {
            key.push(h.piece);
            key.push_str(&h.count.to_string());
        }
        key.push('/');
    }
    if !dom::rebuild(&top, &key) {
        return;
    }
    clear(&bottom);
    for (seat, hand) in snap.hands.iter().enumerate() {
        let target = if seat == bottom_seat { &bottom } else { &top };
        if hand.iter().all(|h| h.count == 0) {
            continue;
        }
        let group = element("div", "hand-group", "");
        set_attr(&group, "role", "group");
        let owner = i18n::player(seat as u8);
        set_attr(
            &group,
            "aria-label",
            &tf("reserve.group", &[("player", owner)]),
        );
        for h in hand {
            let name = i18n::owned_piece(seat as u8, h.piece, cheversi);
            let button: HtmlButtonElement =
                element("button", &format!("reserve-piece seat-{seat}"), "").unchecked_into();
            button.set_type("button");
            set_attr(&button, "data-piece", &h.piece.to_string());
            let label = tf(
                "reserve.label",
                &[("piece", &name), ("count", &h.count.to_string())],
            );
            set_attr(&button, "aria-label", &label);
            set_attr(&button, "title", &label);
            let mine = snap.to_move == Some(seat as u8);
            let usable = mine && h.count > 0 && choosable.contains(&h.piece.to_string());
            button.set_disabled(h.count == 0 || !mine);
            if !usable {
                button.class_list().add_1("unusable").ok();
            }
            let pressed = mine && app.state.selected() == Some(&h.piece.to_string());
            set_attr(
                &button,
                "aria-pressed",
                if pressed { "true" } else { "false" },
            );
            let icon = element(
                "span",
                "glyph",
                if cheversi { glyph(h.piece) } else { glyph('N') },
            );
            set_attr(&icon, "aria-hidden", "true");
            if !cheversi && h.piece == 'B' {
                icon.class_list().add_1("mirrored").ok();
            }
            button.append_child(&icon).ok();
            let count = element("span", "count", &format!("×{}", h.count));
            set_attr(&count, "aria-hidden", "true");
            button.append_child(&count).ok();
            group.append_child(&button).ok();
        }
        target.append_child(&group).ok();
    }
}

fn update_players(app: &App, snap: &Snapshot) {
    let list: HtmlElement = dom::by_id("players");
    clear(&list);
    for seat in 0..snap.players.len() {
        let name = i18n::player(seat as u8);
        let row = element("li", &format!("player seat-{seat}"), "");
        if snap.to_move == Some(seat as u8) {
            row.class_list().add_1("to-move").ok();
            set_attr(&row, "aria-current", "true");
        }
        if snap.out.get(seat).copied().unwrap_or(false) {
            row.class_list().add_1("out").ok();
        }
        let swatch = element("span", "swatch", "");
        set_attr(&swatch, "aria-hidden", "true");
        row.append_child(&swatch).ok();
        let given = app.state.play().name(seat);
        let who = match app.state.play().seats()[seat] {
            Seat::Human => match given {
                Some(given) => tf("seat.named", &[("name", &given), ("player", name)]),
                None => name.to_string(),
            },
            Seat::Remote => tf(
                "seat.friend",
                &[("name", &given.unwrap_or(name.to_string()))],
            ),
            Seat::Computer(level) => tf(
                "seat.computer",
                &[
                    ("name", name),
                    ("level", t(&format!("level.{}", level.name()))),
                ],
            ),
        };
        row.append_child(&element("span", "name", &who)).ok();
        if let Some(score) = snap.scores.get(seat) {
            row.append_child(&element("span", "score", &score.to_string()))
                .ok();
        }
        let note = if snap.out.get(seat).copied().unwrap_or(false) {
            t("note.out")
        } else if snap.winner == Some(seat as u8) {
            t("note.wins")
        } else if snap.to_move == Some(seat as u8) {
            if app.state.thinking() {
                t("note.thinking")
            } else {
                t("note.to_move")
            }
        } else {
            ""
        };
        if !note.is_empty() {
            row.append_child(&element("span", "note", note)).ok();
        }
        list.append_child(&row).ok();
    }
}

fn update_status(app: &App) {
    let status: HtmlElement = dom::by_id("status");
    let shown = app.state.status();
    if status.text_content().as_deref() != Some(&shown.text) {
        status.set_text_content(Some(&shown.text));
    }
    status
        .class_list()
        .toggle_with_force("error", shown.error)
        .ok();
    let live: HtmlElement = dom::by_id("live");
    if live.text_content().as_deref() != Some(app.state.announce()) {
        live.set_text_content(Some(app.state.announce()));
    }
    let body = dom::document().body().expect("body");
    body.class_list()
        .toggle_with_force("thinking", app.state.thinking())
        .ok();
    dom::show(&dom::by_id::<HtmlElement>("offer"), app.state.has_offer());
    update_eval(app);
    update_line(app);
}

/// `#best-line`: the moves the engine expects, with the search's depth;
/// each move is a button that previews the position it leads to.
fn update_line(app: &App) {
    let el: HtmlElement = dom::by_id("best-line");
    let line = app.state.best_line().filter(|l| !l.moves.is_empty());
    dom::show(&el, line.is_some());
    let Some(line) = line else {
        clear(&el);
        let _ = el.remove_attribute("data-key");
        return;
    };
    let key = format!(
        "{}|{}|{}|{}",
        line.moves.join(" "),
        line.depth,
        line.exact,
        i18n::current()
    );
    if !dom::rebuild(&el, &key) {
        return;
    }
    set_attr(&el, "data-depth", &line.depth.to_string());
    // The sentence around the moves comes from the language file.
    const MARK: &str = "\u{1}";
    let sentence = if line.exact {
        tf("eval.line_exact", &[("moves", MARK)])
    } else {
        tf(
            "eval.line",
            &[("moves", MARK), ("depth", &line.depth.to_string())],
        )
    };
    let (before, after) = sentence.split_once(MARK).unwrap_or((&sentence, ""));
    el.append_child(&element("span", "", before)).ok();
    for (i, text) in line.moves.iter().enumerate() {
        if i > 0 {
            el.append_child(&element("span", "", " ")).ok();
        }
        let button = element("button", "line-move", text);
        set_attr(&button, "type", "button");
        set_attr(&button, "data-line", &(i + 1).to_string());
        el.append_child(&button).ok();
    }
    el.append_child(&element("span", "", after)).ok();
}

/// `#eval`: the evaluation's words, and for scripts `data-score` (White's
/// expected margin) and `data-exact` when proven.
fn update_eval(app: &App) {
    let el: HtmlElement = dom::by_id("eval");
    let evaluation = app.state.evaluation();
    dom::show(&el, evaluation.is_some());
    let text = evaluation.map(|e| e.text()).unwrap_or_default();
    if el.text_content().as_deref() != Some(&text) {
        el.set_text_content(Some(&text));
    }
    match evaluation.and_then(|e| e.white_score()) {
        Some(score) if score.is_finite() => dom::set_attr(&el, "data-score", &decimal(score)),
        _ => {
            let _ = el.remove_attribute("data-score");
        }
    }
    match evaluation.and_then(|e| e.mate()) {
        Some(plies) => dom::set_attr(&el, "data-mate", &plies.to_string()),
        None => {
            let _ = el.remove_attribute("data-mate");
        }
    }
    if evaluation.is_some_and(|e| e.exact) {
        dom::set_attr(&el, "data-exact", "true");
    } else {
        let _ = el.remove_attribute("data-exact");
    }
    update_eval_bar(app, evaluation.and_then(|e| e.white_share()));
}

/// `#eval-bar` beside the board: White's share of it, on White's side of
/// the board (`data-white`: the percentage, for scripts). The text in
/// `#eval` says the same for screen readers.
fn update_eval_bar(app: &App, share: Option<f64>) {
    let bar: HtmlElement = dom::by_id("eval-bar");
    dom::show(&bar, share.is_some());
    let Some(share) = share else { return };
    let percent = decimal(share * 100.0);
    if bar.get_attribute("data-white").as_deref() != Some(&percent) {
        set_attr(&bar, "data-white", &percent);
        let _ = bar.style().set_property("--white", &format!("{percent}%"));
    }
    let _ = bar
        .class_list()
        .toggle_with_force("flipped", app.state.prefs().flipped);
}

/// The review's button, progress bar and summary.
fn update_review(app: &App) {
    let review = app.state.review();
    let running = review.is_some_and(|r| r.running());
    let button: HtmlButtonElement = dom::by_id("review-button");
    let label = t(if running {
        "button.stop_review"
    } else {
        "button.review"
    });
    if button.text_content().as_deref() != Some(label) {
        button.set_text_content(Some(label));
    }
    button.set_disabled(app.state.review_refused().is_some());
    let progress: web_sys::HtmlProgressElement = dom::by_id("review-progress");
    dom::show(&progress, running);
    if let Some(r) = review {
        progress.set_max(r.rows().len().max(1) as f64);
        progress.set_value(r.progress() as f64);
    }
    let summary: HtmlElement = dom::by_id("review-summary");
    let lines = review
        .filter(|r| r.progress() > 0)
        .map(|r| {
            r.summary(
                app.state.play().seats().len(),
                app.state.play().is_cheversi(),
            )
        })
        .unwrap_or_default();
    let key = lines.join("\n");
    if !dom::rebuild(&summary, &key) {
        return;
    }
    dom::show(&summary, !lines.is_empty());
    for line in lines {
        summary.append_child(&element("p", "", &line)).ok();
    }
}

const SVG: &str = "http://www.w3.org/2000/svg";
const GRAPH_WIDTH: f64 = 320.0;
const GRAPH_HEIGHT: f64 = 90.0;

fn svg(tag: &str, attrs: &[(&str, String)]) -> web_sys::Element {
    let el = dom::document()
        .create_element_ns(Some(SVG), tag)
        .expect("an SVG element");
    for (name, value) in attrs {
        set_attr(&el, name, value);
    }
    el
}

/// `#eval-graph`: the reviewed game's evaluation, White up, a point per
/// move (click or Enter goes there), the current move marked.
fn update_graph(app: &App, snap: &Snapshot) {
    let graph: web_sys::Element = dom::by_id("eval-graph");
    let session = app.state.play().session();
    let points = app
        .state
        .review()
        .map(|r| graph::points(session, r))
        .unwrap_or_default();
    // Written out by hand: Debug formatting would bring its code into
    // the module for this key alone.
    let mut key = String::new();
    for p in &points {
        key.push_str(&format!("{},{} ", p.ply, (p.score * 10.0).round() as i64));
    }
    key.push_str(&format!("|{}|{}", snap.cursor, i18n::current()));
    if !dom::rebuild(&graph, &key) {
        return;
    }
    if points.is_empty() {
        set_attr(&graph, "hidden", "");
        return;
    }
    let _ = graph.remove_attribute("hidden");
    let (w, h) = (GRAPH_WIDTH, GRAPH_HEIGHT);
    set_attr(
        &graph,
        "viewBox",
        &format!("0 0 {} {}", decimal(w), decimal(h)),
    );
    set_attr(
        &graph,
        "aria-label",
        &format!(
            "{}: {}",
            t("label.graph"),
            graph::description(&points, &snap.moves)
        ),
    );
    let moves = snap.moves.len();
    let at = graph::positions(&points, moves, w, h);
    graph
        .append_child(&svg(
            "rect",
            &[
                ("class", "graph-white".into()),
                ("x", "0".into()),
                ("y", "0".into()),
                ("width", decimal(w)),
                ("height", decimal(h / 2.0)),
            ],
        ))
        .ok();
    graph
        .append_child(&svg(
            "line",
            &[
                ("class", "graph-zero".into()),
                ("x1", "0".into()),
                ("y1", decimal(h / 2.0)),
                ("x2", decimal(w)),
                ("y2", decimal(h / 2.0)),
            ],
        ))
        .ok();
    let line: Vec<String> = at
        .iter()
        .map(|(x, y)| format!("{},{}", decimal(*x), decimal(*y)))
        .collect();
    graph
        .append_child(&svg(
            "polyline",
            &[("class", "graph-line".into()), ("points", line.join(" "))],
        ))
        .ok();
    // A column per move takes the clicks: a point alone is a small target.
    let step = w / moves.max(1) as f64;
    for (point, (x, _)) in points.iter().zip(&at) {
        let hit = svg(
            "rect",
            &[
                ("class", "graph-hit".into()),
                ("x", decimal(x - step / 2.0)),
                ("y", "0".into()),
                ("width", decimal(step)),
                ("height", decimal(h)),
                ("data-ply", point.ply.to_string()),
            ],
        );
        graph.append_child(&hit).ok();
    }
    for (point, (x, y)) in points.iter().zip(&at) {
        let current = point.ply == snap.cursor;
        let dot = svg(
            "circle",
            &[
                (
                    "class",
                    if current {
                        "graph-point current".into()
                    } else {
                        "graph-point".into()
                    },
                ),
                ("cx", decimal(*x)),
                ("cy", decimal(*y)),
                ("r", if current { "5".into() } else { "3.5".into() }),
                ("data-ply", point.ply.to_string()),
                ("data-score", decimal(point.score)),
                ("tabindex", "0".into()),
            ],
        );
        let title = svg("title", &[]);
        title.set_text_content(Some(&format!(
            "{}. {} ({})",
            point.ply,
            snap.moves.get(point.ply - 1).map_or("", String::as_str),
            i18n::number(signed(point.score))
        )));
        dot.append_child(&title).ok();
        graph.append_child(&dot).ok();
    }
}

/// Rounds like a record: a round holds one turn of every player, and a
/// turn's moves sit together (`1. Kd4 Qe5`, `3. d4-f5,b1-c3 e7xf5`).
fn update_moves(app: &App, snap: &Snapshot) {
    let list: HtmlElement = dom::by_id("moves");
    let review = app.state.review();
    let key = format!(
        "{}|{}|{}|{}",
        snap.moves.join(" "),
        snap.cursor,
        i18n::current(),
        review.map_or(usize::MAX, |r| r.progress())
    );
    if !dom::rebuild(&list, &key) {
        return;
    }
    let mut round: Option<HtmlElement> = None;
    let mut last_mover: Option<u8> = None;
    let mut number = 0;
    for (i, text) in snap.moves.iter().enumerate() {
        let mover = snap.movers[i];
        if last_mover.is_none_or(|last| mover <= last) && last_mover != Some(mover) {
            number += 1;
            let item = element("li", "round", "");
            item.append_child(&element("span", "number", &format!("{number}.")))
                .ok();
            list.append_child(&item).ok();
            round = Some(item);
        }
        last_mover = Some(mover);
        let button = element("button", &format!("move seat-{mover}"), text);
        set_attr(&button, "type", "button");
        set_attr(&button, "data-ply", &(i + 1).to_string());
        let mut label = tf(
            "move.label",
            &[
                ("ply", &(i + 1).to_string()),
                ("player", i18n::player(mover)),
                ("move", text),
            ],
        );
        // The review's verdict: data- attributes for scripts, the mark by
        // CSS (so the button's text stays the move), words for the label.
        if let Some(row) = review.and_then(|r| r.row(i)) {
            set_attr(&button, "data-loss", &decimal(row.loss));
            set_attr(&button, "data-class", row.class.name());
            if row.exact {
                set_attr(&button, "data-exact", "true");
            }
            label.push_str(&format!(", {}", t(&format!("class.{}", row.class.name()))));
            if row.best != row.played {
                label.push_str(&format!(", {}", tf("review.best", &[("move", &row.best)])));
            }
            set_attr(&button, "title", &label);
        }
        set_attr(&button, "aria-label", &label);
        if i + 1 == snap.cursor {
            set_attr(&button, "aria-current", "step");
        }
        if i + 1 > snap.cursor {
            button.class_list().add_1("undone").ok();
        }
        if let Some(item) = &round {
            item.append_child(&button).ok();
        }
    }
    // Keep the newest move in view (scrolling the list only, not the page).
    // Reading its height lays the page out: not for an empty list (the
    // first board of a new game).
    if !snap.moves.is_empty() {
        list.set_scroll_top(list.scroll_height());
    }
}

fn update_summary(app: &App, snap: &Snapshot) {
    let summary: HtmlElement = dom::by_id("summary");
    clear(&summary);
    dom::show(&summary, snap.over);
    if !snap.over {
        return;
    }
    let headline = match snap.winner {
        Some(w) => tf(
            "summary.wins",
            &[("player", &app.state.seat_name(w as usize))],
        ),
        None => t("summary.draw").to_string(),
    };
    summary.append_child(&element("h2", "", &headline)).ok();
    if snap.spec.game != "cheversi" {
        return;
    }
    let table = element("table", "breakdown", "");
    let head = element("tr", "", "");
    for title in ["summary.piece", "summary.square", "summary.points"] {
        head.append_child(&element("th", "", t(title))).ok();
    }
    table.append_child(&head).ok();
    let parts = view::breakdown(app.state.play().current());
    let mut sums = [0, 0];
    for part in &parts {
        sums[usize::from(part.player)] += part.points;
    }
    for part in parts {
        let row = element("tr", &format!("seat-{}", part.player), "");
        let piece = i18n::owned_piece(part.player, part.piece, true);
        for cell in [piece, part.square, part.points.to_string()] {
            row.append_child(&element("td", "", &cell)).ok();
        }
        table.append_child(&row).ok();
    }
    summary.append_child(&table).ok();
    let totals = tf(
        "summary.final",
        &[
            ("white", &snap.scores[0].to_string()),
            ("black", &snap.scores[1].to_string()),
        ],
    );
    summary.append_child(&element("p", "", &totals)).ok();
    // Counting each square once, pieces that share a square are each
    // credited with it: said, since the column then adds up to more.
    if snap.scores != sums {
        summary
            .append_child(&element("p", "summary-shared", t("summary.shared")))
            .ok();
    }
}

fn update_buttons(app: &App) {
    for id in ["undo", "redo"] {
        let button: HtmlButtonElement = dom::by_id(id);
        button.set_hidden(!app.state.play().undo_allowed());
    }
    let overlay: HtmlButtonElement = dom::by_id("overlay");
    let cheversi = app.state.play().is_cheversi();
    overlay.set_hidden(!cheversi);
    let label = t(match app.state.prefs().overlay {
        Overlay::Off => "overlay.off",
        Overlay::White => "overlay.white",
        Overlay::Black => "overlay.black",
        Overlay::Both => "overlay.both",
    });
    overlay.set_text_content(Some(label));
    let confirm: HtmlElement = dom::by_id("confirm-label");
    confirm.set_hidden(!cheversi);
    // Attrition's moves are squares alone.
    let legend: HtmlElement = dom::by_id("type-legend");
    legend.set_hidden(!cheversi);
    // The switches show the state's preferences (a drop or an embed may
    // have set them).
    let prefs = app.state.prefs();
    for (id, on) in [("confirm", prefs.confirm), ("show-eval", prefs.show_eval)] {
        let input: web_sys::HtmlInputElement = dom::by_id(id);
        if input.checked() != on {
            input.set_checked(on);
        }
    }
}
