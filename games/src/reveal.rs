//! What a game shows when the rules turn something over, in a shape every
//! game shares: a reveal the whole table watches, item after item with the
//! narration ([`Reveal`]), and a private one for one player's eyes
//! ([`Private`]). The engine says what they hold; the table paces them.

use crate::{Cue, Msg, Seat};
use serde::{Deserialize, Serialize};

/// What one step of a reveal turns over.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "item", rename_all = "snake_case")]
pub enum RevealItem {
    /// A card, by its code (`success`, `fail`); no seat (the cards were
    /// shuffled).
    Card {
        /// The card's code.
        card: String,
    },
    /// What a player was, at the end.
    Role {
        /// The player.
        seat: Seat,
        /// The character's code (`merlin`).
        role: String,
        /// The code of the side the player ended on (`good`).
        side: String,
    },
}

/// What is being revealed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RevealKind {
    /// A mission's cards.
    Mission {
        /// The mission (0-based).
        mission: u8,
    },
    /// Every player's character, at the end of the game.
    Roles,
}

/// A reveal an event opens: the items to turn one at a time, each with the
/// narrator's line that turns it. The lines are among the event's cues
/// ([`crate::Game::cues`]), one after the other; what the cues say before
/// them is said at once, what they say after once every item is turned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reveal {
    /// What is revealed.
    pub kind: RevealKind,
    /// The steps, in order: the line, and what it turns over.
    pub steps: Vec<(Cue, RevealItem)>,
}

/// What the covered panel shows to the one player allowed to look (a
/// loyalty, a switched mission card): never part of the public view, the
/// events or the narration.
#[derive(Debug, Clone, PartialEq)]
pub struct Private {
    /// Who may look.
    pub seat: Seat,
    /// The panel's words.
    pub message: Msg,
    /// What is shown, as data.
    pub shows: serde_json::Value,
}
