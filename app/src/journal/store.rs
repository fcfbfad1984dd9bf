//! The journal as the table session's [`Store`]: every accepted command's
//! events are committed before the screen shows them.

use super::{GameId, GameMeta, GameResult, Journal, StoredGame};
use crate::games::GameKind;
use crate::table::{AnyEvent, Store};

/// A journal that follows the game being played.
#[derive(Debug)]
pub struct JournalStore {
    journal: Journal,
    game: Option<GameId>,
    seed: Option<u64>,
}

impl JournalStore {
    /// Stores into `journal`; `seed` is recorded with each new game when the
    /// table was seeded by hand.
    pub fn new(journal: Journal, seed: Option<u64>) -> Self {
        JournalStore { journal, game: None, seed }
    }

    /// Goes on storing into a game taken up from the journal.
    pub fn resuming(journal: Journal, stored: &StoredGame, seed: Option<u64>) -> Self {
        JournalStore { journal, game: Some(stored.info.id), seed }
    }

    /// The journal.
    pub fn journal(&self) -> &Journal {
        &self.journal
    }
}

impl Store for JournalStore {
    fn append(&mut self, kind: GameKind, events: &[AnyEvent]) -> Result<(), String> {
        let id = match self.game {
            Some(id) => id,
            None => {
                let id = self
                    .journal
                    .begin_game(kind, &GameMeta::from_events(events, self.seed))
                    .map_err(|e| e.to_string())?;
                self.game = Some(id);
                id
            }
        };
        self.journal.append(id, events).map(|_| ()).map_err(|e| e.to_string())
    }

    fn finish(&mut self, history: &[AnyEvent]) -> Result<(), String> {
        let (Some(id), Some(result)) = (self.game.take(), GameResult::from_events(history)) else { return Ok(()) };
        self.journal.finish_game(id, &result).map_err(|e| e.to_string())
    }

    fn remember(&mut self, key: &str, value: &serde_json::Value) -> Result<(), String> {
        self.journal.set_setting(key, value).map_err(|e| e.to_string())
    }

    fn discard(&mut self) -> Result<(), String> {
        match self.game.take() {
            Some(id) => self.journal.discard(id).map_err(|e| e.to_string()),
            None => Ok(()),
        }
    }
}
