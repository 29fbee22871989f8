//! Property tests over many random games of every kind.

mod common;

use cheversi_engine::attrition::{self, Piece};
use cheversi_engine::cheversi::{self, Color, Kind, Violation};
use cheversi_engine::record::{Record, ResultTag};
use cheversi_engine::rng::Rng;
use cheversi_engine::{AnyGame, AnyMove, GameOptions, GameState, Session, Square};
use common::{all_kinds, RefAttrition, RefCheversi};
use proptest::prelude::*;
use std::collections::HashSet;

/// A random game: the moves, drawn uniformly from the legal ones, each
/// position checked by `visit` before its move.
fn random_game(
    options: GameOptions,
    seed: u64,
    mut visit: impl FnMut(&AnyGame),
) -> (AnyGame, Vec<AnyMove>) {
    let mut rng = Rng::new(seed);
    let mut game = options.start();
    let mut played = Vec::new();
    loop {
        visit(&game);
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            return (game, played);
        }
        let mv = moves[rng.below(moves.len() as u32) as usize];
        game.play_unchecked(mv);
        played.push(mv);
    }
}

/// Every move the notation can express that could matter here.
fn candidate_moves(game: &AnyGame) -> Vec<AnyMove> {
    match game {
        AnyGame::Cheversi(_) => Kind::ALL
            .iter()
            .flat_map(|&kind| {
                Square::all().map(move |square| AnyMove::Cheversi(cheversi::Move { kind, square }))
            })
            .collect(),
        AnyGame::Attrition(pos) => {
            let mut out: Vec<AnyMove> = Piece::BOTH
                .iter()
                .flat_map(|&piece| {
                    Square::all().map(move |square| {
                        AnyMove::Attrition(attrition::Move::Place { piece, square })
                    })
                })
                .collect();
            // Jumps from every occupied square and from two empty ones.
            let froms = pos
                .occupied()
                .into_iter()
                .chain([Square::new(0).unwrap(), Square::new(36).unwrap()]);
            for from in froms {
                out.extend(
                    Square::all().map(|to| AnyMove::Attrition(attrition::Move::Jump { from, to })),
                );
            }
            out
        }
    }
}

fn check_position(game: &AnyGame) {
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    assert_eq!(legal.len() as u64, game.count_legal_moves());
    let legal_set: HashSet<AnyMove> = legal.iter().copied().collect();
    assert_eq!(legal_set.len(), legal.len(), "no move is listed twice");
    match game.to_move() {
        Some(_) => assert!(
            !legal.is_empty() && !game.is_over(),
            "a live game always has a move"
        ),
        None => assert!(legal.is_empty() && game.is_over()),
    }
    for mv in candidate_moves(game) {
        let verdict = game.check_move(mv);
        assert_eq!(
            verdict.is_ok(),
            legal_set.contains(&mv),
            "{mv}: {verdict:?}"
        );
        if let Err(reason) = verdict {
            assert_ne!(
                reason,
                cheversi_engine::AnyViolation::Cheversi(Violation::Unexplained),
                "{mv} is rejected without a rule"
            );
            assert!(!reason.to_string().is_empty());
        }
    }
    // Checked play equals unchecked play for a legal move.
    if let Some(&mv) = legal.first() {
        let (mut a, mut b) = (game.clone(), game.clone());
        a.try_play(mv).unwrap();
        b.play_unchecked(mv);
        assert_eq!(format!("{a:?}"), format!("{b:?}"));
    }
}

/// Cheversi: the legal moves, attack counts and scores equal the simple
/// reference, computed from scratch.
fn compare_cheversi(pos: &cheversi::Position, reference: &RefCheversi) {
    let mut expected: Vec<(Kind, usize)> = reference.legal();
    let mut actual: Vec<(Kind, usize)> = pos
        .targets()
        .moves()
        .map(|m| (m.kind, m.square.index()))
        .collect();
    expected.sort();
    actual.sort();
    assert_eq!(
        actual, expected,
        "legal placements after {:?}",
        reference.history
    );
    for color in Color::BOTH {
        let counts = pos.attack_counts(color);
        for (i, &count) in counts.iter().enumerate() {
            assert_eq!(
                count as u32,
                reference.attack_count(color.index(), i),
                "square {i}"
            );
        }
        assert_eq!(pos.score(color), reference.score(color.index()));
    }
}

fn compare_attrition(pos: &attrition::Position, reference: &RefAttrition) {
    let game = AnyGame::Attrition(pos.clone());
    let mut expected = reference.legal();
    expected.sort();
    assert_eq!(common::legal_texts(&game), expected);
    assert_eq!(pos.to_move().map(usize::from), reference.to_move());
    assert_eq!(pos.winner().map(usize::from), reference.winner);
    for i in 0..64 {
        assert_eq!(
            pos.markers().contains(Square::new(i as u8).unwrap()),
            reference.marked[i]
        );
    }
    for p in &reference.pieces {
        let slot = pos.slot(p.owner as u8, Piece::BOTH[p.id]);
        assert_eq!(
            slot.square().map(|s| s.index()),
            match p.state {
                common::RefState::On(s) => Some(s),
                _ => None,
            }
        );
    }
}

fn kind_strategy() -> impl Strategy<Value = GameOptions> {
    let kinds = all_kinds();
    (0..kinds.len()).prop_map(move |i| kinds[i])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn generated_moves_are_exactly_the_legal_ones(options in kind_strategy(), seed in any::<u64>()) {
        random_game(options, seed, check_position);
    }

    #[test]
    fn the_engine_agrees_with_the_simple_reference(options in kind_strategy(), seed in any::<u64>()) {
        let (_, moves) = random_game(options, seed, |_| {});
        let mut game = options.start();
        match options {
            GameOptions::Cheversi(o) => {
                let mut reference = RefCheversi::new(o);
                for mv in moves {
                    let AnyGame::Cheversi(pos) = &game else { unreachable!() };
                    compare_cheversi(pos, &reference);
                    let AnyMove::Cheversi(m) = mv else { unreachable!() };
                    reference.play(m.kind, m.square.index());
                    game.play_unchecked(mv);
                }
                let AnyGame::Cheversi(pos) = &game else { unreachable!() };
                compare_cheversi(pos, &reference);
                prop_assert!(pos.is_over());
            }
            GameOptions::Attrition(o) => {
                let mut reference = RefAttrition::new(o);
                for mv in moves {
                    let AnyGame::Attrition(pos) = &game else { unreachable!() };
                    compare_attrition(pos, &reference);
                    reference.play(&mv.to_string());
                    game.play_unchecked(mv);
                }
                let AnyGame::Attrition(pos) = &game else { unreachable!() };
                compare_attrition(pos, &reference);
                prop_assert!(pos.winner().is_some());
            }
        }
    }

    #[test]
    fn records_round_trip(options in kind_strategy(), seed in any::<u64>(), cut in 0usize..200,
                          white in "[ -~]{0,12}", event in "\\PC{0,10}") {
        let (full, moves) = random_game(options, seed, |_| {});
        let n = cut.min(moves.len());
        let mut record = Record::from_moves(options, &moves[..n]).unwrap();
        record.set_tag("White", &white).unwrap();
        record.set_tag("Event", &event).unwrap();
        // Written apart from the record: a finished game ends in the rules' result.
        let expected = if n == moves.len() {
            ResultTag::Ended(full.outcome().unwrap())
        } else {
            ResultTag::Unfinished
        };
        prop_assert_eq!(record.result(), expected);
        let text = record.to_text();
        let parsed = Record::parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&parsed, &record);
        prop_assert_eq!(parsed.to_text(), text);
    }

    #[test]
    fn parsers_never_panic(text in "\\PC{0,300}") {
        let _ = Record::parse(&text);
        let _ = text.parse::<cheversi::Move>();
        let _ = text.parse::<attrition::Move>();
        let _ = text.parse::<Square>();
        let _ = Record::from_movetext(all_kinds()[0], &text);
    }
}

/// Checks what a record error must carry: a line and a column inside the
/// text (the column may be one past the end of its line, for something
/// missing there) and a message. A text read without error must write a
/// canonical text that reads back to the same record.
fn check_reading(text: &str) -> Result<(), TestCaseError> {
    match Record::parse(text) {
        Err(e) => {
            let lines: Vec<&str> = text.lines().collect();
            prop_assert!(
                e.line >= 1 && e.line <= lines.len().max(1),
                "line {} of {}: {e}\n{text:?}",
                e.line,
                lines.len()
            );
            let width = lines.get(e.line - 1).map_or(0, |l| l.chars().count());
            prop_assert!(
                e.column >= 1 && e.column <= width + 1,
                "column {} of {width}: {e}\n{text:?}",
                e.column
            );
            prop_assert!(!e.message().trim().is_empty(), "{text:?}");
            // The session reads records the same way.
            prop_assert_eq!(Session::parse_record(text).err(), Some(e));
        }
        Ok(record) => {
            let canonical = record.to_text();
            let again = Record::parse(&canonical)
                .map_err(|e| TestCaseError::fail(format!("{e}\n{canonical}")))?;
            prop_assert_eq!(&again, &record);
            prop_assert_eq!(again.to_text(), canonical);
        }
    }
    Ok(())
}

/// One change to a record's text, by chars so it stays valid UTF-8.
#[derive(Clone, Debug)]
enum Damage {
    Replace(prop::sample::Index, String),
    Insert(prop::sample::Index, String),
    Delete(prop::sample::Index, usize),
    DuplicateLine(prop::sample::Index),
    SwapLines(prop::sample::Index, prop::sample::Index),
}

fn damage_strategy() -> impl Strategy<Value = Damage> {
    // Pieces of record syntax as well as anything at all.
    let piece = prop_oneof![
        "\\PC{0,3}",
        any::<String>().prop_map(|s| s.chars().take(3).collect()),
        prop::sample::select(vec![
            "[",
            "]",
            "\"",
            "\\",
            "\n",
            "\r\n",
            "\r",
            ",",
            ".",
            "*",
            "1-0",
            "0-1",
            "1/2-1/2",
            "x",
            "-",
            "@",
            " ",
            "\t",
            "K",
            "N",
            "h9",
            "12.",
            "[Result \"*\"]",
        ])
        .prop_map(String::from),
    ];
    prop_oneof![
        (any::<prop::sample::Index>(), piece.clone()).prop_map(|(i, s)| Damage::Replace(i, s)),
        (any::<prop::sample::Index>(), piece).prop_map(|(i, s)| Damage::Insert(i, s)),
        (any::<prop::sample::Index>(), 1usize..20).prop_map(|(i, n)| Damage::Delete(i, n)),
        any::<prop::sample::Index>().prop_map(Damage::DuplicateLine),
        (any::<prop::sample::Index>(), any::<prop::sample::Index>())
            .prop_map(|(i, j)| Damage::SwapLines(i, j)),
    ]
}

fn apply(text: &str, damage: &Damage) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let mut lines: Vec<&str> = text.split('\n').collect();
    match damage {
        Damage::Replace(at, with) | Damage::Insert(at, with) => {
            let i = at.index(chars.len() + 1);
            let end = if matches!(damage, Damage::Replace(..)) {
                (i + 1).min(chars.len())
            } else {
                i
            };
            chars.splice(i..end, with.chars());
            chars.into_iter().collect()
        }
        Damage::Delete(at, n) => {
            let i = at.index(chars.len() + 1);
            chars.drain(i..(i + n).min(chars.len()));
            chars.into_iter().collect()
        }
        Damage::DuplicateLine(at) => {
            let i = at.index(lines.len());
            lines.insert(i, lines[i]);
            lines.join("\n")
        }
        Damage::SwapLines(a, b) => {
            let (i, j) = (a.index(lines.len()), b.index(lines.len()));
            lines.swap(i, j);
            lines.join("\n")
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn any_text_is_read_or_refused_with_a_place_inside_it(text in any::<String>()) {
        check_reading(&text)?;
    }

    #[test]
    fn record_like_text_is_read_or_refused_with_a_place_inside_it(
        text in "(\\[[A-Za-z]{0,8} ?\"[ -~]{0,12}\"?\\]?\r?\n){0,8}(\\PC{0,3}[ \n,.]){0,40}"
    ) {
        check_reading(&text)?;
    }

    #[test]
    fn damaged_records_are_read_or_refused_with_a_place_inside_them(
        options in kind_strategy(), seed in any::<u64>(), cut in 0usize..200,
        damages in prop::collection::vec(damage_strategy(), 1..4),
    ) {
        let (_, moves) = random_game(options, seed, |_| {});
        let mut record = Record::from_moves(options, &moves[..cut.min(moves.len())]).unwrap();
        record.set_tag("White", "Ann \"the \\ first\"").unwrap();
        let mut text = record.to_text();
        for damage in &damages {
            text = apply(&text, damage);
        }
        check_reading(&text)?;
    }

    #[test]
    fn set_tag_either_round_trips_or_is_refused_for_a_reason(
        name in prop_oneof!["[A-Za-z0-9_]{1,8}", "[A-Za-z _\\-\n]{0,8}", "\\PC{0,8}", any::<String>()],
        // The characters the syntax cares about, often.
        value in prop_oneof!["[ -~]{0,16}", "[a-z \n\r\"\\\\\\[\\]]{0,10}", any::<String>()],
        moves in 0usize..6,
    ) {
        let options = all_kinds()[0];
        let (_, played) = random_game(options, moves as u64, |_| {});
        let mut session = Session::new(options);
        for &mv in &played[..moves] {
            session.play(mv).unwrap();
        }
        let readable_name = !name.is_empty()
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !["Game", "Rules", "Variant", "Players", "Count", "Squares", "Result"]
                .contains(&name.as_str());
        let expected_ok = readable_name && !value.contains('\n');
        match session.set_tag(&name, &value) {
            Ok(()) => {
                prop_assert!(expected_ok, "{name:?} = {value:?} was taken");
                let text = session.record().to_text();
                let back = Session::parse_record(&text)
                    .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
                let back = back.record();
                prop_assert_eq!(&back, &session.record());
                prop_assert_eq!(back.tag(&name), Some(value.as_str()));
            }
            Err(e) => {
                prop_assert!(!expected_ok, "{name:?} = {value:?} refused: {e}");
                prop_assert_eq!(&e.name, &name);
                let prefix = format!("tag {:?}: ", name);
                prop_assert!(e.to_string().len() > prefix.len(), "a reason follows");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Every rule set, scoring and variant in each case (not one at random),
    /// cut anywhere and finished.
    #[test]
    fn every_kind_of_game_round_trips_through_its_text(seed in any::<u64>(), cut in any::<prop::sample::Index>()) {
        for options in all_kinds() {
            let (full, moves) = random_game(options, seed, |_| {});
            for n in [cut.index(moves.len() + 1), moves.len()] {
                let record = Record::from_moves(options, &moves[..n]).unwrap();
                let text = record.to_text();
                let parsed = Record::parse(&text)
                    .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
                prop_assert_eq!(parsed.moves(), &moves[..n]);
                prop_assert_eq!(parsed.options(), options);
                prop_assert_eq!(parsed.final_position().ply(), n);
                prop_assert_eq!(&parsed, &record);
                prop_assert_eq!(parsed.to_text(), text);
            }
            // Written apart from the record: the whole game ends in the rules' result.
            let whole = Record::from_moves(options, &moves).unwrap();
            prop_assert_eq!(whole.result(), ResultTag::Ended(full.outcome().unwrap()));
        }
    }
}
