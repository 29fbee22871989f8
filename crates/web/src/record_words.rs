//! What is wrong in a game record, in the page's language: the engine
//! says where and what ([`RecordProblem`]), this file words it.

use crate::i18n::{t, tf};
use crate::reasons::{not_a_move, reason};
use cheversi_engine::options::{GameKind, OptionProblem};
use cheversi_engine::record::{RecordError, RecordProblem, TagSyntax};

/// "line 3, column 5: …" in the page's language.
pub fn record_error(e: &RecordError) -> String {
    tf(
        "record.at",
        &[
            ("line", &e.line.to_string()),
            ("column", &e.column.to_string()),
            ("problem", &problem(&e.problem)),
        ],
    )
}

pub fn game_name(game: GameKind) -> &'static str {
    match game {
        GameKind::Cheversi => t("game.cheversi"),
        GameKind::Attrition => t("game.attrition"),
    }
}

fn problem(p: &RecordProblem) -> String {
    match p {
        RecordProblem::TagAfterMoves => t("record.tag_after_moves").into(),
        RecordProblem::SecondGame => t("record.second_game").into(),
        RecordProblem::TagSyntax(s) => {
            let key = match s {
                TagSyntax::ExpectedName => "record.tag_name",
                TagSyntax::ExpectedQuotedValue => "record.tag_value",
                TagSyntax::MissingClosingQuote => "record.tag_quote",
                TagSyntax::ExpectedClosingBracket => "record.tag_bracket",
            };
            format!("{} {}", t(key), t("record.tag_example"))
        }
        RecordProblem::DuplicateTag(tag) => tf("record.duplicate_tag", &[("tag", tag)]),
        RecordProblem::MissingGameTag => t("record.missing_game").into(),
        RecordProblem::Option { tag, problem } => match problem {
            OptionProblem::Unknown(u) => tf(
                "record.unknown_value",
                &[
                    ("tag", tag),
                    ("value", &u.text),
                    ("allowed", &u.allowed.join(", ")),
                ],
            ),
            OptionProblem::NotANumber(text) => tf("record.not_a_number", &[("value", text)]),
            OptionProblem::DoesNotApply(game) => tf(
                "record.not_for_game",
                &[("tag", tag), ("game", game_name(*game))],
            ),
            OptionProblem::Players(e) => tf(
                "record.players",
                &[
                    ("variant", e.variant.name()),
                    ("players", &e.players.to_string()),
                ],
            ),
        },
        RecordProblem::TagDoesNotApply { tag, game } => tf(
            "record.not_for_game",
            &[("tag", tag), ("game", game_name(*game))],
        ),
        RecordProblem::MissingTag { game, tag } => tf(
            "record.missing_tag",
            &[("game", game_name(*game)), ("tag", tag)],
        ),
        RecordProblem::BadResult { value, players } => tf(
            "record.bad_result",
            &[("value", value), ("players", &players.to_string())],
        ),
        RecordProblem::AfterResult(word) => tf("record.after_result", &[("word", word)]),
        RecordProblem::ResultsDisagree {
            word,
            tag_line,
            tag_column,
        } => tf(
            "record.results_disagree",
            &[
                ("word", word),
                ("line", &tag_line.to_string()),
                ("column", &tag_column.to_string()),
            ],
        ),
        RecordProblem::NotAWord(word) => tf("record.not_a_word", &[("word", word)]),
        RecordProblem::NotAMove(e) => not_a_move(&e.text, None),
        RecordProblem::Illegal(e) => format!("{}: {}", e.notation, reason(e.reason)),
        RecordProblem::WrongResult(_) => t("record.wrong_result").into(),
        RecordProblem::NoDraws => t("record.no_draws").into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cheversi_engine::Session;

    fn error_of(record: &str) -> RecordError {
        match Session::parse_record(record) {
            Err(e) => e,
            Ok(_) => panic!("read, but should not be: {record:?}"),
        }
    }

    /// Every problem a record can have, worded in every language with no
    /// placeholder left and (outside English) no English sentence.
    #[test]
    fn every_record_problem_is_worded_in_every_language() {
        let bad = [
            "1. Kd4\n[Game \"Cheversi\"]",
            "[ \"x\"]",
            "[Game Cheversi]",
            "[Game \"Cheversi",
            "[Game \"Cheversi\"",
            "[Game \"Cheversi\"]\n[Game \"Cheversi\"]",
            "[Rules \"brainking\"]",
            "[Game \"Go\"]",
            "[Game \"Chivalrous Attrition\"]\n[Variant \"melee\"]\n[Players \"x\"]",
            "[Game \"Cheversi\"]\n[Variant \"duel\"]",
            "[Game \"Cheversi\"]",
            "[Game \"Chivalrous Attrition\"]\n[Variant \"duel\"]\n[Players \"3\"]",
            "[Game \"Cheversi\"]\n[Rules \"brainking\"]\n[Result \"2-0\"]",
            "[Game \"Cheversi\"]\n[Rules \"brainking\"]\n\n1. Kd4 * Qe5",
            "[Game \"Cheversi\"]\n[Rules \"brainking\"]\n[Result \"1-0\"]\n\n1. Kd4 *",
            "[Game \"Cheversi\"]\n[Rules \"brainking\"]\n\n1. Kd4 12x",
            "[Game \"Cheversi\"]\n[Rules \"brainking\"]\n\n1. Zd4",
            "[Game \"Cheversi\"]\n[Rules \"brainking\"]\n\n1. Qd4",
            "[Game \"Cheversi\"]\n[Rules \"brainking\"]\n\n1. Kd4 *\n\n[Game \"Cheversi\"]",
        ];
        let errors: Vec<RecordError> = bad.iter().map(|r| error_of(r)).collect();
        for code in ["en", "it", "ro"] {
            crate::i18n::set(code);
            for (record, e) in bad.iter().zip(&errors) {
                let text = record_error(e);
                assert!(!text.contains('{'), "{code}: {text}");
                assert!(
                    text.contains(&e.line.to_string()),
                    "{code}: {text} names the line"
                );
                if code != "en" {
                    let english = e.message();
                    assert!(
                        !text.contains(&english),
                        "{code}: '{english}' left in English for {record:?}"
                    );
                    for word in [" the ", " is ", " not ", " must "] {
                        assert!(!text.contains(word), "{code}: English in {text}");
                    }
                }
            }
        }
        crate::i18n::set("en");
        assert_eq!(
            record_error(&errors[5]),
            "line 2, column 2: the tag Game appears twice"
        );
        // A file of several games (My games' export) says so.
        assert_eq!(
            record_error(errors.last().unwrap()),
            "line 6, column 1: a second game starts here: a record holds one game"
        );
    }
}
