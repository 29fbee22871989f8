//! Property tests over many random games of every kind.

mod common;

use cheversi_engine::attrition::{self, Piece};
use cheversi_engine::cheversi::{self, Color, Kind, Violation};
use cheversi_engine::record::{Record, ResultTag};
use cheversi_engine::rng::Rng;
use cheversi_engine::{AnyGame, AnyMove, GameOptions, GameState, Square};
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

    #[test]
    fn damaged_records_are_rejected_or_read_never_panic(options in kind_strategy(), seed in any::<u64>(),
                                                      at in any::<prop::sample::Index>(), with in "\\PC{0,3}") {
        let (_, moves) = random_game(options, seed, |_| {});
        let record = Record::from_moves(options, &moves).unwrap();
        let mut text = record.to_text();
        let mut cut = at.index(text.len());
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.replace_range(cut..(cut + 1).min(text.len()), &with);
        if let Err(e) = Record::parse(&text) {
            prop_assert!(e.line >= 1 && e.column >= 1 && !e.message.is_empty());
        }
    }
}
