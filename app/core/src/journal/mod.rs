//! The durable game log: every accepted command's events, committed to disk
//! before the screen shows the input as taken, plus the history of past
//! games, settings and learned tags.
//!
//! # Promises
//!
//! - **Nothing acknowledged is lost.** [`Journal::append`] returns only after
//!   its transaction is committed and synced (`synchronous=FULL` in WAL
//!   mode; see [`schema`] for why not `NORMAL`). The table shows an
//!   input as taken only after `append` returned `Ok`.
//! - **Nothing is half-written.** One accepted command is one transaction:
//!   after a power cut a command's events are either all there or none.
//! - **Nothing damaged is thrown away.** A damaged file is moved aside to
//!   `tavola.db.corrupt-<UTC time>` (see [`recovery`]) and a fresh journal
//!   starts; [`Journal::open`] says so in [`Opened::moved_aside`]. A file
//!   from a newer Tavola is refused ([`JournalError::NewerSchema`]) and left
//!   as it is.
//! - **No secret goes to disk that the rules keep in flight.** Transient
//!   events ([`GameEvent::is_transient`]: a mission card tied to its seat)
//!   are refused by [`Journal::append`] with
//!   [`JournalError::TransientEvent`]: the journal stores what it is given,
//!   and it is given only the events that may be stored. Other secrets (the
//!   characters tapped on the reader, team votes before they are revealed)
//!   are stored, as resuming needs them; an export of a game still open
//!   carries only their public form (see [`export`]).
//!
//! # Model
//!
//! A game is a row in `games` and a numbered list of entries. A `command`
//! entry holds the stored events of one accepted command. An `undo` entry
//! takes back the last command still in effect; a `redo` entry brings back
//! the last one undone, as long as no new command came after the undo (a new
//! command drops what could be redone, as in any editor). Undo and redo are
//! entries themselves, so the journal never deletes or rewrites a row: what
//! the table did is always on disk, in order. The effective history
//! ([`Journal::events`]) is the events of the commands still in effect, in
//! order; replaying it rebuilds the game.
//!
//! Times are the wall clock in Unix milliseconds. A Pi without a clock
//! battery can boot with a wrong date: order always comes from ids and
//! sequence numbers, never from times.
//!
//! The API is synchronous and single-threaded: a [`Journal`] owns one
//! SQLite connection. Each call is a few milliseconds at most (one `fsync`
//! for a write).

pub mod charts;
mod error;
pub mod export;
pub mod facts;
pub mod recovery;
pub mod salvage;
pub mod schema;
mod stats;
mod store;
mod summaries;

pub use store::{commands, JournalStore};

pub use error::JournalError;
pub use export::{parse_jsonl, Export, ExportHeader};
pub use recovery::{Damage, MovedAside};
pub use stats::{utc, GameStats, GameSummary, NumberStats, PartStats, PlayerStats, SetupStats, SideStats};

use crate::games::{GameKind, Seat};
use crate::table::AnyEvent;
use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::ffi::OsString;
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

/// The environment variable that overrides the database path.
pub const DB_ENV: &str = "TAVOLA_DB";

/// Result of journal calls.
pub type Result<T, E = JournalError> = std::result::Result<T, E>;

/// A game in the journal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameId(pub i64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// An entry's number within its game, from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seq(pub i64);

impl fmt::Display for Seq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Where a game stands in the journal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameState {
    /// Being played (or interrupted): entries can be added.
    Open,
    /// Played to its end; part of the history and the statistics.
    Finished,
    /// Left before its end; kept on disk, out of history and statistics.
    Discarded,
}

impl GameState {
    /// The name stored in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            GameState::Open => "open",
            GameState::Finished => "finished",
            GameState::Discarded => "discarded",
        }
    }

    fn parse(s: &str) -> Result<GameState> {
        match s {
            "open" => Ok(GameState::Open),
            "finished" => Ok(GameState::Finished),
            "discarded" => Ok(GameState::Discarded),
            other => Err(bad_value("game state", other)),
        }
    }
}

/// What an entry records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EntryKind {
    /// The events of one accepted command.
    Command,
    /// The last command in effect was taken back.
    Undo,
    /// The last command undone was brought back.
    Redo,
}

impl EntryKind {
    fn as_str(self) -> &'static str {
        match self {
            EntryKind::Command => "command",
            EntryKind::Undo => "undo",
            EntryKind::Redo => "redo",
        }
    }

    fn parse(s: &str) -> Result<EntryKind> {
        match s {
            "command" => Ok(EntryKind::Command),
            "undo" => Ok(EntryKind::Undo),
            "redo" => Ok(EntryKind::Redo),
            other => Err(bad_value("entry kind", other)),
        }
    }
}

/// What is known about a game when it starts.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameMeta {
    /// The table's random seed, when it was seeded by hand (`--seed`).
    pub seed: Option<u64>,
    /// Player names in seat order, one per seat; `""` for an unnamed seat.
    pub players: Vec<String>,
    /// The box's clock had never been synchronised when the game began:
    /// its dates may be far off ([`crate::system::clock`]).
    pub clock_unsure: bool,
}

impl GameMeta {
    /// The meta of a game whose first stored events are `events`: the
    /// players come from the game's setup event, one name per seat.
    pub fn from_events(events: &[AnyEvent], seed: Option<u64>) -> GameMeta {
        let players = events.iter().find_map(AnyEvent::seated_names).unwrap_or_default();
        GameMeta { seed, players, clock_unsure: false }
    }
}

/// How a game ended, as the history shows it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// The winning side or player, as the game names it (`good`, `evil`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    /// Why the game ended, as a stable code (`merlin_assassinated`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The seats that won, when Tavola knows who played for the winner
    /// (where roles are secret, only when Tavola read them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winners: Option<Vec<Seat>>,
}

impl GameResult {
    /// The result of a finished game, read from its stored events; `None`
    /// while the game has no end event.
    pub fn from_events(events: &[AnyEvent]) -> Option<GameResult> {
        let game = crate::games::AnyGame::replay(events.first()?.kind(), events).ok()?;
        let outcome = game.outcome()?;
        Some(GameResult { winner: Some(outcome.winner), reason: Some(outcome.reason), winners: outcome.winners })
    }
}

/// A game's row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameInfo {
    /// Its id.
    pub id: GameId,
    /// Which game.
    pub kind: GameKind,
    /// Where it stands.
    pub state: GameState,
    /// When it began (Unix ms).
    pub started_at: i64,
    /// When it was finished or discarded (Unix ms).
    pub ended_at: Option<i64>,
    /// The random seed, if known.
    pub seed: Option<u64>,
    /// Player names in seat order.
    pub players: Vec<String>,
    /// How it ended.
    pub result: Option<GameResult>,
    /// The box's clock had never been synchronised when it began: its
    /// dates may be far off. Games are ordered by their id, never by these
    /// dates.
    #[serde(default)]
    pub clock_unsure: bool,
}

/// One stored entry.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// Its number within the game.
    pub seq: Seq,
    /// What it records.
    pub kind: EntryKind,
    /// For an undo or redo, the command entry it takes back or brings back.
    pub target: Option<Seq>,
    /// For a command, its stored events; empty for an undo or redo.
    pub events: Vec<AnyEvent>,
    /// When it was written (Unix ms).
    pub created_at: i64,
}

/// A game with all its entries, as found on disk.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredGame {
    /// The game's row.
    pub info: GameInfo,
    /// Every entry, in order, undone commands included.
    pub entries: Vec<Entry>,
    /// The effective history: the events of the commands in effect, undo
    /// and redo applied. Replaying it rebuilds the game.
    pub events: Vec<AnyEvent>,
    /// Secret inputs accepted and not revealed yet (mission cards), in
    /// order: applied after the history when the game is taken up.
    pub secrets: Vec<AnyEvent>,
    /// Whether a command can be undone.
    pub can_undo: bool,
    /// Whether an undone command can be redone.
    pub can_redo: bool,
}

/// What an undo or redo did.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// The undo or redo entry written.
    pub entry: Seq,
    /// The command entry taken back or brought back.
    pub target: Seq,
    /// That command's events: for a redo they can be applied to the state
    /// as they are; after an undo the state is rebuilt from
    /// [`Journal::events`].
    pub events: Vec<AnyEvent>,
}

/// A learned tag: a UID-only tag the owner taught to mean a catalog card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LearnedTag {
    /// The tag's UID, upper-case hex.
    pub uid: String,
    /// The card id (`<game id>/<kind>/<card>`).
    pub card: String,
    /// When it was learned (Unix ms).
    pub learned_at: i64,
}

/// A journal just opened.
#[derive(Debug)]
pub struct Opened {
    /// The journal, ready.
    pub journal: Journal,
    /// A damaged file found at the path and moved aside, if any: the
    /// journal is then a fresh one, and the table should say so.
    pub moved_aside: Option<MovedAside>,
}

/// The game kind an event belongs to.
pub fn event_kind(event: &AnyEvent) -> GameKind {
    event.kind()
}

/// Whether an event must never be stored (see [`GameEvent::is_transient`]).
pub fn is_transient(event: &AnyEvent) -> bool {
    event.is_transient()
}

/// The default database path: `$TAVOLA_DB` if set, else
/// `$XDG_DATA_HOME/tavola/tavola.db`, else `~/.local/share/tavola/tavola.db`.
pub fn default_path() -> Result<PathBuf> {
    default_path_from(|k| std::env::var_os(k))
}

/// [`default_path`] with the environment given as a function.
pub fn default_path_from(env: impl Fn(&str) -> Option<OsString>) -> Result<PathBuf> {
    let set = |k: &str| env(k).filter(|v| !v.is_empty());
    if let Some(p) = set(DB_ENV) {
        return Ok(PathBuf::from(p));
    }
    // The XDG specification says to ignore a relative XDG_DATA_HOME.
    if let Some(p) = set("XDG_DATA_HOME").map(PathBuf::from).filter(|p| p.is_absolute()) {
        return Ok(p.join("tavola").join("tavola.db"));
    }
    match set("HOME") {
        Some(home) => Ok(PathBuf::from(home).join(".local/share/tavola/tavola.db")),
        None => Err(JournalError::NoDataDir),
    }
}

/// The durable game log. See the module documentation.
#[derive(Debug)]
pub struct Journal {
    conn: Connection,
    path: PathBuf,
}

impl Journal {
    /// Opens (or creates) the journal at `path`, creating its directory.
    ///
    /// A damaged file is moved aside and a fresh journal started
    /// ([`Opened::moved_aside`]). A file from a newer Tavola or another
    /// program, a busy, read-only or unreadable file are errors, and the
    /// file is left as it is.
    pub fn open(path: impl AsRef<Path>) -> Result<Opened> {
        let path = path.as_ref().to_path_buf();
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            fs::create_dir_all(dir).map_err(|e| recovery::io_error("creating the data directory", dir, e))?;
        }
        let mut moved_aside = match recovery::precheck(&path)? {
            Some(damage) => Some(recovery::move_aside(&path, damage)?),
            None => None,
        };
        let existed = path.exists();
        let journal = match Journal::try_open(&path) {
            Ok(j) => j,
            Err(damage) => {
                let damage = damage?;
                if moved_aside.is_some() {
                    // A fresh file cannot be damaged: something else is wrong.
                    return Err(JournalError::Io {
                        what: "starting a fresh journal",
                        path,
                        source: std::io::Error::other(damage.to_string()),
                    });
                }
                moved_aside = Some(recovery::move_aside(&path, damage)?);
                Journal::try_open(&path).map_err(|d| match d {
                    Ok(d) => JournalError::Io {
                        what: "starting a fresh journal",
                        path: path.clone(),
                        source: std::io::Error::other(d.to_string()),
                    },
                    Err(e) => e,
                })?
            }
        };
        if !existed || moved_aside.is_some() {
            // Make the new file's directory entry durable too.
            recovery::sync_dir(&path)?;
        }
        let mut journal = journal;
        // What the damaged file still holds comes over first; the deck
        // files beside it then fill in the card facts it lost.
        if let Some(moved) = &mut moved_aside {
            moved.salvaged = Some(salvage::salvage(&moved.path, &mut journal));
        }
        journal.adopt_facts()?;
        Ok(Opened { journal, moved_aside })
    }

    /// Opens the journal at [`default_path`].
    pub fn open_default() -> Result<Opened> {
        Journal::open(default_path()?)
    }

    /// Opens, checks and sets up the file. `Err(Ok(damage))` when the file
    /// is damaged, `Err(Err(e))` on any other failure.
    fn try_open(path: &Path) -> std::result::Result<Journal, Result<Damage>> {
        let damaged = |e: JournalError| match e {
            JournalError::Sqlite(s) if error::is_damage(&s) => Ok(Damage::Unreadable { message: s.to_string() }),
            other => Err(other),
        };
        let mut conn = match schema::open_checked(path).map_err(damaged)? {
            schema::Checked::Sound(c) => c,
            schema::Checked::Damaged(problems) => return Err(Ok(Damage::QuickCheck { problems })),
        };
        schema::configure(&mut conn).map_err(damaged)?;
        Ok(Journal { conn, path: path.to_path_buf() })
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Starts a game and returns its id. One table plays one game at a
    /// time: a game still open is marked discarded in the same transaction
    /// (its entries stay on disk). Call it when the first command of the
    /// game is accepted, right before the first [`Journal::append`].
    pub fn begin_game(&mut self, kind: GameKind, meta: &GameMeta) -> Result<GameId> {
        let players = to_json(&meta.players, || "players".into())?;
        let now = recovery::now_ms();
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute("UPDATE games SET state = 'discarded', ended_at = ?1 WHERE state = 'open'", [now])?;
        tx.execute(
            "INSERT INTO games (kind, started_at, seed, players, state, clock_unsure) VALUES (?1, ?2, ?3, ?4, 'open', ?5)",
            params![kind_name(kind), now, meta.seed.map(|s| s as i64), players, meta.clock_unsure],
        )?;
        let id = GameId(tx.last_insert_rowid());
        tx.commit()?;
        Ok(id)
    }

    /// Records the stored events of one accepted command, in one
    /// transaction, and returns the entry's number once it is committed and
    /// synced to disk. Refuses an empty list, a transient event and an
    /// event of another game, writing nothing.
    pub fn append(&mut self, game: GameId, events: &[AnyEvent]) -> Result<Seq> {
        let json = entry_json(game, events)?;
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let kind = open_game_kind(&tx, game)?;
        let seq = insert_command(&tx, game, kind, events, &json)?;
        // The reveal and the end of the secrets it reveals are one step: a
        // power cut between them would bring the secrets back after the
        // tally (a mission with every card played and never resolved).
        if events.iter().any(AnyEvent::reveals_secrets) {
            tx.prepare_cached("DELETE FROM pending_secrets WHERE game = ?1")?.execute([game.0])?;
        }
        tx.commit()?;
        Ok(seq)
    }

    /// Keeps the events of a secret input (transient ones, such as a
    /// mission card) until the rules reveal it: a power cut loses none.
    pub fn stash_secret(&mut self, game: GameId, events: &[AnyEvent]) -> Result<()> {
        if events.is_empty() {
            return Err(JournalError::EmptyEntry);
        }
        let json = to_json(events, || format!("secret events of game {game}"))?;
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        open_game_kind(&tx, game)?;
        let seq: i64 =
            tx.query_row("SELECT coalesce(max(seq), 0) + 1 FROM pending_secrets WHERE game = ?1", [game.0], |r| {
                r.get(0)
            })?;
        tx.prepare_cached("INSERT INTO pending_secrets (game, seq, events) VALUES (?1, ?2, ?3)")?
            .execute(params![game.0, seq, json])?;
        tx.commit()?;
        Ok(())
    }

    /// The secret inputs are revealed (or the game is over): they are
    /// deleted (already, when [`Journal::append`] stored their reveal),
    /// their bytes overwritten (`secure_delete`), and the WAL is
    /// checkpointed and truncated so that no frame keeps them either.
    pub fn clear_secrets(&mut self, game: GameId) -> Result<()> {
        self.conn.execute("DELETE FROM pending_secrets WHERE game = ?1", [game.0])?;
        self.conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
        Ok(())
    }

    fn secrets(&self, game: GameId) -> Result<Vec<AnyEvent>> {
        let mut stmt =
            self.conn.prepare_cached("SELECT seq, events FROM pending_secrets WHERE game = ?1 ORDER BY seq")?;
        let rows = stmt
            .query_map([game.0], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?
            .collect::<std::result::Result<Vec<_>, _>>()?;
        let mut out = Vec::new();
        for (seq, json) in rows {
            let events: Vec<AnyEvent> = from_json(&json, || format!("secret {seq} of game {game}"))?;
            out.extend(events);
        }
        Ok(out)
    }

    /// Takes back the last command still in effect, as an `undo` entry.
    pub fn undo(&mut self, game: GameId) -> Result<Step> {
        self.step(game, EntryKind::Undo)
    }

    /// Brings back the last command undone, as a `redo` entry. Possible
    /// until a new command is appended.
    pub fn redo(&mut self, game: GameId) -> Result<Step> {
        self.step(game, EntryKind::Redo)
    }

    fn step(&mut self, game: GameId, kind: EntryKind) -> Result<Step> {
        let now = recovery::now_ms();
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        open_game_kind(&tx, game)?;
        let timeline = Timeline::fold(game, entry_heads(&tx, game)?)?;
        let target = match kind {
            EntryKind::Undo => timeline.done.last().copied().ok_or(JournalError::NothingToUndo(game))?,
            _ => timeline.undone.last().copied().ok_or(JournalError::NothingToRedo(game))?,
        };
        let seq = next_seq(&tx, game)?;
        tx.execute(
            "INSERT INTO entries (game, seq, kind, target, events, created_at) VALUES (?1, ?2, ?3, ?4, '[]', ?5)",
            params![game.0, seq.0, kind.as_str(), target.0, now],
        )?;
        let events_json: String =
            tx.query_row("SELECT events FROM entries WHERE game = ?1 AND seq = ?2", params![game.0, target.0], |r| {
                r.get(0)
            })?;
        tx.commit()?;
        let events = from_json(&events_json, || format!("events of entry {target} of game {game}"))?;
        Ok(Step { entry: seq, target, events })
    }

    /// Whether the game has a command to undo and one to redo.
    pub fn can_undo_redo(&self, game: GameId) -> Result<(bool, bool)> {
        self.info(game)?;
        let t = Timeline::fold(game, entry_heads(&self.conn, game)?)?;
        Ok((!t.done.is_empty(), !t.undone.is_empty()))
    }

    /// Marks the game finished with its result. Only an open game can be
    /// finished.
    /// Its summary, from the replay of its effective events, is kept
    /// beside it in the same transaction (see [`summaries`]).
    pub fn finish_game(&mut self, game: GameId, result: &GameResult) -> Result<()> {
        let json = to_json(result, || format!("result of game {game}"))?;
        self.close_game(game, GameState::Finished, Some(json))?;
        self.clear_secrets(game)
    }

    /// Adds one command's events to a game already finished (what a game
    /// still takes after its end: the points its count waited for) and
    /// records its result and its summary as they stand now, in one
    /// transaction.
    pub fn amend_finished(&mut self, game: GameId, events: &[AnyEvent], result: &GameResult) -> Result<Seq> {
        let json = entry_json(game, events)?;
        let outcome = to_json(result, || format!("result of game {game}"))?;
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let row: Option<(String, String)> = tx
            .prepare_cached("SELECT kind, state FROM games WHERE id = ?1")?
            .query_row([game.0], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?;
        let (kind, state) = row.ok_or(JournalError::NoSuchGame(game))?;
        match GameState::parse(&state)? {
            GameState::Finished => {}
            state => return Err(JournalError::NotOpen { game, state }),
        }
        let kind = kind_from_name(&kind)?;
        let seq = insert_command(&tx, game, kind, events, &json)?;
        tx.execute("UPDATE games SET result = ?2 WHERE id = ?1", params![game.0, outcome])?;
        summaries::write(&tx, game, summaries::replay(&tx, kind, game)?.as_ref())?;
        tx.commit()?;
        Ok(seq)
    }

    /// Marks an open game discarded: it leaves the resume offer, the history
    /// and the statistics, and stays on disk.
    pub fn discard(&mut self, game: GameId) -> Result<()> {
        self.close_game(game, GameState::Discarded, None)?;
        self.clear_secrets(game)
    }

    fn close_game(&mut self, game: GameId, state: GameState, result: Option<String>) -> Result<()> {
        let now = recovery::now_ms();
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let kind = open_game_kind(&tx, game)?;
        tx.execute(
            "UPDATE games SET state = ?2, ended_at = ?3, result = ?4 WHERE id = ?1",
            params![game.0, state.as_str(), now, result],
        )?;
        if state == GameState::Finished {
            summaries::write(&tx, game, summaries::replay(&tx, kind, game)?.as_ref())?;
        }
        tx.commit()?;
        Ok(())
    }

    /// The last open game that has at least one entry, with all its entries
    /// and its effective history: the game to offer to resume after a
    /// restart. An open game without entries is not offered: nothing was
    /// acknowledged in it.
    pub fn unfinished(&self) -> Result<Option<StoredGame>> {
        let id: Option<i64> = self
            .conn
            .query_row(
                "SELECT id FROM games g WHERE state = 'open'
                   AND EXISTS (SELECT 1 FROM entries e WHERE e.game = g.id)
                 ORDER BY id DESC LIMIT 1",
                [],
                |r| r.get(0),
            )
            .optional()?;
        id.map(|id| self.game(GameId(id))).transpose()
    }

    /// A game with all its entries and its effective history.
    pub fn game(&self, game: GameId) -> Result<StoredGame> {
        let info = self.info(game)?;
        let mut stmt = self
            .conn
            .prepare_cached("SELECT seq, kind, target, events, created_at FROM entries WHERE game = ?1 ORDER BY seq")?;
        let rows = stmt
            .query_map([game.0], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, Option<i64>>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, i64>(4)?,
                ))
            })?
            .collect::<std::result::Result<Vec<_>, _>>()?;
        let mut entries = Vec::with_capacity(rows.len());
        for (seq, kind, target, events, created_at) in rows {
            let seq = Seq(seq);
            let events = from_json(&events, || format!("events of entry {seq} of game {game}"))?;
            entries.push(Entry { seq, kind: EntryKind::parse(&kind)?, target: target.map(Seq), events, created_at });
        }
        let timeline = Timeline::fold(game, entries.iter().map(|e| (e.seq, e.kind, e.target)))?;
        let by_seq: HashMap<Seq, &Entry> = entries.iter().map(|e| (e.seq, e)).collect();
        let events = timeline.done.iter().flat_map(|s| by_seq[s].events.iter().cloned()).collect();
        let secrets = self.secrets(game)?;
        Ok(StoredGame {
            info,
            events,
            secrets,
            can_undo: !timeline.done.is_empty(),
            can_redo: !timeline.undone.is_empty(),
            entries,
        })
    }

    /// The effective history of a game: the events of the commands in
    /// effect, in order (undo and redo applied).
    pub fn events(&self, game: GameId) -> Result<Vec<AnyEvent>> {
        self.info(game)?;
        effective_events(&self.conn, game)
    }

    /// A game's row.
    pub fn info(&self, game: GameId) -> Result<GameInfo> {
        self.conn
            .prepare_cached(
                "SELECT id, kind, state, started_at, ended_at, seed, players, result, clock_unsure FROM games
                 WHERE id = ?1",
            )?
            .query_row([game.0], read_info)
            .optional()?
            .ok_or(JournalError::NoSuchGame(game))?
    }

    /// Games in a state, in the order they began: by id, as they were
    /// stored, never by `started_at` (a clock set late, or set back, would
    /// put a game played later before one played earlier).
    pub fn games(&self, state: GameState) -> Result<Vec<GameInfo>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, kind, state, started_at, ended_at, seed, players, result, clock_unsure FROM games
             WHERE state = ?1 ORDER BY id",
        )?;
        let rows = stmt.query_map([state.as_str()], read_info)?.collect::<std::result::Result<Vec<_>, _>>()?;
        rows.into_iter().collect()
    }

    /// A setting, read as `T`; `None` when it was never set.
    pub fn setting<T: DeserializeOwned>(&self, key: &str) -> Result<Option<T>> {
        let value: Option<String> = self
            .conn
            .prepare_cached("SELECT value FROM settings WHERE key = ?1")?
            .query_row([key], |r| r.get(0))
            .optional()?;
        value.map(|v| from_json(&v, || format!("setting {key}"))).transpose()
    }

    /// Stores a setting (replacing the old value), durably.
    pub fn set_setting<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<()> {
        let json = to_json(value, || format!("setting {key}"))?;
        self.conn
            .prepare_cached(
                "INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = ?2",
            )?
            .execute(params![key, json])?;
        Ok(())
    }

    /// Forgets a setting; true if it was set.
    pub fn remove_setting(&mut self, key: &str) -> Result<bool> {
        Ok(self.conn.execute("DELETE FROM settings WHERE key = ?1", [key])? > 0)
    }

    /// Teaches the table that the tag `uid` means `card` (replacing what it
    /// meant before). UIDs are compared in upper case, without separators.
    pub fn learn_tag(&mut self, uid: &str, card: &str) -> Result<()> {
        self.conn
            .prepare_cached(
                "INSERT INTO learned_tags (uid, card, learned_at) VALUES (?1, ?2, ?3)
                 ON CONFLICT (uid) DO UPDATE SET card = ?2, learned_at = ?3",
            )?
            .execute(params![normalize_uid(uid), card, recovery::now_ms()])?;
        Ok(())
    }

    /// The card a learned tag stands for.
    pub fn learned_tag(&self, uid: &str) -> Result<Option<String>> {
        Ok(self
            .conn
            .prepare_cached("SELECT card FROM learned_tags WHERE uid = ?1")?
            .query_row([normalize_uid(uid)], |r| r.get(0))
            .optional()?)
    }

    /// Every learned tag, by UID.
    pub fn learned_tags(&self) -> Result<Vec<LearnedTag>> {
        let mut stmt = self.conn.prepare_cached("SELECT uid, card, learned_at FROM learned_tags ORDER BY uid")?;
        let rows = stmt.query_map([], |r| Ok(LearnedTag { uid: r.get(0)?, card: r.get(1)?, learned_at: r.get(2)? }))?;
        Ok(rows.collect::<std::result::Result<Vec<_>, _>>()?)
    }

    /// Forgets a learned tag; true if it was known.
    pub fn forget_tag(&mut self, uid: &str) -> Result<bool> {
        Ok(self.conn.execute("DELETE FROM learned_tags WHERE uid = ?1", [normalize_uid(uid)])? > 0)
    }

    /// Runs `PRAGMA quick_check` now; the problems found, none when sound.
    pub fn quick_check(&self) -> Result<Vec<String>> {
        schema::quick_check(&self.conn)
    }

    pub(crate) fn conn(&self) -> &Connection {
        &self.conn
    }
}

/// Upper-case hex digits only: `04:a1:b2` and `04A1B2` are the same tag.
fn normalize_uid(uid: &str) -> String {
    uid.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_uppercase()).collect()
}

/// The commands in effect and the commands that can be redone, from the
/// entries' heads (sequence number, kind, target) in order.
#[derive(Debug, Default)]
struct Timeline {
    done: Vec<Seq>,
    undone: Vec<Seq>,
}

impl Timeline {
    fn fold(game: GameId, heads: impl IntoIterator<Item = (Seq, EntryKind, Option<Seq>)>) -> Result<Timeline> {
        let mut t = Timeline::default();
        for (seq, kind, target) in heads {
            let inconsistent = |why: &str| JournalError::Inconsistent { game, seq, why: why.into() };
            match kind {
                EntryKind::Command => {
                    t.done.push(seq);
                    t.undone.clear();
                }
                EntryKind::Undo => {
                    let last = t.done.pop().ok_or_else(|| inconsistent("undo with nothing to undo"))?;
                    if target != Some(last) {
                        return Err(inconsistent("undo of another command than the last one in effect"));
                    }
                    t.undone.push(last);
                }
                EntryKind::Redo => {
                    let last = t.undone.pop().ok_or_else(|| inconsistent("redo with nothing to redo"))?;
                    if target != Some(last) {
                        return Err(inconsistent("redo of another command than the last one undone"));
                    }
                    t.done.push(last);
                }
            }
        }
        Ok(t)
    }
}

/// The heads of a game's entries, in order.
fn entry_heads(conn: &Connection, game: GameId) -> Result<Vec<(Seq, EntryKind, Option<Seq>)>> {
    let mut stmt = conn.prepare_cached("SELECT seq, kind, target FROM entries WHERE game = ?1 ORDER BY seq")?;
    let rows = stmt
        .query_map([game.0], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, Option<i64>>(2)?)))?
        .collect::<std::result::Result<Vec<_>, _>>()?;
    rows.into_iter().map(|(s, k, t)| Ok((Seq(s), EntryKind::parse(&k)?, t.map(Seq)))).collect()
}

/// The effective history of a game: only the commands in effect are parsed.
pub(crate) fn effective_events(conn: &Connection, game: GameId) -> Result<Vec<AnyEvent>> {
    let mut stmt = conn.prepare_cached("SELECT seq, kind, target, events FROM entries WHERE game = ?1 ORDER BY seq")?;
    let rows = stmt
        .query_map([game.0], |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, Option<i64>>(2)?, r.get::<_, String>(3)?))
        })?
        .collect::<std::result::Result<Vec<_>, _>>()?;
    let mut heads = Vec::with_capacity(rows.len());
    let mut texts = HashMap::with_capacity(rows.len());
    for (seq, kind, target, events) in rows {
        heads.push((Seq(seq), EntryKind::parse(&kind)?, target.map(Seq)));
        texts.insert(Seq(seq), events);
    }
    let timeline = Timeline::fold(game, heads)?;
    let mut events = Vec::new();
    for seq in timeline.done {
        let list: Vec<AnyEvent> = from_json(&texts[&seq], || format!("events of entry {seq} of game {game}"))?;
        events.extend(list);
    }
    Ok(events)
}

/// One command's events as stored: refused when empty or holding a
/// transient event (see [`Journal::append`]).
fn entry_json(game: GameId, events: &[AnyEvent]) -> Result<String> {
    if events.is_empty() {
        return Err(JournalError::EmptyEntry);
    }
    if let Some(index) = events.iter().position(is_transient) {
        return Err(JournalError::TransientEvent { index });
    }
    to_json(events, || format!("events of game {game}"))
}

/// Adds a command's entry (`json`, its events) to `game`, of `kind`, as the
/// next in order (inside the caller's transaction); refuses an event of
/// another game.
fn insert_command(tx: &Connection, game: GameId, kind: GameKind, events: &[AnyEvent], json: &str) -> Result<Seq> {
    if let Some(found) = events.iter().map(event_kind).find(|&k| k != kind) {
        return Err(JournalError::WrongGame { game, expected: kind, found });
    }
    let seq = next_seq(tx, game)?;
    tx.prepare_cached(
        "INSERT INTO entries (game, seq, kind, target, events, created_at) VALUES (?1, ?2, 'command', NULL, ?3, ?4)",
    )?
    .execute(params![game.0, seq.0, json, recovery::now_ms()])?;
    Ok(seq)
}

/// The kind of an open game; an error if there is no such game or it is
/// not open.
fn open_game_kind(conn: &Connection, game: GameId) -> Result<GameKind> {
    let row: Option<(String, String)> = conn
        .prepare_cached("SELECT kind, state FROM games WHERE id = ?1")?
        .query_row([game.0], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    let (kind, state) = row.ok_or(JournalError::NoSuchGame(game))?;
    match GameState::parse(&state)? {
        GameState::Open => kind_from_name(&kind),
        state => Err(JournalError::NotOpen { game, state }),
    }
}

fn next_seq(conn: &Connection, game: GameId) -> Result<Seq> {
    let n: i64 = conn
        .prepare_cached("SELECT COALESCE(MAX(seq), 0) + 1 FROM entries WHERE game = ?1")?
        .query_row([game.0], |r| r.get(0))?;
    Ok(Seq(n))
}

type InfoRow = (i64, String, String, i64, Option<i64>, Option<i64>, String, Option<String>, bool);

fn read_info(r: &rusqlite::Row<'_>) -> rusqlite::Result<Result<GameInfo>> {
    let row: InfoRow =
        (r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?, r.get(8)?);
    Ok(info_from_row(row))
}

fn info_from_row(row: InfoRow) -> Result<GameInfo> {
    let (id, kind, state, started_at, ended_at, seed, players, result, clock_unsure) = row;
    let id = GameId(id);
    Ok(GameInfo {
        id,
        kind: kind_from_name(&kind)?,
        state: GameState::parse(&state)?,
        started_at,
        ended_at,
        seed: seed.map(|s| s as u64),
        players: from_json(&players, || format!("players of game {id}"))?,
        result: result.map(|r| from_json(&r, || format!("result of game {id}"))).transpose()?,
        clock_unsure,
    })
}

/// The stored name of a game kind, its id ([`GameKind::id`]; older rows may
/// hold an older spelling, which still reads).
pub(crate) fn kind_name(kind: GameKind) -> String {
    kind.id().to_string()
}

fn kind_from_name(name: &str) -> Result<GameKind> {
    GameKind::from_name(name).ok_or_else(|| bad_value("game kind", name))
}

fn bad_value(what: &str, value: &str) -> JournalError {
    JournalError::Json {
        what: format!("stored {what}"),
        source: <serde_json::Error as serde::de::Error>::custom(format!("unknown value {value:?}")),
    }
}

pub(crate) fn to_json<T: Serialize + ?Sized>(value: &T, what: impl FnOnce() -> String) -> Result<String> {
    serde_json::to_string(value).map_err(|source| JournalError::Json { what: what(), source })
}

pub(crate) fn from_json<T: DeserializeOwned>(text: &str, what: impl FnOnce() -> String) -> Result<T> {
    serde_json::from_str(text).map_err(|source| JournalError::Json { what: what(), source })
}

#[cfg(test)]
mod tests;
