//! The host's corrections: a hand's count set right, a card taken off the
//! table or moved as a text the players carry out says, the game ended when
//! nobody can complete the events left.

use super::{abilities, err, Command, Draft, EndReason, Event, Gone, Legends, LegendsError, Phase, Res, HAND};
use super::{Choice, Location, Special};
use crate::CommonError;
use crate::{Legal, Seat};

impl Legends {
    /// A character leaves the table: the special cards it held go back
    /// beside the board ("la Carta Speciale dovrà essere riposta").
    pub(super) fn take_off(&mut self, card: &str, location: Location) {
        if let Some(p) = self.places.get_mut(location as usize) {
            for c in &mut p.companies {
                c.retain(|x| x != card);
            }
        }
        self.specials.retain(|_, h| h != card);
        // Sir Turquin's prisoners leave with him.
        if card == abilities::TURQUIN {
            self.character_discard.append(&mut self.prisoners);
        }
    }

    /// The host's corrections.
    pub(super) fn decide_host(&self, c: &Command, d: &mut Draft) -> Res<()> {
        match c {
            Command::CorrectHand { seat, cards } => {
                self.started()?;
                self.seat_ok(*seat)?;
                if *cards > HAND {
                    return Err(err(LegendsError::HandCount { cards: *cards }));
                }
                d.emit(Event::HandCorrected { seat: *seat, cards: *cards });
            }
            Command::Remove { card, to_hand } => {
                self.started()?;
                let Some((seat, _)) = self.where_is(card) else {
                    return Err(err(LegendsError::NotOnTable { card: card.clone() }));
                };
                // "(o scartato se dovessi superare il limite delle 5 carte
                // in mano)".
                if *to_hand && self.players[seat.index()].hand < HAND {
                    d.emit(Event::ReturnedToHand { seat, card: card.clone() });
                } else {
                    d.emit(Event::Discarded { cards: vec![card.clone()], why: Gone::CardText });
                }
            }
            Command::Relocate { card, to, seat } => {
                self.started()?;
                let Some((from_seat, from)) = self.where_is(card) else {
                    return Err(err(LegendsError::NotOnTable { card: card.clone() }));
                };
                let seat = seat.unwrap_or(from_seat);
                self.seat_ok(seat)?;
                if seat == from_seat && from == *to {
                    return Err(err(LegendsError::SameLocation));
                }
                // The Isle of Avalon's text holds here too (`check_isle_kept`).
                self.check_open(*to)?;
                if !self.room(seat, *to, 1) {
                    return Err(err(LegendsError::CompanyFull { location: *to }));
                }
                d.emit(Event::Relocated { card: card.clone(), from_seat, from, seat, to: *to });
            }
            Command::EndGame => {
                self.started()?;
                if !matches!(self.phase, Phase::Turn(_)) {
                    return Err(err(LegendsError::StillPlacing));
                }
                if self.event_deck > 0 {
                    return Err(err(LegendsError::EventsLeft { cards: self.event_deck }));
                }
                d.emit(Event::GameEnded { reason: EndReason::Stopped });
            }
            _ => return Err(CommonError::NotNow.into()),
        }
        Ok(())
    }

    /// A hand's count set right, cards taken off or moved.
    pub(super) fn apply_host(&mut self, e: &Event) {
        match e {
            Event::Discarded { cards, .. } => {
                for c in &self.with_partners(cards) {
                    if let Some((_, l)) = self.where_is(c) {
                        self.take_off(c, l);
                    }
                    self.captives.retain(|x| x.card != *c);
                    self.character_discard.push(c.clone());
                }
            }
            Event::ReturnedToHand { seat, card } => {
                if let Some((_, l)) = self.where_is(card) {
                    self.take_off(card, l);
                }
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.hand = (p.hand + 1).min(HAND);
                }
            }
            Event::Relocated { card, from_seat, from, seat, to } => {
                if let Some(c) = self.company_mut(*from_seat, *from) {
                    c.retain(|x| x != card);
                }
                if let Some(c) = self.company_mut(*seat, *to) {
                    c.push(card.clone());
                }
            }
            Event::HandCorrected { seat, cards } => {
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.hand = *cards;
                }
            }
            _ => {}
        }
    }
}

impl Legends {
    /// The host's corrections, while characters are on the table.
    pub(super) fn fixes(&self, out: &mut Vec<Legal<Command, Choice>>) {
        let any =
            self.open_places().into_iter().any(|l| Seat::all(self.players()).any(|s| !self.company(s, l).is_empty()));
        if !any {
            return;
        }
        out.push(Legal::Open(Command::Remove { card: String::new(), to_hand: false }, Choice::Fix));
        out.push(Legal::Open(
            Command::Relocate { card: String::new(), to: Location::Camelot, seat: None },
            Choice::Fix,
        ));
        if self.mode().full() {
            out.push(Legal::Open(Command::GiveSpecial { special: Special::HighKing, card: None }, Choice::Fix));
        }
    }
}
