//! A game being played: the moves so far, a cursor for undo, redo and
//! review, and the record. Holds no rules of its own: every move goes
//! through [`GameState::try_play`].

use crate::any::{AnyGame, AnyMove, AnyViolation, GameOptions};
use crate::game::{GameState, IllegalMove, ParseMoveError};
use crate::record::{Record, RecordError, TagError};
use std::fmt;

/// Why a typed move was not played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The text is not a move of this game.
    Parse(ParseMoveError),
    /// A well-formed move that a rule forbids here.
    Illegal(IllegalMove<AnyViolation>),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Parse(e) => e.fmt(f),
            PlayError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}

#[derive(Clone, Debug)]
pub struct Session {
    /// Every move, including those after the cursor (redo), with the
    /// positions between them and the tags.
    record: Record,
    /// How many moves the shown position has (≤ the record's moves).
    cursor: usize,
}

impl Session {
    pub fn new(options: GameOptions) -> Session {
        Session::from_record(&Record::new(options))
    }

    /// A session at the end of a record's moves.
    pub fn from_record(record: &Record) -> Session {
        Session {
            cursor: record.moves().len(),
            record: record.clone(),
        }
    }

    /// Reads a record's text; on error nothing is replaced.
    pub fn parse_record(text: &str) -> Result<Session, RecordError> {
        Record::parse(text).map(|r| Session::from_record(&r))
    }

    pub fn options(&self) -> GameOptions {
        self.record.options()
    }

    /// The position at the cursor (the one shown and played from).
    pub fn current(&self) -> &AnyGame {
        self.record
            .position_at(self.cursor)
            .unwrap_or_else(|| self.record.final_position())
    }

    /// The position after every move, whatever the cursor.
    pub fn latest(&self) -> &AnyGame {
        self.record.final_position()
    }

    /// The position after the first `ply` moves.
    pub fn position_at(&self, ply: usize) -> Option<&AnyGame> {
        self.record.position_at(ply)
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Every move, including those after the cursor (redo).
    pub fn moves(&self) -> &[AnyMove] {
        self.record.moves()
    }

    /// The canonical notation of every move.
    pub fn notations(&self) -> Vec<String> {
        self.record.notations()
    }

    pub fn is_reviewing(&self) -> bool {
        self.cursor < self.moves().len()
    }

    /// Plays at the cursor. Moves after the cursor are dropped (a new line
    /// replaces the undone one).
    pub fn play(&mut self, mv: AnyMove) -> Result<(), IllegalMove<AnyViolation>> {
        self.record.play_at(self.cursor, mv)?;
        self.cursor = self.record.moves().len();
        Ok(())
    }

    /// Reads and plays a move in notation; returns it.
    pub fn play_text(&mut self, text: &str) -> Result<AnyMove, PlayError> {
        let text = text.trim();
        let mv = self.current().parse_move(text).map_err(PlayError::Parse)?;
        self.play(mv)
            .map_err(|e| PlayError::Illegal(e.as_written(text)))?;
        Ok(mv)
    }

    /// Steps back one move (kept for redo). False at the start.
    pub fn undo(&mut self) -> bool {
        self.go_to(self.cursor.wrapping_sub(1))
    }

    /// Steps forward one undone move. False when there is none.
    pub fn redo(&mut self) -> bool {
        self.go_to(self.cursor + 1)
    }

    /// Shows the position after `ply` moves. False when there is no such ply.
    pub fn go_to(&mut self, ply: usize) -> bool {
        if ply <= self.moves().len() {
            self.cursor = ply;
            true
        } else {
            false
        }
    }

    /// Drops the undone moves for good (playing on with undo switched off).
    pub fn forget_redo(&mut self) {
        self.record.truncate(self.cursor);
    }

    /// The record of every move (the cursor does not matter).
    pub fn record(&self) -> Record {
        self.record.clone()
    }

    /// Sets a free tag (player names, date, …), replacing an old value.
    /// Refuses a name or value the record could not read back.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), TagError> {
        self.record.set_tag(name, value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cheversi::{Options, RuleSet};

    fn lewicki() -> Session {
        Session::new(GameOptions::Cheversi(Options::new(RuleSet::Lewicki)))
    }

    #[test]
    fn undo_redo_and_branching() {
        let mut s = lewicki();
        s.play_text("Kd4").unwrap();
        s.play_text("Qe5").unwrap();
        assert_eq!(s.notations(), ["Kd4", "Qe5"]);
        assert!(s.undo());
        assert_eq!(s.current().ply(), 1);
        assert!(s.is_reviewing());
        assert!(s.redo());
        assert!(!s.redo());
        assert_eq!(s.current().ply(), 2);
        s.undo();
        s.undo();
        assert!(!s.undo());
        assert_eq!(s.current().ply(), 0);
        // A new move from an undone position replaces the old line.
        s.play_text("Kc3").unwrap();
        assert_eq!(s.notations(), ["Kc3"]);
        assert!(!s.redo());
    }

    #[test]
    fn illegal_and_malformed_moves_change_nothing() {
        let mut s = lewicki();
        s.play_text("Kd4").unwrap();
        let err = s.play_text("Qa8").unwrap_err();
        assert!(matches!(err, PlayError::Illegal(_)), "{err}");
        let err = s.play_text("Zz9").unwrap_err();
        assert!(matches!(err, PlayError::Parse(_)), "{err}");
        assert_eq!(s.moves().len(), 1);
        assert_eq!(s.current().ply(), 1);
    }

    #[test]
    fn record_round_trip() {
        let mut s = lewicki();
        for m in ["Kd4", "Qe5", "Ne4"] {
            s.play_text(m).unwrap();
        }
        s.set_tag("White", "Ann").unwrap();
        s.undo();
        let text = s.record().to_text();
        let back = Session::parse_record(&text).unwrap();
        assert_eq!(back.notations(), s.notations());
        assert_eq!(back.record().tag("White"), Some("Ann"));
        assert!(Session::parse_record("[Game \"Chess\"]\n\n*").is_err());
    }

    #[test]
    fn a_tag_the_record_could_not_read_back_is_refused() {
        let mut s = lewicki();
        s.play_text("Kd4").unwrap();
        let e = s.set_tag("White player", "Ann").unwrap_err();
        assert_eq!(e.name, "White player");
        let space = crate::record::TagProblem::NameCharacter { c: ' ', at: 6 };
        assert_eq!(e.reason, space);
        assert!(e.to_string().contains("' ' at character 6"), "{e}");
        let e = s.set_tag("White", "Ann\nBo").unwrap_err();
        assert_eq!(e.reason, crate::record::TagProblem::LineBreak { at: 4 });
        assert!(e.to_string().contains("line break"), "{e}");
        assert!(s.record().tags().is_empty());
        // What is taken reads back.
        s.set_tag("White", "\"Ann\" ]").unwrap();
        let back = Session::parse_record(&s.record().to_text()).unwrap();
        assert_eq!(back.record(), s.record());
    }

    #[test]
    fn a_loaded_record_keeps_its_moves_and_plays_on_checked() {
        let mut s = Session::parse_record(
            "[Game \"Chivalrous Attrition\"]\n[Variant \"duel\"]\n[Result \"0-1\"]\n\n1. Nd4 Nf5 0-1\n",
        )
        .unwrap();
        assert_eq!(s.cursor(), 2);
        assert!(
            s.record().to_text().contains("[Result \"0-1\"]"),
            "a resignation is kept"
        );
        assert!(s.play_text("d4-d5").is_err());
        s.play_text("d4xf5").unwrap();
        assert!(s.record().to_text().ends_with("d4xf5 1-0\n"));
        s.undo();
        s.forget_redo();
        assert_eq!(s.moves().len(), 2);
        assert!(s.record().to_text().ends_with("Nf5 *\n"));
    }
}
