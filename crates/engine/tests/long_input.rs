//! A megabyte pasted into any of the engine's readers makes an error of a
//! line, not a megabyte: outside text is quoted clipped (`game::quoted`).

use cheversi_engine::ai::duel::{book, table};
use cheversi_engine::puzzle::format::parse_file as puzzles;
use cheversi_engine::{GameOptionsBuilder, OptionField, Session};

fn long(c: char) -> String {
    std::iter::repeat_n(c, 1_000_000).collect()
}

fn short(what: &str, message: String) {
    assert!(message.len() < 400, "{what}: {} bytes", message.len());
}

#[test]
fn every_reader_quotes_a_long_input_clipped() {
    let x = long('x');
    let record = |tags: &str| {
        Session::parse_record(&format!("{tags}\n\n*"))
            .unwrap_err()
            .to_string()
    };
    short(
        "rules tag",
        record(&format!("[Game \"Cheversi\"]\n[Rules \"{x}\"]")),
    );
    short("game tag", record(&format!("[Game \"{x}\"]")));
    short(
        "players tag",
        record(&format!(
            "[Game \"Chivalrous Attrition\"]\n[Variant \"melee\"]\n[Players \"{}\"]",
            long('9')
        )),
    );
    let name: String = long('A');
    short(
        "tag twice",
        record(&format!(
            "[Game \"Cheversi\"]\n[{name} \"a\"]\n[{name} \"b\"]"
        )),
    );
    let mut builder = GameOptionsBuilder::named("attrition").unwrap();
    short(
        "players option",
        builder
            .set_named(OptionField::Players, &x)
            .unwrap_err()
            .to_string(),
    );
    let puzzle = |line: &str| {
        puzzles(&format!("#cheversi-puzzles 2\n{line}\n"))
            .unwrap_err()
            .to_string()
    };
    short("puzzle rating", puzzle(&format!("lewicki {x} +3 - Qd4")));
    short("puzzle goal", puzzle(&format!("lewicki 1200 {x} - Qd4")));
    short("puzzle game", puzzle(&format!("{x} 1200 +3 - Qd4")));
    short("puzzle id", puzzle(&format!("{x} lewicki 1200 +3 - Qd4")));
    short("puzzle move", puzzle(&format!("lewicki 1200 +3 {x} Qd4")));
    short(
        "duel table",
        table::parse(&format!("a1 b1 W {}\n", long('5'))).unwrap_err(),
    );
    short(
        "duel book",
        book::parse(&format!("{x}\n")).unwrap_err().to_string(),
    );
    // The reason after a long square is kept, not cut off.
    let lewicki =
        cheversi_engine::cheversi::Options::new(cheversi_engine::cheversi::RuleSet::Lewicki);
    let e = Session::new(cheversi_engine::GameOptions::Cheversi(lewicki))
        .play_text(&"K".repeat(100))
        .unwrap_err()
        .to_string();
    assert!(e.contains("is not a square"), "{e}");
}
