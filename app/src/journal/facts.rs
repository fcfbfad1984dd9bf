//! The owner's card facts on disk: the `card_facts` table, and a deck file
//! per game beside the database, rewritten after every change, so that even
//! a lost or damaged database can be restored from it (see `crate::deck`).
//!
//! Deck files beside `tavola.db` are named `tavola.facts-<game>.json`.

use super::recovery::{self, now_ms};
use super::{Journal, Result};
use crate::deck;
use crate::games::facts::CardFacts;
use crate::games::{Catalog, FactBook, GameKind};
use rusqlite::params;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The deck file of `game` beside the database at `db`.
pub fn deck_path(db: &Path, game: GameKind) -> PathBuf {
    let stem = db.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "tavola".into());
    db.with_file_name(format!("{stem}.facts-{}.json", game.id()))
}

impl Journal {
    /// Every card fact the owner gave, all games'.
    pub fn facts(&self) -> Result<FactBook> {
        let mut stmt = self.conn.prepare_cached("SELECT card, facts FROM card_facts ORDER BY card")?;
        let rows = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?;
        let mut book = FactBook::new();
        for row in rows {
            let (card, text) = row?;
            let facts: CardFacts = super::from_json(&text, || format!("the facts of {card}"))?;
            book.set(card, facts);
        }
        Ok(book)
    }

    /// Keeps `facts` (checked already) for the cards they name, replacing
    /// what those cards had, in one transaction; then rewrites the deck
    /// files of the games they belong to.
    pub fn keep_facts(&mut self, facts: &FactBook) -> Result<()> {
        let now = now_ms();
        let tx = self.conn.transaction()?;
        let mut games = Vec::new();
        {
            let mut stmt = tx.prepare_cached(
                "INSERT INTO card_facts (card, game, facts, updated_at) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (card) DO UPDATE SET game = ?2, facts = ?3, updated_at = ?4",
            )?;
            for (card, f) in facts.iter() {
                let Some(game) = GameKind::of_card(card) else { continue };
                let json = super::to_json(f, || format!("the facts of {card}"))?;
                stmt.execute(params![card, game.id(), json, now])?;
                if !games.contains(&game) {
                    games.push(game);
                }
            }
        }
        tx.commit()?;
        let all = self.facts()?;
        for game in games {
            self.write_deck(game, &all)?;
        }
        Ok(())
    }

    /// Forgets one card's facts; true if it had some.
    pub fn forget_fact(&mut self, card: &str) -> Result<bool> {
        let gone = self.conn.execute("DELETE FROM card_facts WHERE card = ?1", [card])? > 0;
        if let (true, Some(game)) = (gone, GameKind::of_card(card)) {
            let all = self.facts()?;
            self.write_deck(game, &all)?;
        }
        Ok(gone)
    }

    /// Rewrites `game`'s deck file beside the database: written to a
    /// temporary file, synced, then renamed over the old one, so that a
    /// power cut leaves the old file or the new one, never half of one.
    fn write_deck(&self, game: GameKind, all: &FactBook) -> Result<()> {
        let path = deck_path(&self.path, game);
        let text = deck::render(game, all);
        let tmp = path.with_extension("json.tmp");
        let write = || -> std::io::Result<()> {
            let mut f = fs::File::create(&tmp)?;
            f.write_all(text.as_bytes())?;
            f.sync_all()?;
            fs::rename(&tmp, &path)
        };
        write().map_err(|e| recovery::io_error("writing the card facts' deck file", &path, e))?;
        recovery::sync_dir(&path)
    }

    /// Brings the facts of older files into the table: the settings
    /// `facts.<game>` that version 2 kept (each game reads its own older
    /// shape), and, when the table is empty, the deck files beside the
    /// database (a database lost or started afresh). Returns how many
    /// cards came in.
    pub(crate) fn adopt_facts(&mut self) -> Result<usize> {
        let mut found = FactBook::new();
        let mut read = Vec::new();
        for game in GameKind::ALL {
            let key = format!("facts.{}", game.id());
            let Some(stored) = self.setting::<serde_json::Value>(&key).ok().flatten() else { continue };
            // A setting that does not read stays where it is, for the owner.
            if let Some(book) = game.old_facts(&stored) {
                found.merge(&book);
                read.push(key);
            }
        }
        let empty = self.conn.query_row("SELECT count(*) FROM card_facts", [], |r| r.get::<_, i64>(0))? == 0;
        if empty {
            for game in GameKind::ALL {
                let Ok(text) = fs::read_to_string(deck_path(&self.path, game)) else { continue };
                // A deck file that does not read is left for the owner to
                // mend; the database's facts start empty.
                if let Ok((_, book)) = deck::parse(&text, Catalog::builtin()) {
                    found.merge(&book.only(|card| GameKind::of_card(card) == Some(game)));
                }
            }
        }
        let known = self.facts()?;
        let new = found.only(|card| known.get(card).is_none());
        if !new.is_empty() {
            self.keep_facts(&new)?;
        }
        for key in read {
            self.remove_setting(&key)?;
        }
        Ok(new.len())
    }
}
