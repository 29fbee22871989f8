//! Who plays a seat, and what a new game needs. A computer seat always
//! holds a real level: an unknown name is refused where it is read.

use cheversi_api::spec::GameSpec;
use cheversi_engine::ai::levels::Level;
use serde::{Deserialize, Serialize};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "SeatName", into = "SeatName")]
pub enum Seat {
    Human,
    Computer(Level),
}

/// A seat as saved games spell it: `"Human"` or `{"Computer": "master"}`.
#[derive(Serialize, Deserialize)]
enum SeatName {
    Human,
    Computer(String),
}

impl TryFrom<SeatName> for Seat {
    type Error = String;
    fn try_from(name: SeatName) -> Result<Seat, String> {
        match name {
            SeatName::Human => Ok(Seat::Human),
            SeatName::Computer(level) => Seat::parse(&level),
        }
    }
}

impl From<Seat> for SeatName {
    fn from(seat: Seat) -> SeatName {
        match seat {
            Seat::Human => SeatName::Human,
            Seat::Computer(level) => SeatName::Computer(level.name().to_string()),
        }
    }
}

impl Seat {
    /// Every choice, as the New game dialog lists them.
    pub const CHOICES: [Seat; 5] = [
        Seat::Human,
        Seat::Computer(Level::Beginner),
        Seat::Computer(Level::Casual),
        Seat::Computer(Level::Strong),
        Seat::Computer(Level::Master),
    ];

    /// `human` or a level's name (`beginner` … `master`).
    pub fn parse(name: &str) -> Result<Seat, String> {
        match name {
            "human" => Ok(Seat::Human),
            level => level
                .parse::<Level>()
                .map(Seat::Computer)
                .map_err(|e| e.to_string()),
        }
    }

    /// The name [`Seat::parse`] reads.
    pub fn name(self) -> &'static str {
        match self {
            Seat::Human => "human",
            Seat::Computer(level) => level.name(),
        }
    }

    pub fn level(self) -> Option<Level> {
        match self {
            Seat::Human => None,
            Seat::Computer(level) => Some(level),
        }
    }
}

/// What a new game needs.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    pub spec: GameSpec,
    /// One per seat, in turn order (White first).
    pub seats: Vec<Seat>,
    pub undo_allowed: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_levels_are_refused_when_read() {
        let seats: Vec<Seat> = serde_json::from_str(r#"["Human",{"Computer":"casual"}]"#).unwrap();
        assert_eq!(seats, [Seat::Human, Seat::Computer(Level::Casual)]);
        let err = serde_json::from_str::<Vec<Seat>>(r#"["Human",{"Computer":"grandmaster"}]"#)
            .unwrap_err()
            .to_string();
        assert!(err.contains("grandmaster"), "{err}");
        assert_eq!(
            serde_json::to_string(&[Seat::Computer(Level::Master)]).unwrap(),
            r#"[{"Computer":"master"}]"#
        );
        assert!(Seat::parse("god").is_err());
        for seat in Seat::CHOICES {
            assert_eq!(Seat::parse(seat.name()), Ok(seat));
        }
        assert_eq!(
            Seat::CHOICES.iter().filter_map(|s| s.level()).count(),
            Level::ALL.len(),
            "every level is offered"
        );
        assert_eq!(Seat::parse("human"), Ok(Seat::Human));
    }
}
