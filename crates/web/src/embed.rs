//! `embed.html?…`: a board for an iframe on a rules page, configured by
//! URL parameters (all optional but `game`):
//!
//! | parameter | values |
//! | --- | --- |
//! | `game` | `cheversi`, `attrition` |
//! | `rules`, `count`, `squares` | Cheversi options, as in the app |
//! | `variant`, `players` | Attrition options |
//! | `moves` | the position, as moves separated by `.`, `,` or spaces |
//! | `orientation` | `white` (default) or `black` at the bottom |
//! | `overlay` | attacked squares shown: `off` (default), `white`, `black`, `both` |
//! | `interactive` | `0` (a still diagram, the default) or `1` (play on) |
//! | `level` | with `interactive=1`: the computer plays the other side(s) at this level |
//! | `size` | the board's width in CSS pixels, 160 to 1200 (default: fits the frame) |
//! | `lang` | a language code (`en`, `it`, `ro`; default: the browser's) |
//! | `lesson` | a lesson of Learn (`lewicki`, `mirror`, …): the frame plays it; `game` may then be left out |
//!
//! The game keys are read by [`crate::params`], the rest here; every
//! value is checked, and an error names the parameter.

use crate::params::{pairs, GameParams};
use crate::play::Play;
use crate::prefs::{Overlay, Prefs};
use crate::problem::{clip, Expected, Problem};
use crate::seat::Seat;
use cheversi_engine::ai::player::levels::Level;
use cheversi_engine::GameState;

#[derive(Debug)]
pub struct Embed {
    pub play: Play,
    pub prefs: Prefs,
    pub interactive: bool,
    pub size: Option<u32>,
    /// A lesson to play in the frame (its id, checked once the lessons
    /// are fetched).
    pub lesson: Option<String>,
}

/// The board's width limits, in CSS pixels.
const SIZES: (u32, u32) = (160, 1200);

/// The language `query` asks for, if its `lang` is good, whatever else is
/// wrong, even a query that does not read: a board that cannot be set up
/// says why in that language. Codes are plain letters: nothing to decode.
pub fn language(query: &str) -> Option<String> {
    let mut asked = query
        .trim_start_matches(['?', '#'])
        .split('&')
        .filter_map(|pair| pair.strip_prefix("lang="));
    let code = asked.next()?;
    // Given twice, which one is a guess.
    (crate::i18n::is_known(code) && asked.next().is_none()).then(|| code.to_string())
}

/// Reads the query string (with or without `?`).
pub fn parse(query: &str) -> Result<Embed, Problem> {
    let mut game = GameParams::default();
    let mut prefs = Prefs {
        confirm: false,
        ..Prefs::default()
    };
    let mut interactive = false;
    let mut level: Option<Level> = None;
    let mut size = None;
    let mut lesson = None;
    let mut has_game = false;
    for (key, value) in pairs(query)? {
        has_game |= key == "game";
        // A link's seats and move shown: a frame has its own (the person
        // plays the side to move; `level` the rest).
        if key == "seats" || key == "at" {
            return Err(Problem::UnknownParameter { key });
        }
        if game.take(&key, &value)? {
            continue;
        }
        let bad = |key, expected| Problem::not_a(key, &value, expected);
        match key.as_str() {
            "orientation" => {
                prefs.flipped = match value.as_str() {
                    "white" => false,
                    "black" => true,
                    _ => return Err(bad("orientation", Expected::Side)),
                }
            }
            "overlay" => prefs.overlay = value.parse::<Overlay>()?,
            "interactive" => {
                interactive = match value.as_str() {
                    "0" | "false" => false,
                    "1" | "true" => true,
                    _ => return Err(bad("interactive", Expected::Switch)),
                }
            }
            "level" => {
                level = Some(value.parse().map_err(|_| Problem::UnknownLevel {
                    key: "level",
                    value: clip(&value),
                })?)
            }
            "size" => {
                let px: u32 = value.parse().map_err(|_| bad("size", Expected::Pixels))?;
                let (min, max) = SIZES;
                if !(min..=max).contains(&px) {
                    return Err(bad("size", Expected::Between { min, max }));
                }
                size = Some(px);
            }
            "lang" => {
                // Read by [`language`], even where the rest is refused.
                if !crate::i18n::is_known(&value) {
                    return Err(bad("lang", Expected::Language));
                }
            }
            "lesson" => {
                let id_like = (1..=24).contains(&value.len())
                    && value
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
                if !id_like {
                    return Err(bad("lesson", Expected::LessonId));
                }
                lesson = Some(value.clone());
            }
            _ => return Err(Problem::UnknownParameter { key }),
        }
    }
    // A lesson brings its own board: the game is only what shows until
    // the lessons are fetched.
    if lesson.is_some() && !has_game {
        game.take("game", "cheversi")?;
    }
    let parsed = game.finish()?;
    // The person plays the side to move; the computer, if asked, the rest.
    let mover = parsed.session.latest().to_move().unwrap_or(0);
    let players = parsed.session.options().players() as u8;
    let seats = (0..players)
        .map(|seat| match level {
            Some(level) if interactive && seat != mover => Seat::Computer(level),
            _ => Seat::Human,
        })
        .collect();
    Ok(Embed {
        play: Play::resume(parsed.session, seats, interactive)?,
        prefs,
        interactive: interactive || lesson.is_some(),
        size,
        lesson,
    })
}

/// What a host page may ask of an embedded board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostRequest {
    Overlay(Overlay),
    Flip,
}

/// Reads a host message from its fields (name, and the value when it is a
/// string). Only exactly `{source: "cheversi-host", type: "overlay",
/// overlay: "off"|"white"|"black"|"both"}` and `{source: "cheversi-host",
/// type: "flip"}` count; anything else is None.
pub fn host_request(fields: &[(String, Option<String>)]) -> Option<HostRequest> {
    // A field given twice makes the message ambiguous: refused whole (a
    // repeated field read as absent let `flip` through beside two
    // `overlay` fields).
    let repeated = |i: usize, k: &String| fields[..i].iter().any(|(j, _)| j == k);
    let known = ["source", "type", "overlay"];
    if fields
        .iter()
        .enumerate()
        .any(|(i, (k, _))| !known.contains(&k.as_str()) || repeated(i, k))
    {
        return None;
    }
    let field = |name: &str| {
        fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_deref())
    };
    if field("source")?? != "cheversi-host" {
        return None;
    }
    match (field("type")??, field("overlay")) {
        ("overlay", Some(Some(value))) => value.parse().ok().map(HostRequest::Overlay),
        ("flip", None) => Some(HostRequest::Flip),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cheversi_engine::PlayError;
    use proptest::prelude::*;

    fn fields(pairs: &[(&str, Option<&str>)]) -> Vec<(String, Option<String>)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.map(String::from)))
            .collect()
    }

    #[test]
    fn only_exact_host_messages_count() {
        let host = Some("cheversi-host");
        let ask = |pairs: &[(&str, Option<&str>)]| host_request(&fields(pairs));
        assert_eq!(
            ask(&[
                ("source", host),
                ("type", Some("overlay")),
                ("overlay", Some("both"))
            ]),
            Some(HostRequest::Overlay(Overlay::Both))
        );
        assert_eq!(
            ask(&[("source", host), ("type", Some("flip"))]),
            Some(HostRequest::Flip)
        );
        assert_eq!(
            ask(&[
                ("source", host),
                ("type", Some("flip")),
                ("overlay", Some("off"))
            ]),
            None
        );
        assert_eq!(
            ask(&[("source", Some("cheversi")), ("type", Some("flip"))]),
            None
        );
        assert_eq!(
            ask(&[
                ("source", host),
                ("type", Some("flip")),
                ("moves", Some("Kd4"))
            ]),
            None
        );
        assert_eq!(
            ask(&[
                ("source", host),
                ("type", Some("overlay")),
                ("overlay", Some("red"))
            ]),
            None
        );
        assert_eq!(
            ask(&[("source", host), ("type", None)]),
            None,
            "a type that is not text"
        );
        assert_eq!(
            ask(&[("source", host), ("source", host), ("type", Some("flip"))]),
            None
        );
        assert_eq!(
            ask(&[
                ("source", host),
                ("overlay", None),
                ("overlay", None),
                ("type", Some("flip"))
            ]),
            None,
            "a repeated field, even one that flip does not read"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        /// Any fields: never a panic, and a request only from the two shapes.
        #[test]
        fn random_host_messages(
            pairs in proptest::collection::vec(
                (prop_oneof!["source", "type", "overlay", "moves", ".{0,8}"],
                 proptest::option::of(prop_oneof!["cheversi-host", "flip", "overlay", "white", "both", ".{0,8}"])),
                0..5),
        ) {
            let fields: Vec<(String, Option<String>)> = pairs;
            if let Some(request) = host_request(&fields) {
                prop_assert!(fields.iter().any(|(k, v)| k == "source" && v.as_deref() == Some("cheversi-host")));
                let n = if matches!(request, HostRequest::Flip) { 2 } else { 3 };
                prop_assert_eq!(fields.len(), n);
            }
        }

        /// Any query string: a board or an error naming what is wrong.
        #[test]
        fn any_query_is_read_or_refused(query in "[?a-z=&%.0-9A-Z ]{0,80}") {
            if let Err(e) = parse(&query) {
                prop_assert!(!crate::problem_words::words(&e).is_empty());
            }
        }
    }

    #[test]
    fn a_diagram_with_an_overlay() {
        let e = parse("?game=cheversi&rules=brainking&moves=Kd4.Qe5,Qd5%20Re4&overlay=white&orientation=black&size=320")
            .unwrap();
        assert_eq!(e.play.session().notations(), ["Kd4", "Qe5", "Qd5", "Re4"]);
        assert_eq!(e.prefs.overlay, Overlay::White);
        assert!(e.prefs.flipped);
        assert!(!e.interactive);
        assert_eq!(e.size, Some(320));
        assert_eq!(e.play.seats(), [Seat::Human, Seat::Human]);
    }

    #[test]
    fn a_lesson_needs_no_game_and_is_checked() {
        let e = parse("lesson=mirror&lang=it").unwrap();
        assert_eq!(e.lesson.as_deref(), Some("mirror"));
        assert!(e.interactive, "a lesson is played");
        let e = parse("game=attrition&variant=duel&lesson=knights").unwrap();
        assert_eq!(e.lesson.as_deref(), Some("knights"));
        for bad in [
            "lesson=",
            "lesson=Mirror",
            "lesson=a%20b",
            "lesson=abcdefghijklmnopqrstuvwxyz",
        ] {
            let e = parse(bad).expect_err(bad);
            assert!(
                matches!(e, Problem::NotA { key: "lesson", .. }),
                "{bad}: {e:?}"
            );
        }
    }

    #[test]
    fn interactive_against_the_computer() {
        let e = parse("game=cheversi&moves=Kd4&interactive=1&level=casual").unwrap();
        // Black is to move: the person plays Black, the computer White.
        assert_eq!(e.play.seats(), [Seat::Computer(Level::Casual), Seat::Human]);
        let e = parse("game=attrition&variant=melee&players=4&interactive=1&level=strong").unwrap();
        assert_eq!(
            e.play.seats().iter().filter(|s| **s == Seat::Human).count(),
            1
        );
    }

    #[test]
    fn a_still_diagram_has_no_computer() {
        let e = parse("game=cheversi&moves=Kd4&level=master").unwrap();
        assert_eq!(e.play.seats(), [Seat::Human, Seat::Human]);
    }

    #[test]
    fn every_bad_parameter_is_named() {
        let err = |q: &str| parse(q).unwrap_err();
        let not_a = Problem::not_a;
        assert_eq!(err(""), Problem::NoGame);
        assert_eq!(
            err("game=cheversi&overlay=red"),
            not_a("overlay", "red", Expected::Overlay)
        );
        assert_eq!(
            err("game=cheversi&orientation=up"),
            not_a("orientation", "up", Expected::Side)
        );
        assert_eq!(
            err("game=cheversi&interactive=yes"),
            not_a("interactive", "yes", Expected::Switch)
        );
        assert_eq!(
            err("game=cheversi&level=god"),
            Problem::UnknownLevel {
                key: "level",
                value: "god".into()
            }
        );
        assert_eq!(
            err("game=cheversi&size=5000"),
            not_a(
                "size",
                "5000",
                Expected::Between {
                    min: 160,
                    max: 1200
                }
            )
        );
        assert!(matches!(
            err("game=cheversi&moves=Kd4.Qa8"),
            Problem::Move { number: 2, error: PlayError::Illegal(ref e), .. } if e.notation == "Qa8"
        ));
        assert_eq!(
            err("game=cheversi&foo=1"),
            Problem::UnknownParameter { key: "foo".into() }
        );
        // A link's keys that a frame does not use are not taken silently.
        for key in ["seats", "at", "name1", "next"] {
            assert_eq!(
                err(&format!("game=cheversi&moves=Kd4&{key}=1")),
                Problem::UnknownParameter { key: key.into() },
                "{key}"
            );
        }
        assert_eq!(
            err("game=cheversi&players=x"),
            not_a("players", "x", Expected::Players)
        );
        assert_eq!(
            err("game=cheversi&lang=xx"),
            not_a("lang", "xx", Expected::Language)
        );
        assert_eq!(language("game=cheversi&lang=it").as_deref(), Some("it"));
        // The page's English words it as before.
        crate::i18n::set("en");
        let words = |q: &str| crate::problem_words::words(&err(q));
        assert_eq!(
            words("game=cheversi&overlay=red"),
            "overlay: 'red' is not off, white, black or both"
        );
        assert!(words("game=cheversi&lang=xx").contains("one of en, it, ro"));
        assert!(words("game=cheversi&size=5000").contains("between 160 and 1200"));
        assert!(words("game=cheversi&size=320.5").contains("a whole number of pixels"));
        assert!(words("game=cheversi&level=god").starts_with("level: unknown level 'god'"));
    }

    /// A board that cannot be set up says why in the language asked for:
    /// a good `lang` is read whatever else is wrong.
    #[test]
    fn the_language_asked_for_is_read_even_where_the_board_is_refused() {
        for (query, lang) in [
            ("lang=it&game=cheversi&overlay=red", Some("it")),
            ("game=cheversi&orientaton=black&lang=ro", Some("ro")),
            ("lang=ro", Some("ro")),
            ("game=cheversi&lang=it", Some("it")),
            ("game=cheversi&lang=xx", None),
            ("game=cheversi", None),
            // Which one would be a guess.
            ("lang=it&lang=ro&game=cheversi", None),
            // Queries that do not read at all.
            ("lang=it&interactive", Some("it")),
            ("moves=%zz&lang=ro", Some("ro")),
            ("?lang=it&game=cheversi&game=attrition", Some("it")),
        ] {
            assert_eq!(language(query).as_deref(), lang, "{query}");
        }
        assert!(parse("lang=it&game=cheversi&overlay=red").is_err());
    }
}
