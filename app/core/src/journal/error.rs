//! What can go wrong with the journal, as typed errors.

use super::{GameId, GameState, Seq};
use crate::games::GameKind;
use std::fmt;
use std::io;
use std::path::PathBuf;
use tavola_words::{msg, Msg, Said};

/// Why a journal call failed. Nothing was written when a call returns one
/// of these: every write runs in a transaction that is rolled back on error.
#[derive(Debug)]
pub enum JournalError {
    /// The database file was written by a newer Tavola, with a schema this
    /// binary does not know. It is left exactly as it is.
    NewerSchema {
        /// The file.
        path: PathBuf,
        /// The schema version found in the file.
        found: u32,
        /// The newest version this binary knows.
        supported: u32,
    },
    /// The file is a sound SQLite database that belongs to another program.
    /// It is left exactly as it is.
    ForeignDatabase {
        /// The file.
        path: PathBuf,
    },
    /// No platform data directory could be found (neither `TAVOLA_DB`,
    /// `XDG_DATA_HOME` nor `HOME` is set).
    NoDataDir,
    /// A file-system operation failed.
    Io {
        /// What was being done (`creating the data directory`).
        what: &'static str,
        /// The path involved.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// SQLite refused or failed.
    Sqlite(rusqlite::Error),
    /// A value could not be turned into JSON or back.
    Json {
        /// What was being read or written (`events of entry 4 of game 2`).
        what: String,
        /// The cause.
        source: serde_json::Error,
    },
    /// There is no game with this id.
    NoSuchGame(GameId),
    /// The game is finished or discarded: nothing more can be written to it.
    NotOpen {
        /// The game.
        game: GameId,
        /// Its state.
        state: GameState,
    },
    /// An event of another game than the one being journaled.
    WrongGame {
        /// The game.
        game: GameId,
        /// The game's kind.
        expected: GameKind,
        /// The event's kind.
        found: GameKind,
    },
    /// A transient event (a mission card tied to its seat) was handed to the
    /// journal. Such events are never stored; nothing was written.
    TransientEvent {
        /// Its position in the list handed to [`super::Journal::append`].
        index: usize,
    },
    /// An entry must hold the events of one accepted command: at least one.
    EmptyEntry,
    /// Nothing left to undo in this game.
    NothingToUndo(GameId),
    /// Nothing to redo: no undo since the last command.
    NothingToRedo(GameId),
    /// The stored entries of a game contradict each other (an undo that
    /// names another command than the last one done). Only a hand-edited
    /// file can get there.
    Inconsistent {
        /// The game.
        game: GameId,
        /// The offending entry.
        seq: Seq,
        /// What is wrong.
        why: String,
    },
    /// A journal export could not be read back.
    BadExport {
        /// The line (1-based).
        line: usize,
        /// What is wrong.
        why: String,
    },
}

impl fmt::Display for JournalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JournalError::NewerSchema { path, found, supported } => write!(
                f,
                "{} was written by a newer Tavola (schema {found}, this version knows up to {supported}); \
                 it is left untouched: update Tavola to open it",
                path.display()
            ),
            JournalError::ForeignDatabase { path } => {
                write!(f, "{} is a database of another program; Tavola leaves it untouched", path.display())
            }
            JournalError::NoDataDir => f.write_str("no data directory: set TAVOLA_DB, XDG_DATA_HOME or HOME"),
            JournalError::Io { what, path, source } => write!(f, "{what} ({}): {source}", path.display()),
            JournalError::Sqlite(e) => write!(f, "database: {e}"),
            JournalError::Json { what, source } => write!(f, "{what}: {source}"),
            JournalError::NoSuchGame(g) => write!(f, "no game {g} in the journal"),
            JournalError::NotOpen { game, state } => write!(f, "game {game} is {}", state.as_str()),
            JournalError::WrongGame { game, expected, found } => {
                write!(f, "game {game} is {}, not {}", expected.title(), found.title())
            }
            JournalError::TransientEvent { index } => {
                write!(f, "event {index} is transient and must not be stored")
            }
            JournalError::EmptyEntry => f.write_str("an entry needs at least one event"),
            JournalError::NothingToUndo(g) => write!(f, "nothing to undo in game {g}"),
            JournalError::NothingToRedo(g) => write!(f, "nothing to redo in game {g}"),
            JournalError::Inconsistent { game, seq, why } => {
                write!(f, "game {game}, entry {seq}: {why}")
            }
            JournalError::BadExport { line, why } => write!(f, "export line {line}: {why}"),
        }
    }
}

/// What to tell the table or the command line. Errors only a bug or a
/// hand-edited file can cause are said as such, with their English details.
impl Said for JournalError {
    fn msg(&self) -> Msg {
        match self {
            JournalError::NewerSchema { path, found, supported } => {
                msg!(
                    "journal.error.newer_schema",
                    path = path.display().to_string(),
                    found = *found,
                    supported = *supported
                )
            }
            JournalError::ForeignDatabase { path } => msg!("journal.error.foreign", path = path.display().to_string()),
            JournalError::NoDataDir => msg!("journal.error.no_data_dir"),
            JournalError::Io { path, source, .. } => {
                msg!("journal.error.io", path = path.display().to_string(), error = source.to_string())
            }
            JournalError::Sqlite(e) => msg!("journal.error.sqlite", error = e.to_string()),
            JournalError::NoSuchGame(g) => msg!("journal.error.no_such_game", game = g.0),
            JournalError::NotOpen { game, state: GameState::Finished } => msg!("journal.error.finished", game = game.0),
            JournalError::NotOpen { game, .. } => msg!("journal.error.discarded", game = game.0),
            JournalError::NothingToUndo(g) => msg!("journal.error.nothing_to_undo", game = g.0),
            JournalError::NothingToRedo(g) => msg!("journal.error.nothing_to_redo", game = g.0),
            JournalError::Json { .. }
            | JournalError::WrongGame { .. }
            | JournalError::TransientEvent { .. }
            | JournalError::EmptyEntry
            | JournalError::Inconsistent { .. }
            | JournalError::BadExport { .. } => msg!("journal.error.internal", detail = self.to_string()),
        }
    }
}

impl std::error::Error for JournalError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            JournalError::Io { source, .. } => Some(source),
            JournalError::Sqlite(e) => Some(e),
            JournalError::Json { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl From<rusqlite::Error> for JournalError {
    fn from(e: rusqlite::Error) -> Self {
        JournalError::Sqlite(e)
    }
}

impl JournalError {
    /// True when the error says the file is damaged (not a database, or a
    /// malformed one), as opposed to busy, read-only, full or missing.
    pub fn is_damage(&self) -> bool {
        match self {
            JournalError::Sqlite(e) => is_damage(e),
            _ => false,
        }
    }
}

/// True for the SQLite errors that mean a damaged file.
pub(crate) fn is_damage(e: &rusqlite::Error) -> bool {
    use rusqlite::ffi::ErrorCode;
    matches!(e.sqlite_error_code(), Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase))
}
