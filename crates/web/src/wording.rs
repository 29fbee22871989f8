//! The page's sentences about the game: what a move did, score changes,
//! and the accessible name of each square.

use crate::i18n::{self, t, tf};
use cheversi_api::view::Snapshot;
use cheversi_engine::Square;

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
            ", {}",
            i18n::owned_piece(p.player, p.piece, cheversi)
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
