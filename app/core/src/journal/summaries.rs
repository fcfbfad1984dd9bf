//! Each finished game's summary ([`Summary`]), kept in its row so that the
//! history page, its charts and the statistics read it instead of telling
//! every stored game again to its engine (seconds on a Pi with a few
//! hundred games).
//!
//! The summary kept is always the one a replay gives: it is written from
//! the replay of the game's effective events in the transaction that
//! finishes the game ([`Journal::finish_game`]) and in the one that adds a
//! command to a finished game ([`Journal::amend_finished`]). A stored
//! summary is used only when this Tavola wrote it (`summed_by`, see
//! [`super::schema`]) and it reads back whole; otherwise the game is
//! replayed, as before summaries were kept, and the replay's summary is
//! written for the next time: games finished before summaries were kept,
//! games salvaged from a damaged file, games summed up by another version
//! of Tavola and a stored summary that no longer reads. Writing it is a
//! convenience: a read-only or busy file is read all the same.

use super::{effective_events, read_info, to_json, GameId, GameInfo, Journal, Result};
use crate::games::{AnyGame, GameKind, Summary};
use rusqlite::{params, Connection, OptionalExtension};

/// Who writes the summaries: this Tavola's version. A summary written by
/// another version is summed up again, since its engines may sum a game up
/// differently.
pub(crate) const SUMMED_BY: &str = env!("CARGO_PKG_VERSION");

/// The summary `kind`'s engine gives of `game`'s effective events: `None`
/// when they make no finished game.
pub(crate) fn replay(conn: &Connection, kind: GameKind, game: GameId) -> Result<Option<Summary>> {
    let events = effective_events(conn, game)?;
    Ok(AnyGame::replay(kind, &events).ok().and_then(|g| g.summary()))
}

/// Writes `game`'s summary as summed up by this Tavola (inside the
/// caller's transaction, if any).
pub(crate) fn write(conn: &Connection, game: GameId, summary: Option<&Summary>) -> Result<()> {
    let json = summary.map(|s| to_json(s, || format!("summary of game {game}"))).transpose()?;
    conn.prepare_cached("UPDATE games SET summary = ?2, summed_by = ?3 WHERE id = ?1")?
        .execute(params![game.0, json, SUMMED_BY])?;
    Ok(())
}

/// A stored summary as read from its row: `summary` is `None` when the
/// column would not even read as text.
struct Stored {
    summary: Option<Option<String>>,
    by: Option<String>,
}

impl Stored {
    fn read(r: &rusqlite::Row<'_>, first: usize) -> Stored {
        Stored { summary: r.get(first).ok(), by: r.get(first + 1).ok().flatten() }
    }

    /// The summary, when it can be trusted: written by this Tavola and
    /// read back whole (`Some(None)`: the game's events make no finished
    /// game). `None`: the game must be replayed.
    fn usable(self) -> Option<Option<Summary>> {
        if self.by.as_deref() != Some(SUMMED_BY) {
            return None;
        }
        match self.summary? {
            None => Some(None),
            Some(text) => serde_json::from_str(&text).ok().map(Some),
        }
    }
}

impl Journal {
    /// The finished games, in the order they began, each with its summary
    /// (`None` when its events no longer make a finished game): the stored
    /// one, or the replay's where none can be used (then written for the
    /// next time).
    pub fn finished_games(&self) -> Result<Vec<(GameInfo, Option<Summary>)>> {
        let mut stmt = self.conn().prepare_cached(
            "SELECT id, kind, state, started_at, ended_at, seed, players, result, clock_unsure, summary, summed_by
               FROM games WHERE state = 'finished' ORDER BY id",
        )?;
        let rows = stmt
            .query_map([], |r| Ok((read_info(r)?, Stored::read(r, 9))))?
            .collect::<std::result::Result<Vec<_>, _>>()?;
        let mut out = Vec::with_capacity(rows.len());
        let mut summed = Vec::new();
        for (info, stored) in rows {
            let info = info?;
            let summary = match stored.usable() {
                Some(summary) => summary,
                None => {
                    let summary = replay(self.conn(), info.kind, info.id)?;
                    summed.push((info.id, summary.clone()));
                    summary
                }
            };
            out.push((info, summary));
        }
        self.keep(&summed);
        Ok(out)
    }

    /// A finished game's summary (`None` when its stored events no longer
    /// make a finished game): the stored one, or the replay's.
    pub fn summary(&self, info: &GameInfo) -> Result<Option<Summary>> {
        let stored = self
            .conn()
            .prepare_cached("SELECT summary, summed_by FROM games WHERE id = ?1")?
            .query_row([info.id.0], |r| Ok(Stored::read(r, 0)))
            .optional()?;
        if let Some(summary) = stored.and_then(Stored::usable) {
            return Ok(summary);
        }
        let summary = replay(self.conn(), info.kind, info.id)?;
        if info.state == super::GameState::Finished {
            self.keep(&[(info.id, summary.clone())]);
        }
        Ok(summary)
    }

    /// Writes summaries just summed up, all in one transaction, for the
    /// next read. A file that cannot be written now (read-only, busy) is
    /// left as it is: the games are summed up again next time.
    fn keep(&self, summed: &[(GameId, Option<Summary>)]) {
        if summed.is_empty() {
            return;
        }
        let write_all = || -> Result<()> {
            let tx = self.conn().unchecked_transaction()?;
            for (game, summary) in summed {
                write(&tx, *game, summary.as_ref())?;
            }
            tx.commit()?;
            Ok(())
        };
        // Nothing is lost when this fails: the games are replayed next time.
        let _ = write_all();
    }
}
