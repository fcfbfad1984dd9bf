//! The tournament: who bids, the bids laid face down then shown, the
//! points, the Tournament cards back to Camelot.

use super::{err, Action, Command, Draft, Event, Kak, KakError, Phase, Res};
use super::{TOURNAMENT_TIE, TOURNAMENT_WIN};
use crate::{CommonError, GameRng, Seat};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// How a tournament ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Joust {
    /// The higher bid won.
    Won,
    /// The bids were equal: a point each.
    Tied,
    /// Nobody bid a card: no points.
    NoBids,
    /// The lone bidder bid a card: the points.
    AloneWon,
    /// The lone bidder bid nothing: no points.
    AloneEmpty,
}

/// A bid shown in the tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bid {
    /// The cards' total.
    pub total: u8,
    /// How many cards.
    pub cards: u8,
}

impl Draft {
    /// Every bid shown: the points ("T (Torneo)": "il totale numerico più
    /// alto", "in caso di pareggio", "se solo un giocatore").
    pub(super) fn decide_tournament(&mut self, rng: &mut GameRng, bids: &BTreeMap<Seat, Bid>) {
        let entries: Vec<(Seat, u8, u8)> = bids.iter().map(|(s, b)| (*s, b.total, b.cards)).collect();
        let (joust, points) = match entries.as_slice() {
            [(s, _, n)] if *n > 0 => (Joust::AloneWon, vec![(*s, TOURNAMENT_WIN)]),
            [_] => (Joust::AloneEmpty, Vec::new()),
            [(a, ta, _), (b, tb, _)] => {
                if *ta == 0 && *tb == 0 {
                    (Joust::NoBids, Vec::new())
                } else if ta == tb {
                    (Joust::Tied, vec![(*a, TOURNAMENT_TIE), (*b, TOURNAMENT_TIE)])
                } else if ta > tb {
                    (Joust::Won, vec![(*a, TOURNAMENT_WIN)])
                } else {
                    (Joust::Won, vec![(*b, TOURNAMENT_WIN)])
                }
            }
            _ => (Joust::NoBids, Vec::new()),
        };
        self.emit(Event::TournamentDecided { joust, points });
        self.close_round(rng);
    }
}

impl Kak {
    /// A bid's check ("T (Torneo)": Swords "e/o" Lances only): its total.
    pub(super) fn check_bid(&self, seat: Seat, cards: &[String]) -> Res<(u8, Vec<String>)> {
        for c in cards {
            if self.virtue_card(c).is_ok_and(|v| !v.virtue.bids()) {
                return Err(err(KakError::NotSwordOrLance { card: c.clone() }));
            }
        }
        let held = self.hand_cards(seat, cards)?;
        Ok((held.iter().map(|(_, c)| c.value).sum(), held.into_iter().map(|(c, _)| c).collect()))
    }

    /// The Tournament card goes back to Camelot.
    pub(super) fn return_tournament(&mut self, seat: Seat) {
        let cards: Vec<String> = self.players[seat.index()]
            .picked
            .iter()
            .filter(|c| Action::of_card(c) == Some(Action::Tournament))
            .cloned()
            .collect();
        for c in cards {
            self.use_action(seat, &c);
        }
    }

    /// A bid laid face down, a bid shown.
    pub(super) fn decide_bids(&self, c: &Command, d: &mut Draft, rng: &mut GameRng) -> Res<()> {
        match (c, &self.phase) {
            (Command::BidDown { seat }, Phase::Tournament { bidders, down, .. }) => {
                if !bidders.contains(seat) {
                    return Err(CommonError::NotAsked { seat: *seat }.into());
                }
                if down.contains(seat) {
                    return Err(CommonError::AlreadyAnswered { seat: *seat }.into());
                }
                d.emit(Event::BidLaid { seat: *seat });
            }
            (Command::Bid { seat, cards }, Phase::Tournament { bidders, down, shown }) => {
                if !bidders.contains(seat) {
                    return Err(CommonError::NotAsked { seat: *seat }.into());
                }
                // "T (Torneo)": the cards are turned "contemporaneamente".
                if down.len() < bidders.len() {
                    return Err(err(KakError::BidsNotDown));
                }
                if shown.contains_key(seat) {
                    return Err(CommonError::AlreadyAnswered { seat: *seat }.into());
                }
                let (total, cards) = self.check_bid(*seat, cards)?;
                d.emit(Event::BidShown { seat: *seat, cards, total });
                if let Phase::Tournament { bidders, shown, .. } = &d.sim.phase {
                    if shown.len() == bidders.len() {
                        let bids = shown.clone();
                        d.decide_tournament(rng, &bids);
                    }
                }
            }
            _ => return Err(CommonError::NotNow.into()),
        }
        Ok(())
    }

    /// The tournament opened, bids laid and shown, the points.
    pub(super) fn apply_tournament(&mut self, e: &Event) {
        match e {
            Event::TournamentOpened { bidders, absent } => {
                for s in absent {
                    self.return_tournament(*s);
                }
                if !bidders.is_empty() {
                    self.phase =
                        Phase::Tournament { bidders: bidders.clone(), down: BTreeSet::new(), shown: BTreeMap::new() };
                }
            }
            Event::BidLaid { seat } => {
                if let Phase::Tournament { down, .. } = &mut self.phase {
                    down.insert(*seat);
                }
            }
            Event::BidShown { seat, cards, total } => {
                // "rimettono a posto le carte ... virtù ... alle appropriate
                // pile".
                self.hand_out(*seat, cards);
                if let Phase::Tournament { shown, .. } = &mut self.phase {
                    shown.insert(*seat, Bid { total: *total, cards: cards.len() as u8 });
                }
            }
            Event::TournamentDecided { points, .. } => {
                for (s, p) in points {
                    self.award(*s, *p);
                }
                self.awards += 1;
                for s in Seat::all(self.players()) {
                    self.return_tournament(s);
                }
            }
            _ => {}
        }
    }
}
