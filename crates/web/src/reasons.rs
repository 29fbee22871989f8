//! Why a move cannot be played, in the page's language: the engine names
//! the rule, this file words it.

use crate::i18n::{piece, player, t, tf};
use cheversi_engine::attrition::Violation as A;
use cheversi_engine::cheversi::{Placed, Violation as C};
use cheversi_engine::{AnyGame, AnyViolation, GameState, PlayError};

fn placed(p: Placed) -> String {
    format!("{}{}", p.kind.letter(), p.square)
}

/// The rule a violation names, worded.
pub fn reason(violation: AnyViolation) -> String {
    let sq = |s: cheversi_engine::Square| s.to_string();
    match violation {
        AnyViolation::Cheversi(v) => match v {
            C::GameOver => t("reason.game_over_cheversi").into(),
            C::NotInHand { color, kind } => tf(
                "reason.not_in_hand",
                &[
                    ("player", player(color.index() as u8)),
                    ("piece", piece(kind.letter(), true)),
                ],
            ),
            C::Occupied { square } => tf("reason.occupied", &[("square", &sq(square))]),
            C::FirstMustBeKing => t("reason.first_king").into(),
            C::BlackFirstMustBeQueen => t("reason.black_first_queen").into(),
            C::MustTouch => t("reason.must_touch").into(),
            C::BlackKingLast => t("reason.black_king_last").into(),
            C::BlackKingMustTouch { white_last } => tf(
                "reason.black_king_touch",
                &[("placed", &placed(white_last))],
            ),
            C::WhiteLastNeedsEmptyNeighbour => t("reason.white_last_neighbour").into(),
            C::BishopsSameColour => t("reason.bishops_colour").into(),
            C::QueenCalled { color } => tf(
                "reason.queen_called",
                &[("player", player(color.index() as u8))],
            ),
            C::NotAttackedByLast { last } => {
                tf("reason.attacked_by_last", &[("placed", &placed(last))])
            }
            C::NotAttackedByAny => t("reason.attacked_by_any").into(),
            C::Unexplained => t("reason.unexplained").into(),
        },
        AnyViolation::Attrition(v) => match v {
            A::GameOver => t("reason.game_over").into(),
            A::StillInSetup => t("reason.still_in_setup").into(),
            A::SetupOver => t("reason.setup_over").into(),
            A::NoSecondPiece => t("reason.no_second_piece").into(),
            A::AlreadyPlaced { piece: p } => tf(
                "reason.already_placed",
                &[("piece", piece(p.letter(), false))],
            ),
            A::Occupied { square } => tf("reason.occupied", &[("square", &sq(square))]),
            A::Mirror { owner, start } => tf(
                "reason.mirror",
                &[("player", player(owner)), ("square", &sq(start))],
            ),
            A::NoPieceOn { square } => tf("reason.no_piece", &[("square", &sq(square))]),
            A::NotYourPiece { square, owner } => tf(
                "reason.not_yours",
                &[("square", &sq(square)), ("player", player(owner))],
            ),
            A::AlreadyJumped { square } => tf("reason.already_jumped", &[("square", &sq(square))]),
            A::NotAKnightMove { from, to } => tf(
                "reason.not_knight_move",
                &[("from", &sq(from)), ("to", &sq(to))],
            ),
            A::Marked { square } => tf("reason.marked", &[("square", &sq(square))]),
        },
        AnyViolation::WrongGame => t("reason.unexplained").into(),
    }
}

/// "Qa8: …" for an illegal move, "Zz9 is not a move …" for text that is
/// not a move; `None` when `text` can be played.
pub fn why_not(game: &AnyGame, text: &str) -> Option<String> {
    match game.parse_move(text.trim()) {
        Err(e) => Some(not_a_move(&e.text, Some(is_cheversi(game)))),
        Ok(mv) => game
            .check_move(mv)
            .err()
            .map(|v| format!("{}: {}", game.notation(mv), reason(v))),
    }
}

fn is_cheversi(game: &AnyGame) -> bool {
    matches!(game, AnyGame::Cheversi(_))
}

/// "Zz9 is not a move of this game (a placement is …)": what moves look
/// like in `cheversi` or the other game, or in either when not known.
pub fn not_a_move(text: &str, cheversi: Option<bool>) -> String {
    let form = match cheversi {
        Some(true) => t("reason.form_cheversi"),
        Some(false) => t("reason.form_attrition"),
        None => t("reason.form_any"),
    };
    format!("{} ({form})", tf("reason.not_a_move", &[("text", text)]))
}

/// A refused typed move in `game`, worded.
pub fn play_error(game: &AnyGame, error: &PlayError) -> String {
    play_error_of(is_cheversi(game), error)
}

/// A refused move in a game of Cheversi or not, worded.
pub fn play_error_of(cheversi: bool, error: &PlayError) -> String {
    match error {
        PlayError::Parse(e) => not_a_move(&e.text, Some(cheversi)),
        PlayError::Illegal(e) => format!("{}: {}", e.notation, reason(e.reason)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::set;
    use cheversi_engine::Session;

    #[test]
    fn reasons_in_each_language() {
        let options = cheversi_api::spec::GameSpec {
            game: "cheversi".into(),
            rules: Some("lewicki".into()),
            ..Default::default()
        }
        .options()
        .unwrap();
        let mut s = Session::new(options);
        s.play_text("Kd4").unwrap();
        set("en");
        assert_eq!(
            why_not(s.current(), "Qa8").unwrap(),
            "Qa8: must be on a square attacked by the opponent's last piece (Kd4)"
        );
        // Same wording as the engine's own (English) text.
        let engine_text = s.clone().play_text("Qa8").unwrap_err().to_string();
        assert_eq!(
            play_error(s.current(), &s.clone().play_text("Qa8").unwrap_err()),
            engine_text
        );
        assert_eq!(
            why_not(s.current(), "Zz9").unwrap(),
            "Zz9 is not a move of this game (a placement is a piece letter and a square, like Kd4)"
        );
        set("it");
        assert_eq!(
            why_not(s.current(), "Qa8").unwrap(),
            "Qa8: va su una casa attaccata dall'ultimo pezzo dell'avversario (Kd4)"
        );
        set("ro");
        assert!(why_not(s.current(), "Zz9")
            .unwrap()
            .starts_with("Zz9 nu este o mutare"));
        // No English left inside the translated text.
        assert!(!why_not(s.current(), "Zz9").unwrap().contains("expected"));
        assert_eq!(why_not(s.current(), "Qd5"), None);
        set("en");
    }
}
