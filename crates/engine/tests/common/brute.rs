//! Brute force's answers, stored: plain minimax over the last placements
//! of many Cheversi positions is most of a minute of every test run, so
//! `data/brute_force.txt` keeps what it said, as `data/perft.txt` keeps
//! perft counts. `tests/ai.rs`'s ignored
//! `the_stored_brute_force_values_are_minimax` recomputes every line. How
//! every stored-answers file is read and asked (this one,
//! `data/plain_search.txt`, `data/duel_minimax.txt`) is here too, and how
//! the Cheversi ones name a position.

use cheversi_engine::ai::cheversi::PlainScore;
use cheversi_engine::ai::search::minimax::minimax;
use cheversi_engine::cheversi::{self, Move};
use cheversi_engine::game::Player;
use cheversi_engine::GameOptions;
use std::collections::HashMap;
use std::sync::OnceLock;

pub const FILE: &str = include_str!("../data/brute_force.txt");

/// Positions with fewer placements left are quick to search: the file
/// keeps only the slower ones.
pub const STORED_FROM_LEFT: usize = 3;

/// `minimax(pos, &PlainScore, me, 16, ply)`: the final margin for `me`
/// (eighths) with best play to the end, from the file when it has the
/// position. A slow position not in it is searched here and its line
/// printed, for the file.
pub fn brute_force(pos: &cheversi::Position, me: Player, ply: i32) -> i32 {
    if cheversi::PLIES - pos.ply() < STORED_FROM_LEFT {
        return minimax(pos, &PlainScore, me, 16, ply);
    }
    static STORED: Stored = OnceLock::new();
    stored_answer(
        &STORED,
        FILE,
        &key(pos, me, ply),
        |value| value.parse().expect("a number"),
        || minimax(pos, &PlainScore, me, 16, ply),
        i32::to_string,
    )
}

/// A stored-answers file read into a map of key to values, once.
pub type Stored = OnceLock<HashMap<&'static str, &'static str>>;

/// The answer `file` stores for `key`, read by `parse`. A key the file
/// lacks is answered by `compute`, and its line (`show` writes the
/// values) printed, for the file.
pub fn stored_answer<T>(
    stored: &'static Stored,
    file: &'static str,
    key: &str,
    parse: impl FnOnce(&str) -> T,
    compute: impl FnOnce() -> T,
    show: impl FnOnce(&T) -> String,
) -> T {
    let stored = stored.get_or_init(|| stored_lines(file).collect());
    if let Some(values) = stored.get(key) {
        return parse(values);
    }
    let answer = compute();
    eprintln!("{key} = {}", show(&answer));
    answer
}

/// A stored-answers file's lines (`KEY = VALUES`, `#` comments) as (key,
/// values).
pub fn stored_lines(text: &'static str) -> impl Iterator<Item = (&'static str, &'static str)> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_once(" = ").expect("KEY = VALUES"))
}

/// A question as the file names it: rule set, count, squares, whose
/// margin, the ply it is asked at, the placements.
pub fn key(pos: &cheversi::Position, me: Player, ply: i32) -> String {
    format!(
        "{} {me} {ply}{}",
        options_key(&pos.options()),
        placements_key(pos)
    )
}

/// Options as the stored files name them: rule set, count, squares.
pub fn options_key(o: &cheversi::Options) -> String {
    format!(
        "{:?} {:?} {:?}",
        o.rules, o.scoring.count, o.scoring.squares
    )
}

/// The placements as the stored files name them, each after a space.
pub fn placements_key(pos: &cheversi::Position) -> String {
    pos.placements()
        .iter()
        .map(|p| {
            let mv = Move {
                kind: p.kind,
                square: p.square,
            };
            format!(" {mv}")
        })
        .collect()
}

/// The options [`options_key`] names in three words, and the position
/// after the placements named by the words after `skip` more.
pub fn position_of(words: &[&str], skip: usize) -> cheversi::Position {
    let options = super::all_kinds()
        .into_iter()
        .find_map(|kind| match kind {
            GameOptions::Cheversi(o) if options_key(&o) == words[..3].join(" ") => Some(o),
            _ => None,
        })
        .expect("known options");
    let mut pos = cheversi::Position::new(options);
    for mv in &words[3 + skip..] {
        pos.place_unchecked(mv.parse().expect("a placement"));
    }
    pos
}

/// The question a key names: the position, `me` and the ply.
pub fn parse_key(key: &str) -> (cheversi::Position, Player, i32) {
    let words: Vec<&str> = key.split_whitespace().collect();
    (
        position_of(&words, 2),
        words[3].parse().expect("me"),
        words[4].parse().expect("ply"),
    )
}
