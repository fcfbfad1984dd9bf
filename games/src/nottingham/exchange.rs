//! The turn's one exchange: cards laid on the reader and taken back, an
//! exchange of items alike offered, made or spoiled, a commission
//! completed.

use super::items::COPIES;
use super::MIN_TRADE;
use super::{
    err, hand, Command, Commission, Draft, EndReason, Event, Item, Nottingham, NottinghamError, Res, Step, Turn,
};
use crate::{CommonError, Seat};
use std::collections::BTreeSet;

impl Nottingham {
    /// Cards laid or taken back, an exchange offered, a commission completed.
    pub(super) fn decide_exchange(&self, c: &Command, d: &mut Draft, turn: &Turn) -> Res<()> {
        let seat = turn.seat;
        match (c, &turn.step) {
            (Command::Lay { card }, Step::Free) => {
                if turn.traded {
                    return Err(err(NottinghamError::OneExchange));
                }
                let Some(item) = Item::of_card(card) else {
                    return Err(CommonError::CardNotExpected { card: card.clone() }.into());
                };
                // "Carte uguali" are shown from the hand: one physical card
                // counts once.
                if turn.laid.iter().any(|(c, _)| c == card) {
                    return Err(err(NottinghamError::CardLaidTwice { card: card.clone() }));
                }
                let hand = self.players[seat.index()].hand;
                let needed = turn.laid.len() as u8 + 1;
                if needed > hand {
                    return Err(err(NottinghamError::NotEnoughCards { seat, needed, held: hand }));
                }
                d.emit(Event::Laid { seat, card: card.clone(), item });
            }
            (Command::TakeBack, Step::Free) if !turn.laid.is_empty() => d.emit(Event::TakenBack { seat }),
            (Command::Lay { .. } | Command::TakeBack, _) => return Err(err(NottinghamError::NothingToLay)),
            (Command::Trade { item, count }, Step::Free) => {
                if turn.traded {
                    return Err(err(NottinghamError::OneExchange));
                }
                let laid: Vec<Item> = turn.laid.iter().map(|(_, i)| *i).collect();
                if !laid.is_empty() && (laid.len() != usize::from(*count) || laid.iter().any(|i| i != item)) {
                    return Err(err(NottinghamError::NotTheCardsLaid { laid: laid.len() as u8 }));
                }
                if *count < MIN_TRADE {
                    return Err(err(NottinghamError::TradeTooSmall { count: *count }));
                }
                // "Contenuto della scatola": 12 cards of each kind.
                if *count > COPIES {
                    return Err(err(NottinghamError::TradeTooLarge { count: *count }));
                }
                let hand = self.players[seat.index()].hand;
                if *count > hand {
                    return Err(err(NottinghamError::NotEnoughCards { seat, needed: *count, held: hand }));
                }
                d.emit(Event::TradeOffered { seat, item: *item, count: *count });
                d.settle_ambushes();
            }
            (Command::Complete { commission }, Step::Free) => {
                if turn.traded {
                    return Err(err(NottinghamError::OneExchange));
                }
                let done = self.completed(*commission);
                if done.contains(&seat) {
                    return Err(err(NottinghamError::CommissionTwice { commission: *commission }));
                }
                let laid: Vec<Item> = turn.laid.iter().map(|(_, i)| *i).collect();
                if !laid.is_empty() && !commission.is_made_of(&laid) {
                    return Err(err(NottinghamError::NotTheCommission { commission: *commission }));
                }
                if done.len() >= 2 {
                    return Err(err(NottinghamError::CommissionGone { commission: *commission }));
                }
                let hand = self.players[seat.index()].hand;
                let needed = commission.cards();
                if needed > hand {
                    return Err(err(NottinghamError::NotEnoughCards { seat, needed, held: hand }));
                }
                d.emit(Event::Completed { seat, commission: *commission, first: done.is_empty() });
                if d.sim.commissions.values().map(Vec::len).sum::<usize>() == 2 * Commission::ALL.len() {
                    d.end(EndReason::Commissions);
                } else {
                    d.move_sheriff(seat, true);
                }
            }
            (Command::Trade { .. } | Command::Complete { .. }, Step::Ambushes { .. }) => {
                return Err(err(NottinghamError::AmbushesOpen))
            }
            (Command::Trade { .. } | Command::Complete { .. }, _) => return Err(err(NottinghamError::FinishTheCard)),
            _ => return Err(CommonError::NotNow.into()),
        }
        Ok(())
    }

    /// Cards laid or taken back, an exchange offered, made or spoiled, a commission completed.
    pub(super) fn apply_exchange(&mut self, e: &Event) {
        match e {
            Event::Laid { card, item, .. } => {
                if let Some(t) = &mut self.turn {
                    t.laid.push((card.clone(), *item));
                }
            }
            Event::TakenBack { .. } => {
                if let Some(t) = &mut self.turn {
                    t.laid.clear();
                }
            }
            Event::TradeOffered { seat, item, count } => {
                if let Some(t) = &mut self.turn {
                    t.laid.clear();
                }
                self.trades += 1;
                let open: BTreeSet<Seat> =
                    Seat::all(self.players()).filter(|&s| s != *seat && self.players[s.index()].ambushes > 0).collect();
                if let Some(t) = &mut self.turn {
                    t.traded = true;
                    t.step = Step::Ambushes { item: *item, count: *count, open, announced: None, sprung: 0 };
                }
                hand(self, *seat, -i32::from(*count));
            }
            Event::Traded { seat, item, count } => {
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.winnings.push(*item);
                }
                self.discard += count.saturating_sub(1);
                self.free();
            }
            Event::TradeSpoiled { seat, back } => {
                hand(self, *seat, i32::from(*back));
                self.free();
            }
            Event::Completed { seat, commission, .. } => {
                if let Some(t) = &mut self.turn {
                    t.laid.clear();
                }
                let n = commission.cards();
                hand(self, *seat, -i32::from(n));
                self.discard += n;
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.commissions.push(*commission);
                }
                self.commissions.entry(*commission).or_default().push(*seat);
                if let Some(t) = &mut self.turn {
                    t.traded = true;
                }
            }
            _ => {}
        }
    }
}
