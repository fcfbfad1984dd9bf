//! The Lady of the Lake: a loyalty examined (known, shown on the reader or
//! passed hand to hand), then the token passed; the private reveals seen.

use super::{Avalon, AvalonError, Event, Phase, Side};
use crate::{CommonError, GameKind, GameRng, RuleError, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Where the Lady of the Lake is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LadyToken {
    /// Who holds her now.
    pub holder: Seat,
    /// Everybody who held her, the holder included: none can be examined.
    pub former: BTreeSet<Seat>,
    /// Examinations done (at most 3).
    pub uses: u8,
}

impl Avalon {
    /// Whether the Lady of the Lake is used once `played` missions are done.
    pub(super) fn lady_due(&self, played: usize) -> bool {
        self.lady.as_ref().is_some_and(|l| l.uses < 3) && (2..=4).contains(&played)
    }

    /// Why the Lady of the Lake cannot examine `target`; else her token.
    pub(super) fn check_lady(&self, target: Seat) -> Result<&LadyToken, RuleError> {
        self.check_seat(target)?;
        let lady = self.lady.as_ref().ok_or(CommonError::NotNow)?;
        if target == lady.holder {
            return Err(AvalonError::LadyOnHolder.into());
        }
        if lady.former.contains(&target) {
            return Err(AvalonError::LadyFormerHolder { seat: target }.into());
        }
        Ok(lady)
    }

    pub(super) fn decide_lady(&self, target: Seat) -> Result<Vec<Event>, RuleError> {
        let lady = self.check_lady(target)?;
        let loyalty = self.allegiance(target);
        // Without the roles, the loyalty card passes hand to hand (or is
        // tapped on the reader): the next command says which.
        Ok(vec![Event::LadyExamined { holder: lady.holder, target, loyalty }])
    }

    pub(super) fn decide_loyalty_card(&self, card: &str, target: Seat) -> Result<Vec<Event>, RuleError> {
        match GameKind::of_card(card) {
            Some(GameKind::Avalon) => {}
            Some(_) => return Err(CommonError::WrongGameCard { card: card.to_string() }.into()),
            None => return Err(AvalonError::NotALoyaltyCard { card: card.to_string() }.into()),
        }
        let loyalty = match card {
            "avalon/loyalty/good" => Side::Good,
            "avalon/loyalty/evil" => Side::Evil,
            _ => return Err(AvalonError::NotALoyaltyCard { card: card.to_string() }.into()),
        };
        Ok(vec![Event::LoyaltyShown { target, loyalty: Some(loyalty) }])
    }

    pub(super) fn decide_seen(&self, rng: &mut GameRng) -> Result<Vec<Event>, RuleError> {
        match &self.phase {
            Phase::ExcaliburReveal { successes, fails, .. } => Ok(self.mission_end(*successes, *fails, rng)),
            Phase::LadyReveal { target, .. } | Phase::LadyCard { target } => {
                let mut events = vec![Event::LadyPassed { holder: *target }];
                events.extend(self.next_round(self.played()));
                Ok(events)
            }
            _ => Err(CommonError::NotNow.into()),
        }
    }

    /// The Lady's examination, the loyalty shown, the token passed.
    pub(super) fn apply_lady(&mut self, event: &Event) {
        match event {
            Event::LadyExamined { target, loyalty, .. } => {
                if let Some(lady) = &mut self.lady {
                    lady.uses += 1;
                }
                self.phase = match loyalty {
                    Some(loyalty) => Phase::LadyReveal { target: *target, loyalty: *loyalty },
                    None => Phase::LadyCard { target: *target },
                };
            }
            Event::LoyaltyShown { target, loyalty: Some(loyalty) } => {
                self.phase = Phase::LadyReveal { target: *target, loyalty: *loyalty };
            }
            Event::LadyPassed { holder } => {
                if let Some(lady) = &mut self.lady {
                    lady.holder = *holder;
                    lady.former.insert(*holder);
                }
                self.phase = Phase::TeamBuilding;
            }
            _ => {}
        }
    }
}
