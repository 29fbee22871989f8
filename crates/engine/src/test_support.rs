//! What the unit tests of several files share.

use crate::game::GameState;
use crate::square::Square;

/// A square from its name (`"d4"`); the tests' names are right.
pub fn sq(name: &str) -> Square {
    name.parse().expect("a square's name")
}

/// `start` after `moves` (in notation, separated by spaces), each checked.
pub fn after<G: GameState>(start: G, moves: &str) -> G
where
    G::Reason: std::fmt::Debug,
{
    let mut pos = start;
    for text in moves.split_whitespace() {
        let mv = pos.parse_move(text).expect("a move's text");
        pos.try_play(mv).expect("a legal move");
    }
    pos
}

/// `text` with its `i`-th character (modulo its length) replaced by `c`:
/// the parsers' property tests damage a good file this way.
pub fn one_char_changed(text: &str, i: usize, c: char) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let i = i % chars.len();
    chars[i] = c;
    chars.into_iter().collect()
}
