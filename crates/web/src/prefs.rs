//! How the person likes the board shown: kept from one game to the next.

use crate::problem::{Expected, Problem};

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
}
