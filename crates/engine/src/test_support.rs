//! What the unit tests of several files share.

use crate::square::Square;

/// A square from its name (`"d4"`); the tests' names are right.
pub fn sq(name: &str) -> Square {
    name.parse().expect("a square's name")
}
