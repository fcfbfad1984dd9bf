//! The owner's card facts on disk: the `card_facts` table, and a deck file
//! per game beside the database, rewritten after every change, so that even
//! a lost or damaged database can be restored from it (see `crate::deck`).
//!
//! Deck files beside `tavola.db` are named `tavola.facts-<game>.json`.

use super::recovery::{self, now_ms};
use super::{Journal, Result};
use crate::deck;
use crate::games::facts::{check, CardFacts};
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
    /// files of the games they belong to. A card whose facts its form would
    /// refuse is not kept: what the table keeps always reads back.
    pub fn keep_facts(&mut self, facts: &FactBook) -> Result<()> {
        self.keep_facts_apart(facts)?
    }

    /// As [`Journal::keep_facts`], telling the two writes apart: an error
    /// when nothing was kept; `Ok(Err(_))` when the facts are kept in the
    /// table but a deck file could not be written (the next start writes
    /// it again).
    pub fn keep_facts_apart(&mut self, facts: &FactBook) -> Result<Result<()>> {
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
                if check(game.fact_kinds(), Catalog::builtin(), card, f).is_err() {
                    continue;
                }
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
            if let Err(e) = self.write_deck(game, &all) {
                return Ok(Err(e));
            }
        }
        Ok(Ok(()))
    }

    /// Forgets one card's facts; true if it had some. The deck file loses
    /// the card first: a power cut between the two leaves the card in the
    /// database, and the next start writes it back to the file.
    pub fn forget_fact(&mut self, card: &str) -> Result<bool> {
        let mut all = self.facts()?;
        if !all.remove(card) {
            return Ok(false);
        }
        if let Some(game) = GameKind::of_card(card) {
            self.write_deck(game, &all)?;
        }
        Ok(self.conn.execute("DELETE FROM card_facts WHERE card = ?1", [card])? > 0)
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

    /// Brings the facts of older files into the table, then makes every
    /// deck file say what the table holds. The settings `facts.<game>` that
    /// version 2 kept (each game reads its own older shape) and every card
    /// of the deck files beside the database that the table lacks come in
    /// (a database lost, moved aside or only partly read back); a card the
    /// table knows keeps the table's facts, which are the newer (the deck
    /// file is written after the table). Then a deck file that differs from
    /// the table is written again, so that a power cut between the two
    /// writes is mended at the next start. A deck file that is not a deck
    /// file at all is kept beside, renamed, never overwritten. Returns how
    /// many cards came in.
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
        let mut on_disk = Vec::new();
        let mut left = Vec::new();
        for game in GameKind::ALL {
            let path = deck_path(&self.path, game);
            let Ok(text) = fs::read_to_string(&path) else { continue };
            match deck::parse_each(&text, Catalog::builtin()) {
                // A card that does not read is left out; the others come in.
                Ok((_, book, _)) => found.merge(&book.only(|card| GameKind::of_card(card) == Some(game))),
                // Not set aside (a read-only folder): it is not written
                // over either.
                Err(_) if set_aside(&path).is_err() => {
                    left.push(game);
                    continue;
                }
                Err(_) => {}
            }
            on_disk.push((game, text));
        }
        let known = self.facts()?;
        let new = found.only(|card| known.get(card).is_none());
        if !new.is_empty() {
            // A deck file that cannot be written now (a full disk) does not
            // keep the table from starting: the next start writes it.
            let _ = self.keep_facts_apart(&new)?;
        }
        for key in read {
            self.remove_setting(&key)?;
        }
        let all = self.facts()?;
        for game in GameKind::ALL.into_iter().filter(|g| !left.contains(g)) {
            let written = on_disk.iter().find(|(g, _)| *g == game).map(|(_, text)| text.as_str());
            let due = match written {
                Some(text) => text != deck::render(game, &all),
                None => !all.of_game(game).is_empty(),
            };
            if due {
                let _ = self.write_deck(game, &all);
            }
        }
        Ok(new.len())
    }
}

/// Renames a deck file that does not read to `<name>.unreadable-<ms>`, so
/// that the file written in its place never overwrites what the owner put
/// there.
fn set_aside(path: &Path) -> Result<()> {
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".unreadable-{}", now_ms()));
    fs::rename(path, PathBuf::from(name))
        .map_err(|e| recovery::io_error("setting aside an unreadable deck file", path, e))
}
