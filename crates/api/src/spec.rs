//! Game options as plain names, the way JavaScript, URLs and saved games
//! spell them: `{ game: "cheversi", rules: "brainking" }`,
//! `{ game: "attrition", variant: "melee", players: 3 }`.

use cheversi_engine::{GameOptions, GameOptionsBuilder, OptionError, OptionField, OptionValue};
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
    /// Checks the names; the error says which field is wrong and why, in
    /// English (for JavaScript; the page words [`GameSpec::checked`]).
    pub fn options(&self) -> Result<GameOptions, String> {
        self.checked().map_err(|e| e.to_string())
    }

    /// Checks the names; the error is the engine's, as data.
    pub fn checked(&self) -> Result<GameOptions, OptionError> {
        let mut builder = GameOptionsBuilder::named(&self.game)?;
        for (field, name) in [
            (OptionField::Rules, &self.rules),
            (OptionField::Count, &self.count),
            (OptionField::Squares, &self.squares),
            (OptionField::Variant, &self.variant),
        ] {
            if let Some(name) = name {
                builder.set_named(field, name)?;
            }
        }
        if let Some(n) = self.players {
            builder.set(OptionValue::Players(n))?;
        }
        builder.build()
    }

    /// Every field spelled out.
    pub fn of(options: GameOptions) -> GameSpec {
        match options {
            GameOptions::Cheversi(o) => GameSpec {
                game: options.kind().name().into(),
                rules: Some(o.rules.name().into()),
                count: Some(o.scoring.count.name().into()),
                squares: Some(o.scoring.squares.name().into()),
                ..GameSpec::default()
            },
            GameOptions::Attrition(o) => GameSpec {
                game: options.kind().name().into(),
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
        assert_eq!(
            spec(r#"{"game":"Cheversi","variant":"duel"}"#),
            Err("'variant' does not apply to cheversi".to_string())
        );
        assert_eq!(
            spec(r#"{"game":"attrition","count":"distinct"}"#),
            Err("'count' does not apply to attrition".to_string())
        );
        assert!(spec(r#"{"game":"cheversi","squares":"some"}"#)
            .unwrap_err()
            .starts_with("squares: unknown squares setting 'some'"));
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

    /// The typed error is the one JavaScript gets as text.
    #[test]
    fn checked_gives_the_engine_error_as_data() {
        let bad = GameSpec {
            game: "cheversi".into(),
            rules: Some("x".into()),
            ..GameSpec::default()
        };
        let e = bad.checked().unwrap_err();
        assert_eq!(e.field, OptionField::Rules);
        assert!(
            matches!(e.problem, cheversi_engine::options::OptionProblem::Unknown(ref u) if u.text == "x")
        );
        assert_eq!(bad.options(), Err(e.to_string()));
    }
}
