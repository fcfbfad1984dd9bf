//! What the state adds up: company totals with every modifier, victory
//! points and the winners; and the invariants every state keeps.

use super::modifiers::{self, Boost, Member, Scene};
use super::{
    abilities, effects, sites, Auction, Colour, Facts, Grant, Legends, Location, Mode, Phase, Place, PlayerState, Res,
    Seat, Special,
};
use super::{ACTIONS, HAND, MAX_COMPANY, MAX_EVENTS};
use crate::catalog::Catalog;
use crate::CommonError;
use std::collections::BTreeMap;
use std::collections::BTreeSet;

impl Legends {
    /// Players at the table (0 before setup).
    pub fn players(&self) -> usize {
        self.players.len()
    }

    /// Each seat's state.
    pub fn player_states(&self) -> &[PlayerState] {
        &self.players
    }

    /// The facts in force.
    pub fn facts(&self) -> &Facts {
        &self.facts
    }

    /// Where the game stands.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// Cards in the event deck and the character deck.
    pub fn decks(&self) -> (u8, u8) {
        (self.event_deck, self.character_deck)
    }

    /// A location's events and companies.
    pub fn place(&self, location: Location) -> Option<&Place> {
        self.places.get(location as usize)
    }

    /// The character laid on the reader, its location awaited.
    pub fn laid(&self) -> Option<&str> {
        self.laid.as_deref()
    }

    /// The seat's colour.
    pub fn colour(&self, seat: Seat) -> Option<Colour> {
        self.setup.as_ref()?.colours.get(seat.index()).copied()
    }

    /// The seat after `seat`, clockwise.
    pub(super) fn next(&self, seat: Seat) -> Seat {
        Seat(((seat.index() + 1) % self.players().max(1)) as u8)
    }

    /// A seat's company at a location (empty when it has none).
    pub fn company(&self, seat: Seat, location: Location) -> &[String] {
        self.places.get(location as usize).and_then(|p| p.companies.get(seat.index())).map_or(&[], Vec::as_slice)
    }

    /// A seat's company at a location, to change.
    pub(super) fn company_mut(&mut self, seat: Seat, location: Location) -> Option<&mut Vec<String>> {
        self.places.get_mut(location as usize).and_then(|p| p.companies.get_mut(seat.index()))
    }

    /// The game being played.
    pub fn mode(&self) -> Mode {
        self.setup.as_ref().map_or_else(Mode::default, |s| s.mode)
    }

    /// The locations open now: the three main ones, the final event's once
    /// it is drawn, and the special locations the advanced cards opened.
    pub fn open_places(&self) -> Vec<Location> {
        let fin = self.places.get(Location::Final as usize).is_some_and(|p| self.final_drawn(p));
        Location::EVERY
            .into_iter()
            .filter(|l| match l {
                Location::Final => fin,
                Location::IsleOfAvalon => self.isle,
                Location::CastleOfMaidens => self.castle_open(),
                _ => true,
            })
            .collect()
    }

    /// The open locations where a character may be played: all but the Isle
    /// of Avalon ("Nessun Personaggio può essere giocato direttamente").
    pub(super) fn playable(&self) -> Vec<Location> {
        self.open_places().into_iter().filter(|l| *l != Location::IsleOfAvalon).collect()
    }

    pub(super) fn final_drawn(&self, p: &Place) -> bool {
        !p.events.is_empty() || p.companies.iter().any(|c| !c.is_empty())
    }

    /// Who holds each special card.
    pub fn specials(&self) -> &BTreeMap<Special, String> {
        &self.specials
    }

    /// The bidding in progress.
    pub fn auction(&self) -> Option<&Auction> {
        self.auction.as_ref()
    }

    /// The special card waiting for its holder.
    pub fn grant(&self) -> Option<&Grant> {
        self.grant.as_ref()
    }

    /// The Black Knight waits for its place.
    pub fn black_knight_waits(&self) -> bool {
        self.black_knight.is_some()
    }

    /// The Forest event under the Black Knight.
    pub fn covered(&self) -> Option<&str> {
        self.covered.as_deref()
    }

    /// Characters discarded, in order.
    pub fn character_discard(&self) -> &[String] {
        &self.character_discard
    }

    /// The knights under Sir Turquin.
    pub fn prisoners(&self) -> &[String] {
        &self.prisoners
    }

    /// Where a character is on the table, and whose it is.
    pub fn where_is(&self, card: &str) -> Option<(Seat, Location)> {
        for l in Location::EVERY {
            for (s, company) in self.places.get(l as usize)?.companies.iter().enumerate() {
                if company.iter().any(|c| c == card) {
                    return Some((Seat(s as u8), l));
                }
            }
        }
        None
    }

    /// Where an event waits.
    pub(super) fn event_at(&self, card: &str) -> Option<Location> {
        Location::EVERY
            .into_iter()
            .find(|l| self.places.get(*l as usize).is_some_and(|p| p.events.iter().any(|e| e == card)))
    }

    /// True when the event card has been drawn in this game.
    pub(super) fn seen(&self, card: &str) -> bool {
        self.event_at(card).is_some()
            || self.discarded.iter().any(|c| c == card)
            || self.heraldic.iter().any(|c| c == card)
            || self.covered.as_deref() == Some(card)
            || self.black_knight.as_deref() == Some(card)
            || (self.isle && card == sites::ISLE)
            || self.players.iter().any(|p| p.zone.iter().any(|c| c == card))
    }

    pub(super) fn seat_ok(&self, seat: Seat) -> Res<()> {
        if seat.index() < self.players() {
            Ok(())
        } else {
            Err(CommonError::NoSuchSeat { seat }.into())
        }
    }

    pub(super) fn started(&self) -> Res<()> {
        match self.phase {
            Phase::Setup => Err(CommonError::NotStarted.into()),
            Phase::Over { .. } => Err(CommonError::GameOver.into()),
            _ => Ok(()),
        }
    }

    /// The changes of this turn's optional abilities.
    pub(super) fn boosts(&self) -> &[Boost] {
        match &self.phase {
            Phase::Turn(t) => &t.boosts,
            _ => &[],
        }
    }

    /// The members of a group of characters, with their facts.
    pub(super) fn members<'a>(&'a self, cards: &'a [String]) -> Vec<Member<'a>> {
        cards
            .iter()
            .filter_map(|c| {
                let facts = self.facts.characters.get(c)?;
                let excalibur = self.specials.get(&Special::Excalibur) == Some(c);
                Some(Member { card: c.as_str(), facts, excalibur, silenced: !self.speaks(c) })
            })
            .collect()
    }

    /// What the modifiers see at `location` for `seat`'s company.
    pub(super) fn scene(&self, seat: Seat, location: Option<Location>) -> Scene<'_> {
        let mut in_play = Vec::new();
        for l in Location::EVERY {
            if let Some(p) = self.places.get(l as usize) {
                for (s, company) in p.companies.iter().enumerate() {
                    in_play.extend(company.iter().map(|c| (c.as_str(), l, s)));
                }
            }
        }
        let here = in_play.iter().filter(|(_, l, _)| Some(*l) == location).map(|(c, _, _)| *c).collect();
        let full = self.mode().full();
        let zone = self.players.get(seat.index()).map_or(&[][..], |p| &p.zone[..]);
        Scene {
            location,
            here,
            in_play,
            heraldic: self.heraldic.last().and_then(|h| modifiers::heraldic_bonus(h, Catalog::builtin())),
            round_table: full && self.players.iter().any(|p| p.zone.iter().any(|e| e == modifiers::ROUND_TABLE)),
            zone: if full { modifiers::zone_bonus(zone) } else { [0; 6] },
        }
    }

    /// A company's combined value in each skill, in the rules' order: the
    /// members' values with every modifier, added up ("valore combinato";
    /// see [`modifiers`]).
    pub fn totals(&self, seat: Seat, location: Location) -> [i32; 6] {
        let company = self.company(seat, location);
        modifiers::company_totals(&self.members(company), &self.scene(seat, Some(location)), self.boosts())
    }

    /// A character's values now, with every modifier, in its company.
    pub fn values(&self, card: &str) -> Option<[i32; 6]> {
        let (seat, location) = self.where_is(card)?;
        let company = self.company(seat, location);
        let members = self.members(company);
        let i = members.iter().position(|m| m.card == card)?;
        modifiers::member_values(&members, &self.scene(seat, Some(location)), self.boosts()).get(i).copied()
    }

    /// Victory points of each seat: the events in its zone, and the
    /// special cards its characters hold ("Fine del gioco e vittoria nel
    /// gioco normale").
    pub fn points(&self) -> Vec<u32> {
        let mut points: Vec<u32> = self
            .players
            .iter()
            .map(|p| p.zone.iter().filter_map(|c| self.facts.events.get(c)).map(|e| u32::from(e.victory_points)).sum())
            .collect();
        for (special, holder) in &self.specials {
            if let (Some((seat, _)), Some(p)) = (self.where_is(holder), self.facts.specials.get(&special.card())) {
                points[seat.index()] += u32::from(*p);
            }
        }
        // "ogni Cavaliere che si trovi sotto Ser Turquin vale 1 Punto
        // Vittoria aggiuntivo".
        if let Some((seat, _)) = self.where_is(abilities::TURQUIN) {
            points[seat.index()] += self.prisoners.len() as u32;
        }
        for s in Seat::all(points.len()) {
            points[s.index()] += self.isle_points(s);
        }
        points
    }

    /// The seats with the most victory points ("chi ha il totale maggiore
    /// vince"); a tie shares the victory.
    pub fn winners(&self) -> Vec<Seat> {
        let points = self.points();
        let best = points.iter().copied().max().unwrap_or(0);
        Seat::all(points.len()).filter(|s| points[s.index()] == best).collect()
    }

    /// The checks behind [`crate::Game::check_invariants`].
    pub(super) fn invariants(&self) -> Result<(), String> {
        let Some(setup) = &self.setup else { return Ok(()) };
        let mut seen = BTreeSet::new();
        for (l, place) in Location::EVERY.into_iter().zip(&self.places) {
            if place.events.len() > MAX_EVENTS {
                return Err(format!("{} events at {l:?}", place.events.len()));
            }
            for e in &place.events {
                // A special location holds its own card.
                let at = sites::opens(e).or_else(|| self.facts.events.get(e).and_then(|f| f.location));
                // The Questing Beast is moved from main location to main
                // location.
                let beast = e == effects::QUESTING_BEAST && l.is_main() && at.is_some_and(|a| a.is_main());
                if at != Some(l) && !beast {
                    return Err(format!("{e} at {l:?}, its location {at:?}"));
                }
            }
            for (s, company) in place.companies.iter().enumerate() {
                if company.len() > MAX_COMPANY {
                    return Err(format!("seat {s} has {} characters at {l:?}", company.len()));
                }
                for c in company {
                    if !self.facts.characters.contains_key(c) {
                        return Err(format!("{c} in play without its facts"));
                    }
                    if !seen.insert(c.clone()) {
                        return Err(format!("{c} twice on the table"));
                    }
                }
            }
        }
        let mut events = BTreeSet::new();
        let isle = sites::ISLE.to_string();
        let all = self
            .places
            .iter()
            .flat_map(|p| &p.events)
            .chain(&self.discarded)
            .chain(&self.heraldic)
            .chain(self.auction.iter().map(|a| &a.event))
            .chain(self.covered.iter())
            .chain(self.black_knight.iter())
            .chain(self.isle.then_some(&isle))
            .chain(self.players.iter().flat_map(|p| &p.zone));
        let mut drawn = 0u32;
        for e in all {
            drawn += 1;
            if !events.insert(e) {
                return Err(format!("{e} drawn twice"));
            }
        }
        if drawn + u32::from(self.event_deck) != u32::from(setup.events) {
            return Err(format!("events: {drawn} drawn + {} in the deck != {}", self.event_deck, setup.events));
        }
        if self.players.iter().any(|p| p.hand > HAND) {
            return Err("a hand above five".into());
        }
        // Hands are counts the host may set right: only the deck, the table,
        // the bids and the discard pile are held to the cards dealt.
        let mut out: BTreeSet<&String> = seen.iter().collect();
        out.extend(self.character_discard.iter());
        out.extend(self.prisoners.iter());
        out.extend(self.captives.iter().map(|c| &c.card));
        out.extend(self.auction.iter().flat_map(|a| a.bids.iter().flatten()));
        if out.len() + usize::from(self.character_deck) > usize::from(setup.characters) {
            return Err(format!(
                "{} out of the deck + {} in it > {}",
                out.len(),
                self.character_deck,
                setup.characters
            ));
        }
        for holder in self.specials.values() {
            if !seen.contains(holder) {
                return Err(format!("{holder} holds a special card off the table"));
            }
        }
        if !setup.mode.full() && !self.specials.is_empty() {
            return Err("a special card in the introductory game".into());
        }
        if let Some(a) = &self.auction {
            if a.bids.iter().any(|b| b.len() > usize::from(a.max)) {
                return Err(format!("a bid above {} characters", a.max));
            }
        }
        if let Phase::Turn(t) = &self.phase {
            if t.actions > ACTIONS + 1 {
                return Err(format!("{} actions in a turn", t.actions));
            }
            let places: BTreeSet<_> = t.completed.iter().collect();
            if places.len() != t.completed.len() {
                return Err("two events completed at one location in a turn".into());
            }
        }
        Ok(())
    }
}
