//! Damaged database files: how they are recognised and moved aside.
//!
//! A file is damaged when it is a directory, empty, shorter than a SQLite
//! header, starts with anything but the SQLite magic, makes SQLite answer
//! "not a database" or "malformed", or fails `PRAGMA quick_check`. It is
//! never deleted: it is renamed to `<name>.corrupt-<UTC time>` (with its
//! `-wal`, `-shm` and `-journal` companions, renamed alike, so that a stale
//! WAL is never replayed into the fresh file) and a fresh journal starts.
//!
//! Some checks are left out on purpose. The size recorded in the header is
//! not compared with the file's size: after a power cut during a checkpoint
//! the main file can be shorter than the header says while the WAL still
//! holds the missing pages, and SQLite repairs that on open. A file that is
//! busy, read-only, on a full disk or unreadable for lack of permission is
//! not damaged either: those errors are returned and the file is left alone.

use super::error::JournalError;
use std::fmt;
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};
use tavola_words::{msg, Msg, Said};

/// The first 16 bytes of every SQLite 3 database.
const MAGIC: &[u8; 16] = b"SQLite format 3\0";
/// The size of the SQLite file header.
const HEADER_LEN: u64 = 100;

/// Files that SQLite keeps beside a database.
const COMPANIONS: [&str; 3] = ["-wal", "-shm", "-journal"];

/// What was wrong with a file that was moved aside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Damage {
    /// A directory stands where the file should be.
    Directory,
    /// The file is empty (and no WAL holds its content).
    Empty,
    /// The file is shorter than a SQLite header.
    TooShort {
        /// Its length in bytes.
        len: u64,
    },
    /// The file does not start with the SQLite magic bytes.
    BadHeader,
    /// SQLite says the file is not a database or is malformed.
    Unreadable {
        /// SQLite's words.
        message: String,
    },
    /// `PRAGMA quick_check` found problems.
    QuickCheck {
        /// The first problems it listed.
        problems: Vec<String>,
    },
}

impl Said for Damage {
    fn msg(&self) -> Msg {
        match self {
            Damage::Directory => msg!("journal.damage.directory"),
            Damage::Empty => msg!("journal.damage.empty"),
            Damage::TooShort { len } => msg!("journal.damage.too_short", count = *len),
            Damage::BadHeader => msg!("journal.damage.bad_header"),
            Damage::Unreadable { message } => msg!("journal.damage.unreadable", message),
            Damage::QuickCheck { problems } => msg!("journal.damage.quick_check", problems = problems.join("; ")),
        }
    }
}

/// In English, for logs.
impl fmt::Display for Damage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(tavola_words::Lang::En))
    }
}

/// A damaged file that was moved aside at open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovedAside {
    /// Where the damaged file is now.
    pub path: PathBuf,
    /// What was wrong with it.
    pub damage: Damage,
    /// What was read back from it into the fresh journal.
    pub salvaged: Option<super::salvage::Salvaged>,
}

impl MovedAside {
    /// What to tell the table: what was wrong and where the file is now.
    pub fn notice(&self) -> Msg {
        let (damage, path) = (self.damage.msg(), self.path.display().to_string());
        match &self.salvaged {
            Some(s) => msg!("notice.journal.moved_aside.salvaged", damage, path, salvaged = s.msg()),
            None => msg!("notice.journal.moved_aside", damage, path),
        }
    }
}

/// Looks at the file before SQLite does: a directory, an empty or short
/// file, a foreign header. `Ok(None)` when there is no file yet or it looks
/// like a SQLite database.
pub(crate) fn precheck(path: &Path) -> Result<Option<Damage>, JournalError> {
    let meta = match fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_error("reading the database file's metadata", path, e)),
    };
    let meta = if meta.file_type().is_symlink() {
        // Follow a link the owner set up on purpose; a dangling one is "no file yet".
        match fs::metadata(path) {
            Ok(m) => m,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(io_error("reading the database file's metadata", path, e)),
        }
    } else {
        meta
    };
    if meta.is_dir() {
        return Ok(Some(Damage::Directory));
    }
    let len = meta.len();
    if len == 0 {
        // A power cut right after SQLite created the file leaves it empty;
        // if a WAL beside it has content, let SQLite recover from it.
        let wal_len = fs::metadata(companion(path, "-wal")).map(|m| m.len()).unwrap_or(0);
        return Ok((wal_len == 0).then_some(Damage::Empty));
    }
    if len < HEADER_LEN {
        return Ok(Some(Damage::TooShort { len }));
    }
    let mut head = [0u8; 16];
    fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .map_err(|e| io_error("reading the database header", path, e))?;
    Ok((&head != MAGIC).then_some(Damage::BadHeader))
}

/// Renames the damaged file (and its companions) to
/// `<name>.corrupt-<UTC time>`, never overwriting an earlier one.
pub(crate) fn move_aside(path: &Path, damage: Damage) -> Result<MovedAside, JournalError> {
    let name = path.file_name().map_or_else(|| "tavola.db".into(), |n| n.to_string_lossy().into_owned());
    let stamp = utc_stamp(now_ms());
    let mut target = path.with_file_name(format!("{name}.corrupt-{stamp}"));
    let mut n = 1;
    while target.exists() || COMPANIONS.iter().any(|c| companion(&target, c).exists()) {
        target = path.with_file_name(format!("{name}.corrupt-{stamp}-{n}"));
        n += 1;
    }
    if fs::symlink_metadata(path).is_ok() {
        fs::rename(path, &target).map_err(|e| io_error("moving the damaged database aside", path, e))?;
    }
    for c in COMPANIONS {
        let from = companion(path, c);
        if fs::symlink_metadata(&from).is_ok() {
            let to = companion(&target, c);
            fs::rename(&from, &to).map_err(|e| io_error("moving the damaged database aside", &from, e))?;
        }
    }
    sync_dir(path)?;
    Ok(MovedAside { path: target, damage, salvaged: None })
}

/// `path` with `suffix` appended to its file name (`tavola.db-wal`).
pub(crate) fn companion(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

/// Syncs the directory holding `path`, so that a file created or renamed in
/// it survives a power cut.
pub(crate) fn sync_dir(path: &Path) -> Result<(), JournalError> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    match fs::File::open(&dir).and_then(|d| d.sync_all()) {
        Ok(()) => Ok(()),
        // Some file systems cannot sync a directory; the rename still stands.
        Err(e) if e.kind() == io::ErrorKind::InvalidInput || e.kind() == io::ErrorKind::Unsupported => Ok(()),
        Err(e) => Err(io_error("syncing the data directory", &dir, e)),
    }
}

pub(crate) fn io_error(what: &'static str, path: &Path, source: io::Error) -> JournalError {
    JournalError::Io { what, path: path.to_path_buf(), source }
}

/// The wall clock in Unix milliseconds (0 if the clock is before 1970).
pub(crate) fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// `20260502T101530Z` for a time in Unix milliseconds.
pub(crate) fn utc_stamp(ms: i64) -> String {
    utc_time(ms).format("%Y%m%dT%H%M%SZ").to_string()
}

/// The calendar time (UTC) of Unix milliseconds; 1970's first instant for
/// a time beyond the calendar's reach (some 262,000 years either way).
pub(crate) fn utc_time(ms: i64) -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::from_timestamp_millis(ms).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_are_utc_calendar_times() {
        assert_eq!(utc_stamp(0), "19700101T000000Z");
        assert_eq!(utc_stamp(951_782_400_000), "20000229T000000Z");
        assert_eq!(utc_stamp(1_767_225_599_999), "20251231T235959Z");
        assert_eq!(utc_stamp(1_777_717_330_000), "20260502T102210Z");
    }

    #[test]
    fn the_history_dates_a_game_in_utc_minutes() {
        let leap_day = 951_782_400_000 + 13 * 3_600_000 + 5 * 60_000 + 59_999;
        assert_eq!(super::super::utc(leap_day), "2000-02-29 13:05");
        assert_eq!(super::super::utc(-1), "1969-12-31 23:59", "a clock set before 1970");
        assert_eq!(super::super::utc(i64::MAX), "1970-01-01 00:00", "beyond the calendar");
    }

    #[test]
    fn companions_append_to_the_file_name() {
        assert_eq!(companion(Path::new("/d/tavola.db"), "-wal"), PathBuf::from("/d/tavola.db-wal"));
    }
}
