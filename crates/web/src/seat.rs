//! Who plays a seat, and what a new game needs. A computer seat always
//! holds a real level: an unknown name is refused where it is read.

use crate::json_read::{newtype, text, unit, variant, Read};
use crate::json_tree::{JsonTree, Unread};
use crate::json_write::{self, JsonBuild, ToJson};
use crate::problem::{clip, Problem};
use cheversi_api::spec::GameSpec;
use cheversi_engine::ai::player::levels::Level;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(test, serde(try_from = "SeatName", into = "SeatName"))]
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
#[cfg(test)]
#[derive(serde::Serialize, serde::Deserialize)]
enum SeatName {
    Human,
    Remote,
    Computer(String),
}

/// A computer level read from a save that does not exist: serde says
/// only the name (the page words the problem itself).
#[cfg(test)]
#[derive(Debug)]
pub struct UnknownLevel(String);

#[cfg(test)]
impl std::fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "'{}'", self.0)
    }
}

#[cfg(test)]
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

impl Seat {
    /// A seat as a kept value spells it; an unknown level is refused
    /// ([`crate::stored::refuse`]), said as it is.
    pub fn from_tree<V: JsonTree>(tree: V) -> Read<Seat> {
        let (name, content) = variant(tree)?;
        match name.as_str() {
            "Human" => unit(&name, content).map(|()| Seat::Human),
            "Remote" => unit(&name, content).map(|()| Seat::Remote),
            "Computer" => {
                let level = newtype(&name, content, text)?;
                Seat::computer(&level).map_err(|problem| {
                    crate::stored::refuse(problem);
                    Unread::default()
                })
            }
            _ => Err(Unread::default()),
        }
    }
}

impl ToJson for Seat {
    fn to_json<J: JsonBuild>(&self) -> J {
        match self {
            Seat::Human => J::text("Human"),
            Seat::Remote => J::text("Remote"),
            Seat::Computer(level) => json_write::variant("Computer", J::text(level.name())),
        }
    }
}

#[cfg(test)]
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

/// Who starts (Attrition; in Cheversi White always places first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Starts {
    /// As the seats are listed.
    Listed,
    /// Any order of the players, each as likely: the rules' default.
    Random,
    /// The seat after the last game's winner, the listed order kept.
    Loser,
}

impl Starts {
    /// The New game dialog's value (`listed`, `random`, `loser`); none
    /// other is offered, and an unknown one keeps the listed order.
    pub fn parse(value: &str) -> Starts {
        match value {
            "random" => Starts::Random,
            "loser" => Starts::Loser,
            _ => Starts::Listed,
        }
    }
}

impl NewGame {
    /// Seats (and their names) in the order they play: `random` in
    /// [0, 1) numbers one of the orders, `last_winner` is the last game's
    /// winner at this device (none: the listed order stays).
    pub fn order(&mut self, starts: Starts, last_winner: Option<u8>, random: f64) {
        let n = self.seats.len();
        if n == 0 {
            return;
        }
        let order: Vec<usize> = match starts {
            Starts::Listed => (0..n).collect(),
            Starts::Loser => {
                let first = last_winner.map_or(0, |w| (w as usize + 1) % n);
                (0..n).map(|i| (first + i) % n).collect()
            }
            Starts::Random => {
                // The order numbered `k` of all n! (each seat's place
                // drawn in turn from those left).
                let total: usize = (1..=n).product();
                let mut k = ((random.clamp(0.0, 1.0) * total as f64) as usize).min(total - 1);
                let mut left: Vec<usize> = (0..n).collect();
                let mut order = Vec::with_capacity(n);
                for i in (0..n).rev() {
                    let f: usize = (1..=i).product();
                    order.push(left.remove(k / f));
                    k %= f;
                }
                order
            }
        };
        self.seats = order.iter().map(|&i| self.seats[i]).collect();
        if self.names.len() == n {
            self.names = order.iter().map(|&i| self.names[i].clone()).collect();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn four() -> NewGame {
        NewGame {
            spec: GameSpec::default(),
            seats: vec![
                Seat::Human,
                Seat::Computer(Level::Beginner),
                Seat::Computer(Level::Casual),
                Seat::Remote,
            ],
            undo_allowed: true,
            names: ["Ann", "Bo", "Cy", "Di"].map(String::from).to_vec(),
            id: None,
        }
    }

    /// Each name stays with its seat, whatever the order.
    fn pairs(g: &NewGame) -> Vec<(Seat, String)> {
        g.seats
            .iter()
            .copied()
            .zip(g.names.iter().cloned())
            .collect()
    }

    #[test]
    fn at_random_every_order_of_the_players_is_drawn_alike() {
        let listed = pairs(&four());
        // By the order of the names (each name stays with its seat).
        let mut seen = std::collections::HashMap::new();
        let draws = 24 * 10;
        for i in 0..draws {
            let mut g = four();
            g.order(Starts::Random, None, (i as f64 + 0.5) / draws as f64);
            let mut got = pairs(&g);
            *seen.entry(g.names.clone()).or_insert(0) += 1;
            got.sort_by_key(|(_, name)| name.clone());
            assert_eq!(got, listed, "the same players, names with their seats");
        }
        assert_eq!(seen.len(), 24, "every order of four");
        assert!(seen.values().all(|&n| n == 10), "each as often");
        // The ends of the range stay in it.
        for r in [0.0, 0.999_999_999, 1.0] {
            let mut g = four();
            g.order(Starts::Random, None, r);
            assert_eq!(g.seats.len(), 4);
        }
    }

    #[test]
    fn the_loser_starts_and_the_listed_order_is_kept() {
        let mut g = four();
        g.order(Starts::Loser, Some(1), 0.3);
        assert_eq!(g.names, ["Cy", "Di", "Ann", "Bo"]);
        assert_eq!(g.seats[0], Seat::Computer(Level::Casual));
        let mut g = four();
        g.order(Starts::Loser, None, 0.3);
        assert_eq!(g.names, ["Ann", "Bo", "Cy", "Di"], "no winner yet");
        let mut g = four();
        g.order(Starts::Listed, Some(2), 0.9);
        assert_eq!(pairs(&g), pairs(&four()));
        assert_eq!(Starts::parse("random"), Starts::Random);
        assert_eq!(Starts::parse("loser"), Starts::Loser);
        assert_eq!(Starts::parse("listed"), Starts::Listed);
        assert_eq!(Starts::parse("other"), Starts::Listed);
    }

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
