//! The options every game-taking subcommand shares.

use crate::error::{other, CliError};
use cheversi_engine::attrition::Variant;
use cheversi_engine::cheversi::{Count, RuleSet, Squares};
use cheversi_engine::game::GameState;
use cheversi_engine::options::OptionProblem;
use cheversi_engine::record::{Record, ResultTag};
use cheversi_engine::{AnyGame, AnyMove, GameKind, GameOptions, GameOptionsBuilder, OptionValue};
use clap::Args;

// clap reads every name with the engine's `FromStr`, so the command line
// takes exactly the names records and the web API take.
#[derive(Args, Clone)]
pub struct GameArgs {
    /// Which game: cheversi or attrition.
    #[arg(long, default_value = "cheversi")]
    pub game: GameKind,
    /// Cheversi rule set: lewicki, lewicki-any, lewicki-free, brainking-classic, brainking
    /// (default: lewicki).
    #[arg(long)]
    pub rules: Option<RuleSet>,
    /// Cheversi scoring count: multiplicity or distinct (default: the rule set's).
    #[arg(long)]
    pub count: Option<Count>,
    /// Cheversi scoring squares: empty or all (default: the rule set's).
    #[arg(long)]
    pub squares: Option<Squares>,
    /// Attrition variant: duel, two-knights, sudden-death, melee (default: duel).
    #[arg(long)]
    pub variant: Option<Variant>,
    /// Attrition players (melee: 3 or 4).
    #[arg(long)]
    pub players: Option<u8>,
    /// Moves played from the start, e.g. "Kd4 Qe5" or "1. Nd4 Ne6 2. d4-f5".
    #[arg(long, default_value = "")]
    pub moves: String,
}

impl GameArgs {
    pub fn options(&self) -> Result<GameOptions, CliError> {
        let mut builder = GameOptionsBuilder::new(self.game);
        let given = [
            self.rules.map(OptionValue::Rules),
            self.count.map(OptionValue::Count),
            self.squares.map(OptionValue::Squares),
            self.variant.map(OptionValue::Variant),
            self.players.map(OptionValue::Players),
        ];
        let flag_error = |e: cheversi_engine::OptionError| match e.problem {
            OptionProblem::DoesNotApply(game) => {
                other(format!("--{} does not apply to --game {game}", e.field))
            }
            problem => other(format!("--{}: {problem}", e.field)),
        };
        for value in given.into_iter().flatten() {
            builder.set(value).map_err(flag_error)?;
        }
        builder.build().map_err(flag_error)
    }

    /// The position after `--moves`, and the moves.
    pub fn play(&self) -> Result<(AnyGame, Vec<AnyMove>), CliError> {
        let record = Record::from_movetext(self.options()?, &self.moves).map_err(|e| {
            // Moves over several lines (pasted from a record) name the line.
            let at = if self.moves.contains('\n') {
                format!("line {}, column {}", e.line, e.column)
            } else {
                format!("column {}", e.column)
            };
            CliError::Move(format!("{} (--moves, {at})", e.message()))
        })?;
        // A result the moves do not reach (a resignation, a draw agreed)
        // would be dropped: `--moves` holds moves only.
        if record.result() != ResultTag::Unfinished && !record.final_position().is_over() {
            return Err(CliError::Move(
                "--moves holds moves only: a result such as 1-0 or 1/2-1/2 ends a record, not a game in progress".into(),
            ));
        }
        Ok((record.final_position().clone(), record.moves().to_vec()))
    }

    pub fn position(&self) -> Result<AnyGame, CliError> {
        self.play().map(|(game, _)| game)
    }
}
