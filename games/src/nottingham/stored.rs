//! Nottingham's card facts as an older Tavola stored them: one setting
//! `facts.nottingham` holding [`Facts`] in its own shape (before every
//! game's facts went into one table, card by card).

use super::Facts;
use crate::FactBook;

/// See [`crate::Game::old_facts`].
pub(super) fn old_facts(stored: &serde_json::Value) -> Option<FactBook> {
    let facts: Facts = serde_json::from_value(stored.clone()).ok()?;
    Some(facts.to_book())
}
