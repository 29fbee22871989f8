//! Either game, chosen at run time: what the CLI, records and the web API use.

use crate::attrition;
use crate::cheversi;
use crate::game::{GameState, Outcome, ParseMoveError, Player};
use crate::game_kind::GameKind;
use std::fmt;

/// Everything that fixes a game before its first move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameOptions {
    Cheversi(cheversi::Options),
    Attrition(attrition::Options),
}

impl GameOptions {
    pub fn kind(self) -> GameKind {
        match self {
            GameOptions::Cheversi(_) => GameKind::Cheversi,
            GameOptions::Attrition(_) => GameKind::Attrition,
        }
    }

    /// The game's name as records write it.
    pub fn game_name(self) -> &'static str {
        self.kind().title()
    }

    pub fn players(self) -> usize {
        match self {
            GameOptions::Cheversi(_) => 2,
            GameOptions::Attrition(o) => o.players() as usize,
        }
    }

    pub fn start(self) -> AnyGame {
        match self {
            GameOptions::Cheversi(o) => AnyGame::Cheversi(cheversi::Position::new(o)),
            GameOptions::Attrition(o) => AnyGame::Attrition(attrition::Position::new(o)),
        }
    }
}

/// A position of either game.
#[derive(Clone, Debug)]
pub enum AnyGame {
    Cheversi(cheversi::Position),
    Attrition(attrition::Position),
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AnyMove {
    Cheversi(cheversi::Move),
    Attrition(attrition::Move),
}

impl fmt::Display for AnyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyMove::Cheversi(m) => m.fmt(f),
            AnyMove::Attrition(m) => m.fmt(f),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AnyViolation {
    Cheversi(cheversi::Violation),
    Attrition(attrition::Violation),
    /// A move of the other game (never produced by parsing).
    WrongGame,
}

impl fmt::Display for AnyViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyViolation::Cheversi(v) => v.fmt(f),
            AnyViolation::Attrition(v) => v.fmt(f),
            AnyViolation::WrongGame => f.write_str("that is a move of the other game"),
        }
    }
}

/// Runs `$body` with `$pos` bound to whichever position `$game` holds.
macro_rules! each {
    ($game:expr, $pos:ident => $body:expr) => {
        match $game {
            AnyGame::Cheversi($pos) => $body,
            AnyGame::Attrition($pos) => $body,
        }
    };
}

impl AnyGame {
    pub fn options(&self) -> GameOptions {
        match self {
            AnyGame::Cheversi(p) => GameOptions::Cheversi(p.options()),
            AnyGame::Attrition(p) => GameOptions::Attrition(p.options()),
        }
    }

    /// Live scores `[White, Black]` for Cheversi; none for Attrition.
    pub fn scores(&self) -> Vec<i32> {
        match self {
            AnyGame::Cheversi(p) => p.scores().to_vec(),
            AnyGame::Attrition(_) => Vec::new(),
        }
    }

    /// Moves played so far.
    pub fn ply(&self) -> usize {
        each!(self, p => p.ply())
    }
}

impl GameState for AnyGame {
    type Move = AnyMove;
    type Reason = AnyViolation;

    fn players(&self) -> usize {
        each!(self, p => GameState::players(p))
    }

    fn to_move(&self) -> Option<Player> {
        each!(self, p => GameState::to_move(p))
    }

    fn outcome(&self) -> Option<Outcome> {
        each!(self, p => GameState::outcome(p))
    }

    fn legal_moves(&self, out: &mut Vec<AnyMove>) {
        fn wrapped<G: GameState>(pos: &G, wrap: fn(G::Move) -> AnyMove, out: &mut Vec<AnyMove>) {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            out.extend(moves.into_iter().map(wrap));
        }
        match self {
            AnyGame::Cheversi(p) => wrapped(p, AnyMove::Cheversi, out),
            AnyGame::Attrition(p) => wrapped(p, AnyMove::Attrition, out),
        }
    }

    fn count_legal_moves(&self) -> u64 {
        each!(self, p => p.count_legal_moves())
    }

    fn play_unchecked(&mut self, mv: AnyMove) {
        match (self, mv) {
            (AnyGame::Cheversi(p), AnyMove::Cheversi(m)) => p.play_unchecked(m),
            (AnyGame::Attrition(p), AnyMove::Attrition(m)) => p.play_unchecked(m),
            _ => debug_assert!(false, "a move of the other game"),
        }
    }

    fn check_move(&self, mv: AnyMove) -> Result<(), AnyViolation> {
        match (self, mv) {
            (AnyGame::Cheversi(p), AnyMove::Cheversi(m)) => {
                p.check(m).map_err(AnyViolation::Cheversi)
            }
            (AnyGame::Attrition(p), AnyMove::Attrition(m)) => {
                p.check(m).map_err(AnyViolation::Attrition)
            }
            _ => Err(AnyViolation::WrongGame),
        }
    }

    fn parse_move(&self, text: &str) -> Result<AnyMove, ParseMoveError> {
        match self {
            AnyGame::Cheversi(p) => p.parse_move(text).map(AnyMove::Cheversi),
            AnyGame::Attrition(p) => p.parse_move(text).map(AnyMove::Attrition),
        }
    }

    fn notation(&self, mv: AnyMove) -> String {
        match (self, mv) {
            (AnyGame::Cheversi(p), AnyMove::Cheversi(m)) => p.notation(m),
            (AnyGame::Attrition(p), AnyMove::Attrition(m)) => p.notation(m),
            _ => mv.to_string(),
        }
    }

    fn player_name(&self, player: Player) -> &'static str {
        each!(self, p => p.player_name(player))
    }
}
