//! The end: the Assassin names Merlin (confirmed by the table when Tavola
//! does not know the roles), and why the game ended.

use super::{Avalon, AvalonError, Event, Phase, Role, Side};
use crate::{RuleError, Seat};
use serde::{Deserialize, Serialize};

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Three missions succeeded and the Assassin missed Merlin.
    MerlinSurvived,
    /// Three missions failed.
    ThreeFailures,
    /// Five teams were rejected in one round.
    FiveRejections,
    /// The Assassin found Merlin.
    MerlinAssassinated,
}

impl EndReason {
    /// The side that wins for this reason.
    pub fn winner(self) -> Side {
        match self {
            EndReason::MerlinSurvived => Side::Good,
            _ => Side::Evil,
        }
    }
}

impl Avalon {
    /// Why the Assassin cannot name `target` (when Tavola knows the roles,
    /// the Assassin themself: a secret).
    pub(super) fn check_assassination(&self, target: Seat) -> Result<(), RuleError> {
        self.check_seat(target)?;
        let assassin = self.roles.iter().find(|(_, &r)| r == Role::Assassin).map(|(&s, _)| s);
        if self.roles_known && assassin == Some(target) {
            return Err(AvalonError::BadAssassinationTarget { seat: target }.into());
        }
        Ok(())
    }

    pub(super) fn decide_assassination(&self, target: Seat) -> Result<Vec<Event>, RuleError> {
        self.check_assassination(target)?;
        let hit = self.roles_known.then(|| self.roles.get(&target) == Some(&Role::Merlin));
        let mut events = vec![Event::MerlinNamed { target, hit }];
        match hit {
            Some(true) => events.push(Event::GameEnded { reason: EndReason::MerlinAssassinated }),
            Some(false) => events.push(Event::GameEnded { reason: EndReason::MerlinSurvived }),
            None => {}
        }
        Ok(events)
    }

    /// Merlin named: without the roles known, the table confirms.
    pub(super) fn apply_merlin_named(&mut self, target: Seat, hit: Option<bool>) {
        self.named_as_merlin = Some(target);
        if hit.is_none() {
            self.phase = Phase::ConfirmMerlin { target };
        }
    }
}
