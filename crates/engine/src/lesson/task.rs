//! What a lesson step asks, as the lesson file writes it (`attack:Q:12`,
//! `scored:w`, `best:win`, `capture`, …). Each kind is checked by the
//! engine in `judge.rs`; none is a scripted single answer.

use crate::cheversi::{Color, Kind, RuleSet};
use crate::data_file::words;
use std::fmt;
use std::str::FromStr;

/// What "the best placement" must reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// Any placement that wins with best play.
    Win,
    /// Any placement that at least draws with best play.
    Draw,
    /// Any placement that reaches the best final margin.
    Most,
}

/// One step's task.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// Cheversi: place this piece where it attacks at least this many squares.
    Attack { kind: Kind, at_least: u32 },
    /// Cheversi: place this piece where it attacks the most squares it can.
    AttackMost { kind: Kind },
    /// Cheversi: tap every square this side scores.
    Scored { color: Color },
    /// Cheversi: tap every square where this piece may go next.
    Legal { kind: Kind },
    /// Cheversi: a placement judged by the exact search.
    Best(Aim),
    /// Cheversi: a placement legal here that this other rule set forbids
    /// in the same position.
    Differs { rules: RuleSet },
    /// Attrition: a jump that captures.
    Capture,
    /// Attrition setup: tap every square the mirror rule forbids.
    Mirror,
    /// Attrition: a move that wins with best play (the solver judges).
    WinJump,
    /// The duel: a jump after which the opponent cannot leave you without
    /// a jump within this many of your turns (plain minimax judges).
    Survive { turns: u8 },
    /// Any legal move: a step that shows a rule by doing it.
    Any,
}

impl Task {
    /// Whether the answer is a set of squares tapped (else one move).
    pub fn is_set(self) -> bool {
        matches!(
            self,
            Task::Scored { .. } | Task::Legal { .. } | Task::Mirror
        )
    }

    /// Whether the task is about Cheversi (else Attrition, or either).
    pub fn game(self) -> Option<bool> {
        match self {
            Task::Capture | Task::Mirror | Task::WinJump | Task::Survive { .. } => Some(false),
            Task::Any => None,
            _ => Some(true),
        }
    }

    /// The kind's name, as the file and the page's data attributes write it.
    pub fn kind_name(self) -> &'static str {
        match self {
            Task::Attack { .. } => "attack",
            Task::AttackMost { .. } => "attack-most",
            Task::Scored { .. } => "scored",
            Task::Legal { .. } => "legal",
            Task::Best(_) => "best",
            Task::Differs { .. } => "differs",
            Task::Capture => "capture",
            Task::Mirror => "mirror",
            Task::WinJump => "win",
            Task::Survive { .. } => "survive",
            Task::Any => "any",
        }
    }
}

impl fmt::Display for Task {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Task::Attack { kind, at_least } => write!(f, "attack:{}:{at_least}", kind.letter()),
            Task::AttackMost { kind } => write!(f, "attack:{}:most", kind.letter()),
            Task::Scored { color } => write!(f, "scored:{}", color_letter(color)),
            Task::Legal { kind } => write!(f, "legal:{}", kind.letter()),
            Task::Best(aim) => write!(
                f,
                "best:{}",
                match aim {
                    Aim::Win => "win",
                    Aim::Draw => "draw",
                    Aim::Most => "most",
                }
            ),
            Task::Differs { rules } => write!(f, "differs:{rules}"),
            Task::Survive { turns } => write!(f, "survive:{turns}"),
            other => f.write_str(other.kind_name()),
        }
    }
}

fn color_letter(color: Color) -> char {
    match color {
        Color::White => 'w',
        Color::Black => 'b',
    }
}

/// The task field is not one of the kinds; says which part and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadTask(pub String);

impl FromStr for Task {
    type Err = BadTask;
    fn from_str(text: &str) -> Result<Task, BadTask> {
        let parts: Vec<&str> = text.split(':').collect();
        let bad = |why: &str| BadTask(words!("'{text}': {why}"));
        let kind = |p: &str| {
            let mut chars = p.chars();
            match (chars.next().and_then(Kind::from_letter), chars.next()) {
                (Some(k), None) if p.chars().all(|c| c.is_ascii_uppercase()) => Ok(k),
                _ => Err(bad("the piece is one of K, Q, R, B, N")),
            }
        };
        let no_more = |task: Task, n: usize| {
            if parts.len() == n {
                Ok(task)
            } else {
                Err(bad(&words!("{} takes {} part(s)", parts[0], n - 1)))
            }
        };
        match parts[0] {
            "attack" if parts.len() == 3 => {
                let k = kind(parts[1])?;
                if parts[2] == "most" {
                    return Ok(Task::AttackMost { kind: k });
                }
                let at_least = parts[2]
                    .parse::<u32>()
                    .ok()
                    .filter(|n| (1..=27).contains(n))
                    .ok_or_else(|| bad("the count is 1 to 27, or most"))?;
                Ok(Task::Attack { kind: k, at_least })
            }
            "attack" => Err(bad("attack:PIECE:COUNT or attack:PIECE:most")),
            "scored" => {
                let color = match parts.get(1).copied() {
                    Some("w") => Color::White,
                    Some("b") => Color::Black,
                    _ => return Err(bad("scored:w or scored:b")),
                };
                no_more(Task::Scored { color }, 2)
            }
            "legal" => no_more(Task::Legal { kind: kind(parts.get(1).copied().unwrap_or(""))? }, 2),
            "best" => {
                let aim = match parts.get(1).copied() {
                    Some("win") => Aim::Win,
                    Some("draw") => Aim::Draw,
                    Some("most") => Aim::Most,
                    _ => return Err(bad("best:win, best:draw or best:most")),
                };
                no_more(Task::Best(aim), 2)
            }
            "differs" => {
                let rules = parts
                    .get(1)
                    .and_then(|r| r.parse::<RuleSet>().ok())
                    .ok_or_else(|| bad("differs:RULE-SET"))?;
                no_more(Task::Differs { rules }, 2)
            }
            "survive" => {
                let turns = parts
                    .get(1)
                    .and_then(|n| n.parse::<u8>().ok())
                    .filter(|n| (1..=4).contains(n))
                    .ok_or_else(|| bad("survive:TURNS, 1 to 4"))?;
                no_more(Task::Survive { turns }, 2)
            }
            "capture" => no_more(Task::Capture, 1),
            "mirror" => no_more(Task::Mirror, 1),
            "win" => no_more(Task::WinJump, 1),
            "any" => no_more(Task::Any, 1),
            _ => Err(bad(
                "not a task (attack, scored, legal, best, differs, capture, mirror, win, survive, any)",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_task_reads_back_as_written() {
        for text in [
            "attack:Q:12",
            "attack:N:most",
            "scored:w",
            "scored:b",
            "legal:B",
            "best:win",
            "best:draw",
            "best:most",
            "differs:lewicki-free",
            "capture",
            "mirror",
            "win",
            "survive:2",
            "any",
        ] {
            let task: Task = text.parse().expect(text);
            assert_eq!(task.to_string(), text);
        }
    }

    #[test]
    fn bad_tasks_say_what_is_wrong() {
        for (text, part) in [
            ("attack:Z:3", "K, Q, R, B, N"),
            ("attack:Q:0", "1 to 27"),
            ("attack:Q:28", "1 to 27"),
            ("attack:Q", "attack:PIECE"),
            ("scored:x", "scored:w"),
            ("legal:q", "K, Q, R, B, N"),
            ("legal:QQ", "K, Q, R, B, N"),
            ("best:lose", "best:win"),
            ("differs:chess", "RULE-SET"),
            ("capture:1", "takes 0"),
            ("survive:0", "1 to 4"),
            ("survive", "1 to 4"),
            ("jump", "not a task"),
            ("", "not a task"),
        ] {
            let BadTask(why) = text.parse::<Task>().expect_err(text);
            // Worded for the command line's tools only (`data_file::words`).
            assert!(
                !cfg!(feature = "tools") || why.contains(part),
                "{text}: {why}"
            );
        }
    }
}
