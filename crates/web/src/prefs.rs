//! How the person likes the board shown: kept from one game to the next.

use crate::json_read::{boolean, text, Fields, Read};
use crate::json_tree::JsonTree;
use crate::json_write::{JsonBuild, ToJson};
use crate::problem::{Expected, Problem};
use crate::stored::Kept;

/// Which attack counts the board shows (Cheversi).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    Off,
    White,
    Black,
    Both,
}

impl Overlay {
    pub const ALL: [Overlay; 4] = [Overlay::Off, Overlay::White, Overlay::Black, Overlay::Both];

    /// The name used in URLs and host messages.
    pub fn name(self) -> &'static str {
        match self {
            Overlay::Off => "off",
            Overlay::White => "white",
            Overlay::Black => "black",
            Overlay::Both => "both",
        }
    }

    pub fn next(self) -> Overlay {
        let i = Overlay::ALL.iter().position(|&o| o == self).unwrap_or(0);
        Overlay::ALL[(i + 1) % Overlay::ALL.len()]
    }
}

impl std::str::FromStr for Overlay {
    type Err = Problem;
    fn from_str(text: &str) -> Result<Overlay, Problem> {
        Overlay::ALL
            .into_iter()
            .find(|o| o.name() == text)
            .ok_or_else(|| Problem::not_a("overlay", text, Expected::Overlay))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prefs {
    /// Cheversi: the first tap on a square previews the placement and its
    /// score change; a second tap places.
    pub confirm: bool,
    pub overlay: Overlay,
    pub flipped: bool,
    pub show_eval: bool,
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            confirm: true,
            overlay: Overlay::Off,
            flipped: false,
            show_eval: false,
        }
    }
}

/// The board choices kept from one visit to the next. The board's side
/// is not one: it follows the seat played.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(test, derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(test, serde(default))]
pub struct KeptPrefs {
    confirm: bool,
    /// An [`Overlay`]'s name; one this build does not know reads as off.
    overlay: String,
    show_eval: bool,
}

impl ToJson for KeptPrefs {
    fn to_json<J: JsonBuild>(&self) -> J {
        J::object(vec![
            ("confirm", self.confirm.to_json()),
            ("overlay", self.overlay.to_json()),
            ("show_eval", self.show_eval.to_json()),
        ])
    }
}

impl Default for KeptPrefs {
    fn default() -> KeptPrefs {
        Prefs::default().kept()
    }
}

impl Kept for KeptPrefs {
    const KIND: &'static str = "prefs";
    const VERSION: u32 = 1;

    /// Each field absent is its default.
    fn from_tree<V: JsonTree>(tree: V) -> Read<Self> {
        let d = KeptPrefs::default();
        let mut f = Fields::of("", Some(tree))?;
        Ok(KeptPrefs {
            confirm: f.or("confirm", boolean, d.confirm)?,
            overlay: f.or("overlay", text, d.overlay)?,
            show_eval: f.or("show_eval", boolean, d.show_eval)?,
        })
    }
}

impl Prefs {
    pub fn kept(&self) -> KeptPrefs {
        KeptPrefs {
            confirm: self.confirm,
            overlay: self.overlay.name().to_string(),
            show_eval: self.show_eval,
        }
    }

    /// These preferences with the kept choices.
    pub fn with_kept(self, kept: &KeptPrefs) -> Prefs {
        Prefs {
            confirm: kept.confirm,
            overlay: kept.overlay.parse().unwrap_or(Overlay::Off),
            show_eval: kept.show_eval,
            ..self
        }
    }

    /// What [`KeptPrefs`] holds, to see whether it changed.
    pub fn kept_part(&self) -> (bool, Overlay, bool) {
        (self.confirm, self.overlay, self.show_eval)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlay_names_read_back_and_cycle() {
        for o in Overlay::ALL {
            assert_eq!(o.name().parse::<Overlay>(), Ok(o));
        }
        assert_eq!(
            "red".parse::<Overlay>(),
            Err(Problem::not_a("overlay", "red", Expected::Overlay))
        );
        assert_eq!(Overlay::Off.next(), Overlay::White);
        assert_eq!(Overlay::Both.next(), Overlay::Off);
    }

    #[test]
    fn kept_choices_read_back_and_leave_the_side_alone() {
        let chosen = Prefs {
            confirm: false,
            overlay: Overlay::Black,
            flipped: false,
            show_eval: true,
        };
        let text = crate::stored::text_of(&chosen.kept());
        let read: KeptPrefs = crate::stored::read_text(&text).unwrap();
        let flipped = Prefs {
            flipped: true,
            ..Prefs::default()
        };
        assert_eq!(
            flipped.with_kept(&read),
            Prefs {
                flipped: true,
                ..chosen
            }
        );
        // A missing field keeps its default; an unknown overlay reads as off.
        let read: KeptPrefs = crate::stored::read_text(
            r#"{"kind":"prefs","version":1,"data":{"overlay":"red","show_eval":true}}"#,
        )
        .unwrap();
        let prefs = Prefs::default().with_kept(&read);
        assert!(prefs.confirm && prefs.show_eval);
        assert_eq!(prefs.overlay, Overlay::Off);
    }
}
