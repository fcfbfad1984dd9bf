//! Card texts that change the turn rather than a total: Lady Lunete's
//! second character, the Love Potion's pair, Lady Ettard's and Nimue's
//! spells, and the ways to the High King (King Arthur's, the
//! Archbishop's). Each is a small function the commands and
//! [`crate::Game::legal`] share.

use super::cards::{CharacterFacts, Location, Special};
use super::{Legends, Phase, Turn};
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

    /// The Love Potion's holder, on the table.
    fn potion_holder(&self) -> Option<&String> {
        self.specials.get(&Special::LovePotion).filter(|h| self.where_is(h).is_some())
    }

    /// The ladies who may become the Love Potion's companion: those of its
    /// holder's company ("sceglie un Personaggio femminile della sua
    /// Compagnia").
    pub(super) fn potion_ladies(&self) -> Vec<String> {
        let Some(holder) = self.potion_holder() else { return Vec::new() };
        let Some((seat, l)) = self.where_is(holder) else { return Vec::new() };
        self.company(seat, l).iter().filter(|c| *c != holder && self.is_lady(c)).cloned().collect()
    }

    /// The Love Potion's holder and companion, while both are on the table.
    pub fn potion_pair(&self) -> Option<(String, String)> {
        let holder = self.potion_holder()?;
        let companion = self.companion.as_ref().filter(|c| self.where_is(c).is_some())?;
        Some((holder.clone(), companion.clone()))
    }

    /// Exactly the Love Potion's pair.
    pub(super) fn is_pair(&self, cards: &[String]) -> bool {
        self.potion_pair().is_some_and(|(h, c)| cards.len() == 2 && cards.contains(&h) && cards.contains(&c))
    }

    /// The pair moving together, alone, spends no action ("possono muovere
    /// assieme gratuitamente"), once a turn (the reading chosen).
    pub(super) fn potion_free(&self, t: &Turn, cards: &[String]) -> bool {
        self.is_pair(cards) && !t.used.contains(&Special::LovePotion.card())
    }

    /// `cards` with the other of the Love Potion's pair when one of them is
    /// among them ("se uno dei due Personaggi deve essere scartato, ... anche
    /// l'altro").
    pub(super) fn with_partners(&self, cards: &[String]) -> Vec<String> {
        let mut out = cards.to_vec();
        if let Some((h, c)) = self.potion_pair() {
            for (one, other) in [(&h, &c), (&c, &h)] {
                if out.contains(one) && !out.contains(other) {
                    out.push(other.clone());
                }
            }
        }
        out
    }

    /// What an event leaves behind: a pair broken when one of it leaves
    /// the table.
    pub(super) fn settle(&mut self) {
        if self.potion_holder().is_none() {
            self.companion = None;
            self.companion_due = false;
        }
        if self.companion.as_ref().is_some_and(|c| self.where_is(c).is_none()) {
            self.companion = None;
        }
    }
}
