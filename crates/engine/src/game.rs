//! What every game here has in common: turns, moves, legality, the end.
//! Perft, records and the search are written once against [`GameState`].

pub use crate::quoted::{clipped, quoted};
use crate::square::ParseSquareError;
use std::fmt;
use std::hash::Hash;

/// A seat, numbered in turn order from 0 (White, or the first player).
pub type Player = u8;

/// How a finished game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    Winner(Player),
    Draw,
}

impl Outcome {
    pub fn winner(self) -> Option<Player> {
        match self {
            Outcome::Winner(p) => Some(p),
            Outcome::Draw => None,
        }
    }
}

/// A move text that does not name a move of this game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    /// The text, quoted ([`quoted`]).
    pub text: String,
    pub reason: MoveSyntax,
}

/// Why a text is not a move, as data: worded in English by
/// [`ParseMoveError`]'s `Display` (the command line's), by the page in its
/// own language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveSyntax {
    /// No text, where a move of Cheversi (`cheversi`) or of Attrition was
    /// expected.
    Empty { cheversi: bool },
    /// Cheversi: the first letter names no piece.
    NotAPiece(char),
    /// The square named is not one.
    Square(ParseSquareError),
    /// Attrition: neither a placement nor a jump.
    NeitherPlacementNorJump,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reason = match &self.reason {
            MoveSyntax::Empty { cheversi: true } => {
                "empty move (expected a placement like Kd4)".to_string()
            }
            MoveSyntax::Empty { cheversi: false } => "empty move (expected Nd4 or d4-f5)".into(),
            MoveSyntax::NotAPiece(letter) => format!(
                "'{letter}' is not a piece: a placement is K, Q, R, B or N then a square, like Kd4"
            ),
            MoveSyntax::Square(e) => e.to_string(),
            MoveSyntax::NeitherPlacementNorJump => {
                "expected a placement (N or B then a square, like Nd4) or a jump (like d4-f5)"
                    .into()
            }
        };
        // A line at most: the reason may quote the text too.
        let reason = clipped(&reason, 100);
        // An empty move has nothing to quote.
        match self.text.as_str() {
            "" => f.write_str(&reason),
            text => write!(f, "{text}: {reason}"),
        }
    }
}

impl std::error::Error for ParseMoveError {}

/// A well-formed move that the rules forbid here, with the rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove<R> {
    /// The move as its writer wrote it where it was read from text, else
    /// in canonical notation.
    pub notation: String,
    pub reason: R,
}

impl<R> IllegalMove<R> {
    /// The error naming the move as `text` wrote it (`e4-f6`, not the
    /// canonical `e4xf6`): what the reader will look for.
    pub fn as_written(self, text: &str) -> IllegalMove<R> {
        IllegalMove {
            notation: text.to_string(),
            ..self
        }
    }
}

impl<R: fmt::Display> fmt::Display for IllegalMove<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.notation, self.reason)
    }
}

impl<R: fmt::Display + fmt::Debug> std::error::Error for IllegalMove<R> {}

/// A position of one of the games, with its rules.
pub trait GameState: Clone {
    type Move: Copy + Eq + Hash + fmt::Debug;
    /// Why a move is illegal: one variant per rule.
    type Reason: fmt::Display + fmt::Debug + Clone + PartialEq;

    /// Number of seats at the start.
    fn players(&self) -> usize;
    /// The seat to move, or `None` once the game is over.
    fn to_move(&self) -> Option<Player>;
    fn outcome(&self) -> Option<Outcome>;
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
    /// Appends every legal move to `out` (nothing when the game is over).
    fn legal_moves(&self, out: &mut Vec<Self::Move>);
    /// The number of legal moves, without listing them (bulk perft).
    fn count_legal_moves(&self) -> u64 {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.len() as u64
    }
    /// Plays a move the caller knows to be legal (the search's fast path).
    fn play_unchecked(&mut self, mv: Self::Move);
    /// `Ok` exactly when `mv` is legal here, else the rule that forbids it.
    fn check_move(&self, mv: Self::Move) -> Result<(), Self::Reason>;
    fn try_play(&mut self, mv: Self::Move) -> Result<(), IllegalMove<Self::Reason>> {
        match self.check_move(mv) {
            Ok(()) => {
                self.play_unchecked(mv);
                Ok(())
            }
            Err(reason) => Err(IllegalMove {
                notation: self.notation(mv),
                reason,
            }),
        }
    }
    /// Reads a move written in this game's notation (not yet checked).
    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseMoveError>;
    /// The canonical text of `mv` played from here (captures get an `x`).
    fn notation(&self, mv: Self::Move) -> String;
    /// The display name of a seat ("White", "Black", …).
    fn player_name(&self, player: Player) -> &'static str;
}
