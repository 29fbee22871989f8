//! Cheversi (Andy Lewicki, 2003): each side places K, Q, 2R, 2B, 2N on an
//! empty board and scores the squares its pieces attack.

mod movegen;
mod notation;
mod options;
mod piece;
mod position;
mod violation;

pub use movegen::Targets;
pub use notation::Move;
pub use options::{Count, Options, RuleSet, Scoring, Squares};
pub use piece::{Color, Kind};
pub use position::{piece_attacks, Placed, Position, PLIES};
pub use violation::Violation;

use crate::game::{GameState, Outcome, ParseMoveError, Player};

impl GameState for Position {
    type Move = Move;
    type Reason = Violation;

    fn players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Option<Player> {
        self.side_to_move().map(|c| c.index() as Player)
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.extend(self.targets().moves());
    }

    fn count_legal_moves(&self) -> u64 {
        self.targets().count() as u64
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.place_unchecked(mv);
    }

    fn check_move(&self, mv: Move) -> Result<(), Violation> {
        self.check(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        text.parse()
    }

    fn notation(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn player_name(&self, player: Player) -> &'static str {
        if player == 0 {
            Color::White.name()
        } else {
            Color::Black.name()
        }
    }
}
