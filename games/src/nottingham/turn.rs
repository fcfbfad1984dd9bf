//! The turn's card: drawn (laid on the reader or picked), kept or played
//! for its action; the turn ended and passed; the end.

use super::{err, hand, Action, Command, Draft, Event, Nottingham, NottinghamError, Res, Step, Turn};
use crate::{CommonError, Seat};

impl Nottingham {
    /// The card drawn, kept or played; the turn ended.
    pub(super) fn decide_card(&self, c: &Command, d: &mut Draft, turn: &Turn) -> Res<()> {
        let seat = turn.seat;
        match (c, &turn.step) {
            (Command::Draw { item }, Step::Draw) => {
                if d.sim.deck == 0 {
                    d.refill(seat);
                }
                if d.sim.ended.is_some() {
                    return Ok(());
                }
                if d.sim.deck == 0 {
                    // Every card is in a hand or won: the turn goes on
                    // without a draw.
                    d.emit(Event::NoDraw { seat });
                    return Ok(());
                }
                d.emit(Event::Drew { seat, item: *item });
                if item.action() == Action::Defence {
                    // The Necklace is never played on the draw ("Difesa").
                    d.emit(Event::Kept { seat, item: *item });
                }
            }
            (Command::Draw { .. }, _) => return Err(err(NottinghamError::AlreadyDrawn)),
            (Command::Keep, Step::Drawn { item }) => d.emit(Event::Kept { seat, item: *item }),
            (Command::Act, Step::Drawn { item }) => {
                self.check_act(seat, *item)?;
                d.emit(Event::Acted { seat, item: *item });
                if item.action() == Action::Ambush {
                    d.emit(Event::AmbushLaid { seat });
                }
            }
            (Command::Keep | Command::Act, Step::Draw) => return Err(err(NottinghamError::DrawFirst)),
            (Command::Keep | Command::Act, _) => return Err(err(NottinghamError::CardPlaced)),
            (Command::EndTurn, Step::Free) => {
                let next = Seat(((seat.index() + 1) % self.players()) as u8);
                d.emit(Event::TurnPassed { to: next });
            }
            (Command::EndTurn, Step::Ambushes { .. }) => return Err(err(NottinghamError::AmbushesOpen)),
            (Command::EndTurn, _) => return Err(err(NottinghamError::FinishTheCard)),
            _ => return Err(CommonError::NotNow.into()),
        }
        Ok(())
    }

    /// The card drawn, kept or played; the turn passed; the end.
    pub(super) fn apply_turn(&mut self, e: &Event) {
        match e {
            Event::Drew { item, .. } => {
                self.deck = self.deck.saturating_sub(1);
                if let Some(t) = &mut self.turn {
                    t.step = Step::Drawn { item: *item };
                }
            }
            Event::Kept { seat, .. } => {
                hand(self, *seat, 1);
                if let Some(t) = &mut self.turn {
                    t.step = Step::Free;
                }
            }
            Event::Acted { item, .. } => {
                if let Some(t) = &mut self.turn {
                    t.step = Step::Acting { action: item.action() };
                }
            }
            Event::TurnPassed { to } => {
                self.turn = Some(Turn { seat: *to, step: Step::Draw, traded: false, laid: Vec::new() })
            }
            Event::GameEnded { reason } => {
                self.ended = Some(*reason);
                self.turn = None;
            }
            _ => {}
        }
    }
}
