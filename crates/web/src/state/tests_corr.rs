//! Correspondence games between devices, each device a `State`: links
//! carried back and forth, old and altered links, two games at once, and
//! the game at this device kept aside.

use super::tests::{game, moves, typed};
use super::*;
use crate::letter;
use cheversi_engine::ai::player::levels::Level;
use cheversi_engine::Session;

/// A device showing a game of its own.
fn device(spec: &str, seats: Vec<Seat>) -> State {
    super::tests::game(spec, seats)
}

/// A device with a game of its own in progress (two people here).
fn busy_device() -> State {
    let mut s = device(
        r#"{"game":"cheversi","rules":"brainking"}"#,
        vec![Seat::Human, Seat::Human],
    );
    s.apply(Action::TypeMove("Kd4".into()));
    s
}

fn start_with_friend(s: &mut State, spec: &str, seats: Vec<Seat>, names: &[&str], id: &str) {
    let fx = s.apply(Action::Start(NewGame {
        spec: serde_json::from_str(spec).unwrap(),
        seats,
        undo_allowed: true,
        names: names.iter().map(|n| n.to_string()).collect(),
        id: Some(id.into()),
    }));
    assert!(fx.save_games);
}

fn send(s: &State) -> String {
    assert!(s.should_send(), "the page offers to send: {:?}", s.turn());
    s.letter().expect("a correspondence game has a link")
}

fn receive(s: &mut State, fragment: &str) -> Effects {
    let letter = letter::from_fragment(fragment).expect("a link we made reads back");
    s.apply(Action::Arrive {
        letter,
        fresh_id: "fresh-game-id".into(),
    })
}

/// Types a move that must be played.
fn played(s: &mut State, text: &str) {
    let before = moves(s).len();
    typed(s, text);
    assert_eq!(moves(s).len(), before + 1, "{text}: {}", s.status().text);
}

#[test]
fn a_whole_game_by_links_ends_with_the_same_record_on_both_devices() {
    let spec = r#"{"game":"cheversi","rules":"lewicki"}"#;
    let mut rng = cheversi_engine::rng::Rng::new(9);
    let mut ann = busy_device();
    let mut ben = device(spec, vec![Seat::Human, Seat::Computer(Level::Casual)]);
    start_with_friend(
        &mut ann,
        spec,
        vec![Seat::Human, Seat::Remote],
        &["Ann", "Ben"],
        "ann-ben-1",
    );
    assert!(!ann.play().undo_allowed(), "a move sent is sent");
    for i in 0..16 {
        let (mover, other) = if i % 2 == 0 {
            (&mut ann, &mut ben)
        } else {
            (&mut ben, &mut ann)
        };
        assert_eq!(mover.turn(), Some(Turn::Yours), "move {}", i + 1);
        let mv = random_move(mover, &mut rng);
        played(mover, &mv);
        if i < 15 {
            let friend = if i % 2 == 0 { "Ben" } else { "Ann" };
            assert!(
                mover
                    .announce()
                    .ends_with(&format!("Waiting for {friend}: send them your move.")),
                "{}",
                mover.announce()
            );
        }
        let link = send(mover);
        let fx = receive(other, &link);
        assert!(fx.save_games && fx.render);
        assert_eq!(moves(other), moves(mover), "move {}", i + 1);
        if i < 15 {
            assert!(
                other.status().text.ends_with("Your turn."),
                "{}",
                other.status().text
            );
            // The mover cannot move for the friend.
            mover.apply(Action::TypeMove("Nb1".into()));
            assert!(mover.status().error);
            assert!(
                mover.status().text.contains("turn"),
                "{}",
                mover.status().text
            );
        }
    }
    assert_eq!(ann.turn(), Some(Turn::Over));
    assert_eq!(ben.turn(), Some(Turn::Over));
    let record = |s: &State| s.play().session().record().to_text();
    assert_eq!(record(&ann), record(&ben));
    assert!(record(&ann).contains("[White \"Ann\"]"), "{}", record(&ann));
    assert!(record(&ann).contains("[Black \"Ben\"]"));
    // Ben's own game was kept aside, and comes back.
    ben.apply(Action::OpenLocal);
    assert_eq!(ben.play().id(), None);
    assert_eq!(ben.play().seats()[1], Seat::Computer(Level::Casual));
    // Ann's game at her device was saved aside and is still hers.
    assert_eq!(
        Session::parse_record(&ann.save().record)
            .unwrap()
            .notations(),
        ["Kd4"]
    );
}

#[test]
fn old_links_change_nothing_and_altered_links_are_refused() {
    let spec = r#"{"game":"cheversi","rules":"lewicki"}"#;
    let mut ann = device(spec, vec![Seat::Human, Seat::Human]);
    let mut ben = device(spec, vec![Seat::Human, Seat::Human]);
    start_with_friend(
        &mut ann,
        spec,
        vec![Seat::Human, Seat::Remote],
        &["Ann", "Ben"],
        "ann-ben-2",
    );
    played(&mut ann, "Qd4");
    let first = send(&ann);
    receive(&mut ben, &first);
    played(&mut ben, "Bf6");
    receive(&mut ann, &send(&ben));
    played(&mut ann, "Ke5");
    let third = send(&ann);
    receive(&mut ben, &third);

    // The first link again: Ben already has it.
    let fx = receive(&mut ben, &first);
    assert_eq!(moves(&ben), ["Qd4", "Bf6", "Ke5"]);
    assert!(
        ben.status().text.starts_with("You already have this move"),
        "{}",
        ben.status().text
    );
    assert!(!fx.save_games, "nothing changed");
    assert!(!ben.status().error);

    // A link that changes Ben's move: refused, Ann's copy kept, and it may
    // be opened as a separate game.
    let altered = third.replace("Bf6", "Bg7").replace("Ke5", "Kf6");
    assert!(
        letter::from_fragment(&altered).is_ok(),
        "a legal game, just another one"
    );
    receive(&mut ann, &altered);
    assert!(ann.status().error);
    assert!(
        ann.status()
            .text
            .contains("move 2 (Bf6 here, Bg7 in the link)"),
        "{}",
        ann.status().text
    );
    assert_eq!(moves(&ann), ["Qd4", "Bf6", "Ke5"]);
    assert!(ann.has_offer());
    ann.apply(Action::AcceptOffer);
    assert_eq!(ann.play().id(), Some("fresh-game-id"));
    assert_eq!(moves(&ann), ["Qd4", "Bg7", "Kf6"]);
    assert_eq!(ann.games().list().len(), 2, "both games are kept");
    assert_eq!(
        ann.games()
            .get("ann-ben-2")
            .unwrap()
            .to_play()
            .unwrap()
            .session()
            .notations(),
        ["Qd4", "Bf6", "Ke5"]
    );
}

#[test]
fn two_friends_two_games_and_delete_with_undo() {
    let spec = r#"{"game":"attrition","variant":"duel"}"#;
    let mut me = device(spec, vec![Seat::Human, Seat::Human]);
    start_with_friend(
        &mut me,
        spec,
        vec![Seat::Human, Seat::Remote],
        &["Me", "Ann"],
        "me-ann-01",
    );
    played(&mut me, "Nd4");
    let to_ann = send(&me);
    start_with_friend(
        &mut me,
        spec,
        vec![Seat::Remote, Seat::Human],
        &["Ben", "Me"],
        "ben-me-01",
    );
    assert_eq!(
        me.turn(),
        Some(Turn::Waiting("Ben".into())),
        "Ben moves first"
    );
    let to_ben = send(&me);
    let ids: Vec<&str> = me.games().list().iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids.len(), 2);
    assert!(ids.contains(&"me-ann-01") && ids.contains(&"ben-me-01"));

    let mut ann = device(spec, vec![Seat::Human, Seat::Human]);
    receive(&mut ann, &to_ann);
    assert_eq!(ann.play().seats(), [Seat::Remote, Seat::Human]);
    assert!(
        ann.status().text.contains("you play Black"),
        "{}",
        ann.status().text
    );
    let mut ben = device(spec, vec![Seat::Human, Seat::Human]);
    receive(&mut ben, &to_ben);
    played(&mut ben, "Ne5");
    played(&mut ann, "Nf6");
    receive(&mut me, &send(&ben));
    assert_eq!(me.play().id(), Some("ben-me-01"));
    assert!(
        me.status().text.starts_with("Ben played Ne5."),
        "{}",
        me.status().text
    );
    receive(&mut me, &send(&ann));
    assert_eq!(me.play().id(), Some("me-ann-01"));
    assert_eq!(moves(&me), ["Nd4", "Nf6"]);
    assert_eq!(me.games().list()[0].id, "me-ann-01", "newest change first");

    // Delete the game shown; undo brings it back.
    let fx = me.apply(Action::DeleteGame("me-ann-01".into()));
    assert!(fx.save_games);
    assert_eq!(me.games().list().len(), 1);
    assert_eq!(me.play().id(), None, "the game at this device is shown");
    me.apply(Action::UndoDelete);
    assert_eq!(me.games().list().len(), 2);
    assert_eq!(me.play().id(), Some("me-ann-01"));
    assert_eq!(moves(&me), ["Nd4", "Nf6"]);
    me.apply(Action::OpenGame("ben-me-01".into()));
    assert_eq!(moves(&me), ["Ne5"]);
    assert_eq!(me.turn(), Some(Turn::Yours));
}

#[test]
fn a_melee_goes_round_three_devices() {
    let spec = r#"{"game":"attrition","variant":"melee","players":3}"#;
    let mut devices: Vec<State> = (0..3)
        .map(|_| device(spec, vec![Seat::Human, Seat::Human, Seat::Human]))
        .collect();
    start_with_friend(
        &mut devices[0],
        spec,
        vec![Seat::Human, Seat::Remote, Seat::Remote],
        &["A", "B", "C"],
        "melee-abc",
    );
    let mut rng = cheversi_engine::rng::Rng::new(4);
    let mut turns = 0;
    let mut at = 0;
    while let Some(next) = devices[at].play().live_mover() {
        let mv = random_move(&devices[at], &mut rng);
        assert_eq!(next, at, "each device plays its own seat");
        played(&mut devices[at], &mv);
        let link = send_or_watch(&devices[at]);
        let to = devices[at].play().live_mover().unwrap_or((at + 1) % 3);
        receive(&mut devices[to], &link);
        at = to;
        turns += 1;
        assert!(turns < 500);
    }
    // The last link reaches the third device too.
    let last = devices[at].letter().unwrap();
    for d in devices.iter_mut() {
        receive(d, &last);
    }
    let records: Vec<String> = devices
        .iter()
        .map(|d| d.play().session().record().to_text())
        .collect();
    assert!(records.iter().all(|r| *r == records[0]), "{records:?}");
}

/// The link to send after a move: to a friend, or (game over) to anyone.
fn send_or_watch(s: &State) -> String {
    s.letter().unwrap()
}

fn random_move(s: &State, rng: &mut cheversi_engine::rng::Rng) -> String {
    let game = s.play().session().latest().clone();
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    game.notation(legal[rng.below(legal.len() as u32) as usize])
}

/// A finished melee with friends leaves no winner seat behind that the
/// two-player game at this device cannot have: its save still reads.
#[test]
fn a_finished_game_with_friends_does_not_touch_the_local_save() {
    let mut me = device(
        r#"{"game":"cheversi","rules":"brainking"}"#,
        vec![Seat::Human, Seat::Computer(Level::Casual)],
    );
    me.apply(Action::TypeMove("Kd4".into()));
    let local = me.save();
    // A melee played to the end elsewhere, won by Red or Blue.
    let spec = r#"{"game":"attrition","variant":"melee","players":3}"#;
    let finished = (0..200)
        .find_map(|seed| {
            let session = Session::new(
                serde_json::from_str::<cheversi_api::spec::GameSpec>(spec)
                    .unwrap()
                    .options()
                    .unwrap(),
            );
            let play = Play::resume(session, vec![Seat::Human; 3], false).unwrap();
            let mut s = State::new(play.with_id("melee-end".into()).unwrap());
            let mut rng = cheversi_engine::rng::Rng::new(seed);
            while s.play().live_mover().is_some() {
                let mv = random_move(&s, &mut rng);
                s.apply(Action::TypeMove(mv));
            }
            match s.play().session().latest().outcome() {
                Some(cheversi_engine::Outcome::Winner(w)) if w >= 2 => s.letter(),
                _ => None,
            }
        })
        .expect("some melee is won by Red");
    receive(&mut me, &finished);
    assert_eq!(me.turn(), Some(Turn::Over));
    me.apply(Action::OpenLocal);
    assert_eq!(me.play().id(), None);
    let saved = me.save();
    assert_eq!(saved.record, local.record);
    assert_eq!(saved.last_winner, None, "no winner from the melee");
    assert!(State::restore(saved).is_ok(), "the local save reads back");
}

/// A link's game offered (a local game is in progress, put aside behind a
/// game with a friend) is still offered when another tab moves the shown
/// game on (the link was already taken off the address: dropping the
/// offer would lose it).
#[test]
fn another_tabs_move_keeps_a_pending_link_offer() {
    let spec = r#"{"game":"cheversi","rules":"lewicki"}"#;
    let mut s = game(spec, vec![Seat::Human, Seat::Human]);
    typed(&mut s, "Kd4"); // the game at this device, in progress
    s.apply(Action::Start(NewGame {
        spec: serde_json::from_str(spec).unwrap(),
        seats: vec![Seat::Human, Seat::Remote],
        undo_allowed: true,
        names: vec!["Ann".into(), "Ben".into()],
        id: Some("ann-ben-9".into()),
    }));
    typed(&mut s, "Qd4");
    // A plain link arrives: offered, since the local game is in progress.
    let linked = crate::link::from_fragment("game=cheversi&rules=lewicki&moves=Qe5")
        .unwrap()
        .unwrap();
    s.apply(Action::Open {
        play: linked.play,
        at: linked.at,
        from: Source::Link {
            seats: linked.seats_given,
        },
    });
    assert!(s.has_offer());
    // Another tab (Ben's link opened there) moved the shown game on.
    let mut theirs = s.games().get("ann-ben-9").unwrap().to_play().unwrap();
    theirs.play("Bf6").unwrap();
    let stored = games::StoredGame::of(&theirs, 1.0).unwrap();
    s.apply(Action::GamesStored(vec![stored]));
    assert_eq!(s.play().session().notations(), ["Qd4", "Bf6"]);
    assert!(
        s.has_offer(),
        "the link's game was dropped silently: {:?}",
        s.status()
    );
}

/// A record loaded while a game with a friend is shown becomes a game at
/// this device whose seats can all be played (the friend's game's seats
/// would leave one nobody can play).
#[test]
fn a_record_loaded_while_a_friends_game_is_shown_gets_playable_seats() {
    let spec = r#"{"game":"cheversi","rules":"lewicki"}"#;
    let mut s = game(spec, vec![Seat::Human, Seat::Computer(Level::Casual)]);
    s.apply(Action::Start(NewGame {
        spec: serde_json::from_str(spec).unwrap(),
        seats: vec![Seat::Human, Seat::Remote],
        undo_allowed: true,
        names: vec![],
        id: Some("ann-ben-7".into()),
    }));
    // As at this device, not as with the friend.
    assert_eq!(
        s.seats_for_record(2),
        [Seat::Human, Seat::Computer(Level::Casual)]
    );
    let record = "[Game \"Cheversi\"]\n[Rules \"lewicki\"]\n\n1. Qd4 *\n";
    let session = cheversi_engine::Session::parse_record(record).unwrap();
    let seats = s.seats_for_record(2); // as the shell's import asks
    let play = crate::play::Play::resume(session, seats, true).unwrap();
    s.apply(Action::Open {
        play,
        at: None,
        from: Source::Record,
    });
    assert_eq!(s.play().id(), None, "a game at this device");
    assert_eq!(s.turn(), None, "no link to send");
    assert!(
        s.play().computer_to_move().is_some(),
        "Black is the computer's, as at this device"
    );
}

/// A game at this device saved with a friend's seat (by an older build)
/// comes back with that seat played here: no seat nobody can play.
#[test]
fn a_saved_game_at_this_device_has_no_friends_seat() {
    let saved = crate::state::saving::Saved {
        record: "[Game \"Cheversi\"]\n[Rules \"lewicki\"]\n\n1. Qd4 *\n".into(),
        seats: vec![Seat::Human, Seat::Remote],
        undo_allowed: true,
        cursor: 1,
        last_winner: None,
    };
    let mut s = State::restore(saved).unwrap();
    assert_eq!(s.play().seats(), [Seat::Human, Seat::Human]);
    typed(&mut s, "Qe5");
    assert!(!s.status().error, "{}", s.status().text);
    assert_eq!(moves(&s), ["Qd4", "Qe5"]);
}

/// The shown game moved on in another tab: what the page says follows
/// (it still said "Your turn." once the move was made elsewhere).
#[test]
fn another_tabs_move_is_said_with_whose_turn_it_now_is() {
    let spec = r#"{"game":"cheversi","rules":"lewicki"}"#;
    let mut s = game(spec, vec![Seat::Human, Seat::Human]);
    start_with_friend(
        &mut s,
        spec,
        vec![Seat::Human, Seat::Remote],
        &["Ann", "Ben"],
        "ann-ben-9",
    );
    let mut theirs = s.games().get("ann-ben-9").unwrap().to_play().unwrap();
    theirs.play("Qd4").unwrap();
    let stored = games::StoredGame::of(&theirs, 1.0).unwrap();
    s.apply(Action::GamesStored(vec![stored]));
    assert_eq!(moves(&s), ["Qd4"]);
    assert_eq!(
        s.status().text,
        "This game was played on in another tab. Waiting for Ben: send them your move."
    );
    assert_eq!(s.announce(), s.status().text);
}

/// A record stopped early (a resignation) loads as a game still to play,
/// and says so with its result (it read "Game loaded from the record."
/// alone, the resignation unmentioned).
#[test]
fn a_record_stopped_early_says_its_result() {
    let mut s = game(
        r#"{"game":"cheversi","rules":"lewicki"}"#,
        vec![Seat::Human, Seat::Human],
    );
    for (record, said) in [
        (
            "[Game \"Cheversi\"]\n[Rules \"lewicki\"]\n[Result \"1-0\"]\n\n1. Kd4 Qe5 1-0\n",
            "Game loaded from the record. It was stopped early, 1-0; you may play on from here.",
        ),
        (
            "[Game \"Cheversi\"]\n[Rules \"lewicki\"]\n\n1. Kd4 Qe5 *\n",
            "Game loaded from the record.",
        ),
    ] {
        let session = cheversi_engine::Session::parse_record(record).unwrap();
        let play =
            crate::play::Play::resume(session, vec![Seat::Human, Seat::Human], true).unwrap();
        s.apply(Action::Open {
            play,
            at: None,
            from: Source::Record,
        });
        assert_eq!(s.status().text, said);
    }
}
