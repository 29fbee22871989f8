//! Who plays a seat, and what a new game needs. A computer seat always
//! holds a real level: an unknown name is refused where it is read.

use crate::problem::{clip, Problem};
use cheversi_api::spec::GameSpec;
use cheversi_engine::ai::player::levels::Level;
use serde::{Deserialize, Serialize};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "SeatName", into = "SeatName")]
pub enum Seat {
    /// A person at this device.
    Human,
    /// A friend on another device: their moves come by link
    /// (correspondence games).
    Remote,
    Computer(Level),
}

/// A seat as saved games spell it: `"Human"`, `"Remote"` or
/// `{"Computer": "master"}`.
#[derive(Serialize, Deserialize)]
enum SeatName {
    Human,
    Remote,
    Computer(String),
}

/// A computer level read from a save that does not exist: serde says
/// only the name (the page words the problem itself).
#[derive(Debug)]
pub struct UnknownLevel(String);

impl std::fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "'{}'", self.0)
    }
}

impl TryFrom<SeatName> for Seat {
    type Error = UnknownLevel;
    fn try_from(name: SeatName) -> Result<Seat, UnknownLevel> {
        match name {
            SeatName::Human => Ok(Seat::Human),
            SeatName::Remote => Ok(Seat::Remote),
            SeatName::Computer(level) => Seat::computer(&level).map_err(|problem| {
                // Said as it is where a kept value is read.
                crate::stored::refuse(problem);
                UnknownLevel(clip(&level))
            }),
        }
    }
}

impl From<Seat> for SeatName {
    fn from(seat: Seat) -> SeatName {
        match seat {
            Seat::Human => SeatName::Human,
            Seat::Remote => SeatName::Remote,
            Seat::Computer(level) => SeatName::Computer(level.name().to_string()),
        }
    }
}

impl Seat {
    /// Every choice, as the New game dialog lists them.
    pub const CHOICES: [Seat; 6] = [
        Seat::Human,
        Seat::Remote,
        Seat::Computer(Level::Beginner),
        Seat::Computer(Level::Casual),
        Seat::Computer(Level::Strong),
        Seat::Computer(Level::Master),
    ];

    /// `human`, `remote` or a level's name (`beginner` … `master`).
    pub fn parse(name: &str) -> Result<Seat, Problem> {
        match name {
            "human" => Ok(Seat::Human),
            "remote" => Ok(Seat::Remote),
            level => Seat::computer(level),
        }
    }

    /// The computer at the level of this name.
    pub fn computer(name: &str) -> Result<Seat, Problem> {
        name.parse::<Level>()
            .map(Seat::Computer)
            .map_err(|_| Problem::UnknownLevel {
                key: "seats",
                value: clip(name),
            })
    }

    /// The name [`Seat::parse`] reads.
    pub fn name(self) -> &'static str {
        match self {
            Seat::Human => "human",
            Seat::Remote => "remote",
            Seat::Computer(level) => level.name(),
        }
    }

    pub fn level(self) -> Option<Level> {
        match self {
            Seat::Human | Seat::Remote => None,
            Seat::Computer(level) => Some(level),
        }
    }

    /// A person, here or on another device.
    pub fn is_person(self) -> bool {
        matches!(self, Seat::Human | Seat::Remote)
    }
}

/// What a new game needs.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    pub spec: GameSpec,
    /// One per seat, in turn order (White first).
    pub seats: Vec<Seat>,
    pub undo_allowed: bool,
    /// The players' names, one per seat (empty: none given).
    pub names: Vec<String>,
    /// A new correspondence game's id (the shell draws it); used only
    /// when a seat is [`Seat::Remote`].
    pub id: Option<String>,
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
        assert_eq!(
            Seat::parse("god"),
            Err(Problem::UnknownLevel {
                key: "seats",
                value: "god".into()
            })
        );
        for seat in Seat::CHOICES {
            assert_eq!(Seat::parse(seat.name()), Ok(seat));
        }
        assert_eq!(
            Seat::CHOICES.iter().filter_map(|s| s.level()).count(),
            Level::ALL.len(),
            "every level is offered"
        );
        assert_eq!(Seat::parse("human"), Ok(Seat::Human));
        assert_eq!(Seat::parse("remote"), Ok(Seat::Remote));
        let remote: Vec<Seat> = serde_json::from_str(r#"["Remote"]"#).unwrap();
        assert_eq!(remote, [Seat::Remote]);
    }
}
