//! `record validate FILE` and `record print FILE`.

use crate::error::{other, CliError};
use cheversi_engine::record::Record;
use clap::Subcommand;
use std::io::Read;

#[derive(Subcommand)]
pub enum RecordAction {
    /// Check a record (every tag and move); say what is wrong and where.
    Validate {
        /// The record file, or - for standard input.
        file: String,
    },
    /// Print a record in canonical form.
    Print {
        /// The record file, or - for standard input.
        file: String,
    },
}

pub fn read(file: &str) -> Result<(String, Record), CliError> {
    let text = if file == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| other(format!("cannot read standard input: {e}")))?;
        text
    } else {
        std::fs::read_to_string(file).map_err(|e| other(format!("cannot read {file}: {e}")))?
    };
    let record = Record::parse(&text).map_err(|e| other(format!("{file}: {e}")))?;
    Ok((text, record))
}

pub fn run(action: RecordAction) -> Result<(), CliError> {
    match action {
        RecordAction::Validate { file } => {
            let (text, record) = read(&file)?;
            let canonical = record.to_text() == text;
            println!(
                "{file}: valid {} record, {} moves{}",
                record.options().game_name(),
                record.moves().len(),
                if canonical {
                    ", canonical"
                } else {
                    " (record print gives the canonical form)"
                }
            );
            Ok(())
        }
        RecordAction::Print { file } => {
            let (_, record) = read(&file)?;
            print!("{}", record.to_text());
            Ok(())
        }
    }
}
