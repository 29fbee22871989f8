//! Plain, serialisable pictures of a game for front ends: what stands
//! where, hands, attack counts, markers, scores, moves. Everything here is
//! read off the engine; no rule is decided in this file.
//!
//! Squares are indexed 0 = a1, 1 = b1, …, 63 = h8 and also given by name.

use cheversi_engine::attrition::{self, Piece as AttritionPiece, Slot};
use cheversi_engine::cheversi::{self, Color, Kind};
use cheversi_engine::{AnyGame, AnyMove, GameState, Outcome, Session, Square};
use serde::Serialize;

use crate::spec::GameSpec;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Snapshot {
    pub spec: GameSpec,
    /// Seat names in turn order ("White", "Black", "Red", "Blue").
    pub players: Vec<&'static str>,
    /// The seat to move, or none once the game is over.
    pub to_move: Option<u8>,
    pub over: bool,
    pub winner: Option<u8>,
    /// Cheversi: live scores per seat. Attrition: empty.
    pub scores: Vec<i32>,
    /// 64 entries, a1 first.
    pub board: Vec<Option<BoardPiece>>,
    /// Pieces in hand per seat, in a fixed order (K Q R B N; N B).
    pub hands: Vec<Vec<HandPiece>>,
    /// Cheversi: per seat, 64 counts of attackers. Attrition: empty.
    pub attacks: Vec<Vec<u8>>,
    /// Attrition: the marked squares, 64 flags. Cheversi: empty.
    pub markers: Vec<bool>,
    /// Attrition setup: per seat, the squares its mirror rule forbids.
    pub forbidden: Vec<Vec<bool>>,
    /// Attrition: seats out of the game.
    pub out: Vec<bool>,
    /// Squares the last move touched (placement square; jump from and to).
    pub last_move: Vec<u8>,
    /// Every move in notation, including undone ones after `cursor`.
    pub moves: Vec<String>,
    /// The seat that played each of `moves`.
    pub movers: Vec<u8>,
    /// How many of `moves` the shown position has.
    pub cursor: usize,
    /// Attrition: pieces that still have to jump this turn (letters).
    pub still_to_jump: Vec<char>,
    pub in_setup: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BoardPiece {
    pub player: u8,
    /// Notation letter: K Q R B N (Cheversi), N or B (Attrition).
    pub piece: char,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct HandPiece {
    pub piece: char,
    pub count: u8,
}

/// The full picture of the session's shown position.
pub fn snapshot(session: &Session) -> Snapshot {
    let game = session.current();
    let players = (0..game.players() as u8)
        .map(|p| game.player_name(p))
        .collect();
    let last_move = match session.cursor() {
        0 => Vec::new(),
        n => touched(session.moves()[n - 1]),
    };
    let mut snap = Snapshot {
        spec: GameSpec::of(session.options()),
        players,
        to_move: game.to_move(),
        over: game.is_over(),
        winner: game.outcome().and_then(Outcome::winner),
        scores: game.scores(),
        board: vec![None; 64],
        hands: Vec::new(),
        attacks: Vec::new(),
        markers: Vec::new(),
        forbidden: Vec::new(),
        out: Vec::new(),
        last_move,
        moves: session.notations(),
        movers: (0..session.moves().len())
            .map(|i| {
                session
                    .position_at(i)
                    .and_then(|p| p.to_move())
                    .unwrap_or(0)
            })
            .collect(),
        cursor: session.cursor(),
        still_to_jump: Vec::new(),
        in_setup: false,
    };
    match game {
        AnyGame::Cheversi(pos) => fill_cheversi(pos, &mut snap),
        AnyGame::Attrition(pos) => fill_attrition(pos, &mut snap),
    }
    snap
}

fn fill_cheversi(pos: &cheversi::Position, snap: &mut Snapshot) {
    for sq in Square::all() {
        snap.board[sq.index()] = pos.piece_at(sq).map(|(color, kind)| BoardPiece {
            player: color.index() as u8,
            piece: kind.letter(),
        });
    }
    for color in Color::BOTH {
        snap.hands.push(
            Kind::ALL
                .iter()
                .map(|&kind| HandPiece {
                    piece: kind.letter(),
                    count: pos.in_hand(color, kind),
                })
                .collect(),
        );
        snap.attacks.push(pos.attack_counts(color).to_vec());
    }
    snap.in_setup = !pos.is_over();
}

fn fill_attrition(pos: &attrition::Position, snap: &mut Snapshot) {
    let pieces: &[AttritionPiece] = if pos.variant().two_pieces() {
        &AttritionPiece::BOTH
    } else {
        &AttritionPiece::BOTH[..1]
    };
    for player in 0..pos.players() as u8 {
        let mut hand = Vec::new();
        for &piece in pieces {
            match pos.slot(player, piece) {
                Slot::At(sq) => {
                    snap.board[sq.index()] = Some(BoardPiece {
                        player,
                        piece: piece.letter(),
                    })
                }
                Slot::InHand => hand.push(HandPiece {
                    piece: piece.letter(),
                    count: 1,
                }),
                _ => {}
            }
        }
        snap.hands.push(hand);
        snap.forbidden.push(flags(pos.forbidden_for(player)));
        snap.out.push(pos.is_out(player));
    }
    snap.markers = flags(pos.markers());
    snap.in_setup = pos.in_setup();
    if !pos.in_setup() && !pos.is_over() {
        snap.still_to_jump = pos.still_to_jump().map(AttritionPiece::letter).collect();
    }
}

fn flags(squares: cheversi_engine::Bitboard) -> Vec<bool> {
    Square::all().map(|sq| squares.contains(sq)).collect()
}

/// The squares a move touches, for highlighting.
pub fn touched(mv: AnyMove) -> Vec<u8> {
    match mv {
        AnyMove::Cheversi(m) => vec![m.square.index() as u8],
        AnyMove::Attrition(attrition::Move::Place { square, .. }) => vec![square.index() as u8],
        AnyMove::Attrition(attrition::Move::Jump { from, to }) => {
            vec![from.index() as u8, to.index() as u8]
        }
    }
}

/// What a player picks before choosing a square: a piece letter to place
/// (`"Q"`, `"N"`), or the square of an Attrition piece to jump (`"d4"`).
pub fn selector(mv: AnyMove) -> String {
    match mv {
        AnyMove::Cheversi(m) => m.kind.letter().to_string(),
        AnyMove::Attrition(attrition::Move::Place { piece, .. }) => piece.letter().to_string(),
        AnyMove::Attrition(attrition::Move::Jump { from, .. }) => from.to_string(),
    }
}

/// The square a move goes to.
pub fn target(mv: AnyMove) -> Square {
    match mv {
        AnyMove::Cheversi(m) => m.square,
        AnyMove::Attrition(attrition::Move::Place { square, .. }) => square,
        AnyMove::Attrition(attrition::Move::Jump { to, .. }) => to,
    }
}

/// Every legal move in notation.
pub fn legal_moves(game: &AnyGame) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.into_iter().map(|mv| game.notation(mv)).collect()
}

/// Squares (0..64) the chosen piece may go to. An unknown or unplayable
/// selector has none.
pub fn legal_targets(game: &AnyGame, chosen: &str) -> Vec<u8> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    // In square order without a sort (whose code would weigh on the wasm
    // module): the squares as bits of one mask.
    let mask = moves
        .into_iter()
        .filter(|&mv| selector(mv).eq_ignore_ascii_case(chosen))
        .fold(0u64, |mask, mv| mask | 1 << target(mv).index());
    (0..64u8).filter(|&i| mask >> i & 1 == 1).collect()
}

/// The move text for a selector and a square: `Q` + d4 → `Qd4`, d4 + f5 →
/// `d4-f5`.
pub fn move_text(chosen: &str, square: Square) -> String {
    if chosen.len() == 2 && chosen.parse::<Square>().is_ok() {
        format!("{chosen}-{square}")
    } else {
        format!("{chosen}{square}")
    }
}

/// Why `text` cannot be played here, or `None` when it can.
pub fn why_not(game: &AnyGame, text: &str) -> Option<String> {
    match game.parse_move(text.trim()) {
        Err(e) => Some(e.to_string()),
        Ok(mv) => game
            .check_move(mv)
            .err()
            .map(|reason| format!("{}: {reason}", game.notation(mv))),
    }
}

/// Cheversi: the scores after `text` would be played (the preview of a
/// placement); `None` when it is not a legal Cheversi move.
pub fn preview_scores(game: &AnyGame, text: &str) -> Option<Vec<i32>> {
    let mv = game.parse_move(text.trim()).ok()?;
    let mut next = game.clone();
    next.try_play(mv).ok()?;
    matches!(next, AnyGame::Cheversi(_)).then(|| next.scores())
}

/// Cheversi: each placed piece's contribution to its side's score.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PiecePoints {
    pub player: u8,
    pub piece: char,
    pub square: String,
    pub points: i32,
}

/// The game-over summary: points per piece, in placement order.
pub fn breakdown(game: &AnyGame) -> Vec<PiecePoints> {
    let AnyGame::Cheversi(pos) = game else {
        return Vec::new();
    };
    pos.placements()
        .iter()
        .enumerate()
        .map(|(i, placed)| PiecePoints {
            player: Color::of_ply(i).index() as u8,
            piece: placed.kind.letter(),
            square: placed.square.to_string(),
            points: pos.points_of_placement(i),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::GameSpec;

    fn session(game: &str, extra: &str, moves: &[&str]) -> Session {
        let spec: GameSpec =
            serde_json::from_str(&format!(r#"{{"game":"{game}"{extra}}}"#)).unwrap();
        let mut s = Session::new(spec.options().unwrap());
        for m in moves {
            s.play_text(m).unwrap();
        }
        s
    }

    #[test]
    fn cheversi_snapshot_matches_the_engine() {
        let s = session("cheversi", r#","rules":"brainking""#, &["Kd4", "Qe5"]);
        let snap = snapshot(&s);
        assert_eq!(snap.players, ["White", "Black"]);
        assert_eq!(snap.to_move, Some(0));
        let d4: Square = "d4".parse().unwrap();
        assert_eq!(
            snap.board[d4.index()],
            Some(BoardPiece {
                player: 0,
                piece: 'K'
            })
        );
        assert_eq!(
            snap.hands[1][1],
            HandPiece {
                piece: 'Q',
                count: 0
            }
        );
        assert_eq!(
            snap.hands[0][2],
            HandPiece {
                piece: 'R',
                count: 2
            }
        );
        assert_eq!(
            snap.last_move,
            vec!["e5".parse::<Square>().unwrap().index() as u8]
        );
        // By hand: the Queen on e5 attacks the King on d4 (and stops
        // there), the King attacks the Queen; nothing else is attacked twice.
        let at = |name: &str| name.parse::<Square>().unwrap().index();
        assert_eq!(snap.attacks[1][at("d4")], 1);
        assert_eq!(snap.attacks[1][at("c3")], 0, "behind the King");
        assert_eq!(snap.attacks[1][at("e1")], 1);
        assert_eq!(snap.attacks[0][at("e5")], 1);
        assert_eq!(snap.attacks[0][at("f5")], 0);
        assert_eq!(snap.attacks[0].iter().map(|&c| c as u32).sum::<u32>(), 8);
        assert_eq!(snap.attacks, naive_attacks(&snap.board));
        assert_eq!(snap.scores, s.current().scores());
        assert_eq!(snap.moves, ["Kd4", "Qe5"]);
        assert_eq!(snap.movers, [0, 1]);
    }

    /// Attack counts per seat straight from the chess moves, square by
    /// square, for checking the snapshot's counts.
    fn naive_attacks(board: &[Option<BoardPiece>]) -> Vec<Vec<u8>> {
        let mut counts = vec![vec![0u8; 64]; 2];
        let on_board = |f: i32, r: i32| (0..8).contains(&f) && (0..8).contains(&r);
        for (i, piece) in board.iter().enumerate() {
            let Some(piece) = piece else { continue };
            let (f, r) = ((i % 8) as i32, (i / 8) as i32);
            // Every step of one or two squares, chosen by its shape:
            // the king's are at most one square each way, the knight's
            // are one way 1 and the other 2, rook and bishop slide.
            let steps = |keep: fn(i32, i32) -> bool| -> Vec<(i32, i32)> {
                (-2..=2)
                    .flat_map(|df| (-2..=2).map(move |dr| (df, dr)))
                    .filter(|&(df, dr)| keep(df, dr))
                    .collect()
            };
            let king = steps(|df, dr| df.abs() <= 1 && dr.abs() <= 1 && (df, dr) != (0, 0));
            let knight = steps(|df, dr| (df * dr).abs() == 2);
            let straight = steps(|df, dr| df.abs() + dr.abs() == 1);
            let diagonal = steps(|df, dr| df.abs() == 1 && dr.abs() == 1);
            let (steps, slides): (Vec<(i32, i32)>, bool) = match piece.piece {
                'K' => (king, false),
                'N' => (knight, false),
                'R' => (straight, true),
                'B' => (diagonal, true),
                'Q' => ([straight, diagonal].concat(), true),
                other => panic!("not a Cheversi piece: {other}"),
            };
            for (df, dr) in steps {
                let (mut tf, mut tr) = (f + df, r + dr);
                while on_board(tf, tr) {
                    let target = (tr * 8 + tf) as usize;
                    counts[piece.player as usize][target] += 1;
                    if !slides || board[target].is_some() {
                        break;
                    }
                    tf += df;
                    tr += dr;
                }
            }
        }
        counts
    }

    #[test]
    fn attack_counts_match_the_chess_moves_all_game_long() {
        // A full game with lines blocked and crossing: every position's
        // counts against the naive count.
        let moves = [
            "Kd4", "Ka8", "Qe4", "Qb8", "Rd5", "Ra7", "Re5", "Rb7", "Bc4", "Bc8", "Bf4", "Bd8",
            "Nc5", "Ne8", "Nf5", "Nh8",
        ];
        let mut s = session("cheversi", r#","rules":"lewicki-free""#, &[]);
        for mv in moves {
            s.play_text(mv).unwrap();
            let snap = snapshot(&s);
            assert_eq!(snap.attacks, naive_attacks(&snap.board), "after {mv}");
        }
    }

    /// Against the plain way: every legal move's target for the
    /// selector, sorted, without repeats.
    #[test]
    fn legal_targets_are_the_sorted_targets_of_the_legal_moves() {
        let positions = [
            session("cheversi", "", &[]),
            session("cheversi", "", &["Kd4", "Qe5", "Nd5"]),
            session(
                "cheversi",
                r#","rules":"brainking""#,
                &["Kd4", "Qe5", "Qc3", "Rd5"],
            ),
            session("attrition", "", &["Nd4", "Nf6", "d4-b5"]),
            session("attrition", r#","variant":"two-knights""#, &[]),
            session(
                "attrition",
                r#","variant":"melee","players":4"#,
                &["Nd4", "Ne6", "Nc5", "Nf3"],
            ),
        ];
        let mut checked = 0;
        for s in &positions {
            let game = s.current();
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let mut selectors: Vec<String> = moves.iter().map(|&mv| selector(mv)).collect();
            selectors.extend(["Z".to_string(), "a1".to_string()]);
            for chosen in selectors {
                let mut plain: Vec<u8> = moves
                    .iter()
                    .filter(|&&mv| selector(mv).eq_ignore_ascii_case(&chosen))
                    .map(|&mv| target(mv).index() as u8)
                    .collect();
                plain.sort();
                plain.dedup();
                assert_eq!(legal_targets(game, &chosen), plain, "{chosen}");
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked} selectors");
    }

    #[test]
    fn targets_and_reasons() {
        let s = session("cheversi", "", &["Kd4"]);
        let game = s.current();
        let targets = legal_targets(game, "Q");
        assert_eq!(targets.len(), 8, "the squares the King attacks");
        for &t in &targets {
            let text = move_text("Q", Square::new(t).unwrap());
            assert_eq!(why_not(game, &text), None);
        }
        let reason = why_not(game, "Qa8").unwrap();
        assert!(reason.starts_with("Qa8: "), "{reason}");
        assert!(why_not(game, "Xa8").is_some());
        assert!(legal_targets(game, "Z").is_empty());
        let before = game.scores();
        let after = preview_scores(game, "Qd5").unwrap();
        assert_ne!(before, after);
        assert_eq!(preview_scores(game, "Qa8"), None);
    }

    #[test]
    fn attrition_snapshot_and_jumps() {
        let s = session("attrition", "", &["Nd4", "Nf6"]);
        let snap = snapshot(&s);
        assert!(!snap.in_setup);
        assert_eq!(snap.markers.iter().filter(|&&m| m).count(), 2);
        assert_eq!(snap.still_to_jump, ['N']);
        let targets = legal_targets(s.current(), "d4");
        assert!(!targets.is_empty());
        for &t in &targets {
            let text = move_text("d4", Square::new(t).unwrap());
            assert_eq!(why_not(s.current(), &text), None, "{text}");
        }
        let s = session("attrition", r#","variant":"melee","players":3"#, &["Nd4"]);
        let snap = snapshot(&s);
        assert_eq!(snap.players.len(), 3);
        let e5: Square = "e5".parse().unwrap();
        assert!(snap.forbidden[1][e5.index()], "e5 mirrors d4");
    }

    #[test]
    fn breakdown_adds_up_to_the_scores() {
        let mut s = session("cheversi", r#","count":"multiplicity""#, &[]);
        while let Some(mv) = legal_moves(s.current()).first().cloned() {
            s.play_text(&mv).unwrap();
        }
        let parts = breakdown(s.current());
        assert_eq!(parts.len(), 16);
        for player in 0..2u8 {
            let sum: i32 = parts
                .iter()
                .filter(|p| p.player == player)
                .map(|p| p.points)
                .sum();
            assert_eq!(sum, s.current().scores()[player as usize]);
        }
    }
}
