//! The ambushes: the window an exchange opens, ambushes announced, sprung
//! (the pad or the card on the reader) or let go, the exchange settled.

use super::{err, hand, AmbushCard, Command, Draft, Event, Item, Nottingham, NottinghamError, Res, Step, Turn};
use super::{AMBUSH_TAKES, MIN_TRADE};
use crate::{CommonError, Seat};

impl Draft {
    /// Closes the exchange when nobody can spring an ambush any more.
    pub(super) fn settle_ambushes(&mut self) {
        let Some(Turn { seat, step: Step::Ambushes { item, count, open, announced, .. }, .. }) = self.sim.turn.clone()
        else {
            return;
        };
        if announced.is_some() || (!open.is_empty() && count > 0) {
            return;
        }
        if count >= MIN_TRADE {
            self.emit(Event::Traded { seat, item, count });
            self.move_sheriff(seat, true);
        } else {
            self.emit(Event::TradeSpoiled { seat, back: count });
        }
    }
}

impl Nottingham {
    /// Whether `card` may be sprung by `who` on `trader`'s exchange of
    /// `item` ("Attivare una carta imboscata").
    pub(super) fn check_ambush(&self, card: &str, who: Seat, trader: Seat, item: Item) -> Res<()> {
        let Some(kind) = AmbushCard::of_card(card) else {
            return Err(err(NottinghamError::NotAnAmbushCard { card: card.to_string() }));
        };
        match kind {
            AmbushCard::Colour(c) if Some(c) == self.colour(who) => Err(err(NottinghamError::OwnColour)),
            AmbushCard::Colour(c) if Some(c) != self.colour(trader) => {
                Err(err(NottinghamError::WrongColour { colour: c, seat: trader }))
            }
            AmbushCard::Colour(_) => Ok(()),
            AmbushCard::Items(_) => match self.facts.ambush_items.get(card) {
                None => Err(CommonError::FactsNeeded { cards: vec![card.to_string()] }.into()),
                Some(items) if items.contains(&item) => Ok(()),
                Some(items) => Err(err(NottinghamError::WrongItems { items: *items, item })),
            },
        }
    }

    /// The key of the ambush window open now.
    pub(super) fn ambush_key(&self) -> Option<String> {
        match &self.turn {
            Some(Turn { step: Step::Ambushes { sprung, .. }, .. }) => Some(format!("ambush-{}-{sprung}", self.trades)),
            _ => None,
        }
    }

    /// An ambush announced, let go or sprung; the window closed.
    pub(super) fn decide_ambushes(&self, c: &Command, d: &mut Draft, turn: &Turn) -> Res<()> {
        let seat = turn.seat;
        match (c, &turn.step) {
            (Command::Announce { seat: who }, Step::Ambushes { open, announced, .. }) => {
                self.seat_ok(*who)?;
                if !open.contains(who) {
                    return Err(err(NottinghamError::NoAmbushToSpring { seat: *who }));
                }
                if announced.is_some() {
                    return Err(err(NottinghamError::OneAmbushAtATime));
                }
                d.emit(Event::Announced { seat: *who });
            }
            (Command::Pass { seat: who }, Step::Ambushes { open, announced, .. }) => {
                self.seat_ok(*who)?;
                if !open.contains(who) || *announced == Some(*who) {
                    return Err(CommonError::NotAsked { seat: *who }.into());
                }
                d.emit(Event::Passed { seat: *who });
                d.settle_ambushes();
            }
            (Command::Spring { seat: who, card }, Step::Ambushes { item, open, announced, .. }) => {
                let who = match (who, announced) {
                    (Some(w), _) => *w,
                    (None, Some(a)) => *a,
                    (None, None) if open.len() == 1 => open.iter().copied().next().unwrap_or(seat),
                    (None, None) => return Err(err(NottinghamError::AnnounceFirst)),
                };
                self.seat_ok(who)?;
                if !open.contains(&who) {
                    return Err(err(NottinghamError::NoAmbushToSpring { seat: who }));
                }
                if announced.is_some_and(|a| a != who) {
                    return Err(err(NottinghamError::OneAmbushAtATime));
                }
                self.check_ambush(card, who, seat, *item)?;
                d.emit(Event::Sprung { seat: who, card: card.clone(), on: seat });
                d.settle_ambushes();
            }
            (Command::CloseAmbushes, Step::Ambushes { .. }) => {
                let open: Vec<Seat> = match &d.sim.turn {
                    Some(Turn { step: Step::Ambushes { open, .. }, .. }) => open.iter().copied().collect(),
                    _ => Vec::new(),
                };
                for s in open {
                    d.emit(Event::Passed { seat: s });
                }
                d.settle_ambushes();
            }
            (Command::Announce { .. } | Command::Pass { .. } | Command::Spring { .. } | Command::CloseAmbushes, _) => {
                return Err(err(NottinghamError::NoExchangeNow))
            }
            _ => return Err(CommonError::NotNow.into()),
        }
        Ok(())
    }

    /// An ambush announced, let go or sprung.
    pub(super) fn apply_ambushes(&mut self, e: &Event) {
        match e {
            Event::Announced { seat } => {
                if let Some(Turn { step: Step::Ambushes { announced, .. }, .. }) = &mut self.turn {
                    *announced = Some(*seat);
                }
            }
            Event::Passed { seat } => {
                if let Some(Turn { step: Step::Ambushes { open, announced, .. }, .. }) = &mut self.turn {
                    open.remove(seat);
                    if *announced == Some(*seat) {
                        *announced = None;
                    }
                }
            }
            Event::Sprung { seat, on, .. } => {
                // The cards taken to the ambusher's hand; the Gold to the trader's.
                hand(self, *seat, i32::from(AMBUSH_TAKES));
                hand(self, *on, 1);
                self.ambush_deck += 1;
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.ambushes = p.ambushes.saturating_sub(1);
                }
                let still = self.players.get(seat.index()).is_some_and(|p| p.ambushes > 0);
                if let Some(Turn { step: Step::Ambushes { count, open, announced, sprung, .. }, .. }) = &mut self.turn {
                    *count = count.saturating_sub(AMBUSH_TAKES);
                    *announced = None;
                    *sprung += 1;
                    if !still {
                        open.remove(seat);
                    }
                }
            }
            _ => {}
        }
    }
}
