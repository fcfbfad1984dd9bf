//! Accusations, deaths and the Grail's rescue, and the end of the game.
//!
//! An accusation names a knight; the accused taps their loyalty card on the
//! reader, or the host confirms the card shown. The traitor exposed brings
//! one white sword and plays the traitor's side from then on; a loyal
//! knight accused turns a white sword black (nothing if there is none).
//! When Tavola knows the cards (tapped at setup), the card shown must be
//! the one dealt.
//!
//! The game is lost at once with 12 siege engines, 7 black swords, or every
//! loyal knight dead. Otherwise it ends after the action that brings the
//! twelfth sword: a traitor still alive and hidden shows the card and turns
//! two white swords black, then the knights win only with more white swords
//! than black.

use super::knights::Side;
use super::setup::loyalty_side;
use super::turn::Action;
use super::{Draft, EndReason, Event, LoyaltyMode, Pending, Phase, Relic, Soc, SocError};
use crate::{CommonError, RuleError, Seat};

impl Draft<'_> {
    pub(super) fn accuse(&mut self, accuser: Seat, accused: Seat) -> Result<(), RuleError> {
        self.sim.check_accuse(accuser, accused)?;
        self.take_action(accuser, Action::Accuse)?;
        self.emit(Event::Accused { accuser, accused });
        // A first game without a traitor: every card is loyal and face up.
        if self.sim.mode() == LoyaltyMode::NoTraitor {
            self.reveal(accused, Side::Loyal);
        }
        Ok(())
    }

    /// The accused's card, tapped (`card`) or confirmed by the host (`traitor`).
    pub(super) fn show_loyalty(&mut self, card: Option<&String>, traitor: Option<bool>) -> Result<(), RuleError> {
        let Some(Pending::Accusation { accused, .. }) = self.sim.pending.clone() else {
            return Err(CommonError::NotNow.into());
        };
        let side = match (card, traitor) {
            (Some(card), _) => loyalty_side(card, self.cards)?,
            (None, Some(true)) => Side::Evil,
            _ => Side::Loyal,
        };
        self.sim.check_shown(side)?;
        self.reveal(accused, side);
        Ok(())
    }

    fn reveal(&mut self, seat: Seat, side: Side) {
        self.emit(Event::LoyaltyRevealed { seat, side });
        match side {
            Side::Evil => {
                self.emit(Event::TraitorExposed { seat });
                let white = self.sim.rules().swords.exposed_white;
                if white > 0 {
                    self.emit(Event::SwordsPlaced { white, black: 0 });
                }
            }
            Side::Loyal if self.sim.white > 0 => self.emit(Event::SwordsFlipped { count: 1 }),
            Side::Loyal => {}
        }
    }

    /// A knight at zero life: the Grail's holder may save them, else they fall.
    pub(super) fn fall(&mut self, seat: Seat) {
        if self.sim.holder(Relic::Grail).is_some() {
            self.emit(Event::Dying { seat });
        } else {
            self.die(seat);
        }
    }

    fn die(&mut self, seat: Seat) {
        let relics = self.sim.knights[seat.index()].relics.clone();
        for relic in relics {
            self.emit(Event::RelicLost { relic, seat: Some(seat) });
        }
        self.emit(Event::KnightDied { seat });
    }

    /// The Grail's holder answers for the first dying knight.
    pub(super) fn grail(&mut self, seat: Seat, drink: bool) -> Result<(), RuleError> {
        self.sim.check_grail(drink)?;
        if drink {
            let holder = self.sim.holder(Relic::Grail).ok_or(SocError::NoGrail)?;
            self.emit(Event::GrailDrunk { seat, holder });
        } else {
            self.die(seat);
        }
        Ok(())
    }

    pub(super) fn end_game(&mut self, reason: EndReason) {
        let winner = if reason == EndReason::SwordsCounted && self.sim.white > self.sim.black {
            Side::Loyal
        } else {
            Side::Evil
        };
        let traitor = self.sim.known_traitor();
        self.emit(Event::GameEnded { reason, winner, traitor });
    }

    /// The twelfth sword: a hidden traitor turns swords black, then the count.
    pub(super) fn final_count(&mut self) {
        let traitor = match self.sim.hidden_traitor() {
            Ok(t) => t,
            Err(()) => {
                self.emit(Event::TraitorAsked);
                return;
            }
        };
        self.count_with(traitor);
    }

    fn count_with(&mut self, traitor: Option<Seat>) {
        let flipped = if traitor.is_some() { self.sim.rules().swords.traitor_flips.min(self.sim.white) } else { 0 };
        self.emit(Event::FinalCount { traitor, flipped });
        self.end_game(EndReason::SwordsCounted);
    }

    /// The table names the hidden traitor (or nobody) at the final count.
    pub(super) fn declare_traitor(&mut self, seat: Option<Seat>) -> Result<(), RuleError> {
        self.sim.check_declare(seat)?;
        self.count_with(seat);
        Ok(())
    }
}

impl Soc {
    /// Why `accuser` cannot accuse `accused`.
    pub(super) fn check_accuse(&self, accuser: Seat, accused: Seat) -> Result<(), RuleError> {
        self.check_seat(accused)?;
        if accused == accuser {
            return Err(SocError::AccuseSelf.into());
        }
        let k = &self.knights[accused.index()];
        if !k.alive {
            return Err(SocError::KnightOut { seat: accused }.into());
        }
        if k.exposed {
            return Err(SocError::AlreadyExposed { seat: accused }.into());
        }
        let rules = &self.rules().accusation;
        if self.siege < rules.min_engines && self.white + self.black < rules.min_swords {
            return Err(SocError::AccuseTooEarly { engines: rules.min_engines, swords: rules.min_swords }.into());
        }
        if rules.once_per_knight && self.knights[accuser.index()].accused {
            return Err(SocError::AccusedBefore.into());
        }
        self.check_action(accuser, Action::Accuse)
    }

    /// Why the accused's loyalty card cannot show `side` (Tavola knows
    /// the card dealt, or the traitor is known already).
    pub(super) fn check_shown(&self, side: Side) -> Result<(), RuleError> {
        let Some(Pending::Accusation { accused, .. }) = &self.pending else {
            return Err(CommonError::NotNow.into());
        };
        let accused = *accused;
        if let Some(&dealt) = self.loyalty.get(&accused) {
            if dealt != side {
                return Err(SocError::NotTheCardDealt { seat: accused }.into());
            }
        } else if side == Side::Evil && self.known_traitor().is_some() {
            return Err(SocError::NotTheCardDealt { seat: accused }.into());
        }
        Ok(())
    }

    /// Whether the answer about the accused's card hangs on a card Tavola
    /// keeps secret (the loyalty cards tapped face down at setup).
    pub(super) fn shown_is_secret(&self) -> bool {
        !self.loyalty_cards.is_empty()
    }

    /// Why the dying knight cannot drink from the Grail (nobody holds it).
    pub(super) fn check_grail(&self, drink: bool) -> Result<(), RuleError> {
        if drink && self.holder(Relic::Grail).is_none() {
            return Err(SocError::NoGrail.into());
        }
        Ok(())
    }

    /// Why `seat` cannot be named the hidden traitor at the count.
    pub(super) fn check_declare(&self, seat: Option<Seat>) -> Result<(), RuleError> {
        if let Some(s) = seat {
            self.check_seat(s)?;
            let k = &self.knights[s.index()];
            if !k.alive || k.exposed {
                return Err(SocError::KnightOut { seat: s }.into());
            }
            if self.loyalty.get(&s) == Some(&Side::Loyal) {
                return Err(SocError::NotTheCardDealt { seat: s }.into());
            }
        }
        Ok(())
    }

    pub(super) fn mode(&self) -> LoyaltyMode {
        self.setup.as_ref().map(|s| s.loyalty).unwrap_or_default()
    }

    /// The traitor alive and not exposed: `Ok(None)` when there is none,
    /// `Err` when Tavola cannot know.
    fn hidden_traitor(&self) -> Result<Option<Seat>, ()> {
        if !self.mode().has_traitor() || self.knights.iter().any(|k| k.exposed) {
            return Ok(None);
        }
        if let Some(t) = self.loyalty.iter().find(|(_, &s)| s == Side::Evil).map(|(&s, _)| s) {
            return Ok(self.knights[t.index()].alive.then_some(t));
        }
        // Every knight still alive is known loyal: no hidden traitor.
        let unknown_alive =
            self.knights.iter().enumerate().any(|(i, k)| k.alive && !self.loyalty.contains_key(&Seat(i as u8)));
        if self.loyalty_known || !unknown_alive {
            Ok(None)
        } else {
            Err(())
        }
    }

    /// The reason the game is lost right now, if it is.
    pub(super) fn immediate_loss(&self) -> Option<EndReason> {
        let rules = self.rules();
        if self.siege >= rules.siege.loss_at {
            return Some(EndReason::SiegeEngines);
        }
        if self.black >= rules.swords.black_loss {
            return Some(EndReason::BlackSwords);
        }
        let loyal_alive = self
            .knights
            .iter()
            .enumerate()
            .any(|(i, k)| k.alive && !k.exposed && self.loyalty.get(&Seat(i as u8)) != Some(&Side::Evil));
        (!loyal_alive).then_some(EndReason::LoyalKnightsDead)
    }
}

impl Soc {
    /// Accusations, the traitor and the end.
    pub(super) fn apply_accuse(&mut self, event: &Event) {
        match event {
            Event::Accused { accuser, accused } => {
                if let Some(k) = self.knights.get_mut(accuser.index()) {
                    k.accused = true;
                }
                self.pending = Some(Pending::Accusation { accuser: *accuser, accused: *accused });
            }
            Event::LoyaltyRevealed { seat, side } => {
                self.pending = None;
                self.loyalty.insert(*seat, *side);
                if self.loyalty.len() == self.players() {
                    self.loyalty_known = true;
                }
            }
            Event::TraitorExposed { seat } => {
                if let Some(k) = self.knights.get_mut(seat.index()) {
                    k.exposed = true;
                    k.place = None;
                }
            }
            Event::TraitorAsked => self.pending = Some(Pending::TraitorCheck),
            Event::FinalCount { traitor, flipped } => {
                self.pending = None;
                self.final_traitor = *traitor;
                let n = (*flipped).min(self.white);
                self.white -= n;
                self.black += n;
            }
            Event::GameEnded { reason, winner, .. } => {
                self.pending = None;
                self.phase = Phase::Ended { reason: *reason, winner: *winner };
            }
            _ => {}
        }
    }
}
