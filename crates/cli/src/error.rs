//! The CLI's errors and their exit codes.

use std::fmt;

#[derive(Debug)]
pub enum CliError {
    /// An illegal or malformed move (exit code 2).
    Move(String),
    /// Bad options, unreadable files, invalid records (exit code 1).
    Other(String),
}

impl CliError {
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Move(_) => 2,
            CliError::Other(_) => 1,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Move(m) | CliError::Other(m) => f.write_str(m),
        }
    }
}

pub fn other(message: impl fmt::Display) -> CliError {
    CliError::Other(message.to_string())
}
