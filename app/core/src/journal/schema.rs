//! The database schema, its versions and the connection settings.
//!
//! The schema version lives in `PRAGMA user_version`; `MIGRATIONS[i]`
//! takes a file from version `i` to `i + 1`, each in one transaction that
//! also bumps the version, so a power cut during an upgrade leaves the old
//! version whole. A file with a version above [`LATEST`] comes from a newer
//! Tavola and is refused, never rewritten.
//!
//! `PRAGMA application_id` marks the file as Tavola's, so that `TAVOLA_DB`
//! pointed at another program's database is refused instead of filled with
//! Tavola's tables.
//!
//! # Why `synchronous=FULL`
//!
//! Tavola shows an input as taken only after its events are committed, so a
//! commit must survive a power cut the moment it returns. In WAL mode,
//! `synchronous=NORMAL` does not sync the WAL at each commit, only at
//! checkpoints: the database stays consistent, but the last transactions
//! before a power loss can roll back, i.e. a vote the screen confirmed would
//! be gone. `FULL` syncs the WAL on every commit. It costs one `fsync` per
//! accepted command, a few milliseconds on an SD card, which nobody at the
//! table can notice.
//!
//! WAL itself keeps readers and the writer apart and makes a commit one
//! sequential append; `foreign_keys` makes SQLite check that every entry
//! belongs to a game; `busy_timeout` lets a second connection (the owner's
//! `sqlite3` shell) wait for a lock instead of failing at once.

use super::error::JournalError;
use rusqlite::config::DbConfig;
use rusqlite::{Connection, TransactionBehavior};
use std::path::Path;
use std::time::Duration;

/// `TAVO` in ASCII: the `application_id` of a Tavola database.
pub const APPLICATION_ID: i32 = 0x5441_564F;

/// How long a statement waits for a lock held by another connection (a
/// second Tavola process, an `sqlite3` shell opened by the owner) before
/// giving up with `SQLITE_BUSY`.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Version 1: games, their entries, settings and learned tags.
///
/// - `games`: one row per game. `kind` is the game's kebab-case name
///   ([`crate::games::GameKind::id`]); times are Unix milliseconds; `seed` is the table's random
///   seed when known (a `u64` stored as the `i64` with the same bits);
///   `players` is a JSON array of names in seat order (`""` for an unnamed
///   seat); `result` is a JSON [`super::GameResult`] once finished.
/// - `entries`: the journal proper, numbered from 1 within each game. A
///   `command` entry holds, in `events`, the JSON array of the stored events
///   of one accepted command; an `undo` or `redo` entry holds `[]` and names
///   in `target` the command entry it takes back or brings back.
/// - `settings`: JSON values by key.
/// - `learned_tags`: tag UIDs (upper-case hex) learned as a catalog card.
const V1: &str = "
CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    kind        TEXT    NOT NULL,
    started_at  INTEGER NOT NULL,
    ended_at    INTEGER,
    seed        INTEGER,
    players     TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(players)),
    result      TEXT    CHECK (result IS NULL OR json_valid(result)),
    state       TEXT    NOT NULL DEFAULT 'open'
                        CHECK (state IN ('open', 'finished', 'discarded'))
) STRICT;
CREATE INDEX games_by_state ON games (state, id);

CREATE TABLE entries (
    game        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq > 0),
    kind        TEXT    NOT NULL CHECK (kind IN ('command', 'undo', 'redo')),
    target      INTEGER,
    events      TEXT    NOT NULL CHECK (json_valid(events) AND json_type(events) = 'array'),
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (game, seq),
    CHECK ((kind = 'command') = (target IS NULL)),
    CHECK (kind = 'command' OR events = '[]'),
    CHECK (target IS NULL OR target < seq)
) STRICT, WITHOUT ROWID;

CREATE TABLE settings (
    key         TEXT PRIMARY KEY,
    value       TEXT NOT NULL CHECK (json_valid(value))
) STRICT, WITHOUT ROWID;

CREATE TABLE learned_tags (
    uid         TEXT PRIMARY KEY,
    card        TEXT NOT NULL,
    learned_at  INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
";

/// Version 2: secret inputs kept until the rules reveal them.
///
/// - `pending_secrets`: the events of a secret input (a mission card, with
///   who played what) that the game holds until its reveal, so that a power
///   cut loses none. They are deleted at the reveal; with `secure_delete`
///   and a checkpoint that truncates the WAL, no byte of the files ties a
///   card to a seat afterwards ([`super::Journal::clear_secrets`]).
const V2: &str = "
CREATE TABLE pending_secrets (
    game        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq > 0),
    events      TEXT    NOT NULL CHECK (json_valid(events) AND json_type(events) = 'array'),
    PRIMARY KEY (game, seq)
) STRICT, WITHOUT ROWID;
";

/// Version 3: the owner's card facts.
///
/// - `card_facts`: one row per card (its id, as on its tag), with its game's
///   id and its facts as a JSON object of the fields its game declares
///   (`{"alone": 20, "shared": 12}`), checked against the game's ranges
///   before they are written. Facts kept until version 2 in the settings
///   (`facts.<game>`) move here when the file is opened
///   ([`super::Journal::open`]).
const V3: &str = "
CREATE TABLE card_facts (
    card        TEXT    PRIMARY KEY,
    game        TEXT    NOT NULL,
    facts       TEXT    NOT NULL CHECK (json_valid(facts) AND json_type(facts) = 'object'),
    updated_at  INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
";

/// Version 4: games dated by a clock nobody set.
///
/// - `games.clock_unsure`: 1 when the game began while the box's clock had
///   never been synchronised since boot (no network time, no real-time
///   clock, see [`crate::system::clock`]): its `started_at` and `ended_at`
///   may be far off. Games stored before this version read 0: nothing is
///   known against their dates.
const V4: &str = "
ALTER TABLE games ADD COLUMN clock_unsure INTEGER NOT NULL DEFAULT 0 CHECK (clock_unsure IN (0, 1));
";

/// Version 5: each finished game's summary kept beside it.
///
/// - `games.summary`: the JSON [`crate::games::Summary`] its engine gives
///   of the game's effective events, written when the game is finished
///   (and again when a finished game takes one more command), so that the
///   history and the statistics read it instead of replaying every game.
/// - `games.summed_by`: the Tavola version that wrote `summary`; `NULL`
///   while the game was never summed up. With it set and `summary` `NULL`,
///   the events make no finished game. Games finished before this version,
///   or summed up by another Tavola (whose engines may sum a game up
///   differently), are summed up again the first time they are read
///   ([`super::Journal::finished_games`]).
const V5: &str = "
ALTER TABLE games ADD COLUMN summary TEXT CHECK (summary IS NULL OR json_valid(summary));
ALTER TABLE games ADD COLUMN summed_by TEXT;
";

/// Every migration, in order: `MIGRATIONS[i]` goes from version `i` to `i + 1`.
const MIGRATIONS: &[&str] = &[V1, V2, V3, V4, V5];

/// The schema version this binary writes.
pub const LATEST: u32 = MIGRATIONS.len() as u32;

/// Opens the connection and checks the file before anything is written:
/// the schema version, the owner, and `PRAGMA quick_check`. Damage shows as
/// a [`rusqlite::Error`] that [`super::error::is_damage`] recognises, or as
/// [`Checked::Damaged`].
pub(crate) fn open_checked(path: &Path) -> Result<Checked, JournalError> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    // Until the file is known to be sound, closing must not checkpoint the
    // WAL into it: a damaged file is moved aside as it was found.
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true)?;
    // Reading the header is the first thing that fails on a file that is not a database.
    let version: u32 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    let app_id: i32 = conn.pragma_query_value(None, "application_id", |r| r.get(0))?;
    let objects: i64 = conn.query_row("SELECT count(*) FROM sqlite_schema", [], |r| r.get(0))?;
    if (app_id != 0 && app_id != APPLICATION_ID) || (app_id == 0 && objects > 0) {
        return Err(JournalError::ForeignDatabase { path: path.to_path_buf() });
    }
    if version > LATEST {
        return Err(JournalError::NewerSchema { path: path.to_path_buf(), found: version, supported: LATEST });
    }
    let problems = quick_check(&conn)?;
    if !problems.is_empty() {
        return Ok(Checked::Damaged(problems));
    }
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, false)?;
    Ok(Checked::Sound(conn))
}

/// What [`open_checked`] found.
pub(crate) enum Checked {
    /// The file reads well.
    Sound(Connection),
    /// `quick_check` found these problems.
    Damaged(Vec<String>),
}

/// `PRAGMA quick_check`: the problems found (at most ten), none when sound.
pub(crate) fn quick_check(conn: &Connection) -> Result<Vec<String>, JournalError> {
    let mut stmt = conn.prepare("PRAGMA quick_check(10)")?;
    let rows = stmt.query_map([], |r| r.get::<_, String>(0))?.collect::<Result<Vec<_>, _>>()?;
    Ok(if rows.len() == 1 && rows[0] == "ok" { Vec::new() } else { rows })
}

/// Sets the connection up for durability (WAL, `synchronous=FULL`, foreign
/// keys; see the module documentation for why `FULL`) and brings the schema
/// to [`LATEST`].
pub(crate) fn configure(conn: &mut Connection) -> Result<(), JournalError> {
    // On a file system without shared memory SQLite stays in its rollback
    // journal mode, which `synchronous=FULL` makes just as durable.
    let _mode: String = conn.pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get(0))?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", true)?;
    // A deleted row's bytes are overwritten, not left in a free page: a
    // secret input leaves no trace once revealed.
    conn.pragma_update(None, "secure_delete", true)?;
    migrate(conn)
}

/// Runs the migrations the file still needs, each in its own transaction.
fn migrate(conn: &mut Connection) -> Result<(), JournalError> {
    loop {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let version: u32 = tx.pragma_query_value(None, "user_version", |r| r.get(0))?;
        if version >= LATEST {
            // Another process may have migrated meanwhile; a newer file was refused at open.
            return Ok(());
        }
        tx.execute_batch(MIGRATIONS[version as usize])?;
        tx.pragma_update(None, "application_id", APPLICATION_ID)?;
        tx.pragma_update(None, "user_version", version + 1)?;
        tx.commit()?;
    }
}
