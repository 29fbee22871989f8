//! Games with friends by link (correspondence): the games kept here, a
//! letter arriving, whose turn it is, and opening or replacing a game.

use super::*;
use cheversi_engine::record::{result_text, ResultTag};

impl State {
    /// The games kept here, read by the shell at start.
    pub fn set_games(&mut self, games: Games) {
        self.games = games;
    }

    /// Takes in the games another tab stored ([`Action::GamesStored`]: the
    /// shell reads them before it writes the list, and when the other tab
    /// writes). A shown game that another tab moved on is shown at its new
    /// move. Only by the action, so that what follows a change of the shown
    /// game (the old position's views dropped, the computer asked) follows.
    pub(super) fn merge_games(&mut self, stored: Vec<games::StoredGame>) -> bool {
        let mut changed = false;
        for game in stored {
            changed |= self.games.merge(game);
        }
        let shown = self.play.id().and_then(|id| self.games.get(id));
        if let Some(Ok(play)) = shown.map(games::StoredGame::to_play) {
            if play.len() > self.play.len() {
                // The same game moved on: a link's game offered meanwhile
                // is still offered.
                let offer = self.offer.take();
                self.replace(play, None);
                self.offer = offer;
                self.tell_turn(t("corr.moved_elsewhere").into());
            }
        }
        changed
    }

    /// The page's clock, before each action (for "last change").
    pub fn set_now(&mut self, ms: f64) {
        self.now = ms;
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

    pub(super) fn open(&mut self, mut play: Play, at: Option<usize>, from: Source) {
        if self.locked {
            return self.refuse(t("embed.diagram"));
        }
        if let Source::Link { seats } = from {
            if let Some(continued) = self.continued(&play, seats) {
                play = continued;
            } else if !self.local_game().is_empty() {
                // A game with moves, finished or not, is the person's: a
                // link to another asks.
                self.offer = Some(Offer { play, at });
                self.announce = t("status.link_offer").into();
                self.status = Status {
                    text: self.announce.clone(),
                    error: false,
                };
                return;
            }
        }
        self.replace(play, at);
        let said = match (from, self.stopped_early()) {
            (Source::Link { .. }, _) => t("status.link_opened").to_string(),
            (Source::Record, None) => t("status.record_loaded").to_string(),
            (Source::Record, Some(result)) => tf("status.record_stopped", &[("result", &result)]),
        };
        self.tell(said);
    }

    /// The result the shown game's record states where its moves do not
    /// reach one (a resignation, a draw agreed): `1-0`.
    fn stopped_early(&self) -> Option<String> {
        let session = self.play.session();
        let result = session.record().result();
        (result != ResultTag::Unfinished && !session.latest().is_over())
            .then(|| result_text(result, session.options().players()))
    }

    /// A correspondence link. A new game is kept and shown; news of a game
    /// kept here is added if it continues our copy, recognised if it is
    /// older, and refused if it changes an earlier move (our copy stays;
    /// the link may be opened as a separate game).
    pub(super) fn arrive(&mut self, letter: crate::letter::Letter, fresh_id: String) {
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
                    Err(e) => self.refuse(tf("status.link_bad", &[("reason", &words(&e))])),
                };
            }
            Some(Err(e)) => return self.refuse(tf("corr.bad_copy", &[("reason", &words(&e))])),
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
                    return self.refuse(tf("status.link_bad", &[("reason", &words(&e))]));
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
    pub(super) fn tell_turn(&mut self, text: String) {
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
    pub(super) fn show_game(&mut self, play: Play) {
        self.replace(play, None);
        self.prefs.flipped = self.play.human_plays_black_only();
        self.games_saved += 1;
    }

    pub(super) fn open_kept(&mut self, id: &str) {
        if self.play.id() == Some(id) {
            return;
        }
        match self.games.get(id).map(|g| g.to_play()) {
            Some(Ok(play)) => {
                self.show_game(play);
                self.tell_turn(String::new());
            }
            Some(Err(e)) => self.refuse(tf("corr.bad_copy", &[("reason", &words(&e))])),
            None => {}
        }
    }

    /// Deletes a kept game. When it is the one shown, the game at this
    /// device comes back (or a new one of the same kind).
    pub(super) fn delete_game(&mut self, id: &str) {
        if self.play.id() == Some(id) {
            self.parked_review = None;
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

    /// The game at this device with a link's further moves, where the
    /// link is to it (the same options, its moves and perhaps more, and
    /// the same seats where the link names them): opening it loses
    /// nothing, and the game keeps the names, seats and undo set here,
    /// which a link does not carry.
    fn continued(&self, linked: &Play, seats_given: bool) -> Option<Play> {
        let local = self.local_game();
        let ours = local.session().notations();
        let theirs = linked.session().notations();
        let same = local.spec() == linked.spec()
            && theirs.starts_with(&ours)
            && (!seats_given || linked.seats() == local.seats());
        if !same {
            return None;
        }
        let mut continued = Play::resume(
            local.session().clone(),
            local.seats().to_vec(),
            local.undo_allowed(),
        )
        .ok()?;
        continued.extend(&theirs).ok()?;
        Some(continued)
    }

    /// A new game takes the place of the old one; the preferences stay.
    /// A correspondence game shown puts the game at this device aside; a
    /// new game at this device takes the place of the old one.
    pub(super) fn replace(&mut self, play: Play, at: Option<usize>) {
        let corr = play.id().is_some();
        // A puzzle or a lesson is never the game at this device.
        let old_puzzle = self.puzzle.take().is_some() | self.lesson.take().is_some();
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
        // The review parked goes with the game it reviewed.
        match (corr, old.id().is_none() && !old_puzzle) {
            (true, true) => (self.parked, self.parked_review) = (Some(old), None),
            (false, _) => (self.parked, self.parked_review) = (None, None),
            (true, false) => {}
        }
        self.games_saved += 1;
        self.offer = None;
        self.review = None;
        self.version += 1;
        self.game_version += 1;
        self.saved += 1;
    }
}
