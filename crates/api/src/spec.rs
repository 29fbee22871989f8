//! Game options as plain names, the way JavaScript, URLs and saved games
//! spell them: `{ game: "cheversi", rules: "brainking" }`,
//! `{ game: "attrition", variant: "melee", players: 3 }`.

use cheversi_engine::attrition::{self, Variant};
use cheversi_engine::cheversi::{self, Count, RuleSet, Squares};
use cheversi_engine::GameOptions;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GameSpec {
    /// `"cheversi"` or `"attrition"`.
    pub game: String,
    /// Cheversi rule set (default `lewicki`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// Cheversi scoring: `multiplicity` or `distinct`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<String>,
    /// Cheversi scoring: `empty` or `all`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub squares: Option<String>,
    /// Attrition variant (default `duel`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// Attrition melee: 3 or 4.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<u8>,
}

impl GameSpec {
    /// Checks the names; the error says which field is wrong and why.
    pub fn options(&self) -> Result<GameOptions, String> {
        let misplaced = |field: &str| Err(format!("'{field}' does not apply to {}", self.game));
        match self.game.to_ascii_lowercase().as_str() {
            "cheversi" => {
                if self.variant.is_some() {
                    return misplaced("variant");
                }
                if self.players.is_some() {
                    return misplaced("players");
                }
                let rules: RuleSet = self
                    .rules
                    .as_deref()
                    .unwrap_or("lewicki")
                    .parse()
                    .map_err(|e| format!("rules: {e}"))?;
                let mut options = cheversi::Options::new(rules);
                if let Some(count) = &self.count {
                    let count: Count = count.parse().map_err(|e| format!("count: {e}"))?;
                    options = options.with_count(count);
                }
                if let Some(squares) = &self.squares {
                    let squares: Squares = squares.parse().map_err(|e| format!("squares: {e}"))?;
                    options = options.with_squares(squares);
                }
                Ok(GameOptions::Cheversi(options))
            }
            "attrition" => {
                for (field, given) in [
                    ("rules", self.rules.is_some()),
                    ("count", self.count.is_some()),
                    ("squares", self.squares.is_some()),
                ] {
                    if given {
                        return misplaced(field);
                    }
                }
                let variant: Variant = self
                    .variant
                    .as_deref()
                    .unwrap_or("duel")
                    .parse()
                    .map_err(|e| format!("variant: {e}"))?;
                let options = match self.players {
                    None => attrition::Options::new(variant),
                    Some(n) => attrition::Options::with_players(variant, n)
                        .map_err(|e| format!("players: {e}"))?,
                };
                Ok(GameOptions::Attrition(options))
            }
            other => Err(format!(
                "game: unknown game '{other}' (expected cheversi or attrition)"
            )),
        }
    }

    /// Every field spelled out.
    pub fn of(options: GameOptions) -> GameSpec {
        match options {
            GameOptions::Cheversi(o) => GameSpec {
                game: "cheversi".into(),
                rules: Some(o.rules.name().into()),
                count: Some(o.scoring.count.name().into()),
                squares: Some(o.scoring.squares.name().into()),
                ..GameSpec::default()
            },
            GameOptions::Attrition(o) => GameSpec {
                game: "attrition".into(),
                variant: Some(o.variant().name().into()),
                players: Some(o.players()),
                ..GameSpec::default()
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(json: &str) -> Result<GameOptions, String> {
        serde_json::from_str::<GameSpec>(json)
            .map_err(|e| e.to_string())?
            .options()
    }

    #[test]
    fn names_round_trip_and_errors_say_which_field() {
        for json in [
            r#"{"game":"cheversi","rules":"brainking","count":"distinct"}"#,
            r#"{"game":"attrition","variant":"melee","players":4}"#,
            r#"{"game":"attrition"}"#,
        ] {
            let options = spec(json).unwrap();
            assert_eq!(GameSpec::of(options).options(), Ok(options));
        }
        assert!(spec(r#"{"game":"cheversi","rules":"x"}"#)
            .unwrap_err()
            .starts_with("rules: unknown rule set 'x'"));
        assert!(spec(r#"{"game":"cheversi","players":3}"#)
            .unwrap_err()
            .contains("'players'"));
        assert!(
            spec(r#"{"game":"attrition","variant":"melee","players":9}"#)
                .unwrap_err()
                .starts_with("players:")
        );
        assert!(spec(r#"{"game":"go"}"#)
            .unwrap_err()
            .contains("unknown game"));
        assert!(spec(r#"{"game":"cheversi","colour":"red"}"#).is_err());
    }
}
