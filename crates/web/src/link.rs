//! Shared links: the whole game in the URL's fragment, so a link restores
//! it and nothing reaches a server.
//!
//! `#game=cheversi&rules=brainking&moves=Kd4.Qe5&seats=human.master&at=1`
//!
//! The game keys are read by [`crate::params`]; `seats` defaults to a
//! person in every seat, `at` (the position being looked at) to the last.

use crate::params::{pairs, GameParams};
use crate::play::Play;
use crate::problem::Problem;
use crate::seat::Seat;

/// A game read from a link, and the position to show.
#[derive(Debug)]
pub struct Linked {
    pub play: Play,
    pub at: Option<usize>,
    /// Whether the link names the seats (`seats=`).
    pub seats_given: bool,
}

/// The game keys of a link: the game, its options, every move, and the
/// seats, where a friend by link is a person (`human`) to whoever opens it.
pub fn game_keys(play: &Play) -> Vec<String> {
    let spec = play.spec();
    let mut parts = vec![format!("game={}", spec.game)];
    let optional = [
        ("rules", spec.rules),
        ("count", spec.count),
        ("squares", spec.squares),
        ("variant", spec.variant),
        ("players", spec.players.map(|p| p.to_string())),
    ];
    for (key, value) in optional {
        if let Some(v) = value {
            parts.push(format!("{key}={v}"));
        }
    }
    let moves = play.session().notations();
    if !moves.is_empty() {
        parts.push(format!("moves={}", moves.join(".")));
    }
    let seats: Vec<&str> = play
        .seats()
        .iter()
        .map(|s| match s {
            Seat::Remote => Seat::Human.name(),
            other => other.name(),
        })
        .collect();
    parts.push(format!("seats={}", seats.join(".")));
    parts
}

/// The fragment (without `#`) for the whole game, and the viewed move
/// when it is not the last.
pub fn to_fragment(play: &Play) -> String {
    let mut parts = game_keys(play);
    if play.cursor() < play.len() {
        parts.push(format!("at={}", play.cursor()));
    }
    parts.join("&")
}

/// Reads a fragment; `Ok(None)` when it holds no game (an empty fragment).
pub fn from_fragment(fragment: &str) -> Result<Option<Linked>, Problem> {
    let pairs = pairs(fragment)?;
    if pairs.is_empty() {
        return Ok(None);
    }
    let mut game = GameParams::default();
    for (key, value) in &pairs {
        if !game.take(key, value)? {
            return Err(Problem::UnknownKey { key: key.clone() });
        }
    }
    let parsed = game.finish()?;
    let players = parsed.session.options().players();
    let seats_given = parsed.seats.is_some();
    let seats = parsed
        .seats
        .unwrap_or_else(|| vec![Seat::Human; players])
        .into_iter()
        .map(|s| if s == Seat::Remote { Seat::Human } else { s })
        .collect();
    Ok(Some(Linked {
        play: Play::resume(parsed.session, seats, true)?,
        at: parsed.at,
        seats_given,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Expected;
    use cheversi_engine::ai::player::levels::Level;
    use cheversi_engine::options::OptionProblem;
    use cheversi_engine::{OptionError, OptionField, PlayError};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        /// Any fragment: a game, nothing, or an error naming what is wrong.
        #[test]
        fn any_fragment_is_read_or_refused(fragment in "#?[a-z=&%.0-9A-Z ]{0,80}") {
            match from_fragment(&fragment) {
                Ok(Some(linked)) => prop_assert!(linked.play.cursor() <= linked.play.len()),
                Ok(None) => {}
                Err(e) => prop_assert!(!crate::problem_words::words(&e).is_empty()),
            }
        }

        /// A game written to a link reads back the same.
        #[test]
        fn links_round_trip(picks in proptest::collection::vec(0usize..1000, 0..12), at in 0usize..13) {
            let mut session = cheversi_engine::Session::new(
                cheversi_api::spec::GameSpec { game: "cheversi".into(), rules: Some("brainking".into()), ..Default::default() }
                    .options().unwrap());
            for pick in picks {
                let legal = cheversi_api::view::legal_moves(session.current());
                if legal.is_empty() { break; }
                session.play_text(&legal[pick % legal.len()]).unwrap();
            }
            let mut play = Play::resume(session, vec![Seat::Human, Seat::Computer(Level::Strong)], true).unwrap();
            play.go_to(at.min(play.len()));
            let back = from_fragment(&to_fragment(&play)).unwrap().unwrap();
            prop_assert_eq!(back.play.session().notations(), play.session().notations());
            prop_assert_eq!(back.play.cursor(), play.cursor());
            prop_assert_eq!(back.play.seats(), play.seats());
        }
    }

    #[test]
    fn a_game_survives_the_round_trip() {
        let fragment = "game=cheversi&rules=brainking&count=distinct&squares=empty&moves=Kd4.Qe5&seats=human.master";
        let linked = from_fragment(&format!("#{fragment}")).unwrap().unwrap();
        assert_eq!(linked.play.session().notations(), ["Kd4", "Qe5"]);
        assert_eq!(
            linked.play.seats(),
            [Seat::Human, Seat::Computer(Level::Master)]
        );
        assert_eq!(to_fragment(&linked.play), fragment);
    }

    #[test]
    fn the_whole_game_is_shared_with_the_viewed_move() {
        let linked = from_fragment("game=cheversi&rules=brainking&moves=Kd4.Qe5.Qd5")
            .unwrap()
            .unwrap();
        let mut play = linked.play;
        play.go_to(1);
        let fragment = to_fragment(&play);
        assert!(fragment.contains("moves=Kd4.Qe5.Qd5"), "{fragment}");
        assert!(fragment.ends_with("&at=1"), "{fragment}");
        let back = from_fragment(&fragment).unwrap().unwrap();
        assert_eq!(back.at, Some(1));
        assert_eq!(back.play.session().moves().len(), 3);
        assert_eq!(back.play.cursor(), 1);
    }

    #[test]
    fn attrition_links_and_defaults() {
        let linked = from_fragment("game=attrition&variant=melee&players=3&moves=Nd4.Nb5.Nh8")
            .unwrap()
            .unwrap();
        assert_eq!(linked.play.seats().len(), 3);
        assert_eq!(linked.play.len(), 3);
        assert!(from_fragment("").unwrap().is_none());
        assert!(from_fragment("#").unwrap().is_none());
        let encoded = from_fragment("game=cheversi&moves=Kd4%2EQe5")
            .unwrap()
            .unwrap();
        assert_eq!(encoded.play.session().notations(), ["Kd4", "Qe5"]);
    }

    #[test]
    fn every_bad_value_says_which_key() {
        let err = |f: &str| from_fragment(f).unwrap_err();
        let option = |f: &str| match err(f) {
            Problem::Options(e) => e,
            other => panic!("{f}: {other:?}"),
        };
        let unknown = |e: OptionError| match e.problem {
            OptionProblem::Unknown(u) => (e.field, u.text),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            unknown(option("game=chess")),
            (OptionField::Game, "chess".into())
        );
        assert_eq!(err("rules=brainking"), Problem::NoGame);
        assert_eq!(
            unknown(option("game=cheversi&rules=nope")),
            (OptionField::Rules, "nope".into())
        );
        assert!(matches!(
            err("game=cheversi&moves=Kd4.Qa8"),
            Problem::Move { number: 2, error: PlayError::Illegal(ref e), .. } if e.notation == "Qa8"
        ));
        assert_eq!(
            err("game=cheversi&seats=human"),
            Problem::SeatCount {
                given: 1,
                players: 2
            }
        );
        assert_eq!(
            err("game=cheversi&seats=human.god"),
            Problem::UnknownLevel {
                key: "seats",
                value: "god".into()
            }
        );
        assert_eq!(
            err("game=cheversi&colour=red"),
            Problem::UnknownKey {
                key: "colour".into()
            }
        );
        assert_eq!(
            err("game=cheversi&players=x"),
            Problem::not_a("players", "x", Expected::Players)
        );
        assert_eq!(
            err("game=cheversi&moves=%zz"),
            Problem::BadEscape {
                key: "moves".into(),
                at: 1
            }
        );
        assert_eq!(
            err("game"),
            Problem::NotKeyValue {
                pair: "game".into()
            }
        );
        // In English, the words of before.
        crate::i18n::set("en");
        let words = |f: &str| crate::problem_words::words(&err(f));
        assert!(words("game=chess").contains("unknown game 'chess'"));
        assert!(words("game=cheversi&rules=nope").starts_with("rules: unknown rule set 'nope'"));
        assert!(words("game=cheversi&moves=Kd4.Qa8").starts_with("moves: move 2: Qa8: "));
        assert_eq!(
            words("game=cheversi&seats=human"),
            "seats: 1 given for a game of 2 players"
        );
    }
}
