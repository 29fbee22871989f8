//! Game options from names: the one place that knows which option belongs
//! to which game, the defaults, and what a bad name or number is. The
//! command line, the web API and records all build their options here and
//! only word the errors their own way (flag, field or tag).

use crate::any::GameOptions;
use crate::attrition::{self, PlayersError, Variant};
use crate::cheversi::{self, Count, RuleSet, Squares};
pub use crate::game_kind::GameKind;
use crate::names::UnknownName;
use std::fmt;

/// One of the options that fix a game before its first move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum OptionField {
    Game,
    Rules,
    Count,
    Squares,
    Variant,
    Players,
}

impl OptionField {
    /// The options the builder takes after the game, in order.
    pub const SETTINGS: [OptionField; 5] = [
        OptionField::Rules,
        OptionField::Count,
        OptionField::Squares,
        OptionField::Variant,
        OptionField::Players,
    ];

    /// The lower-case name (a JSON field, a command-line flag).
    pub fn name(self) -> &'static str {
        match self {
            OptionField::Game => "game",
            OptionField::Rules => "rules",
            OptionField::Count => "count",
            OptionField::Squares => "squares",
            OptionField::Variant => "variant",
            OptionField::Players => "players",
        }
    }

    /// The game the option belongs to (`None` for the game itself).
    pub fn game(self) -> Option<GameKind> {
        match self {
            OptionField::Game => None,
            OptionField::Rules | OptionField::Count | OptionField::Squares => {
                Some(GameKind::Cheversi)
            }
            OptionField::Variant | OptionField::Players => Some(GameKind::Attrition),
        }
    }
}

impl fmt::Display for OptionField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An option's value, already read.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum OptionValue {
    Rules(RuleSet),
    Count(Count),
    Squares(Squares),
    Variant(Variant),
    Players(u8),
}

impl OptionValue {
    pub fn field(self) -> OptionField {
        match self {
            OptionValue::Rules(_) => OptionField::Rules,
            OptionValue::Count(_) => OptionField::Count,
            OptionValue::Squares(_) => OptionField::Squares,
            OptionValue::Variant(_) => OptionField::Variant,
            OptionValue::Players(_) => OptionField::Players,
        }
    }
}

/// What is wrong with one option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionProblem {
    /// Not one of the names the option takes.
    Unknown(UnknownName),
    /// The number of players is not a number.
    NotANumber(String),
    /// The option belongs to the other game.
    DoesNotApply(GameKind),
    /// The variant is not played with that many players.
    Players(PlayersError),
}

impl fmt::Display for OptionProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionProblem::Unknown(e) => e.fmt(f),
            OptionProblem::NotANumber(text) => {
                write!(f, "'{text}' is not a number of players")
            }
            OptionProblem::DoesNotApply(game) => write!(f, "it does not apply to {game}"),
            OptionProblem::Players(e) => e.fmt(f),
        }
    }
}

/// A wrong option: which one and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError {
    pub field: OptionField,
    pub problem: OptionProblem,
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.problem {
            OptionProblem::DoesNotApply(game) => {
                write!(f, "'{}' does not apply to {game}", self.field)
            }
            problem => write!(f, "{}: {problem}", self.field),
        }
    }
}

impl std::error::Error for OptionError {}

/// Builds [`GameOptions`] from a game and any of its options; an option
/// not given takes the game's default (Cheversi: the `lewicki` rule set
/// and that rule set's scoring; Attrition: `duel` and the variant's usual
/// number of players).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GameOptionsBuilder {
    game: GameKind,
    rules: Option<RuleSet>,
    count: Option<Count>,
    squares: Option<Squares>,
    variant: Option<Variant>,
    players: Option<u8>,
}

impl GameOptionsBuilder {
    pub fn new(game: GameKind) -> GameOptionsBuilder {
        GameOptionsBuilder {
            game,
            rules: None,
            count: None,
            squares: None,
            variant: None,
            players: None,
        }
    }

    /// A builder for the game of that name (`cheversi`, `attrition`, or
    /// the full name, in any case).
    pub fn named(game: &str) -> Result<GameOptionsBuilder, OptionError> {
        game.parse()
            .map(GameOptionsBuilder::new)
            .map_err(|e| OptionError {
                field: OptionField::Game,
                problem: OptionProblem::Unknown(e),
            })
    }

    pub fn game(&self) -> GameKind {
        self.game
    }

    /// Overrides one option; refuses an option of the other game.
    pub fn set(&mut self, value: OptionValue) -> Result<&mut Self, OptionError> {
        let field = value.field();
        if field.game() != Some(self.game) {
            return Err(OptionError {
                field,
                problem: OptionProblem::DoesNotApply(self.game),
            });
        }
        match value {
            OptionValue::Rules(v) => self.rules = Some(v),
            OptionValue::Count(v) => self.count = Some(v),
            OptionValue::Squares(v) => self.squares = Some(v),
            OptionValue::Variant(v) => self.variant = Some(v),
            OptionValue::Players(v) => self.players = Some(v),
        }
        Ok(self)
    }

    /// Reads an option's value from its name (a number for `players`) and
    /// sets it. Whether it applies is checked first, so a misplaced option
    /// is reported as such whatever its value.
    pub fn set_named(&mut self, field: OptionField, text: &str) -> Result<&mut Self, OptionError> {
        let error = |problem| OptionError { field, problem };
        if field.game() != Some(self.game) {
            return Err(error(OptionProblem::DoesNotApply(self.game)));
        }
        let unknown = |e| error(OptionProblem::Unknown(e));
        let value = match field {
            OptionField::Rules => OptionValue::Rules(text.parse().map_err(unknown)?),
            OptionField::Count => OptionValue::Count(text.parse().map_err(unknown)?),
            OptionField::Squares => OptionValue::Squares(text.parse().map_err(unknown)?),
            OptionField::Variant => OptionValue::Variant(text.parse().map_err(unknown)?),
            OptionField::Players => OptionValue::Players(
                text.trim()
                    .parse()
                    .map_err(|_| error(OptionProblem::NotANumber(crate::game::quoted(text))))?,
            ),
            // Never reached: the game has no game of its own (checked above).
            OptionField::Game => return Err(error(OptionProblem::DoesNotApply(self.game))),
        };
        self.set(value)
    }

    /// The options, each one not given at its default.
    pub fn build(&self) -> Result<GameOptions, OptionError> {
        match self.game {
            GameKind::Cheversi => {
                let mut options = cheversi::Options::new(self.rules.unwrap_or(RuleSet::Lewicki));
                if let Some(count) = self.count {
                    options = options.with_count(count);
                }
                if let Some(squares) = self.squares {
                    options = options.with_squares(squares);
                }
                Ok(GameOptions::Cheversi(options))
            }
            GameKind::Attrition => {
                let variant = self.variant.unwrap_or(Variant::Duel);
                let options = match self.players {
                    None => attrition::Options::new(variant),
                    Some(n) => {
                        attrition::Options::with_players(variant, n).map_err(|e| OptionError {
                            field: OptionField::Players,
                            problem: OptionProblem::Players(e),
                        })?
                    }
                };
                Ok(GameOptions::Attrition(options))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Options given as (field, name) pairs.
    type Named<'a> = &'a [(OptionField, &'a str)];

    fn build(game: &str, named: Named<'_>) -> Result<GameOptions, String> {
        let mut b = GameOptionsBuilder::named(game).map_err(|e| e.to_string())?;
        for &(field, text) in named {
            b.set_named(field, text).map_err(|e| e.to_string())?;
        }
        b.build().map_err(|e| e.to_string())
    }

    #[test]
    fn defaults_and_overrides() {
        assert_eq!(
            build("Cheversi", &[]),
            Ok(GameOptions::Cheversi(cheversi::Options::new(
                RuleSet::Lewicki
            )))
        );
        assert_eq!(
            build(
                "cheversi",
                &[
                    (OptionField::Rules, "brainking"),
                    (OptionField::Count, "distinct")
                ]
            ),
            Ok(GameOptions::Cheversi(
                cheversi::Options::new(RuleSet::Brainking).with_count(Count::Distinct)
            ))
        );
        assert_eq!(
            build("Chivalrous Attrition", &[]),
            Ok(GameOptions::Attrition(attrition::Options::new(
                Variant::Duel
            )))
        );
        assert_eq!(
            build(
                "ATTRITION",
                &[(OptionField::Variant, "melee"), (OptionField::Players, "4")]
            ),
            Ok(GameOptions::Attrition(
                attrition::Options::with_players(Variant::Melee, 4).unwrap()
            ))
        );
    }

    #[test]
    fn errors_name_the_option_the_value_and_the_reason() {
        let cases: [(&str, Named<'_>, &str); 6] = [
            (
                "go",
                &[],
                "game: unknown game 'go' (expected one of: cheversi, attrition)",
            ),
            (
                "cheversi",
                &[(OptionField::Rules, "x")],
                "rules: unknown rule set 'x'",
            ),
            (
                "cheversi",
                &[(OptionField::Variant, "not even a variant")],
                "'variant' does not apply to cheversi",
            ),
            (
                "attrition",
                &[(OptionField::Squares, "all")],
                "'squares' does not apply to attrition",
            ),
            (
                "attrition",
                &[(OptionField::Players, "three")],
                "players: 'three' is not a number of players",
            ),
            (
                "attrition",
                &[(OptionField::Variant, "melee"), (OptionField::Players, "5")],
                "players: melee is for 3 or 4 players, not 5",
            ),
        ];
        for (game, named, expected) in cases {
            let got = build(game, named).unwrap_err();
            assert!(
                got.starts_with(expected),
                "{got:?} should start with {expected:?}"
            );
        }
    }
}
