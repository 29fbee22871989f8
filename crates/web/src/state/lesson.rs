//! Learn, as the page plays it: the shipped lessons with their words in
//! the page's language (both fetched on first use), one lesson being
//! played (its step, marked squares, mistakes, what was said), and the
//! person's progress kept on the device.
//!
//! Whether an answer is right is the engine's question
//! ([`cheversi_engine::lesson`]); this is the bookkeeping around it.

use crate::json_read::{list_of, text, u32_of, u8_of, usize_of, Fields, Read};
use crate::json_tree::JsonTree;
use crate::json_write::{JsonBuild, ToJson};
use crate::stored::Kept;
use cheversi_engine::lesson::{Lesson, Step, Why};
use cheversi_engine::Bitboard;

/// Where a step stands (`data-state` on `#lesson`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepStatus {
    /// Waiting for the answer.
    Playing,
    /// Answered right; Next goes on.
    Right,
    /// Answered wrong; the explanation is shown, the board is as before.
    Wrong,
    /// The lesson is over.
    Done,
}

impl StepStatus {
    pub fn name(self) -> &'static str {
        match self {
            StepStatus::Playing => "playing",
            StepStatus::Right => "right",
            StepStatus::Wrong => "wrong",
            StepStatus::Done => "done",
        }
    }
}

/// What the panel says under the task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    Nothing,
    Hint,
    /// A wrong answer: the move tried (or none for squares) and why.
    Wrong(Option<String>, Why),
    /// One right answer shown (a move, or the squares, marked).
    Answer,
    Right,
}

/// What the shell fetches for Learn: the lessons, and the words of the
/// page's language (`key`, `text`).
pub type Fetched = (Vec<Lesson>, Vec<(String, String)>);

/// The lessons and their words, once fetched.
#[derive(Clone, Debug, Default)]
pub struct Library {
    lessons: Vec<Lesson>,
    /// The page language's lesson words (`key = text`; a list: a map
    /// would cost the first page more code than 140 lookups cost time).
    words: Vec<(String, String)>,
}

impl Library {
    pub fn new(lessons: Vec<Lesson>, words: Vec<(String, String)>) -> Library {
        Library { lessons, words }
    }
    pub fn lessons(&self) -> &[Lesson] {
        &self.lessons
    }
    pub fn get(&self, id: &str) -> Option<&Lesson> {
        self.lessons.iter().find(|l| l.id() == id)
    }
    /// A lesson text, or the key itself when the file lacks it.
    pub fn word(&self, key: &str) -> String {
        self.words
            .iter()
            .find(|(k, _)| k == key)
            .map_or_else(|| key.to_string(), |(_, text)| text.clone())
    }
    /// A text with `{name}` filled in.
    pub fn wordf(&self, key: &str, args: &[(&str, &str)]) -> String {
        let mut text = self.word(key);
        for (name, value) in args {
            text = text.replace(&format!("{{{name}}}"), value);
        }
        text
    }
    /// New words (the page changed language).
    pub fn set_words(&mut self, words: Vec<(String, String)>) {
        self.words = words;
    }
}

/// One lesson being played.
#[derive(Clone, Debug)]
pub struct LessonRun {
    lesson: Lesson,
    /// The step shown, from 0.
    step: usize,
    status: StepStatus,
    /// Wrong answers and answers shown, over the whole lesson.
    mistakes: u32,
    /// Squares tapped in a tapping task.
    marked: Bitboard,
    said: Said,
    /// The right move played on the board (a move task answered right).
    played: Option<String>,
}

impl LessonRun {
    /// The lesson from step `step` (0-based; past the end starts over),
    /// with the `mistakes` made before it in this run.
    pub fn new(lesson: Lesson, step: usize, mistakes: u32) -> LessonRun {
        let (step, mistakes) = if step < lesson.steps().len() {
            (step, mistakes)
        } else {
            (0, 0)
        };
        LessonRun {
            lesson,
            step,
            status: StepStatus::Playing,
            mistakes,
            marked: Bitboard::EMPTY,
            said: Said::Nothing,
            played: None,
        }
    }
    pub fn lesson(&self) -> &Lesson {
        &self.lesson
    }
    pub fn step(&self) -> &Step {
        &self.lesson.steps()[self.step]
    }
    /// The step's index, from 0.
    pub fn index(&self) -> usize {
        self.step
    }
    pub fn status(&self) -> StepStatus {
        self.status
    }
    pub fn said(&self) -> &Said {
        &self.said
    }
    pub fn marked(&self) -> Bitboard {
        self.marked
    }
    pub fn played(&self) -> Option<&str> {
        self.played.as_deref()
    }
    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }
    /// 3 with no mistake, 2 with one, 1 otherwise.
    pub fn stars(&self) -> u8 {
        match self.mistakes {
            0 => 3,
            1 => 2,
            _ => 1,
        }
    }
    /// Whether an answer is awaited (taps and moves go to the lesson).
    pub fn answering(&self) -> bool {
        matches!(self.status, StepStatus::Playing | StepStatus::Wrong)
    }

    /// Taps a square in a tapping task: marks it, or unmarks it.
    pub fn toggle(&mut self, square: cheversi_engine::Square) {
        if !self.answering() {
            return;
        }
        if self.marked.contains(square) {
            self.marked.remove(square);
        } else {
            self.marked.insert(square);
        }
        self.status = StepStatus::Playing;
        // A verdict is of the marks it judged.
        if matches!(self.said, Said::Wrong(..)) {
            self.said = Said::Nothing;
        }
    }

    /// Records the engine's judgement of an answer (`played`: the move, for
    /// a move task).
    pub fn judged(&mut self, played: Option<String>, verdict: Result<(), Why>) {
        match verdict {
            Ok(()) => {
                self.status = StepStatus::Right;
                self.said = Said::Right;
                self.played = played;
            }
            Err(why) => {
                self.mistakes += 1;
                self.status = StepStatus::Wrong;
                self.said = Said::Wrong(played, why);
            }
        }
    }

    pub fn hint(&mut self) {
        if self.answering() {
            self.said = Said::Hint;
        }
    }

    /// Starts the step again: marks cleared, nothing said.
    pub fn retry(&mut self) {
        if self.status == StepStatus::Done {
            return;
        }
        self.status = StepStatus::Playing;
        self.marked = Bitboard::EMPTY;
        self.said = Said::Nothing;
        self.played = None;
    }

    /// Shows one right answer (the marks become the right squares); it
    /// counts as a mistake, and the step is then passed.
    pub fn show(&mut self, right_squares: Option<Bitboard>) {
        if !self.answering() {
            return;
        }
        self.mistakes += 1;
        if let Some(set) = right_squares {
            self.marked = set;
        }
        self.played = self.step().answer().map(str::to_string);
        self.status = StepStatus::Right;
        self.said = Said::Answer;
    }

    /// Goes on to the next step; true when the lesson is now done.
    pub fn advance(&mut self) -> bool {
        if self.status != StepStatus::Right {
            return false;
        }
        if self.step + 1 >= self.lesson.steps().len() {
            self.status = StepStatus::Done;
            return true;
        }
        self.step += 1;
        self.status = StepStatus::Playing;
        self.marked = Bitboard::EMPTY;
        self.said = Said::Nothing;
        self.played = None;
        false
    }
}

/// One lesson's record on this device.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(test, derive(serde::Serialize, serde::Deserialize))]
pub struct Record {
    pub id: String,
    /// The step reached (0-based), to resume at.
    pub step: usize,
    /// The best stars of a finished run, 0 before the first.
    pub stars: u8,
    /// The mistakes of the run under way, before `step` (kept so that a
    /// reload does not wipe them; absent in progress kept before them).
    #[cfg_attr(test, serde(default))]
    pub mistakes: u32,
}

/// Every lesson's record (a list, not a map: see [`Library`]'s words).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(test, derive(serde::Serialize, serde::Deserialize))]
pub struct Progress {
    pub lessons: Vec<Record>,
}

impl ToJson for Record {
    fn to_json<J: JsonBuild>(&self) -> J {
        J::object(vec![
            ("id", self.id.to_json()),
            ("step", self.step.to_json()),
            ("stars", self.stars.to_json()),
            ("mistakes", self.mistakes.to_json()),
        ])
    }
}

impl ToJson for Progress {
    fn to_json<J: JsonBuild>(&self) -> J {
        J::object(vec![("lessons", self.lessons.to_json())])
    }
}

/// How a lesson reads in the list (`data-state`).
pub fn state_name(record: Option<&Record>) -> &'static str {
    match record {
        Some(r) if r.stars > 0 => "done",
        Some(_) => "started",
        None => "new",
    }
}

impl Progress {
    pub fn record(&self, id: &str) -> Option<&Record> {
        self.lessons.iter().find(|r| r.id == id)
    }
    fn entry(&mut self, id: &str) -> &mut Record {
        let at = match self.lessons.iter().position(|r| r.id == id) {
            Some(at) => at,
            None => {
                self.lessons.push(Record {
                    id: id.to_string(),
                    ..Record::default()
                });
                self.lessons.len() - 1
            }
        };
        &mut self.lessons[at]
    }
    /// The step reached in a lesson, and the mistakes made so far.
    pub fn reached(&mut self, id: &str, step: usize, mistakes: u32) {
        let record = self.entry(id);
        record.step = step;
        record.mistakes = mistakes;
    }
    /// A lesson finished with `stars`: the best stars are kept, and the
    /// next visit starts it from the beginning.
    pub fn finished(&mut self, id: &str, stars: u8) {
        let record = self.entry(id);
        record.stars = record.stars.max(stars);
        record.step = 0;
        record.mistakes = 0;
    }
    /// Another tab's progress, newer than ours for the lessons it holds:
    /// its step (and mistakes) taken, the best stars of both kept.
    pub fn merge(&mut self, theirs: Progress) {
        for record in theirs.lessons {
            let ours = self.entry(&record.id);
            ours.stars = ours.stars.max(record.stars);
            ours.step = record.step;
            ours.mistakes = record.mistakes;
        }
    }

    /// Whether any lesson was finished (the first-visit invitation stops).
    pub fn any_done(&self) -> bool {
        self.lessons.iter().any(|r| r.stars > 0)
    }
}

/// What localStorage keeps (kind `lessons`).
impl Kept for Progress {
    const KIND: &'static str = "lessons";
    const VERSION: u32 = 1;

    fn from_tree<V: JsonTree>(tree: V) -> Read<Self> {
        let mut f = Fields::of("", Some(tree))?;
        Ok(Progress {
            lessons: f.take("lessons", |v| list_of(v, record))?,
        })
    }
}

fn record<V: JsonTree>(tree: V) -> Read<Record> {
    let mut f = Fields::of("", Some(tree))?;
    Ok(Record {
        id: f.take("id", text)?,
        step: f.take("step", usize_of)?,
        stars: f.take("stars", u8_of)?,
        mistakes: f.or_default("mistakes", u32_of)?,
    })
}
