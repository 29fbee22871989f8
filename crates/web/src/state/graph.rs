//! The evaluation graph of a reviewed game: one point per move, the value
//! of the position after it from White's side (two players), clamped so a
//! proven result sits at the edge; and the sentence that describes it.

use super::evaluation::Evaluation;
use super::review::Review;
use crate::i18n::{self, tf};
use cheversi_engine::{GameState, Outcome, Session};

/// One move's point: `ply` moves played, White's expected margin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub ply: usize,
    pub score: f64,
}

/// How far the graph reaches either way, in points (a proven result is
/// drawn at this edge).
pub const EDGE: f64 = 10.0;

/// The points known so far: after move `p` comes from the review of move
/// `p + 1` (the value of the position it leaves), the last from the
/// game's result, or in a game that goes on from the review's value of
/// the position after it. Two-player games only.
pub fn points(session: &Session, review: &Review) -> Vec<Point> {
    let players = session.options().players();
    if players != 2 {
        return Vec::new();
    }
    let moves = session.moves().len();
    let mut out = Vec::new();
    for ply in 1..=moves {
        let score = if ply < moves {
            review.row(ply).map(|row| {
                Evaluation {
                    mover: row.mover,
                    players,
                    judgement: row.value,
                    exact: row.exact,
                }
                .white_score()
                .unwrap_or(0.0)
            })
        } else {
            final_score(session).or_else(|| {
                review.end().and_then(|(mover, end)| {
                    Evaluation {
                        mover,
                        players,
                        judgement: end.value,
                        exact: end.exact,
                    }
                    .white_score()
                })
            })
        };
        if let Some(score) = score {
            out.push(Point {
                ply,
                score: score.clamp(-EDGE, EDGE),
            });
        }
    }
    out
}

fn final_score(session: &Session) -> Option<f64> {
    let last = session.latest();
    let scores = last.scores();
    match last.outcome()? {
        _ if scores.len() == 2 => Some(f64::from(scores[0] - scores[1])),
        Outcome::Winner(0) => Some(EDGE),
        Outcome::Winner(_) => Some(-EDGE),
        Outcome::Draw => Some(0.0),
    }
}

/// Where each point is drawn in a `width` × `height` box: moves left to
/// right, White's advantage up, 0 in the middle.
pub fn positions(points: &[Point], moves: usize, width: f64, height: f64) -> Vec<(f64, f64)> {
    let step = width / moves.max(1) as f64;
    points
        .iter()
        .map(|p| {
            let x = step * p.ply as f64 - step / 2.0;
            let y = height / 2.0 - p.score / EDGE * (height / 2.0);
            (x, y)
        })
        .collect()
}

/// For screen readers: who led for more of the game, and the largest swing.
pub fn description(points: &[Point], notations: &[String]) -> String {
    let white = points.iter().filter(|p| p.score > 0.0).count();
    let black = points.iter().filter(|p| p.score < 0.0).count();
    let leader = match white.cmp(&black) {
        std::cmp::Ordering::Greater => tf("graph.led", &[("player", i18n::player(0))]),
        std::cmp::Ordering::Less => tf("graph.led", &[("player", i18n::player(1))]),
        std::cmp::Ordering::Equal => i18n::t("graph.level").to_string(),
    };
    let mut previous = Point { ply: 0, score: 0.0 };
    let mut swing: Option<(Point, f64)> = None;
    for &p in points {
        let change = (p.score - previous.score).abs();
        if p.ply == previous.ply + 1 && swing.is_none_or(|(_, c)| change > c) {
            swing = Some((p, change));
        }
        previous = p;
    }
    match swing {
        Some((p, change)) if change > 0.0 => format!(
            "{} {}",
            leader,
            tf(
                "graph.swing",
                &[
                    ("ply", &p.ply.to_string()),
                    ("move", notations.get(p.ply - 1).map_or("", String::as_str)),
                    ("points", &i18n::number(crate::number::decimal(change))),
                ],
            )
        ),
        _ => leader,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(ply: usize, score: f64) -> Point {
        Point { ply, score }
    }

    #[test]
    fn a_game_that_goes_on_gets_its_last_point_from_the_review() {
        use crate::protocol::{EndValue, Judgement};
        use crate::state::review::Row;
        let spec = cheversi_api::spec::GameSpec {
            game: "cheversi".into(),
            rules: Some("brainking".into()),
            ..Default::default()
        };
        let mut session = Session::new(spec.options().unwrap());
        for m in ["Kd4", "Qe5", "Qc3"] {
            session.play_text(m).unwrap();
        }
        let mut review = Review::new(3);
        for ply in 0..3 {
            review.set(
                ply,
                Row {
                    mover: (ply % 2) as u8,
                    class: crate::state::review::MoveClass::Best,
                    played: String::new(),
                    best: String::new(),
                    loss: 0.0,
                    exact: false,
                    value: Judgement::Margin(10),
                },
            );
        }
        // Without the end's value: a point for moves 1 and 2 only.
        assert_eq!(points(&session, &review).len(), 2);
        // Black to move after Qc3 and 2.5 ahead: White's -2.5.
        review.set_end(
            1,
            EndValue {
                value: Judgement::Margin(25),
                exact: false,
            },
        );
        let all = points(&session, &review);
        assert_eq!(all.len(), 3);
        assert_eq!(all[2], p(3, -2.5));
    }

    #[test]
    fn positions_put_white_up_and_moves_left_to_right() {
        let at = positions(&[p(1, 0.0), p(2, EDGE), p(4, -EDGE)], 4, 400.0, 100.0);
        assert_eq!(at, [(50.0, 50.0), (150.0, 0.0), (350.0, 100.0)]);
    }

    #[test]
    fn the_description_names_the_leader_and_the_largest_swing() {
        i18n::set("en");
        let moves: Vec<String> = ["Kd4", "Qe5", "Qd5", "Re4"].map(String::from).to_vec();
        let text = description(&[p(1, 1.0), p(2, 2.0), p(3, -3.0), p(4, 4.0)], &moves);
        assert_eq!(
            text,
            "White led for most of the game. The largest swing was move 4 (Re4): 7.0 points."
        );
        assert_eq!(description(&[], &moves), "Neither side led for long.");
    }

    #[test]
    fn the_swing_is_written_with_the_languages_decimal_mark() {
        i18n::set("it");
        let moves: Vec<String> = ["Kd4", "Qe5"].map(String::from).to_vec();
        let text = description(&[p(1, 1.0), p(2, -1.5)], &moves);
        assert!(text.ends_with("2,5 punti."), "{text}");
        i18n::set("en");
    }
}
