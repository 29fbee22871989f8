//! Which of the two games, before its options are known.

use crate::names::UnknownName;
use std::fmt;
use std::str::FromStr;

/// Which game, before its options are known.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameKind {
    Cheversi,
    Attrition,
}

impl GameKind {
    pub const ALL: [GameKind; 2] = [GameKind::Cheversi, GameKind::Attrition];
    pub const NAMES: &'static [&'static str] = &["cheversi", "attrition"];

    /// The short name used in options, URLs and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Cheversi => "cheversi",
            GameKind::Attrition => "attrition",
        }
    }

    /// The full name, as records write it.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Cheversi => "Cheversi",
            GameKind::Attrition => "Chivalrous Attrition",
        }
    }
}

impl FromStr for GameKind {
    type Err = UnknownName;

    /// The short name or the full name, in any case.
    fn from_str(text: &str) -> Result<GameKind, UnknownName> {
        GameKind::ALL
            .into_iter()
            .find(|g| text.eq_ignore_ascii_case(g.name()) || text.eq_ignore_ascii_case(g.title()))
            .ok_or_else(|| UnknownName {
                what: "game",
                text: crate::game::quoted(text),
                allowed: GameKind::NAMES.to_vec(),
            })
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
