//! Reading back what a damaged database still holds.
//!
//! A damaged file is moved aside whole (see [`super::recovery`]) and a fresh
//! journal started; then every row of the old file that can still be read is
//! copied into the fresh one: the owner's card facts, the tags learned, the
//! settings and the finished games (a game whose entries cannot all be read
//! is left out whole: half a game would not replay). What was saved and
//! what was not is said to the table ([`Salvaged`]).
//!
//! Rows are read one by one in each table's order: a damaged page ends the
//! reading of its table, and the rows read before it are kept.

use super::Journal;
use rusqlite::{Connection, OpenFlags};
use std::path::Path;
use tavola_words::{msg, Msg};

/// How much of one table was read back.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Part {
    /// Rows copied into the fresh journal.
    pub saved: usize,
    /// Some rows could not be read (a damaged page, a row that makes no sense).
    pub lost: bool,
}

/// What was read back from a damaged file.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Salvaged {
    /// Card facts (cards).
    pub facts: Part,
    /// Tags learned by UID.
    pub tags: Part,
    /// Settings (language, timers, volume…).
    pub settings: Part,
    /// Finished games, with their entries.
    pub games: Part,
}

impl Salvaged {
    /// What to tell the table.
    pub fn msg(&self) -> Msg {
        let lost: Vec<Msg> = [
            (self.facts.lost, "journal.salvage.facts"),
            (self.tags.lost, "journal.salvage.tags"),
            (self.settings.lost, "journal.salvage.settings"),
            (self.games.lost, "journal.salvage.games"),
        ]
        .into_iter()
        .filter(|(lost, _)| *lost)
        .map(|(_, id)| Msg::new(id))
        .collect();
        let saved = msg!(
            "journal.salvage.saved",
            facts = self.facts.saved,
            tags = self.tags.saved,
            games = self.games.saved,
            settings = self.settings.saved
        );
        // The parts lost, as one list: "the card facts; the finished games".
        let list = lost.into_iter().rev().reduce(|rest, first| msg!("journal.salvage.list", first, rest));
        match list {
            None => saved,
            Some(lost) => msg!("journal.salvage.partly", saved, lost),
        }
    }
}

/// Copies what can be read from the damaged file at `old` into `fresh`.
/// Never fails: what cannot be read is counted as lost.
pub(crate) fn salvage(old: &Path, fresh: &mut Journal) -> Salvaged {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let Ok(conn) = Connection::open_with_flags(old, flags) else {
        let all = Part { saved: 0, lost: true };
        return Salvaged { facts: all, tags: all, settings: all, games: all };
    };
    Salvaged {
        facts: copy(&conn, fresh, "SELECT card, game, facts, updated_at FROM card_facts", 4, "card_facts"),
        tags: copy(&conn, fresh, "SELECT uid, card, learned_at FROM learned_tags", 3, "learned_tags"),
        settings: copy(&conn, fresh, "SELECT key, value FROM settings", 2, "settings"),
        games: games(&conn, fresh),
    }
}

/// A table that did not exist in the old file's version is not a loss.
fn exists(conn: &Connection, table: &str) -> Option<bool> {
    conn.query_row("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?1", [table], |r| {
        r.get::<_, i64>(0)
    })
    .ok()
    .map(|n| n > 0)
}

/// Copies the rows `select` reads (`columns` of them, in the table's order)
/// into the same table of `fresh`, each row on its own: a row the fresh
/// table's checks refuse is counted as lost.
fn copy(conn: &Connection, fresh: &mut Journal, select: &str, columns: usize, table: &str) -> Part {
    let mut part = Part::default();
    match exists(conn, table) {
        Some(true) => {}
        Some(false) => return part,
        None => return Part { saved: 0, lost: true },
    }
    let Ok(mut stmt) = conn.prepare(select) else { return Part { saved: 0, lost: true } };
    let Ok(mut rows) = stmt.query([]) else { return Part { saved: 0, lost: true } };
    let marks = vec!["?"; columns].join(", ");
    let insert = format!("INSERT OR REPLACE INTO {table} VALUES ({marks})");
    loop {
        match rows.next() {
            Ok(Some(row)) => {
                let values: Result<Vec<rusqlite::types::Value>, _> = (0..columns).map(|i| row.get(i)).collect();
                let stored = values
                    .map_err(|_| ())
                    .and_then(|v| fresh.conn.execute(&insert, rusqlite::params_from_iter(v)).map_err(|_| ()));
                match stored {
                    Ok(_) => part.saved += 1,
                    Err(()) => part.lost = true,
                }
            }
            Ok(None) => break,
            Err(_) => {
                part.lost = true;
                break;
            }
        }
    }
    part
}

/// The finished games, each with all its entries or not at all.
fn games(conn: &Connection, fresh: &mut Journal) -> Part {
    let mut part = Part::default();
    let ids: Vec<i64> = {
        let Ok(mut stmt) = conn.prepare("SELECT id FROM games WHERE state = 'finished' ORDER BY id") else {
            return Part { saved: 0, lost: true };
        };
        let Ok(mut rows) = stmt.query([]) else { return Part { saved: 0, lost: true } };
        let mut ids = Vec::new();
        loop {
            match rows.next() {
                Ok(Some(row)) => match row.get(0) {
                    Ok(id) => ids.push(id),
                    Err(_) => part.lost = true,
                },
                Ok(None) => break,
                Err(_) => {
                    part.lost = true;
                    break;
                }
            }
        }
        ids
    };
    for id in ids {
        match one_game(conn, fresh, id) {
            Ok(()) => part.saved += 1,
            Err(_) => part.lost = true,
        }
    }
    part
}

/// One game and its entries, copied in one transaction.
fn one_game(conn: &Connection, fresh: &mut Journal, id: i64) -> rusqlite::Result<()> {
    type Row = Vec<rusqlite::types::Value>;
    let read = |sql: &str, columns: usize| -> rusqlite::Result<Vec<Row>> {
        let mut stmt = conn.prepare(sql)?;
        let rows = stmt.query_map([id], |r| (0..columns).map(|i| r.get(i)).collect::<rusqlite::Result<Row>>())?;
        rows.collect()
    };
    // A file from before version 4 has no clock_unsure: its games read 0.
    let game = read(
        "SELECT id, kind, started_at, ended_at, seed, players, result, state, clock_unsure FROM games WHERE id = ?1",
        9,
    )
    .or_else(|_| {
        read("SELECT id, kind, started_at, ended_at, seed, players, result, state, 0 FROM games WHERE id = ?1", 9)
    })?;
    let entries =
        read("SELECT game, seq, kind, target, events, created_at FROM entries WHERE game = ?1 ORDER BY seq", 6)?;
    let tx = fresh.conn.transaction()?;
    for g in game {
        tx.execute(
            "INSERT INTO games (id, kind, started_at, ended_at, seed, players, result, state, clock_unsure)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rusqlite::params_from_iter(g),
        )?;
    }
    for e in entries {
        tx.execute("INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?)", rusqlite::params_from_iter(e))?;
    }
    tx.commit()
}
