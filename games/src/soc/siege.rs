//! Fights against the siege engines, and Kay's extra card.
//!
//! At Camelot a knight picks the fight cards to play (on screen), then the
//! d8 is rolled: on the table's dice button, or on screen where there is
//! none. The roll is drawn from the game's random numbers and stored in the
//! event. A total above the die destroys an engine; a tie or less costs the
//! knight a life point. Kay, fighting, may add one card once the die shows.

use super::quests::{Place, FIGHT_VALUES};
use super::turn::Action;
use super::{Draft, Event, Knight, Pending, SocError};
use crate::core::Roll;
use crate::{GameRng, RuleError, Seat};
use serde::{Deserialize, Serialize};

/// A siege fight in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SiegeFight {
    /// Who fights.
    pub seat: Seat,
    /// The fight cards played.
    pub cards: Vec<u8>,
    /// The die, once rolled.
    pub die: Option<u8>,
}

impl Draft<'_> {
    pub(super) fn siege_fight(&mut self, seat: Seat, cards: &[u8]) -> Result<(), RuleError> {
        self.sim.check_siege_fight(seat, cards)?;
        let n = u8::try_from(cards.len()).unwrap_or(u8::MAX);
        self.take_action(seat, Action::Quest)?;
        self.change_hand(seat, -i32::from(n));
        self.emit(Event::SiegeFightBegan { seat, cards: cards.to_vec() });
        Ok(())
    }

    pub(super) fn roll_die(&mut self, rng: &mut GameRng) -> Result<(), RuleError> {
        let Some(Pending::SiegeRoll { seat, .. }) = self.sim.pending.clone() else {
            return Err(SocError::NoSiegeFight.into());
        };
        let roll = Roll::of(self.sim.rules().siege.die, rng);
        self.emit(Event::DieRolled { seat, roll });
        let k = &self.sim.knights[seat.index()];
        // Kay is asked only when his card could change the result: the
        // fight is not won already, and the best card could still win it.
        let total: u32 = self.sim.siege_fight.as_ref().map_or(0, |f| f.cards.iter().map(|&v| u32::from(v)).sum());
        let best = u32::from(*FIGHT_VALUES.end());
        let matters = total <= u32::from(roll.value) && total + best > u32::from(roll.value);
        if k.knight == Knight::Kay && k.hand > 0 && matters {
            self.emit(Event::KayWindowOpened { seat, quest: None, by: Some(seat) });
        } else {
            self.end_siege_fight(None);
        }
        Ok(())
    }

    fn end_siege_fight(&mut self, kay: Option<u8>) {
        let Some(f) = self.sim.siege_fight.clone() else { return };
        let die = f.die.unwrap_or(u8::MAX);
        let total: u32 = f.cards.iter().map(|&v| u32::from(v)).sum::<u32>() + kay.map_or(0, u32::from);
        let won = total > u32::from(die);
        self.emit(Event::SiegeFightEnded { seat: f.seat, total, die, won });
        if won {
            self.emit(Event::SiegeChanged { delta: -1 });
        } else {
            self.change_life(f.seat, -1);
        }
    }

    /// Kay's extra card (or none) for the fight that waits for it.
    pub(super) fn kay(&mut self, value: Option<u8>) -> Result<(), RuleError> {
        self.sim.check_kay(value)?;
        let Some(Pending::Kay { seat, quest, by }) = self.sim.pending.clone() else {
            return Err(SocError::NoKayNow.into());
        };
        if value.is_some() {
            self.change_hand(seat, -1);
        }
        self.emit(Event::KayPlayed { value });
        match quest {
            Some(q) => self.resolve_fight(q, value, by),
            None => self.end_siege_fight(value),
        }
        Ok(())
    }
}

impl super::Soc {
    /// Why the knight cannot fight a siege engine with these fight cards.
    pub(super) fn check_siege_fight(&self, seat: Seat, cards: &[u8]) -> Result<(), RuleError> {
        if self.knights[seat.index()].place != Some(Place::Camelot) {
            return Err(SocError::OnlyAtCamelot.into());
        }
        if self.siege == 0 {
            return Err(SocError::NoEngine.into());
        }
        if cards.is_empty() {
            return Err(SocError::NoFightCards.into());
        }
        if let Some(&value) = cards.iter().find(|v| !FIGHT_VALUES.contains(v)) {
            return Err(SocError::NoSuchFightCard { value }.into());
        }
        self.check_hand(seat, u8::try_from(cards.len()).unwrap_or(u8::MAX))?;
        self.check_action(seat, Action::Quest)
    }

    /// Why Kay cannot add this card (or pass) now.
    pub(super) fn check_kay(&self, value: Option<u8>) -> Result<(), RuleError> {
        let Some(Pending::Kay { seat, .. }) = &self.pending else {
            return Err(SocError::NoKayNow.into());
        };
        if let Some(v) = value {
            if !FIGHT_VALUES.contains(&v) {
                return Err(SocError::NoSuchFightCard { value: v }.into());
            }
            self.check_hand(*seat, 1)?;
        }
        Ok(())
    }

    /// The siege fight in progress, if any.
    pub fn siege_fight(&self) -> Option<&SiegeFight> {
        self.siege_fight.as_ref()
    }

    /// Whether the game waits for the siege die.
    pub fn waits_for_die(&self) -> bool {
        matches!(self.pending, Some(Pending::SiegeRoll { .. }))
    }
}

impl super::Soc {
    /// A fight against the siege engines and its die.
    pub(super) fn apply_siege(&mut self, event: &Event) {
        match event {
            Event::SiegeFightBegan { seat, cards } => {
                self.pending = Some(Pending::SiegeRoll { seat: *seat, cards: cards.clone() });
                self.siege_fight = Some(SiegeFight { seat: *seat, cards: cards.clone(), die: None });
            }
            Event::DieRolled { roll, .. } => {
                self.pending = None;
                if let Some(f) = &mut self.siege_fight {
                    f.die = Some(roll.value);
                }
            }
            Event::SiegeFightEnded { .. } => self.siege_fight = None,
            _ => {}
        }
    }
}
