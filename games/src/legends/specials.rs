//! The special cards of the full game: given with an event's completion
//! (to the one eligible character, or chosen), given by the host, and the
//! Love Potion's companion.

use super::{err, Command, Draft, Event, Legends, LegendsError, Location, Res, Seat, Skill, Special};
use crate::catalog::Catalog;
use crate::CommonError;
use serde::{Deserialize, Serialize};

/// A special card waiting for its holder, chosen in the company that
/// completed the event giving it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grant {
    /// Which.
    pub special: Special,
    /// Whose company chooses.
    pub seat: Seat,
    /// Where that company stands.
    pub location: Location,
    /// Only a knight may receive it.
    pub knight: bool,
    /// Only a knight who alone meets the event (Sword in the Stone, the
    /// Lady of the Lake, the Irish Alliance).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lone: Option<LoneKnight>,
}

/// An event only a single knight completes ("può essere completato solo da
/// un singolo Cavaliere che abbia un valore combinato di ..."), as its text
/// states it (the catalog).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoneKnight {
    /// The skills added up.
    pub skills: Vec<Skill>,
    /// The total needed.
    pub total: i32,
    /// A female character must be in the knight's company.
    pub lady: bool,
}

impl LoneKnight {
    /// The terms the catalog states for `event`, if it is such an event.
    pub fn of(event: &str) -> Option<LoneKnight> {
        let card = Catalog::builtin().get(event)?;
        if !card.fact_flag("single_knight") {
            return None;
        }
        let threshold = card.fact("threshold")?;
        let skills = threshold.get("skills")?.as_array()?.iter().filter_map(|s| s.as_str().and_then(Skill::of_code));
        Some(LoneKnight {
            skills: skills.collect(),
            total: i32::try_from(threshold.get("total")?.as_i64()?).ok()?,
            lady: card.fact_flag("needs_female_in_company"),
        })
    }
}

impl Draft {
    /// A special card given (or put back); the Love Potion's holder then
    /// has a companion chosen among the ladies of his company.
    pub(super) fn give(&mut self, special: Special, card: Option<String>) {
        self.emit(Event::SpecialGiven { special, card });
        if special == Special::LovePotion {
            let ladies = self.sim.potion_ladies();
            match ladies.as_slice() {
                [] => {}
                [one] => self.emit(Event::CompanionChosen { card: one.clone() }),
                _ => self.emit(Event::CompanionAsked),
            }
        }
    }
}

impl Legends {
    /// A special card given, the Love Potion's companion chosen.
    pub(super) fn decide_specials(&self, c: &Command, d: &mut Draft) -> Res<()> {
        match c {
            Command::Grant { card } => {
                self.started()?;
                let Some(g) = &self.grant else { return Err(err(LegendsError::NoGrant)) };
                if !self.grantees(g).contains(card) {
                    return Err(err(LegendsError::NotGrantee { card: card.clone(), knight: g.knight }));
                }
                d.give(g.special, Some(card.clone()));
            }
            Command::GiveSpecial { special, card } => {
                self.started()?;
                if !self.mode().full() {
                    return Err(err(LegendsError::NoSpecials));
                }
                if let Some(c) = card {
                    if self.where_is(c).is_none() {
                        return Err(err(LegendsError::NotOnTable { card: c.clone() }));
                    }
                }
                if self.specials.get(special) == card.as_ref() {
                    return Err(err(LegendsError::SpecialThere));
                }
                d.give(*special, card.clone());
            }
            Command::Companion { card } => {
                self.started()?;
                if !self.companion_due {
                    return Err(err(LegendsError::NoCompanionDue));
                }
                if !self.potion_ladies().contains(card) {
                    return Err(err(LegendsError::NotCompanion { card: card.clone() }));
                }
                d.emit(Event::CompanionChosen { card: card.clone() });
            }
            _ => return Err(CommonError::NotNow.into()),
        }
        Ok(())
    }

    /// The Love Potion's companion, a special card given.
    pub(super) fn apply_specials(&mut self, e: &Event) {
        match e {
            Event::CompanionChosen { card } => {
                self.companion = Some(card.clone());
                self.companion_due = false;
            }
            Event::SpecialGiven { special, card } => {
                // A new holder, a new companion.
                if *special == Special::LovePotion {
                    self.companion = None;
                    self.companion_due = false;
                }
                match card {
                    Some(c) => {
                        self.specials.insert(*special, c.clone());
                    }
                    None => {
                        self.specials.remove(special);
                    }
                }
                if self.grant.as_ref().is_some_and(|g| g.special == *special) {
                    self.grant = None;
                }
            }
            _ => {}
        }
    }
}
