//! Positions as text boards.

use cheversi_engine::attrition::{self, Piece, Slot, PLAYER_NAMES};
use cheversi_engine::cheversi::{self, Color, Kind};
use cheversi_engine::{AnyGame, GameOptions, GameState, Outcome, Square};
use std::fmt::Write;

/// "brainking (multiplicity, empty): ply 5, Black to place" and the like.
pub fn status_line(game: &AnyGame) -> String {
    let what = match game.options() {
        GameOptions::Cheversi(o) => format!(
            "Cheversi, {} ({}, {})",
            o.rules, o.scoring.count, o.scoring.squares
        ),
        GameOptions::Attrition(o) => {
            format!(
                "Chivalrous Attrition, {} ({} players)",
                o.variant(),
                o.players()
            )
        }
    };
    let state = match (game.outcome(), game.to_move()) {
        (Some(Outcome::Draw), _) => "game over: draw".to_string(),
        (Some(Outcome::Winner(w)), _) => format!("game over: {} wins", game.player_name(w)),
        (None, Some(p)) => format!("{} to move", game.player_name(p)),
        (None, None) => "no one to move".to_string(),
    };
    format!("{what}: {} moves played, {state}", game.ply())
}

/// Rows from rank 8 down, a cell per square, files under the board.
fn grid(cell: impl Fn(Square) -> String) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        let _ = write!(out, "{} ", rank + 1);
        for file in 0..8 {
            let sq = Square::from_coords(file, rank).expect("on the board");
            let _ = write!(out, "{:>5}", cell(sq));
        }
        out.push('\n');
    }
    out.push_str("  ");
    for file in b'a'..=b'h' {
        let _ = write!(out, "{:>5}", file as char);
    }
    out.push('\n');
    out
}

pub fn render(game: &AnyGame) -> String {
    let mut out = status_line(game);
    out.push('\n');
    match game {
        AnyGame::Cheversi(pos) => out.push_str(&cheversi_board(pos)),
        AnyGame::Attrition(pos) => out.push_str(&attrition_board(pos)),
    }
    out
}

fn cheversi_board(pos: &cheversi::Position) -> String {
    let white = pos.attack_counts(Color::White);
    let black = pos.attack_counts(Color::Black);
    let mut out = String::from(
        "Pieces: White upper case, Black lower case. Each square: how many White/Black pieces attack it.\n",
    );
    out.push_str(&grid(|sq| match pos.piece_at(sq) {
        Some((color, kind)) => {
            let letter = kind.letter();
            let letter = if color == Color::White {
                letter
            } else {
                letter.to_ascii_lowercase()
            };
            let (w, b) = (white[sq.index()], black[sq.index()]);
            if w + b > 0 {
                format!("{letter}{w}/{b}")
            } else {
                letter.to_string()
            }
        }
        None => match (white[sq.index()], black[sq.index()]) {
            (0, 0) => ".".into(),
            (w, b) => format!("{w}/{b}"),
        },
    }));
    for color in Color::BOTH {
        let hand: Vec<String> = Kind::ALL
            .iter()
            .filter(|k| pos.in_hand(color, **k) > 0)
            .map(|k| format!("{}×{}", k.letter(), pos.in_hand(color, *k)))
            .collect();
        let _ = writeln!(
            out,
            "{color}: score {}, in hand: {}",
            pos.score(color),
            if hand.is_empty() {
                "nothing".into()
            } else {
                hand.join(" ")
            }
        );
    }
    if let Some((color, last)) = pos.last_placed() {
        let _ = writeln!(
            out,
            "Last placed: {color} {}{}",
            last.kind.letter(),
            last.square
        );
    }
    out
}

fn attrition_board(pos: &attrition::Position) -> String {
    let seat_letter = |p: u8| PLAYER_NAMES[p as usize].chars().next().unwrap_or('?');
    let mut out = String::from(
        "Pieces: seat letter (W, B, R, U for Blue) and piece (N, or B for the second piece). x: marked.\n",
    );
    let forbidden = match pos.to_move() {
        Some(p) if pos.in_setup() => pos.forbidden_for(p),
        _ => cheversi_engine::Bitboard::EMPTY,
    };
    let seat_letter = |p: u8| if p == 3 { 'U' } else { seat_letter(p) };
    out.push_str(&grid(|sq| match pos.piece_at(sq) {
        Some((p, piece)) => format!("{}{}", seat_letter(p), piece.letter()),
        None if pos.markers().contains(sq) => "x".into(),
        None if forbidden.contains(sq) => "-".into(),
        None => ".".into(),
    }));
    if pos.in_setup() {
        out.push_str(
            "-: the player to move may not start here (mirror of another player's start)\n",
        );
    }
    for p in 0..pos.players() as u8 {
        let pieces: Vec<String> = Piece::BOTH
            .iter()
            .filter_map(|&k| match pos.slot(p, k) {
                Slot::Unused => None,
                Slot::InHand => Some(format!("{} in hand", k.letter())),
                Slot::At(sq) => Some(format!("{} on {sq}", k.letter())),
                Slot::Captured => Some(format!("{} captured", k.letter())),
                Slot::Stuck => Some(format!("{} lost (no jump)", k.letter())),
            })
            .collect();
        let _ = writeln!(
            out,
            "{}{}: {}",
            PLAYER_NAMES[p as usize],
            if pos.is_out(p) { " (out)" } else { "" },
            pieces.join(", ")
        );
    }
    out
}
