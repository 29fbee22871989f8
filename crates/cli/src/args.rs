//! The options every game-taking subcommand shares.

use crate::error::{other, CliError};
use cheversi_engine::attrition::{self, Variant};
use cheversi_engine::cheversi::{self, Count, RuleSet, Squares};
use cheversi_engine::record::play_movetext;
use cheversi_engine::{AnyGame, AnyMove, GameOptions};
use clap::{Args, ValueEnum};

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GameName {
    Cheversi,
    Attrition,
}

#[derive(Args, Clone)]
pub struct GameArgs {
    /// Which game.
    #[arg(long, value_enum, default_value = "cheversi")]
    pub game: GameName,
    /// Cheversi rule set: lewicki, lewicki-any, lewicki-free, brainking-classic, brainking.
    #[arg(long)]
    pub rules: Option<String>,
    /// Cheversi scoring count: multiplicity or distinct (default: the rule set's).
    #[arg(long)]
    pub count: Option<String>,
    /// Cheversi scoring squares: empty or all (default: the rule set's).
    #[arg(long)]
    pub squares: Option<String>,
    /// Attrition variant: duel, two-knights, sudden-death, melee.
    #[arg(long)]
    pub variant: Option<String>,
    /// Attrition players (melee: 3 or 4).
    #[arg(long)]
    pub players: Option<u8>,
    /// Moves played from the start, e.g. "Kd4 Qe5" or "1. Nd4 Ne6 2. d4-f5".
    #[arg(long, default_value = "")]
    pub moves: String,
}

impl GameArgs {
    pub fn options(&self) -> Result<GameOptions, CliError> {
        let misplaced =
            |flag: &str, game: &str| other(format!("--{flag} does not apply to --game {game}"));
        match self.game {
            GameName::Cheversi => {
                if self.variant.is_some() {
                    return Err(misplaced("variant", "cheversi"));
                }
                if self.players.is_some() {
                    return Err(misplaced("players", "cheversi"));
                }
                let rules: RuleSet = self
                    .rules
                    .as_deref()
                    .unwrap_or("lewicki")
                    .parse()
                    .map_err(other)?;
                let mut options = cheversi::Options::new(rules);
                if let Some(count) = &self.count {
                    options = options.with_count(count.parse::<Count>().map_err(other)?);
                }
                if let Some(squares) = &self.squares {
                    options = options.with_squares(squares.parse::<Squares>().map_err(other)?);
                }
                Ok(GameOptions::Cheversi(options))
            }
            GameName::Attrition => {
                for (flag, given) in [
                    ("rules", self.rules.is_some()),
                    ("count", self.count.is_some()),
                    ("squares", self.squares.is_some()),
                ] {
                    if given {
                        return Err(misplaced(flag, "attrition"));
                    }
                }
                let variant: Variant = self
                    .variant
                    .as_deref()
                    .unwrap_or("duel")
                    .parse()
                    .map_err(other)?;
                let options = match self.players {
                    None => attrition::Options::new(variant),
                    Some(n) => attrition::Options::with_players(variant, n).map_err(other)?,
                };
                Ok(GameOptions::Attrition(options))
            }
        }
    }

    /// The position after `--moves`, and the moves.
    pub fn play(&self) -> Result<(AnyGame, Vec<AnyMove>), CliError> {
        let mut game = self.options()?.start();
        let moves = play_movetext(&mut game, &self.moves)
            .map_err(|e| CliError::Move(format!("{} (--moves, column {})", e.message, e.column)))?;
        Ok((game, moves))
    }

    pub fn position(&self) -> Result<AnyGame, CliError> {
        self.play().map(|(game, _)| game)
    }
}
