//! What can go wrong with the journal, as typed errors.

use super::{GameId, GameState, Seq};
use crate::games::GameKind;
use std::io;
use std::path::PathBuf;
use tavola_words::{msg, Msg, Said};

/// Why a journal call failed. Nothing was written when a call returns one
/// of these: every write runs in a transaction that is rolled back on error.
#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    /// The database file was written by a newer Tavola, with a schema this
    /// binary does not know. It is left exactly as it is.
    #[error(
        "{path} was written by a newer Tavola (schema {found}, this version knows up to {supported}); \
         it is left untouched: update Tavola to open it"
    )]
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
    #[error("{path} is a database of another program; Tavola leaves it untouched")]
    ForeignDatabase {
        /// The file.
        path: PathBuf,
    },
    /// No platform data directory could be found (neither `TAVOLA_DB`,
    /// `XDG_DATA_HOME` nor `HOME` is set).
    #[error("no data directory: set TAVOLA_DB, XDG_DATA_HOME or HOME")]
    NoDataDir,
    /// A file-system operation failed.
    #[error("{what} ({path}): {source}")]
    Io {
        /// What was being done (`creating the data directory`).
        what: &'static str,
        /// The path involved.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// SQLite refused or failed.
    #[error("database: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// A value could not be turned into JSON or back.
    #[error("{what}: {source}")]
    Json {
        /// What was being read or written (`events of entry 4 of game 2`).
        what: String,
        /// The cause.
        source: serde_json::Error,
    },
    /// There is no game with this id.
    #[error("no game {0} in the journal")]
    NoSuchGame(GameId),
    /// The game is finished or discarded: nothing more can be written to it.
    #[error("game {game} is {}", .state.as_str())]
    NotOpen {
        /// The game.
        game: GameId,
        /// Its state.
        state: GameState,
    },
    /// An event of another game than the one being journaled.
    #[error("game {game} is {}, not {}", .expected.title(), .found.title())]
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
    #[error("event {index} is transient and must not be stored")]
    TransientEvent {
        /// Its position in the list handed to [`super::Journal::append`].
        index: usize,
    },
    /// An entry must hold the events of one accepted command: at least one.
    #[error("an entry needs at least one event")]
    EmptyEntry,
    /// Nothing left to undo in this game.
    #[error("nothing to undo in game {0}")]
    NothingToUndo(GameId),
    /// Nothing to redo: no undo since the last command.
    #[error("nothing to redo in game {0}")]
    NothingToRedo(GameId),
    /// The stored entries of a game contradict each other (an undo that
    /// names another command than the last one done). Only a hand-edited
    /// file can get there.
    #[error("game {game}, entry {seq}: {why}")]
    Inconsistent {
        /// The game.
        game: GameId,
        /// The offending entry.
        seq: Seq,
        /// What is wrong.
        why: String,
    },
    /// A journal export could not be read back.
    #[error("export line {line}: {why}")]
    BadExport {
        /// The line (1-based).
        line: usize,
        /// What is wrong.
        why: String,
    },
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
