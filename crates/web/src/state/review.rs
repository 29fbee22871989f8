//! A post-game review as the page keeps it: one row per move, filled in
//! as the worker reports them, with each move's class.
//!
//! Classes (Cheversi, by final-margin points lost against the best move):
//! `best` under 0.1, `good` under 1, `inaccuracy` under 2, `mistake` under
//! 4, `blunder` from 4. Attrition: a move that threw away a proven win or
//! hastened a proven loss is a `blunder`; otherwise `best` when it is the
//! engine's move, else `good`.

use crate::i18n::{self, t, tf};
use crate::protocol::{EndValue, Judgement};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum MoveClass {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl MoveClass {
    pub const ALL: [MoveClass; 5] = [
        MoveClass::Best,
        MoveClass::Good,
        MoveClass::Inaccuracy,
        MoveClass::Mistake,
        MoveClass::Blunder,
    ];

    /// The name in `data-class`.
    pub fn name(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }

    /// The mark in the move list (as chess annotators write them).
    pub fn mark(self) -> &'static str {
        match self {
            MoveClass::Best | MoveClass::Good => "",
            MoveClass::Inaccuracy => "?!",
            MoveClass::Mistake => "?",
            MoveClass::Blunder => "??",
        }
    }

    pub fn classify(cheversi: bool, loss: f64, played_best: bool) -> MoveClass {
        if !cheversi {
            return match (loss > 0.0, played_best) {
                (true, _) => MoveClass::Blunder,
                (false, true) => MoveClass::Best,
                (false, false) => MoveClass::Good,
            };
        }
        match loss {
            l if l < 0.1 => MoveClass::Best,
            l if l < 1.0 => MoveClass::Good,
            l if l < 2.0 => MoveClass::Inaccuracy,
            l if l < 4.0 => MoveClass::Mistake,
            _ => MoveClass::Blunder,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub mover: u8,
    pub played: String,
    pub best: String,
    /// Points lost (Cheversi) or 1 for a thrown result (Attrition).
    pub loss: f64,
    pub exact: bool,
    pub class: MoveClass,
    /// The position's value for `mover` under the best move.
    pub value: Judgement,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    rows: Vec<Option<Row>>,
    /// The value after the last move of a game that goes on, and its
    /// side to move.
    end: Option<(u8, EndValue)>,
    done: bool,
    stopped: bool,
}

impl Review {
    pub fn new(moves: usize) -> Review {
        Review {
            rows: vec![None; moves],
            end: None,
            done: false,
            stopped: false,
        }
    }

    pub fn rows(&self) -> &[Option<Row>] {
        &self.rows
    }

    pub fn row(&self, ply: usize) -> Option<&Row> {
        self.rows.get(ply)?.as_ref()
    }

    /// Moves reviewed so far.
    pub fn progress(&self) -> usize {
        self.rows.iter().filter(|r| r.is_some()).count()
    }

    pub fn running(&self) -> bool {
        !self.done && !self.stopped
    }

    pub fn set(&mut self, ply: usize, row: Row) {
        if let Some(slot) = self.rows.get_mut(ply) {
            *slot = Some(row);
        }
    }

    pub fn set_end(&mut self, mover: u8, value: EndValue) {
        self.end = Some((mover, value));
    }

    /// The value after the last move (a game that goes on), and its mover.
    pub fn end(&self) -> Option<(u8, EndValue)> {
        self.end
    }

    pub fn finish(&mut self) {
        self.done = true;
    }

    pub fn stop(&mut self) {
        self.stopped = true;
    }

    /// One line per player: points lost in total and per move, and how
    /// many moves of each class.
    pub fn summary(&self, players: usize, cheversi: bool) -> Vec<String> {
        (0..players as u8)
            .map(|seat| {
                let mine: Vec<&Row> = self
                    .rows
                    .iter()
                    .flatten()
                    .filter(|r| r.mover == seat)
                    .collect();
                let total: f64 = mine.iter().map(|r| r.loss).sum();
                let average = if mine.is_empty() {
                    0.0
                } else {
                    total / mine.len() as f64
                };
                let counts: Vec<String> = MoveClass::ALL
                    .iter()
                    .map(|&c| {
                        let n = mine.iter().filter(|r| r.class == c).count();
                        format!("{} {n}", t(&format!("class.{}", c.name())))
                    })
                    .collect();
                let key = if cheversi {
                    "review.summary"
                } else {
                    "review.summary_attrition"
                };
                tf(
                    key,
                    &[
                        ("player", i18n::player(seat)),
                        ("total", &tenths(total)),
                        ("average", &tenths(average)),
                        ("moves", &mine.len().to_string()),
                        ("counts", &counts.join(", ")),
                    ],
                )
            })
            .collect()
    }
}

/// "3.5" (no sign): points lost, as the language writes it.
fn tenths(points: f64) -> String {
    i18n::number(crate::number::decimal(points.max(0.0)))
}

use super::{Effects, State, REVIEW_SECONDS};
use crate::protocol::{Purpose, ToWorker};

impl State {
    /// Why no review can start here (a key of the page's wording), where
    /// that holds until the board changes: the page turns its button off.
    pub fn review_refused(&self) -> Option<&'static str> {
        if self.puzzle_playing() {
            // Its best moves would give the solution away.
            Some("puzzle.no_review")
        } else if self.lesson.is_some() {
            // ...and a step's answer.
            Some("learn.no_review")
        } else if self.play.is_empty() {
            Some("status.nothing_to_review")
        } else {
            None
        }
    }

    /// Starts the review of the whole game in the worker, or stops it.
    pub(super) fn toggle_review(&mut self, fx: &mut Effects) {
        if self.review.as_ref().is_some_and(Review::running) {
            self.drop_request(fx);
            if let Some(review) = self.review.as_mut() {
                review.stop();
            }
            return self.tell(t("review.stopped"));
        }
        if let Some(why) = self.review_refused() {
            return self.refuse(t(why));
        }
        if self.play.computer_to_move().is_some() {
            return self.refuse(t("status.review_wait"));
        }
        self.drop_request(fx);
        self.requests.forgive();
        let id = self.requests.start(Purpose::Review, self.game_version);
        fx.think = Some(ToWorker::Review {
            id,
            spec: self.play.spec(),
            moves: self.play.session().notations(),
            seconds: REVIEW_SECONDS,
        });
        self.review = Some(Review::new(self.play.len()));
        self.tell(t("review.started"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_follow_the_thresholds() {
        let c = |loss| MoveClass::classify(true, loss, false);
        assert_eq!(c(0.0), MoveClass::Best);
        assert_eq!(c(0.09), MoveClass::Best);
        assert_eq!(c(0.1), MoveClass::Good);
        assert_eq!(c(0.99), MoveClass::Good);
        assert_eq!(c(1.0), MoveClass::Inaccuracy);
        assert_eq!(c(2.0), MoveClass::Mistake);
        assert_eq!(c(3.9), MoveClass::Mistake);
        assert_eq!(c(4.0), MoveClass::Blunder);
        assert_eq!(MoveClass::classify(false, 1.0, false), MoveClass::Blunder);
        assert_eq!(MoveClass::classify(false, 0.0, true), MoveClass::Best);
        assert_eq!(MoveClass::classify(false, 0.0, false), MoveClass::Good);
    }

    #[test]
    fn the_summary_adds_up_per_player() {
        i18n::set("en");
        let mut review = Review::new(3);
        let row = |mover, loss: f64| Row {
            mover,
            played: "x".into(),
            best: "y".into(),
            loss,
            exact: false,
            class: MoveClass::classify(true, loss, false),
            value: Judgement::Margin(0),
        };
        review.set(0, row(0, 1.5));
        review.set(1, row(1, 0.0));
        review.set(2, row(0, 4.5));
        review.set(7, row(0, 9.0));
        assert_eq!(review.progress(), 3);
        let lines = review.summary(2, true);
        assert_eq!(
            lines[0],
            "White: 6.0 points lost in 2 moves (3.0 a move); best 0, good 0, inaccuracy 1, mistake 0, blunder 1"
        );
        assert!(
            lines[1].starts_with("Black: 0.0 points lost in 1 moves"),
            "{}",
            lines[1]
        );
    }

    #[test]
    fn the_summary_writes_points_with_the_languages_decimal_mark() {
        let mut review = Review::new(1);
        review.set(
            0,
            Row {
                mover: 0,
                played: "x".into(),
                best: "y".into(),
                loss: 1.5,
                exact: false,
                class: MoveClass::classify(true, 1.5, false),
                value: Judgement::Margin(0),
            },
        );
        i18n::set("it");
        let line = &review.summary(2, true)[0];
        assert!(line.starts_with("Bianco: 1,5 punti persi"), "{line}");
        assert!(line.contains("(1,5 a mossa)"), "{line}");
        i18n::set("ro");
        let line = &review.summary(2, true)[0];
        assert!(line.contains("1,5") && !line.contains("1.5"), "{line}");
        i18n::set("en");
    }
}
