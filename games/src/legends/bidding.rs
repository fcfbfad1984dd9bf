//! Bidding events ("Eventi di Asta"): the bids and passes in turn, the
//! totals made and the event won or discarded.

use super::cards::is_character;
use super::full::next_bidder;
use super::{err, texts, Command, Draft, Event, Legends, LegendsError, Location, Res, Seat, Skill};
use crate::catalog::Catalog;
use crate::CommonError;
use serde::{Deserialize, Serialize};

/// A bidding event being bid on ("Eventi di Asta").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Auction {
    /// The event.
    pub event: String,
    /// Characters each player may bid at most.
    pub max: u8,
    /// The skills whose combined value wins it.
    pub skills: Vec<Skill>,
    /// Each seat's bid characters.
    pub bids: Vec<Vec<String>>,
    /// Whose say it is.
    pub to: Seat,
    /// Passes in a row since the last bid.
    pub passes: u8,
    /// Sir Dagonet was bid by this seat: whose place he takes among the
    /// characters bid is chosen next ([`Command::Replace`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dagonet: Option<Seat>,
}

impl Draft {
    /// "fino a quando tutti i giocatori passano consecutivamente o hanno
    /// puntato il massimo": the totals are made and the bidding closes.
    pub(super) fn close_auction_if_done(&mut self) {
        let Some(a) = &self.sim.auction else { return };
        let able = a.bids.iter().filter(|b| b.len() < usize::from(a.max)).count();
        if able > 0 && usize::from(a.passes) < able {
            return;
        }
        let totals: Vec<Option<i32>> = Seat::all(a.bids.len())
            .map(|s| (!a.bids[s.index()].is_empty()).then(|| self.sim.bid_total(a, s)))
            .collect();
        // "quello che ha il maggior totale completa l'evento"; "Se si
        // verifica un pareggio ... l'evento viene scartato".
        let best = totals.iter().flatten().copied().max();
        let top: Vec<Seat> = Seat::all(totals.len()).filter(|s| best.is_some() && totals[s.index()] == best).collect();
        let winner = match top.as_slice() {
            [one] => Some(*one),
            _ => None,
        };
        self.emit(Event::AuctionClosed { totals, winner });
    }
}

impl Legends {
    /// A bid or a pass.
    pub(super) fn decide_bidding(&self, c: &Command, d: &mut Draft) -> Res<()> {
        match c {
            Command::Bid { card } => {
                self.started()?;
                let Some(a) = &self.auction else { return Err(err(LegendsError::NoBidding)) };
                if a.dagonet.is_some() {
                    return Err(err(LegendsError::DagonetPlaceFirst));
                }
                let seat = a.to;
                // "fino al massimo numero di Personaggi consentito".
                if a.bids[seat.index()].len() >= usize::from(a.max) {
                    return Err(err(LegendsError::BidMax { most: a.max }));
                }
                if !is_character(card) || Catalog::builtin().get(card).is_none() {
                    return Err(err(LegendsError::NotACharacter { card: card.clone() }));
                }
                if a.bids.iter().flatten().any(|c| c == card) {
                    return Err(err(LegendsError::AlreadyBid { card: card.clone() }));
                }
                // "preso dalla propria mano di carte oppure da una delle
                // Compagnie già in gioco di quel giocatore".
                let from = match self.where_is(card) {
                    // Nobody leaves the Isle of Avalon.
                    Some((s, Location::IsleOfAvalon)) if s == seat => {
                        return Err(err(LegendsError::IsleStay { card: card.clone() }))
                    }
                    Some((s, l)) if s == seat => Some(l),
                    Some(_) => return Err(err(LegendsError::NotYours { card: card.clone() })),
                    None if self.is_captive(card) => return Err(err(LegendsError::InPlay { card: card.clone() })),
                    None => None,
                };
                if from.is_none() {
                    let Some(facts) = self.facts.characters.get(card) else {
                        return Err(CommonError::FactsNeeded { cards: vec![card.clone()] }.into());
                    };
                    self.check_level(card, &facts.level)?;
                    if self.players[seat.index()].hand == 0 {
                        return Err(err(LegendsError::HandEmpty));
                    }
                }
                // "Se puntato in un Evento di Asta, Ser Dagonet deve
                // rimpiazzare un altro personaggio che qualcuno abbia già
                // puntato".
                if card == texts::DAGONET {
                    if a.bids.iter().all(Vec::is_empty) {
                        return Err(err(LegendsError::DagonetNothingBid));
                    }
                    d.emit(Event::DagonetBid { seat, from });
                    return Ok(());
                }
                d.emit(Event::BidMade { seat, card: card.clone(), from });
                d.close_auction_if_done();
            }
            Command::Pass => {
                self.started()?;
                let Some(a) = &self.auction else { return Err(err(LegendsError::NoBidding)) };
                if a.dagonet.is_some() {
                    return Err(err(LegendsError::DagonetPlaceFirst));
                }
                d.emit(Event::Passed { seat: a.to });
                d.close_auction_if_done();
            }
            _ => return Err(CommonError::NotNow.into()),
        }
        Ok(())
    }

    /// A bid, Sir Dagonet's bid, a pass, the bidding closed.
    pub(super) fn apply_bidding(&mut self, e: &Event) {
        match e {
            Event::BidMade { seat, card, from } => {
                match from {
                    Some(l) => self.take_off(card, *l),
                    None => {
                        if let Some(p) = self.players.get_mut(seat.index()) {
                            p.hand = p.hand.saturating_sub(1);
                        }
                    }
                }
                let n = self.players.len().max(1);
                if let Some(a) = &mut self.auction {
                    if let Some(b) = a.bids.get_mut(seat.index()) {
                        b.push(card.clone());
                    }
                    a.passes = 0;
                    a.to = next_bidder(a, n);
                }
            }
            Event::DagonetBid { seat, from } => {
                match from {
                    Some(l) => self.take_off(texts::DAGONET, *l),
                    None => {
                        if let Some(p) = self.players.get_mut(seat.index()) {
                            p.hand = p.hand.saturating_sub(1);
                        }
                    }
                }
                if let Some(a) = &mut self.auction {
                    a.dagonet = Some(*seat);
                }
            }
            Event::Passed { .. } => {
                let n = self.players.len().max(1);
                if let Some(a) = &mut self.auction {
                    a.passes = a.passes.saturating_add(1);
                    a.to = next_bidder(a, n);
                }
            }
            Event::AuctionClosed { winner, .. } => {
                if let Some(a) = self.auction.take() {
                    match winner.and_then(|w| self.players.get_mut(w.index())) {
                        Some(p) => p.zone.push(a.event.clone()),
                        None => self.discarded.push(a.event.clone()),
                    }
                    // "tutti i Personaggi puntati vengono scartati".
                    for c in a.bids.into_iter().flatten() {
                        self.specials.retain(|_, h| *h != c);
                        self.character_discard.push(c);
                    }
                }
            }
            _ => {}
        }
    }
}
