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

use crate::number::tenths_signed as tenths_text;

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
}
