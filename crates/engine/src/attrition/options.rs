//! Chivalrous Attrition's variants (docs/rules.md, "Variants").

use crate::names::named_enum;
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Variant {
    /// Two players, one knight each.
    Duel,
    /// Two players, two pieces each; a player loses when both are lost.
    TwoKnights,
    /// As `TwoKnights`, but losing either piece loses the game.
    SuddenDeath,
    /// Three or four players, one knight each; the last one left wins.
    Melee,
}

named_enum!(Variant, "variant", [
    Variant::Duel => "duel",
    Variant::TwoKnights => "two-knights",
    Variant::SuddenDeath => "sudden-death",
    Variant::Melee => "melee",
]);

impl Variant {
    pub const ALL: [Variant; 4] = [
        Variant::Duel,
        Variant::TwoKnights,
        Variant::SuddenDeath,
        Variant::Melee,
    ];

    /// True for the variants where each player has a second piece (`B`).
    pub const fn two_pieces(self) -> bool {
        matches!(self, Variant::TwoKnights | Variant::SuddenDeath)
    }

    pub const fn pieces_per_player(self) -> usize {
        if self.two_pieces() {
            2
        } else {
            1
        }
    }

    /// One line for menus and `--help`.
    pub const fn summary(self) -> &'static str {
        match self {
            Variant::Duel => "One knight each: capture the other knight or outlast it.",
            Variant::TwoKnights => "Two pieces each, both jump every turn; lose both and you lose.",
            Variant::SuddenDeath => {
                "Two pieces each, both jump every turn; lose either and you lose."
            }
            Variant::Melee => "Three or four players, one knight each; the last one standing wins.",
        }
    }
}

/// A variant and its number of players, known to fit together.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Options {
    variant: Variant,
    players: u8,
}

/// A number of players the variant is not played with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayersError {
    pub variant: Variant,
    pub players: u8,
}

impl fmt::Display for PlayersError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.variant {
            Variant::Melee => write!(f, "melee is for 3 or 4 players, not {}", self.players),
            v => write!(f, "{v} is for 2 players, not {}", self.players),
        }
    }
}

impl std::error::Error for PlayersError {}

impl Options {
    /// Every variant with its usual number of players (melee: 3).
    pub const fn new(variant: Variant) -> Options {
        Options {
            variant,
            players: if matches!(variant, Variant::Melee) {
                3
            } else {
                2
            },
        }
    }

    pub fn with_players(variant: Variant, players: u8) -> Result<Options, PlayersError> {
        let fits = match variant {
            Variant::Melee => (3..=4).contains(&players),
            _ => players == 2,
        };
        if fits {
            Ok(Options { variant, players })
        } else {
            Err(PlayersError { variant, players })
        }
    }

    pub fn variant(self) -> Variant {
        self.variant
    }

    pub fn players(self) -> u8 {
        self.players
    }
}
