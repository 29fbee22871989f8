//! Shared links: the whole game in the URL's fragment, so a link restores
//! it and nothing reaches a server.
//!
//! `#game=cheversi&rules=brainking&moves=Kd4.Qe5&seats=human.master`
//!
//! Keys: `game`, `rules`, `count`, `squares`, `variant`, `players`
//! (the game options), `moves` (notation joined by `.`; commas within a
//! two-piece turn are kept as separate moves) and `seats` (`human` or a
//! level per seat; default: every seat a person). Every value is checked;
//! an error says which key is wrong and why.

use crate::ui::{NewGame, Seat};
use cheversi_api::spec::GameSpec;
use cheversi_engine::ai::levels::Level;
use cheversi_engine::Session;

/// A game read from a link: how to start it and the moves to replay.
#[derive(Debug, PartialEq)]
pub struct Linked {
    pub game: NewGame,
    pub moves: Vec<String>,
}

/// The fragment (without `#`) for a game.
pub fn to_fragment(spec: &GameSpec, moves: &[String], seats: &[Seat]) -> String {
    let mut parts = vec![format!("game={}", spec.game)];
    let mut add = |key: &str, value: &Option<String>| {
        if let Some(v) = value {
            parts.push(format!("{key}={v}"));
        }
    };
    add("rules", &spec.rules);
    add("count", &spec.count);
    add("squares", &spec.squares);
    add("variant", &spec.variant);
    add("players", &spec.players.map(|p| p.to_string()));
    if !moves.is_empty() {
        parts.push(format!("moves={}", moves.join(".")));
    }
    let seats: Vec<&str> = seats.iter().map(|s| s.level().unwrap_or("human")).collect();
    parts.push(format!("seats={}", seats.join(".")));
    parts.join("&")
}

/// Reads a fragment; `Ok(None)` when it holds no game (an empty fragment).
pub fn from_fragment(fragment: &str) -> Result<Option<Linked>, String> {
    let fragment = fragment.trim_start_matches('#');
    if fragment.is_empty() {
        return Ok(None);
    }
    let mut spec = GameSpec::default();
    let mut moves = Vec::new();
    let mut seats: Option<Vec<Seat>> = None;
    for pair in fragment.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| format!("'{pair}' is not key=value"))?;
        let value = decode(value).map_err(|e| format!("{key}: {e}"))?;
        let text = Some(value.clone());
        match key {
            "game" => spec.game = value,
            "rules" => spec.rules = text,
            "count" => spec.count = text,
            "squares" => spec.squares = text,
            "variant" => spec.variant = text,
            "players" => {
                spec.players = Some(
                    value
                        .parse()
                        .map_err(|_| format!("players: '{value}' is not a number"))?,
                )
            }
            "moves" => {
                moves = value
                    .split('.')
                    .filter(|m| !m.is_empty())
                    .map(String::from)
                    .collect()
            }
            "seats" => {
                seats = Some(
                    value
                        .split('.')
                        .map(|s| match s {
                            "human" => Ok(Seat::Human),
                            level => level
                                .parse::<Level>()
                                .map(|l| Seat::Computer(l.name().to_string()))
                                .map_err(|e| format!("seats: {e}")),
                        })
                        .collect::<Result<_, _>>()?,
                )
            }
            other => return Err(format!("unknown key '{other}'")),
        }
    }
    if spec.game.is_empty() {
        return Err("game: missing (cheversi or attrition)".into());
    }
    let options = spec.options()?;
    let seats = seats.unwrap_or_else(|| vec![Seat::Human; options.players()]);
    if seats.len() != options.players() {
        return Err(format!(
            "seats: {} given for a game of {} players",
            seats.len(),
            options.players()
        ));
    }
    // Replay here, so a bad move is reported before anything changes.
    let mut session = Session::new(options);
    for (i, text) in moves.iter().enumerate() {
        session
            .play_text(text)
            .map_err(|e| format!("moves: move {}: {e}", i + 1))?;
    }
    Ok(Some(Linked {
        game: NewGame {
            spec,
            seats,
            undo_allowed: true,
        },
        moves,
    }))
}

/// Percent-decoding (links pasted from chat apps may be encoded).
pub fn decode(text: &str) -> Result<String, String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = text
                    .get(i + 1..i + 3)
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                    .ok_or_else(|| format!("bad escape at character {}", i + 1))?;
                out.push(hex);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| "not UTF-8".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(json: &str) -> GameSpec {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn a_game_survives_the_round_trip() {
        let spec = GameSpec::of(
            spec(r#"{"game":"cheversi","rules":"brainking","count":"distinct"}"#)
                .options()
                .unwrap(),
        );
        let moves = vec!["Kd4".to_string(), "Qe5".to_string()];
        let seats = vec![Seat::Human, Seat::Computer("master".into())];
        let fragment = to_fragment(&spec, &moves, &seats);
        assert_eq!(
            fragment,
            "game=cheversi&rules=brainking&count=distinct&squares=empty&moves=Kd4.Qe5&seats=human.master"
        );
        let linked = from_fragment(&format!("#{fragment}")).unwrap().unwrap();
        assert_eq!(linked.moves, moves);
        assert_eq!(linked.game.seats, seats);
        assert_eq!(linked.game.spec.options(), spec.options());
    }

    #[test]
    fn attrition_links_and_defaults() {
        let linked = from_fragment("game=attrition&variant=melee&players=3&moves=Nd4.Nb5.Nh8")
            .unwrap()
            .unwrap();
        assert_eq!(linked.game.seats.len(), 3);
        assert_eq!(linked.moves.len(), 3);
        assert_eq!(from_fragment(""), Ok(None));
        assert_eq!(from_fragment("#"), Ok(None));
        let encoded = from_fragment("game=cheversi&moves=Kd4%2EQe5")
            .unwrap()
            .unwrap();
        assert_eq!(encoded.moves, ["Kd4", "Qe5"]);
    }

    #[test]
    fn every_bad_value_says_which_key() {
        let err = |f: &str| from_fragment(f).unwrap_err();
        assert!(err("game=chess").contains("unknown game 'chess'"));
        assert!(err("rules=brainking").starts_with("game: missing"));
        assert!(err("game=cheversi&rules=nope").starts_with("rules: unknown rule set"));
        assert!(err("game=cheversi&moves=Kd4.Qa8").starts_with("moves: move 2: Qa8"));
        assert!(err("game=cheversi&seats=human").starts_with("seats: 1 given"));
        assert!(err("game=cheversi&seats=human.god").starts_with("seats: unknown level"));
        assert!(err("game=cheversi&colour=red").contains("unknown key 'colour'"));
        assert!(err("game=cheversi&players=x").starts_with("players:"));
        assert!(err("game=cheversi&moves=%zz").contains("bad escape"));
        assert!(err("game").contains("not key=value"));
    }
}
