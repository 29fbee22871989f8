//! Correspondence links ("letters"): a game played with friends on other
//! devices, carried whole in a link's fragment after every move.
//!
//! `#game=cheversi&rules=lewicki&moves=Qd4.Bf5&seats=human.human&id=k3j9x2p7qa&next=0&name0=Ann&name1=Ben`
//!
//! Beside the game keys of a shared link ([`crate::params`]): `id` (the
//! game's id, the same on every device), `next` (the seat to move; absent
//! once the game is over; it must agree with the moves), and `name0` …
//! `name3` (the players' names, percent-encoded). In `seats`, every person
//! is `human`: who plays where is each device's own business. The receiver
//! plays the seat to move; the other people are friends by link.

use crate::params::{pairs, GameParams};
use crate::play::{check_id, set_name, Play, NAME_TAGS};
use crate::problem::{Expected, Problem};
use crate::seat::Seat;
use cheversi_engine::{GameState, Session};

/// A correspondence game read from a link: checked and replayed.
#[derive(Debug)]
pub struct Letter {
    pub id: String,
    /// The moves and the names (in the record's tags).
    pub session: Session,
    /// Per seat: [`Seat::Human`] for a person (on some device), else the
    /// computer's level.
    pub seats: Vec<Seat>,
}

impl Letter {
    pub fn moves(&self) -> Vec<String> {
        self.session.notations()
    }

    /// The seat to move, None once the game is over.
    pub fn next(&self) -> Option<usize> {
        self.session.latest().to_move().map(usize::from)
    }

    /// The game as the device that opens the link first plays it: the
    /// seat to move is a person here, the other people are friends.
    pub fn for_receiver(self) -> Result<Play, Problem> {
        let next = self.next();
        let seats = self
            .seats
            .iter()
            .enumerate()
            .map(|(seat, s)| match s {
                Seat::Human | Seat::Remote if Some(seat) == next => Seat::Human,
                Seat::Human | Seat::Remote => Seat::Remote,
                computer => *computer,
            })
            .collect();
        let mut session = self.session;
        session.go_to(session.moves().len());
        Play::resume(session, seats, false)?.with_id(self.id)
    }
}

/// Whether a fragment is a letter (it names a game id).
pub fn is_letter(fragment: &str) -> bool {
    fragment
        .trim_start_matches(['#', '?'])
        .split('&')
        .any(|pair| pair.starts_with("id="))
}

/// The fragment (without `#`) of a correspondence game, every move
/// included whatever the cursor; None for a game played at one device.
pub fn to_fragment(play: &Play) -> Option<String> {
    let id = play.id()?;
    // In `seats`, every person is `human`, the friends here included.
    let mut parts = crate::link::game_keys(play);
    parts.push(format!("id={id}"));
    if let Some(next) = play.live_mover() {
        parts.push(format!("next={next}"));
    }
    for seat in 0..play.seats().len() {
        if let Some(name) = play.name(seat) {
            parts.push(format!("name{seat}={}", encode(&name)));
        }
    }
    Some(parts.join("&"))
}

/// Reads a letter; the error says which key is wrong and why.
pub fn from_fragment(fragment: &str) -> Result<Letter, Problem> {
    let mut game = GameParams::default();
    let mut id = None;
    let mut next = None;
    let mut names: Vec<(usize, String)> = Vec::new();
    for (key, value) in pairs(fragment)? {
        if game.take(&key, &value)? {
            continue;
        }
        match key.as_str() {
            "id" => {
                check_id(&value)?;
                id = Some(value);
            }
            "next" => {
                let seat: usize = value
                    .parse()
                    .map_err(|_| Problem::not_a("next", &value, Expected::SeatNumber))?;
                next = Some(seat);
            }
            _ => match key
                .strip_prefix("name")
                .and_then(|n| n.parse::<usize>().ok())
            {
                Some(seat) if seat < NAME_TAGS.len() => names.push((seat, value)),
                _ => return Err(Problem::UnknownKey { key }),
            },
        }
    }
    let id = id.ok_or(Problem::Missing { key: "id" })?;
    let parsed = game.finish()?;
    let mut session = parsed.session;
    let players = session.options().players();
    let seats = parsed.seats.unwrap_or_else(|| vec![Seat::Human; players]);
    let to_move = session.latest().to_move().map(usize::from);
    if next != to_move {
        return Err(Problem::NextDisagrees {
            said: next,
            real: to_move,
        });
    }
    for (seat, name) in names {
        if seat >= players {
            return Err(Problem::NoSuchSeat {
                key: format!("name{seat}"),
                seat,
                players,
            });
        }
        set_name(&mut session, seat, &name)?;
    }
    Ok(Letter { id, session, seats })
}

/// Percent-encodes all but letters, digits and `-_~` (names may hold
/// anything, `&` and `#` included).
pub fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::NewGame;
    use cheversi_api::spec::GameSpec;
    use cheversi_engine::ai::player::levels::Level;
    use cheversi_engine::options::OptionProblem;
    use cheversi_engine::rng::Rng;
    use cheversi_engine::{AnyGame, OptionError, OptionField, PlayError};
    use proptest::prelude::*;

    fn spec(json: &str) -> GameSpec {
        serde_json::from_str(json).unwrap()
    }

    fn new_game(json: &str, seats: Vec<Seat>, names: &[&str]) -> Play {
        Play::new(NewGame {
            spec: spec(json),
            seats,
            undo_allowed: true,
            names: names.iter().map(|n| n.to_string()).collect(),
            id: Some("game-123456".into()),
        })
        .unwrap()
    }

    /// Plays random legal moves to the end of the game.
    fn play_out(play: &mut Play, seed: u64) {
        let mut rng = Rng::new(seed);
        while play.live_mover().is_some() {
            let game: &AnyGame = play.session().latest();
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let mv = moves[rng.below(moves.len() as u32) as usize];
            let text = game.notation(mv);
            play.play(&text).unwrap();
        }
    }

    const KINDS: [&str; 9] = [
        r#"{"game":"cheversi","rules":"lewicki"}"#,
        r#"{"game":"cheversi","rules":"lewicki-any"}"#,
        r#"{"game":"cheversi","rules":"lewicki-free","count":"multiplicity"}"#,
        r#"{"game":"cheversi","rules":"brainking-classic"}"#,
        r#"{"game":"cheversi","rules":"brainking","squares":"all"}"#,
        r#"{"game":"attrition","variant":"duel"}"#,
        r#"{"game":"attrition","variant":"two-knights"}"#,
        r#"{"game":"attrition","variant":"sudden-death"}"#,
        r#"{"game":"attrition","variant":"melee","players":4}"#,
    ];

    /// Every game kind, at every move of a whole game: the letter reads
    /// back to the same moves, options, names, id and seats.
    #[test]
    fn letters_round_trip_for_every_game_kind() {
        for (k, json) in KINDS.iter().enumerate() {
            let players = spec(json).options().unwrap().players();
            let mut seats = vec![Seat::Remote; players];
            seats[0] = Seat::Human;
            if players > 2 {
                seats[2] = Seat::Computer(Level::Casual);
            }
            let names = ["Ann & Co", "Bén.#1", "", "Dee=D"];
            let mut play = new_game(json, seats.clone(), &names[..players]);
            let mut rng = Rng::new(k as u64);
            loop {
                let fragment = to_fragment(&play).unwrap();
                assert!(is_letter(&fragment));
                let letter = from_fragment(&fragment).unwrap_or_else(|e| panic!("{json}: {e:?}"));
                assert_eq!(letter.id, "game-123456");
                assert_eq!(letter.moves(), play.session().notations(), "{json}");
                assert_eq!(letter.session.options(), play.session().options());
                assert_eq!(letter.next(), play.live_mover());
                let expected: Vec<Seat> = seats
                    .iter()
                    .map(|s| if s.is_person() { Seat::Human } else { *s })
                    .collect();
                assert_eq!(letter.seats, expected);
                let received = letter.for_receiver().unwrap();
                for (seat, name) in names[..players].iter().enumerate() {
                    let given = (!name.is_empty()).then(|| name.to_string());
                    assert_eq!(received.name(seat), given, "{json} seat {seat}");
                }
                assert_eq!(received.id(), Some("game-123456"));
                assert!(!received.undo_allowed());
                match play.live_mover() {
                    Some(next) => {
                        assert_eq!(
                            received.here(next),
                            seats[next].is_person(),
                            "the receiver plays the seat to move if a person has it"
                        );
                        for (seat, s) in seats.iter().enumerate() {
                            if seat != next && s.is_person() {
                                assert_eq!(received.seats()[seat], Seat::Remote);
                            }
                        }
                    }
                    None => break,
                }
                let game = play.session().latest().clone();
                let mut moves = Vec::new();
                game.legal_moves(&mut moves);
                let mv = moves[rng.below(moves.len() as u32) as usize];
                play.play(&game.notation(mv)).unwrap();
            }
        }
    }

    /// The whole link for a finished game stays short. The figures are
    /// in README ("Play a friend").
    #[test]
    fn a_finished_game_fits_a_short_link() {
        let sizes: Vec<(usize, &str)> = [(KINDS[0], 250), (KINDS[5], 500), (KINDS[8], 600)]
            .iter()
            .map(|&(json, limit)| {
                let players = spec(json).options().unwrap().players();
                let mut seats = vec![Seat::Remote; players];
                seats[0] = Seat::Human;
                let names: Vec<&str> =
                    ["Annabelle", "Benedict", "Cordelia", "Desmond"][..players].to_vec();
                let mut longest = 0;
                for seed in 0..20 {
                    let mut play = new_game(json, seats.clone(), &names);
                    play_out(&mut play, seed);
                    longest = longest.max(to_fragment(&play).unwrap().len());
                }
                assert!(longest <= limit, "{json}: {longest} characters");
                (longest, json)
            })
            .collect();
        println!("longest fragments: {sizes:?}");
    }

    #[test]
    fn damaged_letters_say_what_and_where() {
        let mut play = new_game(KINDS[0], vec![Seat::Human, Seat::Remote], &["Ann", "Ben"]);
        for m in ["Qd4", "Bf6", "Ke5"] {
            play.play(m).unwrap();
        }
        let good = to_fragment(&play).unwrap();
        assert!(from_fragment(&good).is_ok());
        let not_a = Problem::not_a;
        let cases = [
            (
                good.replace("next=1", "next=0"),
                Problem::NextDisagrees {
                    said: Some(0),
                    real: Some(1),
                },
            ),
            (
                good.replace("&next=1", ""),
                Problem::NextDisagrees {
                    said: None,
                    real: Some(1),
                },
            ),
            (
                good.replace("id=game-123456", "id=x"),
                not_a("id", "x", Expected::Id),
            ),
            (
                good.replace("&id=game-123456", ""),
                Problem::Missing { key: "id" },
            ),
            (
                good.replace("name1=Ben", "name7=Ben"),
                Problem::UnknownKey {
                    key: "name7".into(),
                },
            ),
            (
                good.replace("name1=Ben", "name1=B%0Ab"),
                Problem::BadName {
                    name: "B\nb".into(),
                },
            ),
            (
                good.replace("seats=human.human", "seats=human"),
                Problem::SeatCount {
                    given: 1,
                    players: 2,
                },
            ),
            (
                good.replace("name1=Ben", &format!("name1={}", "B".repeat(31))),
                Problem::LongName {
                    name: "B".repeat(31),
                    max: 30,
                },
            ),
            (
                good.replace("next=1", "next=x"),
                not_a("next", "x", Expected::SeatNumber),
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(from_fragment(&text).unwrap_err(), expected, "{text}");
        }
        let moves = from_fragment(&good.replace("Bf6", "Bf7")).unwrap_err();
        assert!(
            matches!(moves, Problem::Move { number: 2, error: PlayError::Illegal(ref e), .. } if e.notation == "Bf7"),
            "{moves:?}"
        );
        let rules = from_fragment(&good.replace("rules=lewicki", "rules=lewiki")).unwrap_err();
        assert!(
            matches!(rules, Problem::Options(OptionError { field: OptionField::Rules, problem: OptionProblem::Unknown(ref u) }) if u.text == "lewiki"),
            "{rules:?}"
        );
        let four_names = good.replace("name1=Ben", "name1=Ben&name3=Dee");
        assert_eq!(
            from_fragment(&four_names).unwrap_err(),
            Problem::NoSuchSeat {
                key: "name3".into(),
                seat: 3,
                players: 2
            }
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        /// Any text: a letter or an error, never a panic.
        #[test]
        fn any_text_is_read_or_refused(text in ".{0,160}") {
            if let Err(e) = from_fragment(&text) {
                prop_assert!(!crate::problem_words::words(&e).is_empty());
            }
        }

        /// A real letter cut or with one character changed anywhere.
        #[test]
        fn damaged_real_letters_never_panic(cut in 0usize..400, at in 0usize..400, c in any::<char>()) {
            let mut play = new_game(KINDS[8], vec![Seat::Human, Seat::Remote, Seat::Computer(Level::Beginner), Seat::Remote], &["A", "B", "C", "D"]);
            play_out(&mut play, 3);
            let good = to_fragment(&play).unwrap();
            let mut chars: Vec<char> = good.chars().collect();
            chars.truncate(cut.min(chars.len()));
            if !chars.is_empty() {
                let i = at % chars.len();
                chars[i] = c;
            }
            let text: String = chars.into_iter().collect();
            if let Err(e) = from_fragment(&text) {
                prop_assert!(!crate::problem_words::words(&e).is_empty());
            }
        }
    }
}
