//! The lesson file: a header line, then one step a line, six fields
//! separated by single spaces:
//!
//! ```text
//! #cheversi-lessons 1
//! <lesson> <step> <game> <moves> <task> <answer>
//! ```
//!
//! - `lesson`: 1 to 24 characters `a-z0-9-`; a lesson's steps are
//!   consecutive lines numbered from 1 (`step`).
//! - `game`: a Cheversi rule set with its scoring when it is not the rule
//!   set's own (`lewicki`, `lewicki/multiplicity`, `brainking/all`), or an
//!   Attrition variant (`duel`, `two-knights`, `sudden-death`, `melee/3`,
//!   `melee/4`).
//! - `moves`: the moves that reach the step's position, in record
//!   notation, separated by commas (`-` for none).
//! - `task`: what the step asks ([`Task`]).
//! - `answer`: one right answer (a move) for a task answered by a move, or
//!   `*` for a task answered by tapping squares: that set is computed.
//!
//! The words of each step live in the page's language files, not here.
//! Parsing replays every move, so a [`Step`] always stands on a real
//! position; whether its answer is right is `verify.rs`'s question.

use super::task::Task;
use crate::any::{AnyGame, GameOptions};
use crate::attrition::{self, Variant};
use crate::cheversi::{self, Count, RuleSet, Squares};
use crate::data_file::{play, play_all, words, Reason};
use crate::game::GameState;

/// The first line of a lesson file (its format's version).
pub const HEADER: &str = "#cheversi-lessons 1";

/// One step of a lesson, checked against the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    lesson: String,
    number: usize,
    game: String,
    options: GameOptions,
    moves: Vec<String>,
    task: Task,
    answer: Option<String>,
}

/// A lesson: its steps in order (at least one; only the file makes one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    id: String,
    steps: Vec<Step>,
}

impl Lesson {
    pub fn id(&self) -> &str {
        &self.id
    }
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }
    /// The game of the lesson's first step: Cheversi or Attrition.
    pub fn cheversi(&self) -> bool {
        matches!(self.steps[0].options, GameOptions::Cheversi(_))
    }
}

/// Where a lesson file is wrong (line from 1), which field (`header`,
/// `line`, `lesson`, `step`, `game`, `moves`, `task`, `answer`), and why.
pub type LessonError = crate::data_file::LineError;

/// The options a lesson's game field names.
pub fn game_options(name: &str) -> Result<GameOptions, String> {
    let mut parts = name.split('/');
    let first = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    if let Ok(rules) = first.parse::<RuleSet>() {
        let mut options = cheversi::Options::new(rules);
        for part in &rest {
            if let Ok(count) = part.parse::<Count>() {
                options = options.with_count(count);
            } else if let Ok(squares) = part.parse::<Squares>() {
                options = options.with_squares(squares);
            } else {
                return Err(words!(
                    "'{part}' is not a scoring (multiplicity, distinct, empty, all)"
                ));
            }
        }
        return Ok(GameOptions::Cheversi(options));
    }
    let variant: Variant = first
        .parse()
        .map_err(|_| words!("'{name}' is not a Cheversi rule set or an Attrition variant"))?;
    let options = match (variant, rest.as_slice()) {
        (Variant::Melee, [players]) => players
            .parse::<u8>()
            .ok()
            .and_then(|n| attrition::Options::with_players(variant, n).ok())
            .ok_or_else(|| words!("'{players}' players: melee is melee/3 or melee/4"))?,
        (Variant::Melee, _) => return Err(words!("melee needs its players: melee/3 or melee/4")),
        (_, []) => attrition::Options::new(variant),
        (_, _) => return Err(words!("{variant} takes no options")),
    };
    Ok(GameOptions::Attrition(options))
}

impl Step {
    /// A step from its fields, checked as the file's lines are.
    fn new(
        lesson: &str,
        number: usize,
        game: &str,
        moves: Vec<String>,
        task: Task,
        answer: &str,
    ) -> Result<Step, (&'static str, Reason)> {
        let options = game_options(game).map_err(|e| ("game", e.into()))?;
        let cheversi = matches!(options, GameOptions::Cheversi(_));
        // Holding out is judged by the duel's own solver.
        let duel = matches!(options, GameOptions::Attrition(o) if o.variant() == Variant::Duel);
        if task.game().is_some_and(|c| c != cheversi)
            || (matches!(task, Task::Survive { .. }) && !duel)
        {
            return Err(("task", words!("{task} is not a task of {game}").into()));
        }
        let mut pos = options.start();
        play_all(&mut pos, &moves).map_err(|reason| ("moves", reason))?;
        if pos.to_move().is_none() {
            return Err(("moves", words!("the game is over after these moves").into()));
        }
        let answer = match (task.is_set(), answer) {
            (true, "*") => None,
            (true, _) => {
                return Err((
                    "answer",
                    words!("{task} is answered by tapping squares: write *").into(),
                ))
            }
            (false, "*") => {
                return Err(("answer", words!("{task} needs a move as its answer").into()))
            }
            (false, text) => {
                pos.parse_move(text)
                    .map_err(|e| ("answer", words!("{e}").into()))?;
                Some(text.to_string())
            }
        };
        Ok(Step {
            lesson: lesson.to_string(),
            number,
            game: game.to_string(),
            options,
            moves,
            task,
            answer,
        })
    }

    pub fn lesson(&self) -> &str {
        &self.lesson
    }
    /// The step's number in its lesson, from 1.
    pub fn number(&self) -> usize {
        self.number
    }
    /// The game field as the file writes it.
    pub fn game(&self) -> &str {
        &self.game
    }
    pub fn options(&self) -> GameOptions {
        self.options
    }
    pub fn moves(&self) -> &[String] {
        &self.moves
    }
    pub fn task(&self) -> Task {
        self.task
    }
    /// The stated answer of a task answered by a move.
    pub fn answer(&self) -> Option<&str> {
        self.answer.as_deref()
    }
    /// The step's position.
    pub fn position(&self) -> AnyGame {
        let mut pos = self.options.start();
        for text in &self.moves {
            // Not `expect`: it would keep the error's Debug text in the page.
            let played = play(&mut pos, text);
            assert!(played.is_ok(), "checked when the step was read");
        }
        pos
    }

    /// The step as a line of the file.
    pub fn to_line(&self) -> String {
        let moves = if self.moves.is_empty() {
            "-".to_string()
        } else {
            self.moves.join(",")
        };
        format!(
            "{} {} {} {} {} {}",
            self.lesson,
            self.number,
            self.game,
            moves,
            self.task,
            self.answer.as_deref().unwrap_or("*")
        )
    }
}

fn valid_id(id: &str) -> bool {
    (1..=24).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// One line of the file (not a comment).
fn parse_line(text: &str) -> Result<Step, (&'static str, Reason)> {
    let fields: Vec<&str> = text.split(' ').collect();
    if fields.len() != 6 {
        return Err((
            "line",
            words!(
                "{} fields where 6 are needed (lesson step game moves task answer)",
                fields.len()
            )
            .into(),
        ));
    }
    if !valid_id(fields[0]) {
        return Err((
            "lesson",
            words!("'{}' is not 1 to 24 letters a-z, digits and -", fields[0]).into(),
        ));
    }
    let number = fields[1]
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=20).contains(n))
        .ok_or_else(|| {
            (
                "step",
                words!("'{}' is not a step number 1 to 20", fields[1]).into(),
            )
        })?;
    let task: Task = fields[4]
        .parse()
        .map_err(|e: super::task::BadTask| ("task", e.0.into()))?;
    let moves = if fields[3] == "-" {
        Vec::new()
    } else {
        fields[3].split(',').map(str::to_string).collect()
    };
    Step::new(fields[0], number, fields[2], moves, task, fields[5])
}

/// Reads a whole lesson file; the first problem found is the error.
pub fn parse_file(text: &str) -> Result<Vec<Lesson>, LessonError> {
    let mut lessons: Vec<Lesson> = Vec::new();
    // The ids read so far: a file of many lessons is read in linear time.
    let mut ids = std::collections::HashSet::new();
    for (line, text) in crate::data_file::item_lines(text, HEADER)? {
        let error = |(field, reason): (&'static str, Reason)| LessonError {
            line,
            field,
            reason,
        };
        let step = parse_line(text).map_err(error)?;
        let continues = lessons.last().is_some_and(|l| l.id == step.lesson);
        let expected = if continues {
            lessons.last().map_or(1, |l| l.steps.len() + 1)
        } else {
            1
        };
        if !continues && !ids.insert(step.lesson.clone()) {
            return Err(error((
                "lesson",
                words!(
                    "'{}' appeared before: a lesson's steps are consecutive lines",
                    step.lesson
                )
                .into(),
            )));
        }
        if step.number != expected {
            return Err(error((
                "step",
                words!("step {} where step {expected} comes next", step.number).into(),
            )));
        }
        if continues {
            let lesson = lessons.last_mut().expect("continues");
            if lesson.cheversi() != matches!(step.options, GameOptions::Cheversi(_)) {
                return Err(error((
                    "game",
                    words!("a lesson stays with one game").into(),
                )));
            }
            lesson.steps.push(step);
        } else {
            lessons.push(Lesson {
                id: step.lesson.clone(),
                steps: vec![step],
            });
        }
    }
    Ok(lessons)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "#cheversi-lessons 1\n\
        # a comment\n\
        pieces 1 lewicki-free - attack:Q:27 Qd4\n\
        pieces 2 lewicki-free Qd4 scored:w *\n\
        \n\
        knights 1 duel - any Nd4\n";

    #[test]
    fn a_good_file_reads_and_writes_back() {
        let lessons = parse_file(GOOD).expect("the sample is good");
        assert_eq!(lessons.len(), 2);
        assert_eq!(lessons[0].id, "pieces");
        assert_eq!(lessons[0].steps.len(), 2);
        assert!(lessons[0].cheversi() && !lessons[1].cheversi());
        let step = &lessons[0].steps[1];
        assert_eq!(step.number(), 2);
        assert_eq!(step.answer(), None);
        assert_eq!(step.position().ply(), 1);
        assert_eq!(step.to_line(), "pieces 2 lewicki-free Qd4 scored:w *");
        assert_eq!(lessons[1].steps[0].to_line(), "knights 1 duel - any Nd4");
    }

    #[test]
    fn game_names_with_scoring_and_players() {
        let GameOptions::Cheversi(o) = game_options("lewicki/multiplicity/empty").unwrap() else {
            panic!("Cheversi")
        };
        assert_eq!(
            (o.scoring.count, o.scoring.squares),
            (Count::Multiplicity, Squares::Empty)
        );
        let GameOptions::Attrition(o) = game_options("melee/4").unwrap() else {
            panic!("Attrition")
        };
        assert_eq!(o.players(), 4);
        for bad in ["chess", "lewicki/loud", "melee", "melee/5", "duel/3"] {
            assert!(game_options(bad).is_err(), "{bad}");
        }
    }

    fn error_of(lines: &str) -> LessonError {
        parse_file(&format!("{HEADER}\n{lines}\n")).expect_err(lines)
    }

    #[test]
    fn damaged_lines_name_their_line_and_field() {
        let cases: &[(&str, usize, &str, &str)] = &[
            ("a 1 lewicki - any", 2, "line", "5 fields"),
            ("A! 1 lewicki - any Qd4", 2, "lesson", "'A!'"),
            ("a x lewicki - any Qd4", 2, "step", "'x'"),
            ("a 0 lewicki - any Qd4", 2, "step", "'0'"),
            ("a 1 chess - any Qd4", 2, "game", "'chess'"),
            ("a 1 lewicki Qd4,Qd4 any Rb2", 2, "moves", "move 2: Qd4: "),
            ("a 1 lewicki - jump Qd4", 2, "task", "not a task"),
            ("a 1 duel - scored:w *", 2, "task", "not a task of duel"),
            (
                "a 1 lewicki - capture Qd4",
                2,
                "task",
                "not a task of lewicki",
            ),
            ("a 1 lewicki - scored:w Qd4", 2, "answer", "write *"),
            ("a 1 lewicki - any *", 2, "answer", "needs a move"),
            (
                "a 1 lewicki - any Zz9",
                2,
                "answer",
                "Zz9: 'Z' is not a piece",
            ),
            (
                "a 1 two-knights Bb4,Nb5,Ba2,Na4,b4-d3,b5-a3 survive:2 a4-b2",
                2,
                "task",
                "survive:2 is not a task of two-knights",
            ),
            ("a 2 lewicki - any Qd4", 2, "step", "step 2 where step 1"),
            (
                "a 1 lewicki - any Qd4\na 3 lewicki - any Qd4",
                3,
                "step",
                "step 3 where step 2",
            ),
            (
                "a 1 lewicki - any Qd4\nb 1 lewicki - any Qd4\na 2 lewicki - any Qd4",
                4,
                "lesson",
                "consecutive",
            ),
            (
                "a 1 lewicki - any Qd4\na 2 duel - any Nd4",
                3,
                "game",
                "one game",
            ),
        ];
        for &(lines, line, field, part) in cases {
            let e = error_of(lines);
            assert_eq!((e.line, e.field), (line, field), "{lines}: {e}");
            // Worded for the command line's tools only (`data_file::words`).
            let said = e.reason.to_string();
            assert!(
                !cfg!(feature = "tools") || said.contains(part),
                "{lines}: {e}"
            );
        }
        // Many lessons, then the first again: still found (in linear time,
        // by a set of the ids read).
        let mut many = String::new();
        for i in 0..5_000 {
            many.push_str(&format!("l{i} 1 lewicki - any Qd4\n"));
        }
        many.push_str("l0 2 lewicki - any Qd4\n");
        let e = error_of(&many);
        assert_eq!((e.line, e.field), (5_002, "lesson"), "{e}");
        let e = parse_file("a 1 lewicki - any Qd4\n").unwrap_err();
        assert_eq!((e.line, e.field), (1, "header"));
        assert!(parse_file("").is_err());
    }

    proptest::proptest! {
        #[test]
        fn any_text_is_an_error_or_lessons_never_a_panic(text in ".{0,200}") {
            let _ = parse_file(&text);
            let _ = parse_file(&format!("{HEADER}\n{text}"));
        }

        #[test]
        fn a_line_with_one_character_changed_never_panics(i in 0usize..200, c in proptest::char::any()) {
            let _ = parse_file(&crate::test_support::one_char_changed(GOOD, i, c));
        }
    }
}
