//! The page's state without a DOM: the game, who sits where, what is
//! selected, what the board shows. Every user action is a method here; the
//! app renders the result. Rules questions go to the engine through
//! `cheversi_api::view`.

use crate::i18n::{self, t, tf};
use crate::reasons;
use cheversi_api::spec::GameSpec;
use cheversi_api::view::{self, Snapshot};
use cheversi_engine::{GameState, Session, Square};
use serde::{Deserialize, Serialize};

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seat {
    Human,
    /// The computer at a level (`beginner` … `master`).
    Computer(String),
}

impl Seat {
    pub fn level(&self) -> Option<&str> {
        match self {
            Seat::Human => None,
            Seat::Computer(level) => Some(level),
        }
    }
}

/// Which attack counts the board shows (Cheversi).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Overlay {
    Off,
    White,
    Black,
    Both,
}

impl Overlay {
    pub fn next(self) -> Overlay {
        match self {
            Overlay::Off => Overlay::White,
            Overlay::White => Overlay::Black,
            Overlay::Black => Overlay::Both,
            Overlay::Both => Overlay::Off,
        }
    }
}

/// A line of text under the board: news, or why something was refused.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Status {
    pub text: String,
    pub error: bool,
}

/// What a new game needs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NewGame {
    pub spec: GameSpec,
    /// One per seat, in turn order (White first).
    pub seats: Vec<Seat>,
    pub undo_allowed: bool,
}

#[derive(Debug)]
pub struct Ui {
    pub session: Session,
    pub seats: Vec<Seat>,
    pub undo_allowed: bool,
    /// Cheversi: the first tap on a square shows the placement and its
    /// score change; a second tap places.
    pub confirm: bool,
    /// The chosen piece: a letter to place, or a square to jump from.
    pub selected: Option<String>,
    /// A placement waiting for confirmation.
    pub pending: Option<String>,
    /// The square the keyboard is on (0 = a1).
    pub focus: u8,
    pub overlay: Overlay,
    pub flipped: bool,
    pub status: Status,
    /// Text for the screen reader's live region.
    pub announce: String,
    /// The computer's suggestion, shown on the board.
    pub hint: Option<String>,
    pub show_eval: bool,
    pub eval: Option<String>,
    /// Bumped whenever an outstanding request becomes stale.
    pub request_id: u32,
    /// A computer move is being computed.
    pub thinking: bool,
    /// An evaluation of the shown position is being computed (its id).
    pub evaluating: Option<u32>,
    /// The winner of the last finished game (for "loser starts").
    pub last_winner: Option<u8>,
    /// An embedded diagram: shown, never played.
    pub locked: bool,
}

/// What the app must do for the computer after an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComputerTurn {
    pub id: u32,
    pub level: String,
}

impl Ui {
    pub fn new(game: NewGame) -> Result<Ui, String> {
        let options = game.spec.options()?;
        if game.seats.len() != options.players() {
            return Err(format!(
                "{} seats for a game of {} players",
                game.seats.len(),
                options.players()
            ));
        }
        Ok(Ui {
            session: Session::new(options),
            seats: game.seats,
            undo_allowed: game.undo_allowed,
            confirm: true,
            selected: None,
            pending: None,
            focus: 0,
            overlay: Overlay::Off,
            flipped: false,
            status: Status::default(),
            announce: String::new(),
            hint: None,
            show_eval: false,
            eval: None,
            request_id: 0,
            thinking: false,
            evaluating: None,
            last_winner: None,
            locked: false,
        })
    }

    /// A new game keeps the page's preferences from the old one, and any
    /// answer still coming for the old game becomes stale.
    pub fn take_preferences_from(&mut self, old: &Ui) {
        self.overlay = old.overlay;
        self.confirm = old.confirm;
        self.show_eval = old.show_eval;
        self.last_winner = old.last_winner;
        self.request_id = old.request_id.wrapping_add(1);
    }

    /// Two seats, the computer White and a person Black: show Black below.
    pub fn human_plays_black_only(&self) -> bool {
        self.seats.len() == 2 && self.seats[0] != Seat::Human && self.seats[1] == Seat::Human
    }

    pub fn snapshot(&self) -> Snapshot {
        view::snapshot(&self.session)
    }

    fn say(&mut self, text: impl Into<String>) {
        self.status = Status {
            text: text.into(),
            error: false,
        };
    }

    fn refuse(&mut self, text: impl Into<String>) {
        let text = text.into();
        self.announce = text.clone();
        self.status = Status { text, error: true };
    }

    /// Makes any answer still on its way stale.
    fn forget_requests(&mut self) {
        self.request_id = self.request_id.wrapping_add(1);
        self.thinking = false;
        self.evaluating = None;
    }

    fn clear_choice(&mut self) {
        self.selected = None;
        self.pending = None;
    }

    /// Whether the person at this device may move now; the reason if not.
    fn may_move(&self) -> Result<(), String> {
        if self.locked {
            return Err(t("embed.diagram").into());
        }
        let game = self.session.current();
        let Some(mover) = game.to_move() else {
            return Err(t("status.game_over").into());
        };
        if self.session.is_reviewing() && !self.undo_allowed {
            return Err(t("status.reviewing").into());
        }
        if self.seats[mover as usize] != Seat::Human {
            return Err(tf(
                "status.computer_turn",
                &[("player", i18n::player(mover))],
            ));
        }
        Ok(())
    }

    /// The selectors (piece letters or squares) that have a legal move.
    pub fn choosable(&self) -> Vec<String> {
        let game = self.session.current();
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
            Some(s) if self.may_move().is_ok() => view::legal_targets(self.session.current(), s),
            _ => Vec::new(),
        }
    }

    /// A tap (or Enter) on a piece in hand.
    pub fn choose(&mut self, chosen: &str) {
        if let Err(why) = self.may_move() {
            return self.refuse(why);
        }
        self.pending = None;
        if self.selected.as_deref() == Some(chosen) {
            self.selected = None;
            return;
        }
        if view::legal_targets(self.session.current(), chosen).is_empty() {
            let game = self.session.current();
            let reason = match game.to_move() {
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
        let cheversi = !self.session.current().scores().is_empty();
        match chosen.chars().next() {
            Some(c) if chosen.len() == 1 => i18n::piece(c, cheversi).to_string(),
            _ => chosen.to_string(),
        }
    }

    /// A tap (or Enter) on a board square.
    pub fn tap(&mut self, square: u8) {
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
        let text = view::move_text(&chosen, sq);
        if let Some(reason) = reasons::why_not(self.session.current(), &text) {
            return self.refuse(reason);
        }
        let placement = chosen.len() == 1 && !self.session.current().scores().is_empty();
        if placement && self.confirm && self.pending.as_deref() != Some(&text) {
            self.pending = Some(text.clone());
            let before = self.session.current().scores();
            let after = view::preview_scores(self.session.current(), &text).unwrap_or_default();
            self.say(tf(
                "status.preview",
                &[("move", &text), ("change", &score_change(&before, &after))],
            ));
            return;
        }
        self.play(&text);
    }

    /// A move typed in notation.
    pub fn type_move(&mut self, text: &str) {
        if let Err(why) = self.may_move() {
            return self.refuse(why);
        }
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        self.play(text);
    }

    /// Plays a move for the person at the device (or the computer).
    fn play(&mut self, text: &str) {
        let before = self.snapshot();
        match self.session.play_text(text) {
            Ok(_) => {
                self.forget_requests();
                self.clear_choice();
                self.hint = None;
                self.eval = None;
                let after = self.snapshot();
                let news = describe_move(&before, &after);
                self.say(news.clone());
                self.announce = news;
                if after.over {
                    self.last_winner = after.winner;
                }
            }
            Err(e) => self.refuse(reasons::play_error(&e)),
        }
    }

    /// The computer must move now (and nothing is being computed for it).
    pub fn computer_turn(&mut self) -> Option<ComputerTurn> {
        if self.thinking || self.session.is_reviewing() {
            return None;
        }
        let mover = self.session.current().to_move()?;
        let level = self.seats[mover as usize].level()?.to_string();
        self.forget_requests();
        self.thinking = true;
        Some(ComputerTurn {
            id: self.request_id,
            level,
        })
    }

    /// The worker's move for request `id`; stale answers are dropped.
    pub fn computer_moved(&mut self, id: u32, best: &str, eval: &str) -> bool {
        if id != self.request_id || !self.thinking {
            return false;
        }
        self.thinking = false;
        self.play(best);
        if self.show_eval {
            self.eval = Some(eval.to_string());
        }
        true
    }

    /// The worker died or refused; the app starts a new one and asks again.
    pub fn computer_failed(&mut self) {
        self.thinking = false;
    }

    /// Asks for a hint (or only an evaluation): the id to send with it.
    pub fn ask_hint(&mut self) -> Option<u32> {
        if let Err(why) = self.may_move() {
            self.refuse(why);
            return None;
        }
        self.forget_requests();
        self.say(t("status.looking"));
        Some(self.request_id)
    }

    /// With "Show evaluation" on, when a person is to move and the shown
    /// position has no evaluation yet: the id of the request to send.
    pub fn ask_evaluation(&mut self) -> Option<u32> {
        if !self.show_eval || self.eval.is_some() || self.evaluating.is_some() {
            return None;
        }
        self.may_move().ok()?;
        self.forget_requests();
        self.evaluating = Some(self.request_id);
        self.evaluating
    }

    pub fn evaluation_found(&mut self, id: u32, eval: &str) {
        if self.evaluating == Some(id) {
            self.evaluating = None;
            self.eval = Some(eval.to_string());
        }
    }

    pub fn hint_found(&mut self, id: u32, best: &str, eval: &str) {
        if id != self.request_id {
            return;
        }
        self.hint = Some(best.to_string());
        self.eval = Some(eval.to_string());
        let text = tf("status.hint", &[("move", best), ("eval", eval)]);
        self.say(text.clone());
        self.announce = text;
    }

    /// Undo: back to the last position where a person was to move.
    pub fn undo(&mut self) {
        if !self.undo_allowed {
            return self.refuse(t("status.undo_off"));
        }
        if self.session.cursor() == 0 {
            return self.refuse(t("status.nothing_to_undo"));
        }
        self.session.undo();
        while self.session.cursor() > 0 && !self.human_to_move() {
            self.session.undo();
        }
        self.after_jump(t("status.taken_back"));
    }

    pub fn redo(&mut self) {
        if !self.undo_allowed {
            return self.refuse(t("status.undo_off"));
        }
        if !self.session.redo() {
            return self.refuse(t("status.nothing_to_redo"));
        }
        while self.session.is_reviewing() && !self.human_to_move() {
            self.session.redo();
        }
        self.after_jump(t("status.replayed"));
    }

    fn human_to_move(&self) -> bool {
        self.session
            .current()
            .to_move()
            .is_some_and(|m| self.seats[m as usize] == Seat::Human)
    }

    /// Shows the position after `ply` moves (review).
    pub fn go_to(&mut self, ply: usize) {
        if self.session.go_to(ply) {
            let text = if self.session.is_reviewing() {
                tf("status.position_after", &[("ply", &ply.to_string())])
            } else {
                t("status.back_to_game").to_string()
            };
            self.after_jump(&text);
        }
    }

    fn after_jump(&mut self, text: &str) {
        self.forget_requests();
        self.clear_choice();
        self.hint = None;
        self.eval = None;
        self.say(text);
        self.announce = text.to_string();
    }

    /// Moves the keyboard focus by a step on the screen.
    pub fn move_focus(&mut self, right: i8, up: i8) {
        let (right, up) = if self.flipped {
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

/// "White +4 → 12, Black +0 → 8" from two score lists.
pub fn score_change(before: &[i32], after: &[i32]) -> String {
    before
        .iter()
        .zip(after)
        .enumerate()
        .map(|(seat, (b, a))| {
            tf(
                "status.score_change",
                &[
                    ("player", i18n::player(seat as u8)),
                    ("delta", &format!("{:+}", a - b)),
                    ("score", &a.to_string()),
                ],
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// One sentence about the last move: who did what, captures, losses,
/// eliminations, the result.
pub fn describe_move(before: &Snapshot, after: &Snapshot) -> String {
    let cheversi = before.spec.game == "cheversi";
    let mover = before.to_move.unwrap_or(0);
    let text = after.moves[after.cursor - 1].clone();
    let mut parts = vec![tf(
        "news.played",
        &[("player", i18n::player(mover)), ("move", &text)],
    )];
    if cheversi {
        parts.push(tf(
            "news.scores",
            &[
                ("white", &after.scores[0].to_string()),
                ("black", &after.scores[1].to_string()),
            ],
        ));
    } else {
        for (sq, was) in before.board.iter().enumerate() {
            let Some(was) = *was else { continue };
            if after.board.contains(&Some(was)) {
                continue;
            }
            let square = Square::new(sq as u8).expect("0..64").to_string();
            let key = if after.board[sq].is_some() {
                "news.captured"
            } else {
                "news.lost"
            };
            parts.push(tf(
                key,
                &[
                    ("player", i18n::player(was.player)),
                    ("piece", i18n::piece(was.piece, false)),
                    ("square", &square),
                ],
            ));
        }
        for (p, (&was, &now)) in before.out.iter().zip(&after.out).enumerate() {
            if now && !was {
                parts.push(tf("news.out", &[("player", i18n::player(p as u8))]));
            }
        }
    }
    if after.over {
        parts.push(match after.winner {
            Some(w) => tf("news.wins", &[("player", i18n::player(w))]),
            None => t("news.draw").into(),
        });
    }
    parts.join(" ")
}

/// The accessible name of a square: it starts with the square.
pub fn square_label(snap: &Snapshot, square: u8) -> String {
    let sq = Square::new(square).expect("0..64");
    let cheversi = snap.spec.game == "cheversi";
    let mut text = sq.to_string();
    match snap.board[square as usize] {
        Some(p) => text.push_str(&format!(
            ", {} {}",
            i18n::player(p.player),
            i18n::piece(p.piece, cheversi)
        )),
        None => text.push_str(&format!(", {}", t("square.empty"))),
    }
    if cheversi {
        let counts: Vec<String> = snap
            .attacks
            .iter()
            .enumerate()
            .filter(|(_, a)| a[square as usize] > 0)
            .map(|(seat, a)| {
                tf(
                    "square.count",
                    &[
                        ("count", &a[square as usize].to_string()),
                        ("player", i18n::player(seat as u8)),
                    ],
                )
            })
            .collect();
        if !counts.is_empty() {
            text.push_str(&format!(
                ", {}",
                tf("square.attacked_by", &[("list", &counts.join(", "))])
            ));
        }
    } else if snap.markers[square as usize] && snap.board[square as usize].is_none() {
        text.push_str(&format!(", {}", t("square.marked")));
    }
    text
}

/// The saved game in localStorage.
#[derive(Serialize, Deserialize)]
pub struct Saved {
    pub version: u32,
    pub record: String,
    pub seats: Vec<Seat>,
    pub undo_allowed: bool,
    pub cursor: usize,
    #[serde(default)]
    pub last_winner: Option<u8>,
}

pub const SAVE_VERSION: u32 = 1;

impl Ui {
    /// What localStorage keeps (the app stores it as JSON).
    pub fn save(&self) -> Saved {
        Saved {
            version: SAVE_VERSION,
            record: self.session.record().to_text(),
            seats: self.seats.clone(),
            undo_allowed: self.undo_allowed,
            cursor: self.session.cursor(),
            last_winner: self.last_winner,
        }
    }

    /// Reads a saved game; the error says what is wrong with it.
    pub fn restore(saved: Saved) -> Result<Ui, String> {
        if saved.version != SAVE_VERSION {
            return Err(format!("saved by version {}", saved.version));
        }
        let session = Session::parse_record(&saved.record).map_err(|e| e.to_string())?;
        let spec = GameSpec::of(session.options());
        let mut ui = Ui::new(NewGame {
            spec,
            seats: saved.seats,
            undo_allowed: saved.undo_allowed,
        })?;
        ui.session = session;
        ui.session.go_to(saved.cursor.min(ui.session.moves().len()));
        ui.last_winner = saved.last_winner;
        Ok(ui)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(spec: &str, seats: Vec<Seat>) -> Ui {
        Ui::new(NewGame {
            spec: serde_json::from_str(spec).unwrap(),
            seats,
            undo_allowed: true,
        })
        .unwrap()
    }

    fn hotseat(spec: &str) -> Ui {
        game(spec, vec![Seat::Human, Seat::Human])
    }

    fn sq(name: &str) -> u8 {
        name.parse::<Square>().unwrap().index() as u8
    }

    #[test]
    fn tap_tap_with_confirmation_and_reasons() {
        let mut ui = hotseat(r#"{"game":"cheversi","rules":"lewicki-free"}"#);
        ui.tap(sq("d4"));
        assert!(ui.status.error, "no piece chosen yet");
        ui.choose("Q");
        assert_eq!(ui.targets().len(), 64);
        // BrainKing opens with the King: it is chosen by itself.
        let mut ui = hotseat(r#"{"game":"cheversi","rules":"brainking"}"#);
        ui.tap(sq("d4"));
        assert_eq!(ui.pending.as_deref(), Some("Kd4"));
        assert!(ui.status.text.contains("White +8"), "{}", ui.status.text);
        assert_eq!(ui.session.moves().len(), 0);
        ui.tap(sq("d4"));
        assert_eq!(ui.session.notations(), ["Kd4"]);
        ui.choose("Q");
        ui.tap(sq("a8"));
        assert!(ui.status.error);
        assert!(ui.status.text.starts_with("Qa8: "), "{}", ui.status.text);
        assert_eq!(ui.announce, ui.status.text);
        ui.confirm = false;
        ui.tap(sq("e5"));
        assert_eq!(ui.session.notations(), ["Kd4", "Qe5"]);
        assert!(ui.announce.contains("Black played Qe5"));
    }

    #[test]
    fn attrition_jumps_by_choosing_the_knight() {
        let mut ui = hotseat(r#"{"game":"attrition"}"#);
        ui.tap(sq("d4"));
        ui.tap(sq("e5"));
        assert!(ui.status.error, "the mirror square: {}", ui.status.text);
        ui.tap(sq("f6"));
        assert_eq!(ui.session.notations(), ["Nd4", "Nf6"]);
        ui.tap(sq("d4"));
        assert_eq!(ui.selected.as_deref(), Some("d4"));
        assert!(ui.targets().contains(&sq("f5")));
        ui.tap(sq("f5"));
        assert_eq!(ui.session.notations(), ["Nd4", "Nf6", "d4-f5"]);
    }

    #[test]
    fn the_computer_is_asked_and_stale_answers_are_dropped() {
        let mut ui = game(
            r#"{"game":"cheversi"}"#,
            vec![Seat::Human, Seat::Computer("master".into())],
        );
        assert_eq!(ui.computer_turn(), None);
        ui.confirm = false;
        ui.type_move("Kd4");
        let turn = ui.computer_turn().unwrap();
        assert_eq!(turn.level, "master");
        assert_eq!(ui.computer_turn(), None, "already thinking");
        ui.tap(sq("e5"));
        assert!(ui.status.text.contains("computer's turn"));
        // Undo while it thinks: the answer that comes later is ignored.
        ui.undo();
        assert_eq!(ui.session.cursor(), 0);
        assert!(!ui.computer_moved(turn.id, "Qe5", "+1.0"));
        assert_eq!(ui.session.moves().len(), 1, "kept for redo");
        ui.type_move("Kc3");
        let turn = ui.computer_turn().unwrap();
        assert!(ui.computer_moved(turn.id, "Qd4", "+1.0"));
        assert_eq!(ui.session.notations(), ["Kc3", "Qd4"]);
        // Undo takes back the computer's move and the person's.
        ui.undo();
        assert_eq!(ui.session.cursor(), 0);
    }

    #[test]
    fn evaluations_are_asked_once_per_position() {
        let mut ui = hotseat(r#"{"game":"cheversi"}"#);
        assert_eq!(ui.ask_evaluation(), None, "switched off");
        ui.show_eval = true;
        let id = ui.ask_evaluation().unwrap();
        assert_eq!(ui.ask_evaluation(), None, "already asked");
        ui.evaluation_found(id, "+1.0");
        assert_eq!(ui.eval.as_deref(), Some("+1.0"));
        assert_eq!(ui.ask_evaluation(), None, "known");
        ui.type_move("Kd4");
        assert_eq!(ui.eval, None);
        let stale = ui.ask_evaluation().unwrap();
        ui.undo();
        ui.evaluation_found(stale, "+9.9");
        assert_eq!(ui.eval, None, "a stale evaluation is dropped");
    }

    #[test]
    fn undo_can_be_switched_off() {
        let mut ui = hotseat(r#"{"game":"cheversi"}"#);
        ui.undo_allowed = false;
        ui.type_move("Kd4");
        ui.undo();
        assert!(ui.status.error);
        assert_eq!(ui.session.cursor(), 1);
        ui.go_to(0);
        ui.type_move("Kc3");
        assert!(ui.status.error, "no playing from review");
        ui.go_to(1);
        assert!(!ui.session.is_reviewing());
    }

    #[test]
    fn save_and_restore_and_corrupt_saves() {
        let mut ui = game(
            r#"{"game":"attrition","variant":"melee","players":3}"#,
            vec![Seat::Human, Seat::Computer("casual".into()), Seat::Human],
        );
        ui.type_move("Nd4");
        let json = |ui: &Ui| serde_json::to_string(&ui.save()).unwrap();
        let restore = |text: &str| {
            serde_json::from_str::<Saved>(text)
                .map_err(|e| e.to_string())
                .and_then(Ui::restore)
        };
        let back = restore(&json(&ui)).unwrap();
        assert_eq!(back.session.notations(), ["Nd4"]);
        assert_eq!(back.seats, ui.seats);
        assert!(restore("{").is_err());
        assert!(restore("").is_err());
        let broken = json(&ui).replace("Nd4", "Nz9");
        assert!(restore(&broken).unwrap_err().contains("line"));
        let wrong_seats = json(&ui).replace(r#""Human","#, "");
        assert!(restore(&wrong_seats).is_err());
        let future = json(&ui).replace(r#""version":1"#, r#""version":9"#);
        assert!(restore(&future).unwrap_err().contains("version 9"));
    }

    #[test]
    fn labels_start_with_the_square() {
        let mut ui = hotseat(r#"{"game":"cheversi","rules":"brainking"}"#);
        ui.type_move("Kd4");
        ui.type_move("Qe5");
        let snap = ui.snapshot();
        assert_eq!(
            square_label(&snap, sq("d4")),
            "d4, White King, attacked by 1 Black"
        );
        let d5 = square_label(&snap, sq("d5"));
        assert_eq!(d5, "d5, empty, attacked by 1 White, 1 Black");
        assert_eq!(square_label(&snap, sq("a1")), "a1, empty");
    }

    #[test]
    fn captures_and_eliminations_are_described() {
        let mut ui = hotseat(r#"{"game":"attrition"}"#);
        for m in ["Nd4", "Nb5", "d4xb5"] {
            ui.type_move(m);
        }
        assert_eq!(
            ui.announce,
            "White played d4xb5. Black's Knight on b5 is captured. White wins."
        );
        let mut ui = game(
            r#"{"game":"attrition","variant":"melee","players":3}"#,
            vec![Seat::Human, Seat::Human, Seat::Human],
        );
        for m in ["Nd4", "Nb5", "Nh8", "d4xb5"] {
            ui.type_move(m);
        }
        assert!(ui.announce.contains("Black is out."), "{}", ui.announce);
    }

    #[test]
    fn focus_moves_on_screen_directions() {
        let mut ui = hotseat(r#"{"game":"cheversi"}"#);
        ui.move_focus(1, 1);
        assert_eq!(ui.focus, sq("b2"));
        ui.flipped = true;
        ui.move_focus(1, 0);
        assert_eq!(ui.focus, sq("a2"));
        ui.move_focus(1, 0);
        assert_eq!(ui.focus, sq("a2"), "stays on the board");
    }
}
