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
//!
//! Every value is checked, and an error names the parameter.

use crate::link;
use crate::ui::{NewGame, Overlay, Seat};
use cheversi_api::spec::GameSpec;
use cheversi_engine::ai::levels::Level;
use cheversi_engine::{GameState, Session};

#[derive(Debug, PartialEq)]
pub struct Embed {
    pub game: NewGame,
    pub moves: Vec<String>,
    pub flipped: bool,
    pub overlay: Overlay,
    pub interactive: bool,
    pub size: Option<u32>,
    pub lang: Option<String>,
}

/// Reads the query string (with or without `?`).
pub fn parse(query: &str) -> Result<Embed, String> {
    let query = query.trim_start_matches('?');
    let mut spec = GameSpec::default();
    let mut moves = Vec::new();
    let mut flipped = false;
    let mut overlay = Overlay::Off;
    let mut interactive = false;
    let mut level: Option<String> = None;
    let mut size = None;
    let mut lang = None;
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, raw) = pair.split_once('=').unwrap_or((pair, ""));
        let value = link::decode(raw).map_err(|e| format!("{key}: {e}"))?;
        let bad = |expected: &str| format!("{key}: '{value}' is not {expected}");
        match key {
            "game" => spec.game = value.clone(),
            "rules" => spec.rules = Some(value.clone()),
            "count" => spec.count = Some(value.clone()),
            "squares" => spec.squares = Some(value.clone()),
            "variant" => spec.variant = Some(value.clone()),
            "players" => spec.players = Some(value.parse().map_err(|_| bad("3 or 4"))?),
            "moves" => {
                moves = value
                    .split(['.', ',', ' '])
                    .filter(|m| !m.is_empty())
                    .map(String::from)
                    .collect()
            }
            "orientation" => {
                flipped = match value.as_str() {
                    "white" => false,
                    "black" => true,
                    _ => return Err(bad("white or black")),
                }
            }
            "overlay" => {
                overlay = match value.as_str() {
                    "off" => Overlay::Off,
                    "white" => Overlay::White,
                    "black" => Overlay::Black,
                    "both" => Overlay::Both,
                    _ => return Err(bad("off, white, black or both")),
                }
            }
            "interactive" => {
                interactive = match value.as_str() {
                    "0" | "false" => false,
                    "1" | "true" => true,
                    _ => return Err(bad("0 or 1")),
                }
            }
            "level" => {
                let l: Level = value.parse().map_err(|e| format!("level: {e}"))?;
                level = Some(l.name().to_string());
            }
            "size" => {
                let px: u32 = value.parse().map_err(|_| bad("a number of pixels"))?;
                if !(160..=1200).contains(&px) {
                    return Err(bad("between 160 and 1200"));
                }
                size = Some(px);
            }
            "lang" => {
                if !crate::i18n::all().iter().any(|l| l.code == value) {
                    let codes: Vec<&str> = crate::i18n::all().iter().map(|l| l.code).collect();
                    return Err(bad(&format!("one of {}", codes.join(", "))));
                }
                lang = Some(value.clone());
            }
            other => return Err(format!("unknown parameter '{other}'")),
        }
    }
    if spec.game.is_empty() {
        return Err("game: missing (cheversi or attrition)".into());
    }
    let options = spec.options()?;
    let mut session = Session::new(options);
    for (i, text) in moves.iter().enumerate() {
        session
            .play_text(text)
            .map_err(|e| format!("moves: move {}: {e}", i + 1))?;
    }
    // The person plays the side to move; the computer, if asked, the rest.
    let mover = session.latest().to_move().unwrap_or(0);
    let seats = (0..options.players() as u8)
        .map(|seat| match &level {
            Some(level) if interactive && seat != mover => Seat::Computer(level.clone()),
            _ => Seat::Human,
        })
        .collect();
    Ok(Embed {
        game: NewGame {
            spec,
            seats,
            undo_allowed: interactive,
        },
        moves,
        flipped,
        overlay,
        interactive,
        size,
        lang,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diagram_with_an_overlay() {
        let e = parse("?game=cheversi&rules=brainking&moves=Kd4.Qe5,Qd5%20Re4&overlay=white&orientation=black&size=320")
            .unwrap();
        assert_eq!(e.moves, ["Kd4", "Qe5", "Qd5", "Re4"]);
        assert_eq!(e.overlay, Overlay::White);
        assert!(e.flipped);
        assert!(!e.interactive);
        assert_eq!(e.size, Some(320));
        assert_eq!(e.game.seats, vec![Seat::Human, Seat::Human]);
    }

    #[test]
    fn interactive_against_the_computer() {
        let e = parse("game=cheversi&moves=Kd4&interactive=1&level=casual").unwrap();
        // Black is to move: the person plays Black, the computer White.
        assert_eq!(
            e.game.seats,
            vec![Seat::Computer("casual".into()), Seat::Human]
        );
        let e = parse("game=attrition&variant=melee&players=4&interactive=1&level=strong").unwrap();
        assert_eq!(
            e.game.seats.iter().filter(|s| **s == Seat::Human).count(),
            1
        );
    }

    #[test]
    fn a_still_diagram_has_no_computer() {
        let e = parse("game=cheversi&moves=Kd4&level=master").unwrap();
        assert_eq!(e.game.seats, vec![Seat::Human, Seat::Human]);
    }

    #[test]
    fn every_bad_parameter_is_named() {
        let err = |q: &str| parse(q).unwrap_err();
        assert!(err("").starts_with("game: missing"));
        assert!(err("game=cheversi&overlay=red").starts_with("overlay: 'red' is not off"));
        assert!(err("game=cheversi&orientation=up").starts_with("orientation:"));
        assert!(err("game=cheversi&interactive=yes").starts_with("interactive:"));
        assert!(err("game=cheversi&level=god").starts_with("level: unknown level"));
        assert!(err("game=cheversi&size=5000").contains("between 160 and 1200"));
        assert!(err("game=cheversi&moves=Kd4.Qa8").starts_with("moves: move 2: Qa8"));
        assert!(err("game=cheversi&foo=1").contains("unknown parameter 'foo'"));
        assert!(err("game=cheversi&players=x").starts_with("players:"));
        assert!(err("game=cheversi&lang=xx").contains("one of en, it, ro"));
        assert_eq!(
            parse("game=cheversi&lang=it").unwrap().lang.as_deref(),
            Some("it")
        );
    }
}
