//! Reading back what a damaged database still holds.
//!
//! A damaged file is moved aside whole (see [`super::recovery`]) and a fresh
//! journal started; then every row of the old file that can still be read is
//! copied into the fresh one: the owner's card facts, the tags learned, the
//! settings and the finished games (a game whose entries cannot all be read
//! is left out whole: half a game would not replay). What was saved and
//! what was not is said to the table ([`Salvaged`]).
//!
//! Rows are read by scanning each table whole, never by looking a key up
//! (a damaged page that holds a divider key would fail every lookup that
//! passes it): once from the first row on, and, where a damaged page ends
//! that scan, once more from the last row back, so that only the rows
//! between the two damaged places are lost. A game is copied only when all
//! its entries were read.

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
        facts: copy(&conn, fresh, "SELECT card, game, facts, updated_at FROM card_facts", "card", 4, "card_facts"),
        tags: copy(&conn, fresh, "SELECT uid, card, learned_at FROM learned_tags", "uid", 3, "learned_tags"),
        settings: copy(&conn, fresh, "SELECT key, value FROM settings", "key", 2, "settings"),
        games: games(&conn, fresh),
    }
}

type Row = Vec<rusqlite::types::Value>;

/// What a scan read: the rows, whether some could not be read, and, when
/// a damaged place stopped the scan from the start, how many rows that
/// scan read before it (the rest were read from the end back).
struct Scanned {
    rows: Vec<Row>,
    lost: bool,
    stopped_after: Option<usize>,
    /// The first column (the key's start) of each row the scan passed but
    /// could not read whole (`None`: not even that).
    unread: Vec<Option<rusqlite::types::Value>>,
}

/// The rows `select` reads (`columns` of them) scanning its table in the
/// order of `key`, then, if a damaged place stopped that scan, from the
/// other end back to it.
fn scan(conn: &Connection, select: &str, key: &str, columns: usize) -> Scanned {
    let mut out = Scanned { rows: Vec::new(), lost: false, stopped_after: None, unread: Vec::new() };
    for order in ["ASC", "DESC"] {
        let by = key.split(',').map(|k| format!("{} {order}", k.trim())).collect::<Vec<_>>().join(", ");
        let sql = format!("{select} ORDER BY {by}");
        let Ok(mut stmt) = conn.prepare(&sql) else {
            out.lost = true;
            return out;
        };
        let Ok(mut rows) = stmt.query([]) else {
            out.lost = true;
            return out;
        };
        loop {
            match rows.next() {
                Ok(Some(row)) => match (0..columns).map(|i| row.get(i)).collect::<Result<Row, _>>() {
                    Ok(values) => out.rows.push(values),
                    Err(_) => {
                        out.lost = true;
                        out.unread.push(row.get(0).ok());
                    }
                },
                Ok(None) => return out,
                Err(_) => {
                    out.lost = true;
                    break;
                }
            }
        }
        if order == "ASC" {
            out.stopped_after = Some(out.rows.len());
        }
    }
    out
}

/// A table that did not exist in the old file's version is not a loss.
fn exists(conn: &Connection, table: &str) -> Option<bool> {
    conn.query_row("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?1", [table], |r| {
        r.get::<_, i64>(0)
    })
    .ok()
    .map(|n| n > 0)
}

/// Copies the rows `select` reads (`columns` of them, scanned by `key`)
/// into the same table of `fresh`, each row on its own: a row the fresh
/// table's checks refuse is counted as lost.
fn copy(conn: &Connection, fresh: &mut Journal, select: &str, key: &str, columns: usize, table: &str) -> Part {
    let mut part = Part::default();
    match exists(conn, table) {
        Some(true) => {}
        Some(false) => return part,
        None => return Part { saved: 0, lost: true },
    }
    let Scanned { rows, lost, .. } = scan(conn, select, key, columns);
    part.lost = lost;
    let marks = vec!["?"; columns].join(", ");
    let insert = format!("INSERT OR REPLACE INTO {table} VALUES ({marks})");
    let mut seen = std::collections::BTreeSet::new();
    for values in rows {
        // A row read by both scans (the second went past the damage) is
        // one row.
        if !seen.insert(format!("{:?}", values.first())) {
            continue;
        }
        match fresh.conn.execute(&insert, rusqlite::params_from_iter(values)) {
            Ok(_) => part.saved += 1,
            Err(_) => part.lost = true,
        }
    }
    part
}

/// The finished games, each with all its entries or not at all.
fn games(conn: &Connection, fresh: &mut Journal) -> Part {
    // A file from before version 4 has no clock_unsure: its games read 0.
    let select = |clock: &str| {
        format!(
            "SELECT id, kind, started_at, ended_at, seed, players, result, state, {clock} \
             FROM games NOT INDEXED WHERE state = 'finished'"
        )
    };
    let has_clock = conn.prepare("SELECT clock_unsure FROM games LIMIT 0").is_ok();
    let games = scan(conn, &select(if has_clock { "clock_unsure" } else { "0" }), "id", 9);
    let mut lost = games.lost;
    let entries = scan(conn, "SELECT game, seq, kind, target, events, created_at FROM entries", "game, seq", 6);
    // Where a damaged place stopped the scan of the entries, the games
    // between the last game read before it and the first read after it
    // may lack entries: they are left out.
    let game_of = |r: &Row| match r[0] {
        rusqlite::types::Value::Integer(g) => Some(g),
        _ => None,
    };
    let gap = match entries.stopped_after {
        None => None,
        // The scan from the end comes back down to the damage: its last row
        // read is the nearest after it.
        Some(k) => Some((entries.rows[..k].last().and_then(game_of), entries.rows[k..].last().and_then(game_of))),
    };
    // A row passed but not read whole: its game, where its key says it;
    // where not even that reads, any game may lack it.
    let unread: Vec<Option<i64>> = entries
        .unread
        .iter()
        .map(|k| match k {
            Some(rusqlite::types::Value::Integer(g)) => Some(*g),
            _ => None,
        })
        .collect();
    let entries = entries.rows;
    let games = games.rows;
    let mut by_game: std::collections::BTreeMap<i64, Vec<Row>> = Default::default();
    for e in entries {
        if let rusqlite::types::Value::Integer(g) = e[0] {
            by_game.entry(g).or_default().push(e);
        }
    }
    let mut part = Part::default();
    let mut seen = std::collections::BTreeSet::new();
    for game in games {
        let rusqlite::types::Value::Integer(id) = game[0] else { continue };
        if !seen.insert(id) {
            continue;
        }
        let mut rows = by_game.remove(&id).unwrap_or_default();
        rows.sort_by_key(|r| match r[1] {
            rusqlite::types::Value::Integer(seq) => seq,
            _ => 0,
        });
        rows.dedup_by_key(|r| match r[1] {
            rusqlite::types::Value::Integer(seq) => seq,
            _ => 0,
        });
        let contiguous = rows
            .iter()
            .enumerate()
            .all(|(i, r)| matches!(r[1], rusqlite::types::Value::Integer(s) if s == i as i64 + 1));
        let spanned =
            gap.is_some_and(|(after, before)| after.is_none_or(|a| id >= a) && before.is_none_or(|b| id <= b));
        let unread_here = unread.iter().any(|g| g.is_none_or(|g| g == id));
        if rows.is_empty() || !contiguous || spanned || unread_here {
            lost = true;
            continue;
        }
        match one_game(fresh, game, rows) {
            Ok(()) => part.saved += 1,
            Err(_) => lost = true,
        }
    }
    part.lost = lost;
    part
}

/// One game and its entries, copied in one transaction.
fn one_game(fresh: &mut Journal, game: Row, entries: Vec<Row>) -> rusqlite::Result<()> {
    let tx = fresh.conn.transaction()?;
    tx.execute(
        "INSERT INTO games (id, kind, started_at, ended_at, seed, players, result, state, clock_unsure)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        rusqlite::params_from_iter(game),
    )?;
    for e in entries {
        tx.execute("INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?)", rusqlite::params_from_iter(e))?;
    }
    tx.commit()
}
