//! The actions of the card played: buying, stealing, robbing and raiding
//! (the Necklace's defence), bartering, an ambush card laid.

use super::{err, hand, Action, Command, Draft, Event, Item, Nottingham, NottinghamError, Res, Step, Turn};
use crate::{CommonError, Seat};

impl Nottingham {
    /// Who may answer an action that takes from a hand: opponents holding
    /// a card.
    pub(super) fn victims(&self, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
        Seat::all(self.players()).filter(move |&s| s != seat && self.players[s.index()].hand > 0)
    }

    /// Whether `from` may be attacked by `seat`: an opponent holding a card.
    pub(super) fn check_victim(&self, seat: Seat, from: Seat) -> Res<()> {
        self.seat_ok(from)?;
        if from == seat {
            return Err(err(NottinghamError::NotYourself));
        }
        if self.players[from.index()].hand == 0 {
            return Err(err(NottinghamError::EmptyHand { seat: from }));
        }
        Ok(())
    }

    /// Whether the card drawn may be played for its action now.
    pub(super) fn check_act(&self, seat: Seat, item: Item) -> Res<()> {
        match item.action() {
            Action::Defence => Err(err(NottinghamError::NecklaceIsKept)),
            Action::Steal | Action::Rob | Action::Raid | Action::Barter if self.victims(seat).next().is_none() => {
                Err(err(NottinghamError::NoOpponentHolds))
            }
            Action::Ambush if self.ambush_deck == 0 => Err(err(NottinghamError::NoAmbushCards)),
            _ => Ok(()),
        }
    }

    /// The action's outcome.
    pub(super) fn decide_action(&self, c: &Command, d: &mut Draft, turn: &Turn) -> Res<()> {
        let seat = turn.seat;
        match (c, &turn.step) {
            (Command::Buy { from }, Step::Acting { action: Action::Buy }) => {
                if let Some(f) = from {
                    self.seat_ok(*f)?;
                    if *f == seat {
                        return Err(err(NottinghamError::NotYourself));
                    }
                    if self.players[f.index()].hand == 0 {
                        return Err(err(NottinghamError::EmptyHand { seat: *f }));
                    }
                }
                d.emit(Event::Bought { seat, from: *from });
            }
            (Command::Take { from, defended }, Step::Acting { action }) if action.is_attack() => {
                self.check_victim(seat, *from)?;
                d.emit(Event::Took { seat, action: *action, from: *from, defended: *defended });
            }
            (Command::Target { from }, Step::Acting { action }) if action.is_attack() => {
                self.check_victim(seat, *from)?;
                d.emit(Event::Targeted { seat, from: *from });
            }
            (Command::Defend { defended }, Step::Defence { action, from }) => {
                d.emit(Event::Took { seat, action: *action, from: *from, defended: *defended });
            }
            (Command::Target { .. } | Command::Defend { .. }, _) => return Err(err(NottinghamError::NotThatAction)),
            (Command::Barter { from, cards }, Step::Acting { action: Action::Barter }) => {
                match from {
                    Some(f) => {
                        self.seat_ok(*f)?;
                        if *f == seat {
                            return Err(err(NottinghamError::NotYourself));
                        }
                        if !(1..=2).contains(cards) {
                            return Err(err(NottinghamError::BarterCards { cards: *cards }));
                        }
                        if self.players[f.index()].hand < *cards {
                            return Err(err(NottinghamError::EmptyHand { seat: *f }));
                        }
                    }
                    // The player may not refuse a barter; only an offer nobody
                    // could make lets the chest stay.
                    None if self.victims(seat).next().is_some() => {
                        return Err(err(NottinghamError::BarterMustTake));
                    }
                    None => {}
                }
                d.emit(Event::Bartered { seat, from: *from, cards: if from.is_some() { *cards } else { 0 } });
            }
            (Command::Buy { .. } | Command::Take { .. } | Command::Barter { .. }, _) => {
                return Err(err(NottinghamError::NotThatAction))
            }
            _ => return Err(CommonError::NotNow.into()),
        }
        Ok(())
    }

    /// The action's outcome.
    pub(super) fn apply_action(&mut self, e: &Event) {
        match e {
            Event::Bought { seat, .. } => {
                // The coin or the card bought: one more either way; the
                // seller's card is paid with the coin.
                hand(self, *seat, 1);
                self.free();
            }
            Event::Took { seat, .. } => {
                // The card taken (or the Necklace given back): one more for
                // the attacker, as many for the victim.
                hand(self, *seat, 1);
                self.free();
            }
            Event::Targeted { from, .. } => {
                if let Some(t) = &mut self.turn {
                    if let Step::Acting { action } = t.step {
                        t.step = Step::Defence { action, from: *from };
                    }
                }
            }
            Event::Bartered { seat, from, cards } => {
                match from {
                    Some(f) => {
                        hand(self, *seat, i32::from(*cards));
                        hand(self, *f, 1 - i32::from(*cards));
                    }
                    None => hand(self, *seat, 1),
                }
                self.free();
            }
            Event::AmbushLaid { seat } => {
                self.ambush_deck = self.ambush_deck.saturating_sub(1);
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.ambushes += 1;
                }
                self.free();
            }
            _ => {}
        }
    }
}
