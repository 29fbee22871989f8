//! One test (at least) per rule of docs/rules.md's Chivalrous Attrition section.

mod common;

use cheversi_engine::attrition::{Move, Options, Piece, Position, Slot, Variant, Violation};
use cheversi_engine::{AnyGame, GameOptions, GameState, Outcome};
use common::{legal_texts, play, sq};

fn options(variant: Variant, players: u8) -> GameOptions {
    GameOptions::Attrition(Options::with_players(variant, players).unwrap())
}

fn game(variant: Variant, players: u8, moves: &str) -> Position {
    match play(options(variant, players), moves) {
        AnyGame::Attrition(p) => p,
        AnyGame::Cheversi(_) => unreachable!(),
    }
}

fn duel(moves: &str) -> Position {
    game(Variant::Duel, 2, moves)
}

/// The rule that forbids `text`, and the full message.
fn rejected(pos: &Position, text: &str) -> (Violation, String) {
    let mut copy = pos.clone();
    let mv: Move = text.parse().unwrap();
    let err = copy.try_play(mv).expect_err(text);
    assert_eq!(&copy, pos, "a rejected move changes nothing");
    (err.reason, err.to_string())
}

#[test]
fn setup_forbids_the_mirror_images_of_other_players_starts() {
    let pos = duel("Nd4");
    for mirror in ["e4", "d5", "e5"] {
        let (reason, _) = rejected(&pos, &format!("N{mirror}"));
        assert_eq!(
            reason,
            Violation::Mirror {
                owner: 0,
                start: sq("d4")
            }
        );
    }
    assert_eq!(
        rejected(&pos, "Ne5").1,
        "Ne5: mirror image of White's start d4"
    );
    assert_eq!(rejected(&pos, "Nd4").1, "Nd4: d4 is already occupied");
    // 64 squares less d4 and its three mirrors.
    assert_eq!(legal_texts(&AnyGame::Attrition(pos)).len(), 60);
}

#[test]
fn a_players_own_start_does_not_restrict_it() {
    let pos = game(Variant::TwoKnights, 2, "Nd4");
    assert!(pos.check("Be5".parse().unwrap()).is_ok());
    let pos = game(Variant::TwoKnights, 2, "Nd4 Be5");
    // Black is barred from the mirrors of both of White's starts.
    assert_eq!(
        rejected(&pos, "Nd5").0,
        Violation::Mirror {
            owner: 0,
            start: sq("d4")
        }
    );
    assert_eq!(
        rejected(&pos, "Ne4").0,
        Violation::Mirror {
            owner: 0,
            start: sq("d4")
        }
    );
    assert_eq!(rejected(&pos, "Bd4").1, "Bd4: d4 is already occupied");
    // e5's mirrors are d5, e4 and d4: the same four squares are closed.
    assert_eq!(legal_texts(&AnyGame::Attrition(pos)).len(), 2 * 60);
}

#[test]
fn two_piece_setup_is_both_pieces_of_the_first_player_in_either_order() {
    let pos = game(Variant::TwoKnights, 2, "Ba1");
    assert_eq!(pos.to_move(), Some(0));
    assert_eq!(
        rejected(&pos, "Bb1").0,
        Violation::AlreadyPlaced {
            piece: Piece::Second
        }
    );
    let pos = game(Variant::TwoKnights, 2, "Ba1 Nh8");
    assert_eq!(pos.to_move(), Some(1));
    let pos = duel("Na1");
    assert_eq!(rejected(&pos, "Bb1").0, Violation::NoSecondPiece);
}

#[test]
fn every_square_landed_on_is_marked_for_good() {
    let pos = duel("Nd4 Nh8 d4-f5 h8-g6");
    assert!(pos.markers().contains(sq("d4")) && pos.markers().contains(sq("f5")));
    assert_eq!(rejected(&pos, "f5-d4").1, "f5-d4: d4 is marked");
    assert_eq!(
        rejected(&pos, "f5-d5").1,
        "f5-d5: f5 to d5 is not a knight's move"
    );
    assert_eq!(
        rejected(&pos, "g6-e5").1,
        "g6-e5: the piece on g6 is Black's"
    );
    assert_eq!(rejected(&pos, "a1-b3").1, "a1-b3: there is no piece on a1");
    assert_eq!(rejected(&pos, "Na1").0, Violation::SetupOver);
    let pos = duel("Nd4");
    assert_eq!(rejected(&pos, "d4-f5").0, Violation::StillInSetup);
}

#[test]
fn capturing_the_opponents_knight_wins_the_duel_at_once() {
    let pos = duel("Nd4 Nf5");
    let game = AnyGame::Attrition(pos.clone());
    assert!(legal_texts(&game).contains(&"d4-f5".to_string()));
    assert_eq!(game.notation(game.parse_move("d4-f5").unwrap()), "d4xf5");
    let pos = duel("Nd4 Nf5 d4xf5");
    assert_eq!(pos.winner(), Some(0));
    assert_eq!(pos.to_move(), None);
    assert_eq!(pos.slot(1, Piece::Knight), Slot::Captured);
    assert_eq!(pos.piece_at(sq("f5")), Some((0, Piece::Knight)));
}

#[test]
fn a_piece_on_a_marked_square_can_be_captured() {
    // Black's knight stands on b3, its own (marked) start square.
    let pos = duel("Nc1 Nb3");
    assert!(pos.markers().contains(sq("b3")));
    assert!(pos.check("c1-b3".parse().unwrap()).is_ok());
}

#[test]
fn with_no_jump_on_your_turn_you_lose_the_duel_but_only_when_it_comes() {
    // White starts on b3 and leaves it marked; Black goes c2 → a1, whose
    // only jumps are b3 and c2, both marked.
    let pos = duel("Nb3 Nc2 b3-d4 c2-a1");
    assert_eq!(
        pos.winner(),
        None,
        "moving into a dead end is not yet losing"
    );
    assert_eq!(pos.to_move(), Some(0));
    let pos = duel("Nb3 Nc2 b3-d4 c2-a1 d4-f5");
    assert_eq!(pos.outcome(), Some(Outcome::Winner(0)));
    assert_eq!(pos.slot(1, Piece::Knight), Slot::Stuck);
}

/// Two-piece setup where Black's Knight ends up stuck on a1 (its jumps b3
/// and c2 are marked by White's pieces, which leave them).
const BLACK_KNIGHT_STUCK: &str = "Nc2 Bb3 Na1 Bh8 c2-e3 b3-d4";

#[test]
fn two_knights_a_stuck_piece_is_lost_after_the_other_jumps() {
    let pos = game(Variant::TwoKnights, 2, BLACK_KNIGHT_STUCK);
    assert_eq!(pos.to_move(), Some(1));
    // Only the second piece can jump; the Knight has no jump.
    let legal = legal_texts(&AnyGame::Attrition(pos.clone()));
    assert!(legal.iter().all(|m| m.starts_with("h8")), "{legal:?}");
    let pos = game(
        Variant::TwoKnights,
        2,
        &format!("{BLACK_KNIGHT_STUCK} h8-g6"),
    );
    assert_eq!(
        pos.slot(1, Piece::Knight),
        Slot::Stuck,
        "lost once the other piece has jumped"
    );
    assert!(!pos.occupied().contains(sq("a1")));
    assert!(pos.markers().contains(sq("a1")), "its markers stay");
    assert_eq!(pos.winner(), None, "two-knights: one piece left, play on");
    assert_eq!(pos.to_move(), Some(0));
}

#[test]
fn sudden_death_losing_either_piece_loses() {
    let pos = game(Variant::SuddenDeath, 2, BLACK_KNIGHT_STUCK);
    assert_eq!(pos.winner(), None, "Black still makes its other jump first");
    let pos = game(
        Variant::SuddenDeath,
        2,
        &format!("{BLACK_KNIGHT_STUCK} h8-g6"),
    );
    assert_eq!(pos.outcome(), Some(Outcome::Winner(0)));
}

#[test]
fn sudden_death_the_other_jump_can_still_win_by_capture() {
    // Black's second piece can capture White's piece on e3 while its Knight
    // on a1 is stuck: the capture decides the game first.
    let pos = game(Variant::SuddenDeath, 2, "Nc2 Bb3 Na1 Bg4 c2-e3 b3-d4");
    assert!(pos.check("g4-e3".parse().unwrap()).is_ok());
    let pos = game(Variant::SuddenDeath, 2, "Nc2 Bb3 Na1 Bg4 c2-e3 b3-d4 g4xe3");
    assert_eq!(pos.outcome(), Some(Outcome::Winner(1)));
}

#[test]
fn each_piece_jumps_once_a_turn_in_any_order() {
    let pos = game(Variant::TwoKnights, 2, "Nd4 Bh1 Nb7 Bb8");
    assert_eq!(pos.to_move(), Some(0));
    let pos2 = game(Variant::TwoKnights, 2, "Nd4 Bh1 Nb7 Bb8 h1-g3");
    assert_eq!(pos2.to_move(), Some(0), "the Knight still has to jump");
    assert_eq!(
        rejected(&pos2, "g3-e4").1,
        "g3-e4: the piece on g3 has already jumped this turn"
    );
    let pos3 = game(Variant::TwoKnights, 2, "Nd4 Bh1 Nb7 Bb8 h1-g3 d4-f5");
    assert_eq!(pos3.to_move(), Some(1));
    assert!(
        pos.check("d4-f5".parse().unwrap()).is_ok(),
        "either piece may go first"
    );
}

#[test]
fn a_self_capture_loses_your_piece_and_in_sudden_death_the_game() {
    // White's Knight on d4 and second piece on f5 are a knight's move apart.
    let setup = "Nd4 Bf5 Nh8 Ba8";
    let pos = game(Variant::TwoKnights, 2, &format!("{setup} d4xf5"));
    assert_eq!(pos.slot(0, Piece::Second), Slot::Captured);
    assert_eq!(pos.winner(), None);
    assert_eq!(
        pos.to_move(),
        Some(1),
        "the captured piece no longer has to jump"
    );
    let pos = game(Variant::SuddenDeath, 2, &format!("{setup} d4xf5"));
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Winner(1)),
        "a self-capture loses at once"
    );
}

#[test]
fn two_knights_you_lose_when_both_pieces_are_lost() {
    // Black's Knight is captured; then its second piece is captured too.
    let pos = game(Variant::TwoKnights, 2, "Nd4 Bh1 Nf5 Bb8 d4xf5");
    assert_eq!(pos.slot(1, Piece::Knight), Slot::Captured);
    assert_eq!(pos.winner(), None, "Black still has its second piece");
    let mut game = AnyGame::Attrition(pos);
    // Play on at random until the end: it must end with a winner and a
    // loser who has no piece left.
    let mut rng = cheversi_engine::rng::Rng::new(3);
    while !game.is_over() {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let mv = moves[rng.below(moves.len() as u32) as usize];
        game.try_play(mv).unwrap();
    }
    let AnyGame::Attrition(end) = game else {
        unreachable!()
    };
    let loser = 1 - end.winner().unwrap();
    assert!(Piece::BOTH
        .iter()
        .all(|&k| end.slot(loser, k).square().is_none()));
}

#[test]
fn melee_stuck_or_captured_players_are_out_and_the_last_one_wins() {
    let moves = "Nb3 Nc2 Nh8 b3-d4 c2-a1 h8-g6 d4-f5";
    let pos = game(Variant::Melee, 3, moves);
    assert!(pos.is_out(1), "Black had no jump on its turn");
    assert_eq!(pos.piece_at(sq("a1")), None, "its knight leaves the board");
    assert!(pos.markers().contains(sq("a1")), "its markers stay");
    assert_eq!(pos.to_move(), Some(2), "Red moves next, Black is skipped");
    assert_eq!(pos.winner(), None);
    let pos = game(Variant::Melee, 3, &format!("{moves} g6-e7 f5xe7"));
    assert!(pos.is_out(2));
    assert_eq!(pos.outcome(), Some(Outcome::Winner(0)));
}

#[test]
fn melee_with_four_players_sets_up_in_turn_order() {
    let pos = game(Variant::Melee, 4, "Na1 Nc3 Nf1");
    assert_eq!(pos.to_move(), Some(3));
    // a1's mirrors (h1 a8 h8), c3's (f3 c6 f6) and f1's (c1 f8 c8) are closed.
    assert_eq!(
        rejected(&pos, "Nc8").1,
        "Nc8: mirror image of Red's start f1"
    );
    assert_eq!(legal_texts(&AnyGame::Attrition(pos)).len(), 64 - 3 - 9);
    assert!(Options::with_players(Variant::Melee, 5).is_err());
    assert_eq!(
        Options::with_players(Variant::Duel, 3)
            .unwrap_err()
            .to_string(),
        "duel is for 2 players, not 3"
    );
}
