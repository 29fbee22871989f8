//! An evaluation as the page shows it: always from White's side in a
//! two-player game (as chess sites do), from the mover's side in a melee,
//! labelled, and in the page's language.

use crate::i18n::{self, tf};
use crate::protocol::Judgement;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Evaluation {
    /// The seat the engine judged for (the side to move).
    pub mover: u8,
    pub players: usize,
    pub judgement: Judgement,
    /// Proven, not estimated.
    pub exact: bool,
}

/// "+1.6", as the language writes it.
fn tenths_text(tenths: i64) -> String {
    i18n::number(crate::number::tenths_signed(tenths))
}

impl Evaluation {
    /// The judgement turned to White's side (two players only).
    fn for_white(&self) -> Judgement {
        if self.mover == 0 || self.players != 2 {
            return self.judgement;
        }
        match self.judgement {
            Judgement::Margin(t) => Judgement::Margin(-t),
            Judgement::Score(s) => Judgement::Score(-s),
            Judgement::Wins(n) => Judgement::Loses(n),
            Judgement::Loses(n) => Judgement::Wins(n),
        }
    }

    /// White's expected margin in points (two players), for `data-score`.
    pub fn white_score(&self) -> Option<f64> {
        if self.players != 2 {
            return None;
        }
        match self.for_white() {
            Judgement::Margin(t) => Some(t as f64 / 10.0),
            Judgement::Score(s) => Some(s as f64),
            Judgement::Wins(_) => Some(f64::INFINITY),
            Judgement::Loses(_) => Some(f64::NEG_INFINITY),
        }
    }

    /// White's part of the evaluation bar, 0 to 1 (two players): a half
    /// for an even game, all or nothing for a proven result, and between,
    /// a share that grows ever slower with White's lead (4 points ahead
    /// fill three quarters).
    pub fn white_share(&self) -> Option<f64> {
        if self.players != 2 {
            return None;
        }
        let lead = match self.for_white() {
            Judgement::Margin(t) if self.exact => return Some(share_of_result(t)),
            Judgement::Margin(t) => f64::from(t) / 10.0,
            // Attrition's heuristic counts squares of mobility: about ten
            // make a point of lead.
            Judgement::Score(s) => f64::from(s) / 10.0,
            Judgement::Wins(_) => return Some(1.0),
            Judgement::Loses(_) => return Some(0.0),
        };
        Some(0.5 + 0.5 * lead / (lead.abs() + 4.0))
    }

    /// A proven end in plies, signed for White (two players) or the
    /// mover (melee): positive, that side wins. For `data-mate`.
    pub fn mate(&self) -> Option<i64> {
        let judgement = if self.players == 2 {
            self.for_white()
        } else {
            self.judgement
        };
        match judgement {
            Judgement::Wins(Some(n)) => Some(n as i64),
            Judgement::Loses(Some(n)) => Some(-(n as i64)),
            _ => None,
        }
    }

    pub fn text(&self) -> String {
        let two = self.players == 2;
        // Whose view the numbers take, and who wins a proven result.
        let (seat, judgement) = if two {
            (0, self.for_white())
        } else {
            (self.mover, self.judgement)
        };
        let me = i18n::player(seat);
        let other = i18n::player(1 - seat.min(1));
        let view = |value: String| {
            if two {
                tf("eval.white_view", &[("value", &value)])
            } else {
                tf("eval.player_view", &[("player", me), ("value", &value)])
            }
        };
        let proven = |key: &str, player: &str, n: Option<u32>| match n {
            Some(n) => tf(
                &format!("{key}_in"),
                &[("player", player), ("n", &n.to_string())],
            ),
            None => tf(key, &[("player", player)]),
        };
        match judgement {
            Judgement::Margin(t) if self.exact => {
                let points = (t.abs() + 5) / 10;
                match (points, t > 0) {
                    (0, _) => i18n::t("eval.draw").to_string(),
                    (_, true) => tf(
                        "eval.wins_by",
                        &[("player", me), ("points", &points.to_string())],
                    ),
                    (_, false) if two => tf(
                        "eval.wins_by",
                        &[("player", other), ("points", &points.to_string())],
                    ),
                    (_, false) => view(tenths_text(t as i64)),
                }
            }
            Judgement::Margin(t) => view(tenths_text(t as i64)),
            Judgement::Score(s) => view(format!("{s:+}")),
            Judgement::Wins(n) => proven("eval.wins", me, n),
            Judgement::Loses(n) if two => proven("eval.wins", other, n),
            Judgement::Loses(n) => proven("eval.loses", me, n),
        }
    }
}

/// A proven margin, rounded to whole points as the text words it.
fn share_of_result(tenths: i32) -> f64 {
    match ((tenths.abs() + 5) / 10, tenths > 0) {
        (0, _) => 0.5,
        (_, true) => 1.0,
        (_, false) => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(mover: u8, players: usize, judgement: Judgement, exact: bool) -> String {
        Evaluation {
            mover,
            players,
            judgement,
            exact,
        }
        .text()
    }

    #[test]
    fn the_bar_fills_with_whites_share() {
        let share = |mover, players, judgement, exact| {
            Evaluation {
                mover,
                players,
                judgement,
                exact,
            }
            .white_share()
        };
        assert_eq!(share(0, 2, Judgement::Margin(0), false), Some(0.5));
        assert_eq!(share(0, 2, Judgement::Margin(40), false), Some(0.75));
        // Black to move and 4 ahead: White has a quarter.
        assert_eq!(share(1, 2, Judgement::Margin(40), false), Some(0.25));
        assert_eq!(share(1, 2, Judgement::Margin(10), true), Some(0.0));
        assert_eq!(share(1, 2, Judgement::Margin(-10), true), Some(1.0));
        assert_eq!(share(1, 2, Judgement::Margin(4), true), Some(0.5));
        assert_eq!(share(0, 2, Judgement::Wins(Some(3)), true), Some(1.0));
        assert_eq!(share(1, 2, Judgement::Wins(None), true), Some(0.0));
        assert_eq!(share(0, 2, Judgement::Score(-40), false), Some(0.25));
        assert_eq!(share(2, 3, Judgement::Score(5), false), None);
        let big = share(0, 2, Judgement::Margin(10_000), false).unwrap();
        assert!(big > 0.99 && big < 1.0);
    }

    #[test]
    fn two_player_values_are_from_whites_side() {
        i18n::set("en");
        // Black to move and 1.6 ahead: White is 1.6 behind.
        assert_eq!(
            eval(1, 2, Judgement::Margin(16), false),
            "Evaluation (White's view): -1.6"
        );
        assert_eq!(
            eval(0, 2, Judgement::Margin(16), false),
            "Evaluation (White's view): +1.6"
        );
        assert_eq!(eval(1, 2, Judgement::Margin(40), true), "Black wins by 4");
        assert_eq!(eval(0, 2, Judgement::Margin(0), true), "Draw");
        assert_eq!(
            eval(1, 2, Judgement::Wins(Some(7)), true),
            "Black wins in 7"
        );
        assert_eq!(
            eval(1, 2, Judgement::Loses(Some(3)), true),
            "White wins in 3"
        );
        assert_eq!(eval(2, 3, Judgement::Loses(None), true), "Red loses");
        assert_eq!(
            eval(2, 3, Judgement::Score(-2), false),
            "Evaluation (Red's view): -2"
        );
        let black_ahead = Evaluation {
            mover: 1,
            players: 2,
            judgement: Judgement::Margin(25),
            exact: false,
        };
        assert_eq!(black_ahead.white_score(), Some(-2.5));
        let black_wins = Evaluation {
            mover: 1,
            players: 2,
            judgement: Judgement::Wins(Some(7)),
            exact: true,
        };
        assert_eq!(
            black_wins.mate(),
            Some(-7),
            "Black wins: negative for White"
        );
        assert_eq!(black_ahead.mate(), None);
    }

    #[test]
    fn proven_results_are_worded_in_every_language() {
        i18n::set("it");
        let text = eval(0, 2, Judgement::Wins(Some(5)), true);
        assert!(!text.contains("wins"), "{text}");
        assert!(text.contains('5'), "{text}");
        i18n::set("ro");
        let text = eval(0, 2, Judgement::Wins(Some(5)), true);
        assert!(!text.contains("wins"), "{text}");
        i18n::set("en");
    }

    #[test]
    fn estimates_are_written_with_the_languages_decimal_mark() {
        i18n::set("it");
        assert_eq!(
            eval(1, 2, Judgement::Margin(16), false),
            "Valutazione (dal lato del Bianco): -1,6"
        );
        i18n::set("ro");
        let text = eval(0, 2, Judgement::Margin(25), false);
        assert!(text.ends_with("+2,5"), "{text}");
        i18n::set("en");
        assert!(eval(0, 2, Judgement::Margin(25), false).ends_with("+2.5"));
    }
}
