//! The kept values as the build before the envelope wrote them still
//! load, and every kind goes round the envelope (`stored.rs`).

use crate::problem::Problem;
use crate::seat::Seat;
use crate::state::games::{read_list, StoredGame};
use crate::state::puzzle::Progress;
use crate::state::saving::Saved;
use crate::stored::*;
use cheversi_engine::ai::player::levels::Level;

const RECORD: &str = "[Game \"Cheversi\"]\n[Rules \"lewicki\"]\n[Count \"distinct\"]\n[Squares \"all\"]\n[Result \"*\"]\n\n1. Kd4 Qe5 2. Nd5 *\n";

/// Values exactly as the build before the envelope wrote them (its
/// `JSON.stringify` of serde-wasm-bindgen, its `to_js`, its
/// `to_text`): they still load, with their contents.
#[test]
fn values_written_by_the_build_before_the_envelope_still_load() {
    // The save: serde-wasm-bindgen left `last_winner: None` out.
    let save = r#"{"version":1,"record":"[Game \"Cheversi\"]\n[Rules \"lewicki\"]\n[Count \"distinct\"]\n[Squares \"all\"]\n[Result \"*\"]\n\n1. Kd4 Qe5 2. Nd5 *\n","seats":["Human",{"Computer":"strong"}],"undo_allowed":true,"cursor":3}"#;
    let saved: Saved = read_text(save).unwrap();
    assert_eq!(
        saved,
        Saved {
            record: RECORD.into(),
            seats: vec![Seat::Human, Seat::Computer(Level::Strong)],
            undo_allowed: true,
            cursor: 3,
            last_winner: None,
        }
    );
    let state = crate::state::State::restore(saved).unwrap();
    assert_eq!(state.play().session().notations(), ["Kd4", "Qe5", "Nd5"]);
    let with_winner = save.replace(r#""cursor":3}"#, r#""cursor":2,"last_winner":1}"#);
    let saved: Saved = read_text(&with_winner).unwrap();
    assert_eq!((saved.cursor, saved.last_winner), (2, Some(1)));
    // Written again, it is in the envelope and reads the same.
    let again: Saved = read_text(&text_of(&saved)).unwrap();
    assert_eq!(again, saved);

    // The games list, by `to_js`: seats by their lowercase names.
    let games = r#"{"version":1,"games":[{"id":"game-one-1","record":"[Game \"Cheversi\"]\n[Rules \"lewicki\"]\n[Count \"distinct\"]\n[Squares \"all\"]\n[White \"Ann\"]\n[Black \"Ben\"]\n[Result \"*\"]\n\n1. Qd4 *\n","seats":["human","remote"],"updated":1764000000000},{"id":"game-two-2","record":"[Game \"Cheversi\"]\n[Rules \"lewicki\"]\n\n*","seats":["remote","master"],"updated":1763000000000.5}]}"#;
    let read: Vec<StoredGame> = read_list::<serde_json::Value>(games)
        .unwrap()
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(read.len(), 2);
    assert_eq!(read[0].id, "game-one-1");
    assert_eq!(read[0].seats, [Seat::Human, Seat::Remote]);
    assert_eq!(read[0].updated, 1_764_000_000_000.0);
    assert_eq!(read[1].seats, [Seat::Remote, Seat::Computer(Level::Master)]);
    assert_eq!(read[1].updated, 1_763_000_000_000.5);
    let play = read[0].to_play().unwrap();
    assert_eq!(play.session().notations(), ["Qd4"]);
    assert_eq!(play.name(1).as_deref(), Some("Ben"));
    // Written again, in the envelope, one way for seats.
    let text = text_of(&read);
    assert!(
        text.starts_with(r#"{"kind":"games","version":2,"data":[{"#),
        "{text}"
    );
    assert!(
        text.contains(r#""seats":["Remote",{"Computer":"master"}]"#),
        "{text}"
    );
    let back: Vec<StoredGame> = read_list::<serde_json::Value>(&text)
        .unwrap()
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(back, read);
    // A bad game of today's list is handed back as text, the rest read.
    let one_bad = games.replace(
        r#""seats":["remote","master"]"#,
        r#""seats":["remote","god"]"#,
    );
    let read = read_list::<serde_json::Value>(&one_bad).unwrap();
    assert!(read[0].is_ok());
    let (text, why) = read[1].clone().unwrap_err();
    assert!(text.contains("game-two-2"), "{text}");
    assert_eq!(
        why,
        Problem::UnknownLevel {
            key: "seats",
            value: "god".into()
        }
    );
    assert_eq!(
        read_list::<serde_json::Value>(r#"{"version":3,"games":[]}"#).err(),
        Some(Problem::Version { value: "3".into() })
    );
    // The open game's id, and the language: as they were.
    assert_eq!(
        read_text::<OpenId>("game-one-1"),
        Ok(OpenId("game-one-1".into()))
    );
    assert_eq!(read_text::<OpenId>(""), Ok(OpenId(String::new())));
    assert_eq!(read_text::<Language>("it"), Ok(Language("it".into())));

    // The puzzle progress, by `to_text`.
    let progress = "v=1\nrating=1195\nsolved=1\nfailed=1\nstreak=0\nbest=1\ndaily=2026-11-24 solved\nseen=a1 b2\n";
    let read: Progress = read_text(progress).unwrap();
    assert_eq!(
        read,
        Progress {
            rating: 1195,
            solved: 1,
            failed: 1,
            streak: 0,
            best_streak: 1,
            daily: Some(("2026-11-24".into(), true)),
            seen: vec!["a1".into(), "b2".into()],
        }
    );
    assert_eq!(read_text::<Progress>(&text_of(&read)), Ok(read));
}

#[test]
fn every_kind_round_trips_through_the_envelope() {
    let saved = Saved {
        record: RECORD.into(),
        seats: vec![Seat::Remote, Seat::Computer(Level::Beginner)],
        undo_allowed: false,
        cursor: 1,
        last_winner: Some(0),
    };
    let text = text_of(&saved);
    assert!(
        text.starts_with(r#"{"kind":"game","version":2,"data":{"#),
        "{text}"
    );
    assert_eq!(read_text::<Saved>(&text), Ok(saved));
    let mut progress = Progress::default();
    progress.record("p1", 1300, false, Some("2026-01-02"));
    assert_eq!(read_text::<Progress>(&text_of(&progress)), Ok(progress));
    for id in ["", "game-one-1", "123456"] {
        let open = OpenId(id.into());
        assert_eq!(read_text::<OpenId>(&text_of(&open)), Ok(open));
    }
    let lang = Language("ro".into());
    assert_eq!(text_of(&lang), r#"{"kind":"lang","version":1,"data":"ro"}"#);
    assert_eq!(read_text::<Language>(&text_of(&lang)), Ok(lang));
}

#[test]
fn newer_other_or_damaged_envelopes_are_refused_naming_the_field() {
    let text = text_of(&Progress::default());
    let newer = text.replace(r#""version":2"#, r#""version":3"#);
    assert_eq!(
        read_text::<Progress>(&newer),
        Err(Problem::Version { value: "3".into() })
    );
    fn unreadable<T>(key: &str) -> Result<T, Problem> {
        Err(Problem::Unreadable { key: key.into() })
    }
    // Another kind is not read as this one.
    assert_eq!(read_text::<Saved>(&text), unreadable("kind"));
    for (from, to, path) in [
        (r#""version":2"#, r#""version":"2""#, "version"),
        (r#""kind":"puzzles""#, r#""kind":7"#, "kind"),
        (r#""version":2,"#, "", "version"),
        (r#""rating":1200"#, r#""rating":"high""#, "data.rating"),
        (r#""solved":0,"#, "", "data.solved"),
        (r#""seen":[]"#, r#""seen":[3]"#, "data.seen[0]"),
    ] {
        let damaged = text.replace(from, to);
        assert_ne!(damaged, text, "{from}");
        assert_eq!(
            read_text::<Progress>(&damaged),
            unreadable(path),
            "{damaged}"
        );
    }
    assert_eq!(
        read_text::<Progress>(r#"{"kind":"puzzles","version":2}"#),
        unreadable("data")
    );
    assert_eq!(read_text::<Saved>("{"), Err(Problem::NotJson));
    let game = text_of(&Saved {
        record: RECORD.into(),
        seats: vec![Seat::Human, Seat::Human],
        undo_allowed: true,
        cursor: 0,
        last_winner: None,
    });
    assert_eq!(
        read_text::<Saved>(&game.replace(r#""Human"]"#, r#""human"]"#)),
        unreadable("data.seats[1]")
    );
    assert_eq!(
        read_text::<Saved>(&game.replace(r#""Human"]"#, r#"{"Computer":"god"}]"#)),
        Err(Problem::UnknownLevel {
            key: "seats",
            value: "god".into()
        })
    );
}
