//! The journal as the table session's [`Store`]: every accepted command's
//! events are committed before the screen shows them.

use super::{EntryKind, GameId, GameMeta, GameResult, Journal, StoredGame};
use crate::games::{GameKind, Msg, Said};
use crate::table::{AnyEvent, Store};
use tavola_words::msg;

/// A journal that follows the game being played.
#[derive(Debug)]
pub struct JournalStore {
    journal: Journal,
    game: Option<GameId>,
    /// The game finished last, which may still take a command after its
    /// end (see [`Store::amend`]).
    finished: Option<GameId>,
    seed: Option<u64>,
    /// Where the system's clock is asked whether it was ever synchronised
    /// ([`crate::system::clock::synchronised`]): `/`, or a test's folder.
    clock_root: std::path::PathBuf,
}

impl JournalStore {
    /// Stores into `journal`; `seed` is recorded with each new game when the
    /// table was seeded by hand.
    pub fn new(journal: Journal, seed: Option<u64>) -> Self {
        JournalStore { journal, game: None, finished: None, seed, clock_root: "/".into() }
    }

    /// Goes on storing into a game taken up from the journal.
    pub fn resuming(journal: Journal, stored: &StoredGame, seed: Option<u64>) -> Self {
        JournalStore { journal, game: Some(stored.info.id), finished: None, seed, clock_root: "/".into() }
    }

    /// Asks the clock under `root` instead of `/` (tests).
    pub fn with_clock_root(mut self, root: impl Into<std::path::PathBuf>) -> Self {
        self.clock_root = root.into();
        self
    }

    /// The journal.
    pub fn journal(&self) -> &Journal {
        &self.journal
    }
}

impl Store for JournalStore {
    fn append(&mut self, kind: GameKind, events: &[AnyEvent]) -> Result<(), Msg> {
        let id = match self.game {
            Some(id) => id,
            None => {
                // A game begun before the clock was ever set is marked: its date may be far off.
                let meta = GameMeta {
                    clock_unsure: !crate::system::clock::synchronised(&self.clock_root),
                    ..GameMeta::from_events(events, self.seed)
                };
                let id = self.journal.begin_game(kind, &meta).map_err(|e| e.msg())?;
                self.game = Some(id);
                id
            }
        };
        self.journal.append(id, events).map(|_| ()).map_err(|e| e.msg())
    }

    fn finish(&mut self, history: &[AnyEvent]) -> Result<(), Msg> {
        let (Some(id), Some(result)) = (self.game.take(), GameResult::from_events(history)) else { return Ok(()) };
        self.finished = Some(id);
        self.journal.finish_game(id, &result).map_err(|e| e.msg())
    }

    fn amend(&mut self, kind: GameKind, events: &[AnyEvent], history: &[AnyEvent]) -> Result<(), Msg> {
        let (Some(id), Some(result)) = (self.finished, GameResult::from_events(history)) else {
            return self.append(kind, events);
        };
        self.journal.amend_finished(id, events, &result).map(|_| ()).map_err(|e| e.msg())
    }

    fn undo(&mut self) -> Result<(), Msg> {
        let id = self.game.ok_or_else(|| msg!("journal.error.no_game_stored"))?;
        self.journal.undo(id).map(|_| ()).map_err(|e| e.msg())
    }

    fn redo(&mut self) -> Result<(), Msg> {
        let id = self.game.ok_or_else(|| msg!("journal.error.no_game_stored"))?;
        self.journal.redo(id).map(|_| ()).map_err(|e| e.msg())
    }

    fn remember(&mut self, key: &str, value: &serde_json::Value) -> Result<(), Msg> {
        self.journal.set_setting(key, value).map_err(|e| e.msg())
    }

    fn keep_facts(&mut self, facts: &crate::games::FactBook) -> Result<Option<Msg>, Msg> {
        match self.journal.keep_facts_apart(facts) {
            Err(e) => Err(e.msg()),
            Ok(Err(e)) => Ok(Some(e.msg())),
            Ok(Ok(())) => Ok(None),
        }
    }

    fn detach(&mut self) {
        self.game = None;
        self.finished = None;
    }

    fn stash_secret(&mut self, events: &[AnyEvent]) -> Result<(), Msg> {
        let id = self.game.ok_or_else(|| msg!("journal.error.no_game_stored"))?;
        self.journal.stash_secret(id, events).map_err(|e| e.msg())
    }

    fn clear_secrets(&mut self) -> Result<(), Msg> {
        match self.game {
            Some(id) => self.journal.clear_secrets(id).map_err(|e| e.msg()),
            None => Ok(()),
        }
    }

    fn discard(&mut self) -> Result<(), Msg> {
        match self.game.take() {
            Some(id) => self.journal.discard(id).map_err(|e| e.msg()),
            None => Ok(()),
        }
    }
}

/// A stored game's commands in effect (each with its events) and the
/// commands taken back that can still be redone, oldest first: undo and redo
/// entries applied in order.
pub fn commands(stored: &StoredGame) -> (Vec<Vec<AnyEvent>>, Vec<Vec<AnyEvent>>) {
    let (mut done, mut undone): (Vec<Vec<AnyEvent>>, Vec<Vec<AnyEvent>>) = (Vec::new(), Vec::new());
    for e in &stored.entries {
        match e.kind {
            EntryKind::Command => {
                done.push(e.events.clone());
                undone.clear();
            }
            EntryKind::Undo => {
                if let Some(c) = done.pop() {
                    undone.push(c);
                }
            }
            EntryKind::Redo => {
                if let Some(c) = undone.pop() {
                    done.push(c);
                }
            }
        }
    }
    (done, undone)
}
