//! The advanced cards that open a special location ("Locazioni
//! Speciali"): the Isle of Avalon and the Castle of Maidens.
//!
//! - The Isle of Avalon opens as it is drawn and stays open for the rest of
//!   the game. Nobody is played there. Once a game, each player may move a
//!   knight and a lady there together, as one move. Nobody moves away from
//!   it. Each player scores the Adventure of their knights there.
//! - The Castle of Maidens opens as it is drawn; its card waits there to be
//!   completed. Each player's lady in play is taken prisoner there (her
//!   player chooses among several). Characters are played and moved there
//!   as anywhere. A company with 18 in any one skill completes it and takes
//!   the prisoners. Then, from its player clockwise, each player in turn
//!   moves one of their characters there to a main location of their
//!   choice, until nobody is left; the turn ends and the castle closes.
//!
//! Readings (also in docs/games/legends.md): leaving the Isle is moving away from it
//! (a move, a card's text, a bid); a character discarded or sent back to
//! the hand by a card's text still goes. Its knight's Adventure counts as
//! it stands in the Isle's company, never below zero, and shows in the
//! points as soon as he is there. The prisoners are nobody's company: they
//! add to no total and nothing acts on them. The castle's "each player in
//! turn moves one of their characters" goes round until the castle is
//! empty, as the castle leaves the table with its card; a character with no
//! room at any main location is discarded.

use super::cards::{Location, Skill};
use super::effects::{Answer, Effect, Pending};
use super::{err, Draft, Event, Gone, Legends, LegendsError, Phase, Res};
use crate::{Catalog, Seat};
use serde::{Deserialize, Serialize};

/// The Isle of Avalon's card.
pub const ISLE: &str = "legends/event/isle-of-avalon";
/// The Castle of Maidens' card.
pub const CASTLE: &str = "legends/event/castle-of-maidens";

/// The special location an advanced card opens as it is drawn.
pub fn opens(card: &str) -> Option<Location> {
    match card {
        ISLE => Some(Location::IsleOfAvalon),
        CASTLE => Some(Location::CastleOfMaidens),
        _ => None,
    }
}

/// The total an event asks in any one skill, as its text states it (the
/// catalog's `requirement_any_skill`: the Castle of Maidens' 18).
pub fn any_skill(card: &str) -> Option<i32> {
    let needed = Catalog::builtin().get(card)?.fact("requirement_any_skill")?.as_i64()?;
    i32::try_from(needed).ok()
}

/// A lady held prisoner at the Castle of Maidens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Captive {
    /// Her player when she was taken.
    pub seat: Seat,
    /// The lady.
    pub card: String,
}

impl Legends {
    /// The Castle of Maidens stands: its card waits, or characters or its
    /// freed prisoners are still there.
    pub(super) fn castle_open(&self) -> bool {
        let held = self.captor.is_some() && !self.captives.is_empty();
        self.places
            .get(Location::CastleOfMaidens as usize)
            .is_some_and(|p| !p.events.is_empty() || p.companies.iter().any(|c| !c.is_empty()))
            || held
    }

    /// The ladies held at the Castle of Maidens.
    pub fn captives(&self) -> &[Captive] {
        &self.captives
    }

    /// The character is a prisoner at the castle.
    pub(super) fn is_captive(&self, card: &str) -> bool {
        self.captives.iter().any(|c| c.card == card)
    }

    /// Checks that a move keeps the Isle of Avalon's text: nobody leaves;
    /// a player's knight and lady come together, once a game ("un
    /// giocatore può muovere al massimo 1 Cavaliere ed 1 Personaggio
    /// femminile ... assieme con una singola azione").
    pub(super) fn check_isle(&self, seat: Seat, cards: &[String], from: Location, to: Location) -> Res<()> {
        if from == Location::IsleOfAvalon && to != from {
            return Err(err(LegendsError::IsleStay { card: cards.first().cloned().unwrap_or_default() }));
        }
        if to != Location::IsleOfAvalon {
            return Ok(());
        }
        if self.isle_crossed.contains(&seat) {
            return Err(err(LegendsError::IsleOnce));
        }
        let pair = match cards {
            [a, b] => (self.is_knight(a) && self.is_lady(b)) || (self.is_knight(b) && self.is_lady(a)),
            _ => false,
        };
        if !pair {
            return Err(err(LegendsError::IslePair));
        }
        Ok(())
    }

    /// Victory points from the Isle of Avalon: the Adventure of the
    /// player's knights there ("pari al valore di Avventura del suo
    /// Cavaliere").
    pub(super) fn isle_points(&self, seat: Seat) -> u32 {
        let knights = self.company(seat, Location::IsleOfAvalon).iter().filter(|c| self.is_knight(c));
        knights.map(|c| self.values(c).map_or(0, |v| v[Skill::Adventure as usize]).max(0) as u32).sum()
    }

    /// The ladies `seat` may lose to the castle: theirs in play, but on the
    /// Isle (nobody leaves it) and at the castle, unless Sir Dinadan's
    /// company ignores the event.
    fn captive_choices(&self, seat: Seat) -> Vec<String> {
        let places =
            self.open_places().into_iter().filter(|l| !matches!(l, Location::IsleOfAvalon | Location::CastleOfMaidens));
        let ladies = places.flat_map(|l| self.company(seat, l).iter());
        ladies.filter(|c| self.is_lady(c) && self.event_shield(c, false).is_none()).cloned().collect()
    }

    /// What `seat` still has at the castle once it is completed: their
    /// characters, and the freed prisoners for its completer.
    fn at_castle(&self, seat: Seat) -> Vec<String> {
        let mut out = self.company(seat, Location::CastleOfMaidens).to_vec();
        if self.captor == Some(seat) {
            out.extend(self.captives.iter().map(|c| c.card.clone()));
        }
        out
    }

    /// The choices an effect of the special locations offers.
    pub(super) fn site_resolutions(&self, p: &Pending) -> Vec<Answer> {
        match &p.effect {
            Effect::Captive { .. } => self
                .captive_choices(p.seat)
                .into_iter()
                .map(|c| Answer { card: Some(c), ..Answer::default() })
                .collect(),
            Effect::Departure => {
                let to: Vec<Location> = Location::ALL.into_iter().filter(|l| self.room(p.seat, *l, 1)).collect();
                self.at_castle(p.seat)
                    .into_iter()
                    .flat_map(|c| to.iter().map(move |l| Answer { card: Some(c.clone()), seat: None, to: Some(*l) }))
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// A choice made for the castle: a lady taken prisoner, or a character
    /// gone to a main location.
    pub(super) fn apply_site(&mut self, p: &Pending, card: &str, to: Option<Location>) {
        match (&p.effect, to) {
            (Effect::Captive { .. }, _) => self.capture(p.seat, card),
            (Effect::Departure, Some(to)) => {
                if let Some(i) = self.captives.iter().position(|c| c.card == card) {
                    self.captives.remove(i);
                } else if let Some(c) = self.company_mut(p.seat, Location::CastleOfMaidens) {
                    c.retain(|x| x != card);
                }
                if let Some(c) = self.company_mut(p.seat, to) {
                    c.push(card.to_string());
                }
            }
            _ => {}
        }
    }

    /// A lady leaves her company for the castle's prison; the special
    /// cards she held go back beside the board.
    pub(super) fn capture(&mut self, seat: Seat, card: &str) {
        if let Some((_, l)) = self.where_is(card) {
            self.take_off(card, l);
        }
        self.captives.push(Captive { seat, card: card.to_string() });
    }

    /// The castle is empty: nobody holds its prisoners any more.
    pub(super) fn settle_sites(&mut self) {
        if !self.castle_open() {
            self.captor = None;
        }
    }

    /// Checks that nobody left the Isle of Avalon and nobody came but by a
    /// player's move of a knight and a lady, whatever the command: the
    /// state before (`self`) against the state after (`after`).
    pub(super) fn check_isle_kept(&self, after: &Legends, events: &[Event]) -> Res<()> {
        let isle = Location::IsleOfAvalon;
        for c in self.places.get(isle as usize).iter().flat_map(|p| p.companies.iter().flatten()) {
            if after.where_is(c).is_some_and(|(_, l)| l != isle) {
                return Err(err(LegendsError::IsleStay { card: c.clone() }));
            }
        }
        let moved = |c: &String| {
            events.iter().any(|e| matches!(e, Event::Moved { to, cards, .. } if *to == isle && cards.contains(c)))
        };
        for c in after.places.get(isle as usize).iter().flat_map(|p| p.companies.iter().flatten()) {
            if self.where_is(c).is_none_or(|(_, l)| l != isle) && !moved(c) {
                return Err(err(LegendsError::IsleNoPlay));
            }
        }
        Ok(())
    }
}

impl Draft {
    /// An advanced card opens its special location as it is drawn; the
    /// Castle of Maidens takes its prisoners, from the drawer clockwise
    /// ("ogni giocatore deve immediatamente piazzare ... un suo Personaggio
    /// femminile già in gioco (se ne ha)").
    pub(super) fn site_opened(&mut self, seat: Seat, site: Location) {
        if site == Location::CastleOfMaidens {
            let n = self.sim.players();
            let order = (0..n).map(|i| Seat(((seat.index() + i) % n) as u8)).collect();
            self.captives(order);
        }
    }

    /// The players of `order` in turn lose a lady to the castle: at once
    /// when they have one, asked when they have several.
    pub(super) fn captives(&mut self, order: Vec<Seat>) {
        for (i, seat) in order.iter().enumerate() {
            match self.sim.captive_choices(*seat).as_slice() {
                [] => {}
                [one] => {
                    let card = one.clone();
                    self.emit(Event::Captured { seat: *seat, card });
                }
                _ => {
                    let effect = Effect::Captive { left: order[i + 1..].to_vec() };
                    self.emit(Event::EffectOpened { pending: Pending { seat: *seat, effect } });
                    return;
                }
            }
        }
    }

    /// The Castle of Maidens completed by `seat`'s company: the prisoners
    /// are theirs ("prende possesso dei prigionieri"), then everybody goes.
    pub(super) fn castle_completed(&mut self, seat: Seat) {
        if !self.sim.captives.is_empty() {
            self.emit(Event::Freed { seat });
        }
        self.departures(seat);
    }

    /// The next player clockwise from `from` with somebody at the castle
    /// moves one of them to a main location; with nobody left, the turn
    /// ends ("dopo di che il turno termina immediatamente").
    pub(super) fn departures(&mut self, from: Seat) {
        let n = self.sim.players();
        for i in 0..n {
            let seat = Seat(((from.index() + i) % n) as u8);
            let there = self.sim.at_castle(seat);
            if there.is_empty() {
                continue;
            }
            let p = Pending { seat, effect: Effect::Departure };
            if self.sim.site_resolutions(&p).is_empty() {
                // No room at any main location.
                self.emit(Event::Discarded { cards: there, why: Gone::CardText });
                continue;
            }
            self.emit(Event::EffectOpened { pending: p });
            return;
        }
        if let Phase::Turn(t) = &self.sim.phase {
            let turn = t.seat;
            self.end_turn(turn);
        }
    }
}
