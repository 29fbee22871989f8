//! The game record format: canonical output, lenient input, precise errors.

mod common;

use cheversi_engine::attrition::{self, Variant};
use cheversi_engine::cheversi::{self, RuleSet};
use cheversi_engine::record::{Record, ResultProblem, ResultTag};
use cheversi_engine::{GameOptions, GameState, Outcome};

fn record_of(options: GameOptions, moves: &str) -> Record {
    let mut record = Record::new(options);
    for text in moves.split_whitespace() {
        let mv = record.final_position().parse_move(text).unwrap();
        record.play(mv).unwrap();
    }
    record
}

fn error_at(text: &str) -> (usize, usize, String) {
    let e = Record::parse(text).expect_err(text);
    (e.line, e.column, e.message())
}

#[test]
fn cheversi_records_number_rounds_of_two_placements() {
    let options = GameOptions::Cheversi(cheversi::Options::new(RuleSet::Brainking));
    let mut record = record_of(options, "Kd4 Qe5 Qd5");
    record.set_tag("White", "Ann").unwrap();
    assert_eq!(
        record.to_text(),
        "[Game \"Cheversi\"]\n[Rules \"brainking\"]\n[Count \"multiplicity\"]\n[Squares \"empty\"]\n\
         [White \"Ann\"]\n[Result \"*\"]\n\n1. Kd4 Qe5 2. Qd5 *\n"
    );
}

#[test]
fn two_piece_turns_are_joined_by_commas_and_captures_get_an_x() {
    let options = GameOptions::Attrition(attrition::Options::new(Variant::TwoKnights));
    let record = record_of(options, "Nd4 Bf5 Nh8 Bb8 d4xf5");
    let text = record.to_text();
    assert!(
        text.contains("[Variant \"two-knights\"]\n[Players \"2\"]\n"),
        "{text}"
    );
    assert!(
        text.ends_with("\n1. Nd4,Bf5 Nh8,Bb8 2. d4xf5 *\n"),
        "{text}"
    );
    assert_eq!(Record::parse(&text).unwrap(), record);
}

#[test]
fn melee_results_have_a_field_per_player() {
    let options =
        GameOptions::Attrition(attrition::Options::with_players(Variant::Melee, 3).unwrap());
    let record = record_of(options, "Nb3 Nc2 Nh8 b3-d4 c2-a1 h8-g6 d4-f5 g6-e7 f5xe7");
    assert_eq!(record.result(), ResultTag::Ended(Outcome::Winner(0)));
    let text = record.to_text();
    assert!(text.contains("[Result \"1-0-0\"]"), "{text}");
    // Black is out after round 3, so round 4 is White then Red.
    assert!(
        text.contains("1. Nb3 Nc2 Nh8 2. b3-d4 c2-a1 h8-g6 3. d4-f5 g6-e7 4. f5xe7 1-0-0"),
        "{text}"
    );
}

#[test]
fn lenient_input_reads_to_the_same_record() {
    let text = "[Game \"cheversi\"]\n[Rules \"lewicki\"]\n\n1.Kg7 B@h8\n  2. q@a1,\n";
    let record = Record::parse(text).unwrap();
    assert_eq!(record.moves().len(), 3);
    let canonical = record.to_text();
    assert!(canonical.ends_with("1. Kg7 Bh8 2. Qa1 *\n"), "{canonical}");
    assert!(
        canonical.contains("[Count \"distinct\"]\n[Squares \"all\"]"),
        "rule set defaults"
    );
}

#[test]
fn a_finished_game_gets_its_result_and_a_wrong_one_is_refused() {
    let options = GameOptions::Attrition(attrition::Options::new(Variant::Duel));
    let record = record_of(options, "Nd4 Nf5 d4xf5");
    let text = record.to_text();
    assert!(
        text.contains("[Result \"1-0\"]") && text.ends_with("d4xf5 1-0\n"),
        "{text}"
    );
    let wrong = text
        .replace("[Result \"1-0\"]", "[Result \"0-1\"]")
        .replace("d4xf5 1-0", "d4xf5");
    let (line, column, message) = error_at(&wrong);
    assert_eq!((line, column), (4, 10));
    assert_eq!(message, "the result says 0-1 but the moves end in 1-0");
    // A game stopped early (resigned) keeps its declared result.
    let resigned =
        "[Game \"Chivalrous Attrition\"]\n[Variant \"duel\"]\n[Result \"0-1\"]\n\n1. Nd4 Nf5 0-1\n";
    assert_eq!(
        Record::parse(resigned).unwrap().result(),
        ResultTag::Ended(Outcome::Winner(1))
    );
}

#[test]
fn errors_name_the_line_the_column_and_the_problem() {
    let head = "[Game \"Cheversi\"]\n[Rules \"brainking\"]\n\n";
    let cases: Vec<(String, (usize, usize), &str)> = vec![
        (
            format!("{head}1. Kd4 Nh8"),
            (4, 8),
            "Nh8: every placement must touch a piece already on the board",
        ),
        (
            format!("{head}1. Kd4 Qz5"),
            (4, 8),
            "Qz5: 'z5' is not a square",
        ),
        (
            format!("{head}1. Kd4\n2x Qe5"),
            (5, 1),
            "'2x' is neither a move",
        ),
        (
            format!("{head}1. Kd4 * Qe5"),
            (4, 10),
            "'Qe5' after the result",
        ),
        (
            "[Game \"Cheversi\"]\n[Rules \"brainkin\"]\n".into(),
            (2, 9),
            "unknown rule set 'brainkin'",
        ),
        ("[Game \"Chess\"]\n".into(), (1, 8), "unknown game 'Chess'"),
        ("[Rules \"lewicki\"]\n".into(), (1, 1), "missing the [Game"),
        ("[Game \"Cheversi\"]\n".into(), (1, 1), "needs a [Rules"),
        (
            "[Game \"Cheversi\"]\n[Rules \"lewicki\"\n".into(),
            (2, 17),
            "expected ']'",
        ),
        (
            "[Game \"Cheversi\"]\n[Rules lewicki]\n".into(),
            (2, 8),
            "expected a quoted value",
        ),
        (
            "[Game \"Cheversi\"]\n[Rules \"lewicki]\n".into(),
            (2, 17),
            "closing quote is missing",
        ),
        (
            "[Game \"Cheversi\"]\n[Game \"Cheversi\"]\n".into(),
            (2, 2),
            "the tag Game is given twice",
        ),
        (
            "[Game \"Cheversi\"]\n[Rules \"lewicki\"]\n[Variant \"duel\"]\n".into(),
            (3, 1),
            "Variant does not apply to Cheversi",
        ),
        (
            format!("{head}1. Kd4\n[White \"x\"]\n"),
            (5, 1),
            "tags must come before the moves",
        ),
        // A file of several games, as My games exports them.
        (
            format!("{head}1. Kd4 Qe5 *\n\n{head}1. Qd4 *\n"),
            (6, 1),
            "a second game starts here: a record holds one game",
        ),
        // Another tag after the moves, even after a blank line, is out of
        // place, not a second game.
        (
            format!("{head}1. Kd4 Qe5 *\n\n[Result \"1-0\"]\n"),
            (6, 1),
            "tags must come before the moves",
        ),
        (
            "[Game \"Cheversi\"]\n[Rules \"lewicki\"]\n[Result \"2-0\"]\n".to_string(),
            (3, 10),
            "'2-0' is not a result for 2 players",
        ),
        (
            "[Game \"attrition\"]\n[Variant \"melee\"]\n[Players \"5\"]\n".into(),
            (3, 11),
            "melee is for 3 or 4 players, not 5",
        ),
        (
            "[Game \"attrition\"]\n[Variant \"duel\"]\n\n1. Nd4 Ne4\n".into(),
            (4, 8),
            "Ne4: mirror image of White's start d4",
        ),
    ];
    for (text, at, message) in cases {
        let (line, column, got) = error_at(&text);
        assert_eq!((line, column), at, "{got}\n{text}");
        assert!(got.contains(message), "{got:?} should contain {message:?}");
    }
}

#[test]
fn free_tags_keep_their_order_and_escapes() {
    let text = "[Game \"Cheversi\"]\n[Rules \"lewicki-free\"]\n[Count \"multiplicity\"]\n[Squares \"empty\"]\n\
                [Event \"Club \\\\ night\"]\n[White \"\\\"Ann\\\"\"]\n[Result \"*\"]\n\n*\n";
    let record = Record::parse(text).unwrap();
    assert_eq!(record.tag("Event"), Some("Club \\ night"));
    assert_eq!(record.tag("White"), Some("\"Ann\""));
    assert_eq!(record.to_text(), text);
}

#[test]
fn long_games_wrap_at_80_columns() {
    let options = GameOptions::Cheversi(cheversi::Options::new(RuleSet::LewickiFree));
    let record = record_of(
        options,
        "Kd4 Ka8 Qe4 Qb8 Rd5 Ra7 Re5 Rb7 Bc4 Bc8 Bf4 Bd8 Nc5 Ne8 Nf5 Nf8",
    );
    let text = record.to_text();
    assert!(text.lines().all(|l| l.chars().count() <= 80));
    // A round's number stays with its first move ("8." ended a line).
    assert!(text.lines().all(|l| !l.ends_with('.')), "{text}");
    assert!(text.contains("\n8. Nf5 Nf8 1-0"), "{text}");
    assert_eq!(Record::parse(&text).unwrap().to_text(), text);
    assert_eq!(
        record.final_position().scores(),
        common::play(
            options,
            "Kd4 Ka8 Qe4 Qb8 Rd5 Ra7 Re5 Rb7 Bc4 Bc8 Bf4 Bd8 Nc5 Ne8 Nf5 Nf8"
        )
        .scores()
    );
}

fn lewicki_free() -> GameOptions {
    GameOptions::Cheversi(cheversi::Options::new(RuleSet::LewickiFree))
}

#[test]
fn a_hand_built_record_with_an_illegal_move_is_an_error_not_a_panic() {
    let options = lewicki_free();
    let kd4 = options.start().parse_move("Kd4").unwrap();
    let e = Record::from_moves(options, &[kd4, kd4]).unwrap_err();
    assert_eq!(e.ply, 1);
    assert_eq!(e.to_string(), "move 2, Kd4: d4 is already occupied");
    // Playing it onto a record is refused and changes nothing.
    let mut record = Record::from_moves(options, &[kd4]).unwrap();
    let before = record.clone();
    let e = record.play(kd4).unwrap_err();
    assert_eq!(e.to_string(), "Kd4: d4 is already occupied");
    assert_eq!(record, before);
    assert_eq!(record.final_position().ply(), 1);
    // A move of the other game is refused too.
    let duel = GameOptions::Attrition(attrition::Options::new(Variant::Duel));
    let nd4 = duel.start().parse_move("Nd4").unwrap();
    let e = Record::from_moves(options, &[nd4]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "move 1, Nd4: that is a move of the other game"
    );
}

#[test]
fn a_result_must_fit_the_moves_and_the_players() {
    let duel = GameOptions::Attrition(attrition::Options::new(Variant::Duel));
    let mut record = record_of(duel, "Nd4 Nf5");
    // Stopped early: either side may have resigned.
    record
        .set_result(ResultTag::Ended(Outcome::Winner(1)))
        .unwrap();
    assert!(record.to_text().contains("[Result \"0-1\"]"));
    assert!(record
        .set_result(ResultTag::Ended(Outcome::Winner(2)))
        .unwrap_err()
        .to_string()
        .contains("no player 2"));
    // Playing on drops a declared result; the capture ends the game 1-0.
    let capture = record.final_position().parse_move("d4xf5").unwrap();
    record.play(capture).unwrap();
    assert_eq!(record.result(), ResultTag::Ended(Outcome::Winner(0)));
    let e = record
        .set_result(ResultTag::Ended(Outcome::Winner(1)))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "the result says 0-1 but the moves end in 1-0"
    );
    let actual = ResultTag::Ended(Outcome::Winner(0));
    assert_eq!(e.reason, ResultProblem::Contradicted { actual });
    assert!(record.set_result(ResultTag::Unfinished).is_err());
    let melee =
        GameOptions::Attrition(attrition::Options::with_players(Variant::Melee, 3).unwrap());
    let mut record = Record::new(melee);
    assert!(record
        .set_result(ResultTag::Ended(Outcome::Draw))
        .unwrap_err()
        .to_string()
        .contains("only for 2 players"));
    // Taking moves back drops the result the last move gave.
    let mut record = record_of(duel, "Nd4 Nf5 d4xf5");
    record.truncate(2);
    assert_eq!(record.result(), ResultTag::Unfinished);
    assert_eq!(record.moves().len(), 2);
}

#[test]
fn set_tag_refuses_what_would_not_read_back_and_keeps_the_rest() {
    let mut record = Record::new(lewicki_free());
    let refused = [
        ("Black player", "Bo", "' ' at character 6 of the name"),
        ("", "x", "needs a name"),
        ("Événement", "x", "'É' at character 1 of the name"),
        ("White", "Ann\nBo", "line break at character 4"),
        (
            "Result",
            "1-0",
            "written from the game's options and result",
        ),
        (
            "Rules",
            "brainking",
            "written from the game's options and result",
        ),
    ];
    for (name, value, reason) in refused {
        let e = record.set_tag(name, value).unwrap_err();
        assert_eq!(e.name, name);
        assert!(e.to_string().contains(reason), "{name:?}: {e}");
        assert!(e.to_string().contains(&format!("{name:?}")), "{e}");
    }
    assert!(record.tags().is_empty(), "nothing refused was kept");
    // Quotes, brackets, backslashes and a lone carriage return are written
    // so that they read back.
    let kept = [
        ("White", "\"Ann\" [the 2nd] \\ co"),
        ("Event", "]\"]"),
        ("Site", "a\rb"),
        ("Date", ""),
        ("game", "lower case is a free tag"),
        ("Round_2", "\\"),
    ];
    for (name, value) in kept {
        record.set_tag(name, value).unwrap();
    }
    record.set_tag("White", "Bo").unwrap();
    let back = Record::parse(&record.to_text()).unwrap();
    assert_eq!(back, record);
    assert_eq!(back.tag("White"), Some("Bo"), "replaced, not added");
    assert_eq!(back.tag("Site"), Some("a\rb"));
}

/// Many free tags are all kept, in order; a tag given twice is refused at
/// its second line (at the name), however many came between.
#[test]
fn a_tag_given_twice_is_found_among_many() {
    let mut text = String::from("[Game \"Cheversi\"]\n[Rules \"lewicki\"]\n");
    for i in 0..5000 {
        text.push_str(&format!("[T{i} \"v{i}\"]\n"));
    }
    let record = Record::parse(&format!("{text}\n*\n")).unwrap();
    assert_eq!(record.tags().len(), 5000);
    assert_eq!(
        record.tags()[4321],
        ("T4321".to_string(), "v4321".to_string())
    );
    text.push_str("  [T17 \"again\"]\n");
    assert_eq!(
        error_at(&format!("{text}\n*\n")),
        (5003, 4, "the tag T17 is given twice".to_string())
    );
    assert_eq!(
        error_at("[Game \"Cheversi\"]\n[Game \"Cheversi\"]\n*\n"),
        (2, 2, "the tag Game is given twice".to_string())
    );
}

/// A file saved with a byte-order mark (as some editors write) reads as
/// the same record.
#[test]
fn a_record_with_a_byte_order_mark_reads() {
    let text = "[Game \"Cheversi\"]\n[Rules \"lewicki\"]\n\n1. Qd4 Qe5 *\n";
    let plain = Record::parse(text).unwrap();
    let marked = Record::parse(&format!("\u{feff}{text}")).unwrap();
    assert_eq!(marked.to_text(), plain.to_text());
    // Anywhere else it is a character like any other.
    assert!(Record::parse(&text.replace("Qe5", "\u{feff}Qe5")).is_err());
}

/// A huge bad word is quoted short: the message stays a line.
#[test]
fn a_huge_bad_word_is_quoted_short() {
    let word = "Q".repeat(100_000);
    for text in [
        format!("[Game \"Cheversi\"]\n[Rules \"lewicki\"]\n\n1. {word} *\n"),
        format!("[Game \"Cheversi\"]\n[Rules \"lewicki\"]\n\n1. Qd4 * {word}\n"),
        format!("[Game \"Cheversi\"]\n[Rules \"lewicki\"]\n[Result \"{word}\"]\n\n*\n"),
        format!("[Game \"Attrition\"]\n[Variant \"duel\"]\n\n1. N{word} *\n"),
    ] {
        let (_, _, message) = error_at(&text);
        assert!(message.len() < 200, "{} bytes", message.len());
        assert!(message.contains("QQQQ…"), "{message}");
    }
}

/// Chivalrous Attrition has no draws (rules.md): a record of one that
/// says 1/2-1/2, finished or not, is refused where the result is.
#[test]
fn an_attrition_record_never_says_draw() {
    for text in [
        "[Game \"Chivalrous Attrition\"]\n[Variant \"duel\"]\n[Result \"1/2-1/2\"]\n\n1. Nd4 Nb5 1/2-1/2\n",
        "[Game \"Chivalrous Attrition\"]\n[Variant \"duel\"]\n\n1. Nd4 Nb5 1/2-1/2\n",
    ] {
        let (line, _, message) = error_at(text);
        assert!(message.contains("no draws"), "{text}: {message}");
        assert!(line >= 3, "{text}: line {line}");
    }
    // Cheversi's draws stand, and an unfinished duel may still stop early.
    let cheversi =
        "[Game \"Cheversi\"]\n[Rules \"lewicki\"]\n[Result \"1/2-1/2\"]\n\n1. Kd4 Qe5 1/2-1/2\n";
    assert!(Record::parse(cheversi).is_ok());
    let resigned =
        "[Game \"Chivalrous Attrition\"]\n[Variant \"duel\"]\n[Result \"0-1\"]\n\n1. Nd4 Nb5 0-1\n";
    assert!(Record::parse(resigned).is_ok());
}
