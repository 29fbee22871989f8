//! What is wrong with what the page read ([`Problem`]) or why the computer
//! player could not answer ([`Failure`]), in the page's language. Keys,
//! values and names go in as written; every reason comes from `lang/`.

use crate::i18n::{t, tf};
use crate::problem::{Expected, Problem};
use crate::protocol::Failure;
use crate::reasons::play_error_of;
use crate::record_words::{game_name, record_error};
use cheversi_engine::ai::player::levels::Level;
use cheversi_engine::options::{GameKind, OptionProblem};
use cheversi_engine::{OptionError, OptionField};

/// A problem, worded.
pub fn words(problem: &Problem) -> String {
    match problem {
        Problem::NotKeyValue { pair } => tf("problem.not_key_value", &[("pair", pair)]),
        Problem::BadEscape { key, at } => tf(
            "problem.bad_escape",
            &[("key", key), ("at", &at.to_string())],
        ),
        Problem::NotUtf8 { key } => tf("problem.not_utf8", &[("key", key)]),
        Problem::UnknownKey { key } => tf("problem.unknown_key", &[("key", key)]),
        Problem::UnknownParameter { key } => tf("problem.unknown_parameter", &[("key", key)]),
        Problem::NoGame => t("problem.no_game").into(),
        Problem::Missing { key } => tf("problem.missing", &[("key", key)]),
        Problem::NotA {
            key,
            value,
            expected: e,
        } => tf(
            "problem.not_a",
            &[("key", key), ("value", value), ("expected", &expected(*e))],
        ),
        Problem::Options(e) => option_error(e),
        Problem::UnknownLevel { key, value } => {
            unknown(key, "problem.what.level", value, Level::NAMES)
        }
        Problem::SeatCount { given, players } => tf(
            "problem.seat_count",
            &[
                ("given", &given.to_string()),
                ("players", &players.to_string()),
            ],
        ),
        Problem::Move {
            number,
            game,
            error,
        } => tf(
            "problem.move",
            &[
                ("number", &number.to_string()),
                ("reason", &play_error_of(*game == GameKind::Cheversi, error)),
            ],
        ),
        Problem::PastLastMove { key, at, moves } => tf(
            "problem.past_last",
            &[
                ("key", key),
                ("at", &at.to_string()),
                ("moves", &moves.to_string()),
            ],
        ),
        Problem::NextDisagrees { said, real } => {
            let said = said.map_or_else(|| t("problem.seat_none").into(), |s| s.to_string());
            let real = real.map_or_else(|| t("problem.seat_over").into(), |s| s.to_string());
            tf("problem.next", &[("said", &said), ("real", &real)])
        }
        Problem::NoSuchSeat { key, seat, players } => tf(
            "problem.no_such_seat",
            &[
                ("key", key),
                ("seat", &seat.to_string()),
                ("players", &players.to_string()),
            ],
        ),
        Problem::LongName { name, max } => tf(
            "problem.long_name",
            &[("name", name), ("max", &max.to_string())],
        ),
        Problem::BadName { name } => tf("problem.bad_name", &[("name", name)]),
        Problem::NotContinued => t("problem.not_continued").into(),
        Problem::Version { value } => tf("problem.version", &[("value", value)]),
        Problem::NotJson => t("problem.not_json").into(),
        Problem::Unreadable { key } => tf("problem.unreadable", &[("key", key)]),
        Problem::Record(e) => record_error(e),
        Problem::KeptTwice { id } => tf("problem.kept_twice", &[("id", id)]),
        Problem::GivenTwice { key } => tf("problem.given_twice", &[("key", key)]),
        Problem::AtLine { line, problem } => tf(
            "problem.at_line",
            &[("line", &line.to_string()), ("problem", &words(problem))],
        ),
        Problem::NoVersion => t("problem.no_version").into(),
        Problem::NoSolvedStarts { file } => tf("problem.no_solved_starts", &[("file", file)]),
        Problem::DataFile { line, field } => tf(
            "problem.puzzle_file",
            &[("line", &line.to_string()), ("field", field)],
        ),
        Problem::NotFetched {
            file,
            status: Some(status),
        } => tf(
            "problem.http",
            &[("file", file), ("status", &status.to_string())],
        ),
        Problem::NotFetched { file, status: None } => tf("problem.not_fetched", &[("file", file)]),
    }
}

/// Why the computer player could not answer, worded.
pub fn failure(failure: &Failure) -> String {
    match failure {
        Failure::Unreadable => t("failure.unreadable").into(),
        Failure::Level(value) => unknown("level", "problem.what.level", value, Level::NAMES),
        Failure::Options(key) => tf("failure.options", &[("key", key)]),
        Failure::Move { number, text } => tf(
            "failure.move",
            &[("number", &number.to_string()), ("text", text)],
        ),
        Failure::GameOver => t("reason.game_over").into(),
        Failure::NotThinking => t("failure.not_thinking").into(),
    }
}

fn expected(e: Expected) -> String {
    let key = match e {
        Expected::Between { min, max } => {
            return tf(
                "problem.expected.between",
                &[("min", &min.to_string()), ("max", &max.to_string())],
            )
        }
        Expected::Language => {
            let codes: Vec<&str> = crate::i18n::known().iter().map(|(code, _)| *code).collect();
            return tf("problem.expected.one_of", &[("list", &codes.join(", "))]);
        }
        Expected::Players => "problem.expected.players",
        Expected::MoveNumber => "problem.expected.move_number",
        Expected::SeatNumber => "problem.expected.seat_number",
        Expected::Side => "problem.expected.side",
        Expected::Overlay => "problem.expected.overlay",
        Expected::Switch => "problem.expected.switch",
        Expected::Pixels => "problem.expected.pixels",
        Expected::Id => "problem.expected.id",
        Expected::WholeNumber => "problem.expected.whole_number",
        Expected::DayResult => "problem.expected.day_result",
        Expected::LessonId => "problem.expected.lesson_id",
    };
    t(key).into()
}

/// "rules: unknown rule set 'x' (expected one of: …)".
fn unknown(key: &str, what: &str, value: &str, allowed: &[&str]) -> String {
    tf(
        "problem.unknown_name",
        &[
            ("key", key),
            ("what", t(what)),
            ("value", &crate::problem::clip(value)),
            ("allowed", &allowed.join(", ")),
        ],
    )
}

fn what(field: OptionField) -> &'static str {
    match field {
        OptionField::Game => "problem.what.game",
        OptionField::Rules => "problem.what.rules",
        OptionField::Count => "problem.what.count",
        OptionField::Squares => "problem.what.squares",
        OptionField::Variant => "problem.what.variant",
        OptionField::Players => "problem.what.players",
    }
}

/// A game option the engine refused; the option's name leads.
fn option_error(e: &OptionError) -> String {
    let key = e.field.name();
    match &e.problem {
        OptionProblem::Unknown(u) => unknown(key, what(e.field), &u.text, &u.allowed),
        OptionProblem::NotANumber(text) => format!(
            "{key}: {}",
            tf(
                "record.not_a_number",
                &[("value", &crate::problem::clip(text))]
            )
        ),
        OptionProblem::DoesNotApply(game) => tf(
            "problem.not_for_game",
            &[("key", key), ("game", game_name(*game))],
        ),
        OptionProblem::Players(p) => format!(
            "{key}: {}",
            tf(
                "record.players",
                &[
                    ("variant", p.variant.name()),
                    ("players", &p.players.to_string()),
                ],
            )
        ),
    }
}

#[cfg(test)]
#[path = "problem_words_tests.rs"]
mod tests;
