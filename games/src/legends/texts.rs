//! Card texts that change the turn rather than a total: Lady Lunete's
//! second character, the Love Potion's pair, Lady Ettard's and Nimue's
//! spells, and the ways to the High King (King Arthur's, the
//! Archbishop's). Each is a small function the commands and
//! [`crate::Game::legal`] share.

use super::cards::{CharacterFacts, Location};
use super::{Legends, Phase};
use crate::Seat;

/// Lady Lunete: a knight played from the hand into her company lets a lady
/// follow at that location as part of the same action.
pub const LUNETE: &str = "legends/character/lady-lunete";

impl Legends {
    /// A female character, by its facts.
    pub(super) fn is_lady(&self, card: &str) -> bool {
        self.facts.characters.get(card).is_some_and(|f| f.gender == "female")
    }

    /// A knight, by its facts.
    pub(super) fn is_knight(&self, card: &str) -> bool {
        self.facts.characters.get(card).is_some_and(CharacterFacts::is_knight)
    }

    /// Whether a character on the table has its text now (Nimue negates a
    /// man's until her player's next turn).
    pub(super) fn speaks(&self, card: &str) -> bool {
        !self.silenced.iter().any(|s| s.card == card)
    }

    /// Lady Lunete's offer with the turn's actions spent: only a lady
    /// played at this location is taken (the offer alone keeps the turn
    /// open).
    pub(super) fn lunete_only(&self) -> Option<Location> {
        let Phase::Turn(t) = &self.phase else { return None };
        let at = t.lunete?;
        (t.actions >= self.actions_allowed(t.seat)).then_some(at)
    }

    /// A lady played where Lady Lunete's offer stands: part of the knight's
    /// action, no action spent ("come parte della stessa azione").
    pub(super) fn lunete_free(&self, card: &str, location: Location) -> bool {
        matches!(&self.phase, Phase::Turn(t) if t.lunete == Some(location)) && self.is_lady(card)
    }

    /// Whether playing `card` at `location` opens Lady Lunete's offer: a
    /// knight from the hand into the company where she stands, with another
    /// card in hand and room for two.
    pub(super) fn lunete_opens(&self, seat: Seat, card: &str, location: Location) -> bool {
        matches!(self.phase, Phase::Turn(_))
            && self.is_knight(card)
            && self.company(seat, location).iter().any(|c| c == LUNETE && self.speaks(c))
            && self.players.get(seat.index()).is_some_and(|p| p.hand > 1)
            && self.room(seat, location, 2)
    }
}
