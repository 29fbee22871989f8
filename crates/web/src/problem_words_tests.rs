//! Every problem and failure worded in every language: nothing left
//! unfilled, and outside English no English reason.

use super::*;
use crate::i18n::set;
use crate::problem::clip;
use cheversi_engine::attrition::{PlayersError, Variant};
use cheversi_engine::{Session, UnknownName};

/// The kinds of problem, numbered; a kind added to [`Problem`] does not
/// compile here until it is given a number (and a sample below).
fn kind(p: &Problem) -> usize {
    match p {
        Problem::NotKeyValue { .. } => 0,
        Problem::BadEscape { .. } => 1,
        Problem::NotUtf8 { .. } => 2,
        Problem::UnknownKey { .. } => 3,
        Problem::UnknownParameter { .. } => 4,
        Problem::NoGame => 5,
        Problem::Missing { .. } => 6,
        Problem::NotA { .. } => 7,
        Problem::Options(_) => 8,
        Problem::UnknownLevel { .. } => 9,
        Problem::SeatCount { .. } => 10,
        Problem::Move { .. } => 11,
        Problem::PastLastMove { .. } => 12,
        Problem::NextDisagrees { .. } => 13,
        Problem::NoSuchSeat { .. } => 14,
        Problem::LongName { .. } => 15,
        Problem::BadName { .. } => 16,
        Problem::NotContinued => 17,
        Problem::Version { .. } => 18,
        Problem::NotJson => 19,
        Problem::Unreadable { .. } => 20,
        Problem::Record(_) => 21,
        Problem::KeptTwice { .. } => 22,
        Problem::AtLine { .. } => 23,
        Problem::NoVersion => 24,
        Problem::DataFile { .. } => 25,
        Problem::NotFetched { .. } => 26,
        Problem::NoSolvedStarts { .. } => 27,
        Problem::GivenTwice { .. } => 28,
    }
}
const KINDS: usize = 29;

/// Every expectation, in the same way.
fn expectation(e: Expected) -> usize {
    match e {
        Expected::Players => 0,
        Expected::MoveNumber => 1,
        Expected::SeatNumber => 2,
        Expected::Side => 3,
        Expected::Overlay => 4,
        Expected::Switch => 5,
        Expected::Pixels => 6,
        Expected::Between { .. } => 7,
        Expected::Language => 8,
        Expected::Id => 9,
        Expected::WholeNumber => 10,
        Expected::DayResult => 11,
        Expected::LessonId => 12,
    }
}
const EXPECTATIONS: [Expected; 13] = [
    Expected::Players,
    Expected::MoveNumber,
    Expected::SeatNumber,
    Expected::Side,
    Expected::Overlay,
    Expected::Switch,
    Expected::Pixels,
    Expected::Between {
        min: 160,
        max: 1200,
    },
    Expected::Language,
    Expected::Id,
    Expected::WholeNumber,
    Expected::DayResult,
    Expected::LessonId,
];

fn failure_kind(f: &Failure) -> usize {
    match f {
        Failure::Unreadable => 0,
        Failure::Level(_) => 1,
        Failure::Options(_) => 2,
        Failure::Move { .. } => 3,
        Failure::GameOver => 4,
        Failure::NotThinking => 5,
    }
}

fn failures() -> Vec<Failure> {
    vec![
        Failure::Unreadable,
        Failure::Level("grandmaster".into()),
        Failure::Options("rules".into()),
        Failure::Move {
            number: 2,
            text: "Qa8".into(),
        },
        Failure::GameOver,
        Failure::NotThinking,
    ]
}

fn option(field: OptionField, problem: OptionProblem) -> Problem {
    Problem::Options(OptionError { field, problem })
}

/// The engine's refusal of `text` after `moves` in a game of `spec`.
fn move_problem(spec: &str, moves: &[&str], text: &str) -> Problem {
    let spec: cheversi_api::spec::GameSpec = serde_json::from_str(spec).unwrap();
    let options = spec.checked().unwrap();
    let mut session = Session::new(options);
    for m in moves {
        session.play_text(m).unwrap();
    }
    Problem::Move {
        number: moves.len() + 1,
        game: options.kind(),
        error: session.play_text(text).unwrap_err(),
    }
}

/// One problem of each kind at least, and each inner reason: the ways an
/// option, a move and a record are wrong, and every expectation.
fn problems() -> Vec<Problem> {
    let unknown = |what, text: &str, allowed| {
        OptionProblem::Unknown(UnknownName {
            what,
            text: text.into(),
            allowed,
        })
    };
    let record =
        Session::parse_record("[Game \"Cheversi\"]\n[Rules \"brainking\"]\n\n1. Zd4").unwrap_err();
    let mut all = vec![
        Problem::NotKeyValue { pair: "zzz".into() },
        Problem::BadEscape {
            key: "moves".into(),
            at: 3,
        },
        Problem::NotUtf8 {
            key: "moves".into(),
        },
        Problem::UnknownKey { key: "foo".into() },
        Problem::UnknownParameter { key: "foo".into() },
        Problem::NoGame,
        Problem::Missing { key: "id" },
        option(
            OptionField::Game,
            unknown("game", "chess", vec!["cheversi", "attrition"]),
        ),
        option(
            OptionField::Rules,
            unknown("rule set", "nope", vec!["lewicki", "brainking"]),
        ),
        option(
            OptionField::Count,
            unknown("count setting", "nope", vec!["multiplicity", "distinct"]),
        ),
        option(
            OptionField::Squares,
            unknown("squares setting", "nope", vec!["empty", "all"]),
        ),
        option(
            OptionField::Variant,
            unknown("variant", "nope", vec!["duel", "melee"]),
        ),
        option(OptionField::Players, OptionProblem::NotANumber("x".into())),
        option(
            OptionField::Variant,
            OptionProblem::DoesNotApply(GameKind::Cheversi),
        ),
        option(
            OptionField::Players,
            OptionProblem::Players(PlayersError {
                variant: Variant::Melee,
                players: 9,
            }),
        ),
        Problem::UnknownLevel {
            key: "seats",
            value: "grandmaster".into(),
        },
        Problem::SeatCount {
            given: 1,
            players: 3,
        },
        move_problem(r#"{"game":"cheversi","rules":"lewicki"}"#, &["Kd4"], "Qa8"),
        move_problem(r#"{"game":"cheversi"}"#, &[], "Zz9"),
        move_problem(r#"{"game":"attrition"}"#, &[], "Zz9"),
        Problem::PastLastMove {
            key: "cursor",
            at: 7,
            moves: 1,
        },
        Problem::NextDisagrees {
            said: Some(0),
            real: Some(1),
        },
        Problem::NextDisagrees {
            said: None,
            real: None,
        },
        Problem::NoSuchSeat {
            key: "name3".into(),
            seat: 3,
            players: 2,
        },
        Problem::LongName {
            name: clip(&"B".repeat(50)),
            max: 30,
        },
        Problem::BadName {
            name: "B\nb".into(),
        },
        Problem::NotContinued,
        Problem::Version { value: "9".into() },
        Problem::NotJson,
        Problem::Unreadable {
            key: "cursor".into(),
        },
        record.into(),
        Problem::GivenTwice {
            key: "moves".into(),
        },
        Problem::KeptTwice {
            id: "zzz-zzz".into(),
        },
        Problem::at_line(2, Problem::not_a("rating", "abc", Expected::WholeNumber)),
        Problem::NoVersion,
        Problem::DataFile {
            line: 3,
            field: "goal".into(),
        },
        Problem::NotFetched {
            file: "puzzles.txt".into(),
            status: Some(404),
        },
        Problem::NotFetched {
            file: "puzzles.txt".into(),
            status: None,
        },
        Problem::NoSolvedStarts {
            file: "duel_book.txt",
        },
    ];
    all.extend(EXPECTATIONS.map(|e| Problem::not_a("size", "zzz", e)));
    all
}

/// Words of the English reasons, none of which may be left in another
/// language (keys and values are data: `players` as a key is fine).
const ENGLISH: [&str; 45] = [
    "missing",
    "unknown",
    "not",
    "given",
    "past",
    "expected",
    "escape",
    "players",
    "move",
    "is",
    "the",
    "than",
    "could",
    "kept",
    "saved",
    "holds",
    "longer",
    "between",
    "character",
    "agree",
    "continue",
    "fetched",
    "unreadable",
    "digits",
    "letters",
    "whole",
    "number",
    "seat",
    "line",
    "none",
    "over",
    "apply",
    "does",
    "parameter",
    "key",
    "one",
    "of",
    "or",
    "cannot",
    "read",
    "request",
    "stopped",
    "answer",
    "time",
    "error",
];

/// The words of a message that are not data: the key `players` (as
/// `players:` or quoted) is a name from the link, not English.
fn reason_words(text: &str) -> Vec<String> {
    text.replace("players:", "")
        .replace("'players'", "")
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

#[test]
fn the_samples_cover_every_kind() {
    let kinds: std::collections::BTreeSet<usize> = problems().iter().map(kind).collect();
    assert_eq!(kinds.len(), KINDS, "a kind of problem has no sample");
    let expected: std::collections::BTreeSet<usize> =
        EXPECTATIONS.iter().map(|&e| expectation(e)).collect();
    assert_eq!(expected.len(), EXPECTATIONS.len());
    let failed: std::collections::BTreeSet<usize> = failures().iter().map(failure_kind).collect();
    assert_eq!(failed.len(), failures().len());
}

/// Each message in each language: filled in, and outside English neither
/// the English message nor an English reason word.
#[test]
fn every_problem_is_worded_in_every_language() {
    let texts = |code: &str| -> Vec<String> {
        set(code);
        let mut out: Vec<String> = problems().iter().map(words).collect();
        out.extend(failures().iter().map(failure));
        out
    };
    let english = texts("en");
    for code in ["en", "it", "ro"] {
        for (text, en) in texts(code).iter().zip(&english) {
            assert!(
                !text.is_empty() && !text.contains(['{', '}', '?']),
                "{code}: {text}"
            );
            if code == "en" {
                continue;
            }
            assert_ne!(text, en, "{code}: left in English");
            for word in reason_words(text) {
                assert!(
                    !ENGLISH.contains(&word.as_str()),
                    "{code}: English '{word}' in: {text}"
                );
            }
        }
    }
    set("en");
}

/// The English words are today's, so the page reads as before.
#[test]
fn english_reads_as_before() {
    set("en");
    let worded: Vec<String> = problems().iter().map(words).collect();
    for expected in [
        "'zzz' is not key=value",
        "moves: bad escape at character 3",
        "unknown key 'foo'",
        "unknown parameter 'foo'",
        "game: missing (cheversi or attrition)",
        "id: missing",
        "game: unknown game 'chess' (expected one of: cheversi, attrition)",
        "rules: unknown rule set 'nope' (expected one of: lewicki, brainking)",
        "players: 'x' is not a number of players",
        "seats: unknown level 'grandmaster' (expected one of: beginner, casual, strong, master)",
        "seats: 1 given for a game of 3 players",
        "moves: move 2: Qa8: must be on a square attacked by the opponent's last piece (Kd4)",
        "cursor: 7 is past the last move (1)",
        "next: seat 0 does not agree with the moves (seat to move: 1)",
        "next: seat none does not agree with the moves (seat to move: none (the game is over))",
        "names: 'B\nb' holds a character a name cannot",
        "saved by version 9",
        "line 2: rating: 'abc' is not a whole number",
        "no version line (v=1)",
        "size: 'zzz' is not off, white, black or both",
        "size: 'zzz' is not one of en, it, ro",
        "size: 'zzz' is not 6 to 32 letters, digits, - or _",
    ] {
        assert!(
            worded.iter().any(|w| w == expected),
            "{expected:?} not among {worded:#?}"
        );
    }
    assert_eq!(
        failure(&Failure::Level("grandmaster".into())),
        "level: unknown level 'grandmaster' (expected one of: beginner, casual, strong, master)"
    );
}

#[test]
fn a_data_file_that_does_not_read_names_its_line_or_the_whole_file() {
    set("en");
    assert_eq!(
        words(&Problem::data_file("duel_book.txt", Some(7))),
        "line 7, duel_book.txt: cannot be read"
    );
    assert_eq!(
        words(&Problem::data_file("duel_book.txt", None)),
        "duel_book.txt: missing or unreadable"
    );
}

/// A file that did not come names itself, and says why: the connection
/// where no answer came (offline), else the server's status.
#[test]
fn a_file_that_did_not_come_names_itself_and_the_connection() {
    let not_fetched = |file: &str, status| Problem::NotFetched {
        file: file.into(),
        status,
    };
    set("en");
    assert_eq!(
        words(&not_fetched("lang/it.lang", None)),
        "lang/it.lang could not be fetched: no connection"
    );
    assert_eq!(
        words(&not_fetched("puzzles.txt", Some(404))),
        "puzzles.txt: HTTP error 404"
    );
    set("it");
    assert_eq!(
        words(&not_fetched("lessons.txt", None)),
        "impossibile scaricare lessons.txt: nessuna connessione"
    );
    set("en");
}

#[test]
fn a_duel_book_without_solved_starts_says_so_and_a_bad_line_names_it() {
    use cheversi_engine::ai::duel::book::parse;
    use cheversi_engine::ai::duel::data::Refused;
    set("en");
    // Every line reads, none is a setup's (a setup's line has no first jump).
    let refused = Refused::NoSetups;
    assert_eq!(
        words(&Problem::duel_book("duel_book.txt", refused)),
        "duel_book.txt: holds no solved starting squares"
    );
    let bad = parse("not a line of the book").expect_err("a line that does not read");
    assert_eq!(
        words(&Problem::duel_book("duel_book.txt", Refused::Line(bad))),
        "line 1, duel_book.txt: cannot be read"
    );
    set("it");
    assert_eq!(
        words(&Problem::duel_book("duel_book.txt", Refused::NoSetups)),
        "duel_book.txt: non contiene case di partenza risolte"
    );
    set("en");
}
