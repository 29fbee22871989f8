//! Reading a record's text: tags, then movetext, each problem with its
//! line and column.

use super::result::parse_result;
use super::*;

/// A tag as read, with where its value starts.
struct Tag {
    name: String,
    value: String,
    line: usize,
    column: usize,
}

#[derive(Default)]
pub(super) struct Parser {
    tags: Vec<Tag>,
    /// The names in `tags`: a repeated one is found without reading them
    /// all again (a pasted record may hold many thousands).
    names: std::collections::HashSet<String>,
    /// The option tags read: which option, and where its value starts.
    taken: Vec<(OptionField, usize, usize)>,
}

fn error(line: usize, column: usize, problem: RecordProblem) -> RecordError {
    RecordError {
        line,
        column,
        problem,
    }
}

impl Parser {
    pub(super) fn parse(mut self, text: &str) -> Result<Record, RecordError> {
        let mut movetext: Vec<(usize, &str)> = Vec::new();
        let mut blank_before = false;
        for (i, line) in text.lines().enumerate() {
            let number = i + 1;
            let trimmed = line.trim_start();
            if trimmed.starts_with('[') {
                if !movetext.is_empty() {
                    // A game's first tag after a blank line: the next game.
                    let problem = if blank_before && trimmed.starts_with("[Game ") {
                        RecordProblem::SecondGame
                    } else {
                        RecordProblem::TagAfterMoves
                    };
                    return Err(error(number, 1, problem));
                }
                let column = line.chars().count() - trimmed.chars().count() + 1;
                self.read_tag(trimmed, number, column)?;
            } else if !trimmed.is_empty() || !movetext.is_empty() {
                movetext.push((number, line));
            }
            blank_before = trimmed.is_empty();
        }
        let options = self.options()?;
        let mut record = Record::new(options);
        let result_tag = self.take("Result");
        // The game's own tags were taken by `options`; the rest are free
        // tags, well-formed since the reader took them.
        record.tags = self.tags.drain(..).map(|t| (t.name, t.value)).collect();
        let declared = match &result_tag {
            Some(t) => Some(Declared {
                result: parse_result(&t.value, options.players()).ok_or_else(|| {
                    error(
                        t.line,
                        t.column,
                        RecordProblem::BadResult {
                            value: crate::game::quoted(&t.value),
                            players: options.players(),
                        },
                    )
                })?,
                line: t.line,
                column: t.column,
            }),
            None => None,
        };
        read_movetext(&mut record, &movetext, declared)?;
        Ok(record)
    }

    fn read_tag(&mut self, text: &str, line: usize, column: usize) -> Result<(), RecordError> {
        let bad = |offset: usize, what: TagSyntax| {
            error(line, column + offset, RecordProblem::TagSyntax(what))
        };
        let chars: Vec<char> = text.trim_end().chars().collect();
        let mut i = 1;
        let name_start = i;
        while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
            i += 1;
        }
        if i == name_start {
            return Err(bad(i, TagSyntax::ExpectedName));
        }
        let name: String = chars[name_start..i].iter().collect();
        while i < chars.len() && chars[i].is_whitespace() {
            i += 1;
        }
        if chars.get(i) != Some(&'"') {
            return Err(bad(i, TagSyntax::ExpectedQuotedValue));
        }
        i += 1;
        let value_column = column + i;
        let mut value = String::new();
        loop {
            match chars.get(i) {
                None => return Err(bad(i, TagSyntax::MissingClosingQuote)),
                Some('"') => break,
                Some('\\') if matches!(chars.get(i + 1), Some('"' | '\\')) => {
                    value.push(chars[i + 1]);
                    i += 2;
                }
                Some(&c) => {
                    value.push(c);
                    i += 1;
                }
            }
        }
        i += 1;
        if chars.get(i) != Some(&']') || i + 1 != chars.len() {
            return Err(bad(i, TagSyntax::ExpectedClosingBracket));
        }
        if !self.names.insert(name.clone()) {
            let name = crate::game::quoted(&name);
            return Err(error(line, column + 1, RecordProblem::DuplicateTag(name)));
        }
        self.tags.push(Tag {
            name,
            value,
            line,
            column: value_column,
        });
        Ok(())
    }

    fn take(&mut self, name: &str) -> Option<Tag> {
        let i = self.tags.iter().position(|t| t.name == name)?;
        Some(self.tags.remove(i))
    }

    /// The game's options from its tags, each error at its tag.
    fn options(&mut self) -> Result<GameOptions, RecordError> {
        let game = self
            .take("Game")
            .ok_or_else(|| error(1, 1, RecordProblem::MissingGameTag))?;
        let option = |tag: &str, problem: OptionProblem| RecordProblem::Option {
            tag: tag.to_string(),
            problem,
        };
        let mut builder = GameOptionsBuilder::named(&game.value)
            .map_err(|e| error(game.line, game.column, option("Game", e.problem)))?;
        let kind = builder.game();
        for (name, field) in OPTION_TAGS {
            let Some(t) = self.take(name) else { continue };
            builder
                .set_named(field, &t.value)
                .map_err(|e| match e.problem {
                    OptionProblem::DoesNotApply(_) => error(
                        t.line,
                        1,
                        RecordProblem::TagDoesNotApply {
                            tag: name.to_string(),
                            game: kind,
                        },
                    ),
                    problem => error(t.line, t.column, option(name, problem)),
                })?;
            self.taken.push((field, t.line, t.column));
        }
        // The defaults suit the command line; a record names its rule set
        // or variant so that it still reads the same if a default changes.
        let needed = match kind {
            GameKind::Cheversi => (OptionField::Rules, "Rules"),
            GameKind::Attrition => (OptionField::Variant, "Variant"),
        };
        if !self.taken.iter().any(|&(f, _, _)| f == needed.0) {
            return Err(error(
                game.line,
                1,
                RecordProblem::MissingTag {
                    game: kind,
                    tag: needed.1,
                },
            ));
        }
        builder.build().map_err(|e: OptionError| {
            let (line, column) = self
                .taken
                .iter()
                .find(|&&(f, _, _)| f == e.field)
                .map_or((game.line, game.column), |&(_, l, c)| (l, c));
            let tag = OPTION_TAGS
                .iter()
                .find(|(_, f)| *f == e.field)
                .map_or("Game", |(name, _)| name);
            error(line, column, option(tag, e.problem))
        })
    }
}

/// A word of the movetext and the column it starts at.
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (column, (byte, c)) in line.char_indices().enumerate() {
        let separator = c.is_whitespace() || c == ',';
        match (start, separator) {
            (None, false) => start = Some((column + 1, byte)),
            (Some((col, from)), true) => {
                out.push((col, &line[from..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((col, from)) = start {
        out.push((col, &line[from..]));
    }
    out.into_iter()
}

/// A result given by the Result tag or at the end of the moves, and where.
#[derive(Clone, Copy)]
pub(super) struct Declared {
    result: ResultTag,
    line: usize,
    column: usize,
}

/// Replays the movetext onto `record`, then sets the declared result (the
/// Result tag's, or the moves' final word, which must agree).
pub(super) fn read_movetext(
    record: &mut Record,
    lines: &[(usize, &str)],
    mut declared: Option<Declared>,
) -> Result<(), RecordError> {
    read_moves(record, lines, &mut declared)?;
    let attrition = matches!(record.options(), GameOptions::Attrition(_));
    match declared {
        Some(Declared {
            result: ResultTag::Ended(Outcome::Draw),
            line,
            column,
        }) if attrition => Err(error(line, column, RecordProblem::NoDraws)),
        // A finished game's `*` is lenience: the moves give the result.
        Some(Declared {
            result: result @ ResultTag::Ended(_),
            line,
            column,
        }) => record
            .set_result(result)
            .map_err(|e| error(line, column, RecordProblem::WrongResult(e))),
        _ => Ok(()),
    }
}

/// Replays the movetext onto `record`; a final result word must agree
/// with the Result tag.
fn read_moves(
    record: &mut Record,
    lines: &[(usize, &str)],
    declared: &mut Option<Declared>,
) -> Result<(), RecordError> {
    let players = record.options().players();
    let mut ended = false;
    for &(line, text) in lines {
        for (column, word) in words(text) {
            if ended {
                return Err(error(
                    line,
                    column,
                    RecordProblem::AfterResult(crate::game::quoted(word)),
                ));
            }
            let mut word = word;
            let mut column = column;
            if word.starts_with(|c: char| c.is_ascii_digit()) {
                if let Some(result) = parse_result(word, players) {
                    match declared {
                        Some(d) if d.result != result => {
                            return Err(error(
                                line,
                                column,
                                RecordProblem::ResultsDisagree {
                                    word: word.to_string(),
                                    tag_line: d.line,
                                    tag_column: d.column,
                                },
                            ))
                        }
                        _ => {
                            *declared = Some(Declared {
                                result,
                                line,
                                column,
                            })
                        }
                    }
                    ended = true;
                    continue;
                }
                let digits = word.chars().take_while(|c| c.is_ascii_digit()).count();
                let dots = word[digits..].chars().take_while(|&c| c == '.').count();
                if dots == 0 {
                    return Err(error(
                        line,
                        column,
                        RecordProblem::NotAWord(crate::game::quoted(word)),
                    ));
                }
                word = &word[digits + dots..];
                column += digits + dots;
                if word.is_empty() {
                    continue;
                }
            }
            if word == "*" {
                ended = true;
                if let Some(d) = declared {
                    if d.result != ResultTag::Unfinished {
                        return Err(error(
                            line,
                            column,
                            RecordProblem::ResultsDisagree {
                                word: "*".into(),
                                tag_line: d.line,
                                tag_column: d.column,
                            },
                        ));
                    }
                }
                continue;
            }
            let mv = record
                .final_position()
                .parse_move(word)
                .map_err(|e| error(line, column, RecordProblem::NotAMove(e)))?;
            record
                .play(mv)
                .map_err(|e| error(line, column, RecordProblem::Illegal(e.as_written(word))))?;
        }
    }
    Ok(())
}
