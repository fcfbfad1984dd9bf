//! The mission: cards played on the pad or laid on the reader, or counted
//! by hand; Excalibur's switch; the cards shuffled and revealed.

use super::{roles, Avalon, AvalonError, EndReason, Event, LancelotVariant, Phase, Side};
use crate::core::{AnonymousBallot, BallotRefusal};
use crate::{CommonError, GameKind, GameRng, RuleError, Seat};
use serde::{Deserialize, Serialize};

/// A mission card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MissionCard {
    /// Success.
    Success,
    /// Fail.
    Fail,
}

/// The result of a finished mission.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissionResult {
    /// Success cards.
    pub successes: u8,
    /// Fail cards.
    pub fails: u8,
    /// Whether it succeeded.
    pub succeeded: bool,
}

impl Avalon {
    /// Why `seat` cannot play a mission card now.
    pub(super) fn check_mission_card(&self, ballot: &AnonymousBallot, seat: Seat) -> Result<(), RuleError> {
        self.check_seat(seat)?;
        ballot.can_cast(seat).map_err(|r| match r {
            BallotRefusal::NotEligible => AvalonError::NotOnTeam { seat }.into(),
            BallotRefusal::AlreadyCast => RuleError::from(CommonError::AlreadyAnswered { seat }),
        })
    }

    /// Why `seat` cannot lay a mission card on the reader now: the same
    /// refusals as a press on the pad (not on the team, already played).
    pub(super) fn check_reader_seat(&self, ballot: &AnonymousBallot, seat: Seat) -> Result<(), RuleError> {
        if ballot.is_complete() {
            return Err(CommonError::NotNow.into());
        }
        self.check_mission_card(ballot, seat)
    }

    /// Why the host cannot enter these counts of the cards played by hand.
    pub(super) fn check_counts(
        &self,
        team: &[Seat],
        ballot: &AnonymousBallot,
        successes: u8,
        fails: u8,
    ) -> Result<(), RuleError> {
        // Once every card is down (Excalibur's holder deciding), the pad's
        // cards stand.
        if ballot.is_complete() {
            return Err(CommonError::NotNow.into());
        }
        let given = usize::from(successes) + usize::from(fails);
        if given != team.len() {
            return Err(AvalonError::MissionCount { needed: team.len(), given }.into());
        }
        Ok(())
    }

    pub(super) fn decide_mission_card(
        &self,
        ballot: &AnonymousBallot,
        seat: Seat,
        card: MissionCard,
        rng: &mut GameRng,
    ) -> Result<Vec<Event>, RuleError> {
        self.check_mission_card(ballot, seat)?;
        // A good player cannot fail a mission: when Tavola knows the roles,
        // a good player's Fail counts as Success. In variant 2 the Lancelot
        // now on the side of evil must fail. The pad answers the same.
        let evil_lancelot = self.options().lancelot == Some(LancelotVariant::V2)
            && self.roles.get(&seat).is_some_and(|r| r.is_lancelot())
            && self.allegiance(seat) == Some(Side::Evil);
        let card = match self.allegiance(seat) {
            Some(Side::Good) => MissionCard::Success,
            _ if evil_lancelot => MissionCard::Fail,
            _ => card,
        };
        let mut events = vec![Event::MissionCardPlayed { seat, card: Some(card) }];
        let mut after = ballot.clone();
        after.cast(seat, card as usize);
        if let Some(counts) = after.counts() {
            events.extend(self.mission_end(counts[0], counts[1], rng));
        }
        Ok(events)
    }

    /// The tally of the mission in play and what follows it: first the
    /// cards in the order they are turned over (drawn from `rng` and the
    /// counts alone, never from the seats), then the tally.
    pub(super) fn mission_end(&self, successes: u8, fails: u8, rng: &mut GameRng) -> Vec<Event> {
        let succeeded = fails < roles::fails_needed(self.players(), usize::from(self.mission));
        let mut order = vec![MissionCard::Success; usize::from(successes)];
        order.extend(std::iter::repeat_n(MissionCard::Fail, usize::from(fails)));
        rng.shuffle(&mut order);
        let mut events = vec![
            Event::MissionShuffled { mission: self.mission, order },
            Event::MissionRevealed { mission: self.mission, successes, fails, succeeded },
        ];
        let (mut good, mut evil) = self.score();
        if succeeded {
            good += 1;
        } else {
            evil += 1;
        }
        let played = good + evil;
        if evil >= 3 {
            events.push(Event::GameEnded { reason: EndReason::ThreeFailures });
        } else if good >= 3 {
            events.push(Event::AssassinationBegan);
        } else if self.lady_due(played) {
            // The Lady of the Lake acts before the next round starts.
        } else {
            events.extend(self.next_round(played));
        }
        events
    }

    pub(super) fn decide_excalibur(
        &self,
        team: &[Seat],
        ballot: &AnonymousBallot,
        holder: Option<Seat>,
        target: Option<Seat>,
        rng: &mut GameRng,
    ) -> Result<Vec<Event>, RuleError> {
        let holder = self.check_excalibur(team, ballot, holder, target)?;
        let mut settled = ballot.clone();
        let original = settled.settle(target, |c| 1 - c);
        let counts = settled.counts().map(|c| [c[0], c[1]]).unwrap_or_default();
        match (target, original) {
            (Some(t), Some(o)) => {
                let original = if o == 0 { MissionCard::Success } else { MissionCard::Fail };
                Ok(vec![Event::ExcaliburUsed {
                    holder,
                    target: Some(t),
                    original: Some(original),
                    counts: Some(counts),
                }])
            }
            _ => {
                let mut events = vec![Event::ExcaliburUsed { holder, target: None, original: None, counts: None }];
                events.extend(self.mission_end(counts[0], counts[1], rng));
                Ok(events)
            }
        }
    }

    /// Why Excalibur's holder cannot switch `target`'s card (or, `None`,
    /// let the cards stand) now; else the holder.
    pub(super) fn check_excalibur(
        &self,
        team: &[Seat],
        ballot: &AnonymousBallot,
        holder: Option<Seat>,
        target: Option<Seat>,
    ) -> Result<Seat, RuleError> {
        let Some(holder) = holder else { return Err(AvalonError::ExcaliburOff.into()) };
        if !ballot.is_complete() || !ballot.unsettled() {
            return Err(CommonError::NotNow.into());
        }
        if let Some(t) = target {
            self.check_seat(t)?;
            if t == holder || !team.contains(&t) {
                return Err(AvalonError::BadExcaliburTarget { seat: t }.into());
            }
        }
        Ok(holder)
    }

    /// A mission card played or awaited, Excalibur used, the mission revealed.
    pub(super) fn apply_mission(&mut self, event: &Event) {
        match event {
            Event::MissionCardPlayed { seat, card } => {
                if let (Phase::Mission { ballot, reader, .. }, Some(c)) = (&mut self.phase, card) {
                    ballot.cast(*seat, *c as usize);
                    // The card awaited on the reader came (or the pad
                    // answered for the same seat after all).
                    if *reader == Some(*seat) {
                        *reader = None;
                    }
                }
            }
            Event::MissionCardAwaited { seat } => {
                if let Phase::Mission { reader, .. } = &mut self.phase {
                    *reader = Some(*seat);
                }
            }
            Event::ExcaliburUsed { holder, target, original, counts } => {
                if let (Some(target), Some(original), Some([successes, fails])) = (target, original, counts) {
                    // The held cards are gone: only the tally and the one card
                    // the holder is shown remain.
                    self.phase = Phase::ExcaliburReveal {
                        holder: *holder,
                        target: *target,
                        original: *original,
                        successes: *successes,
                        fails: *fails,
                    };
                }
            }
            Event::MissionRevealed { mission, successes, fails, succeeded } => {
                if let Some(slot) = self.results.get_mut(usize::from(*mission)) {
                    *slot = Some(MissionResult { successes: *successes, fails: *fails, succeeded: *succeeded });
                }
                self.rejections = 0;
                self.mission = self.first_open().unwrap_or(self.mission);
                // Drop the ballot at once: nothing of it outlives the tally.
                self.phase = if self.lady_due(self.played()) { Phase::Lady } else { Phase::TeamBuilding };
            }
            _ => {}
        }
    }
}

/// The mission card a tag names (`avalon/mission/fail-3`), or why it is
/// not one.
pub(super) fn mission_card_of(card: &str) -> Result<MissionCard, RuleError> {
    match GameKind::of_card(card) {
        Some(GameKind::Avalon) => {}
        Some(_) => return Err(CommonError::WrongGameCard { card: card.to_string() }.into()),
        None => return Err(AvalonError::NotAMissionCard { card: card.to_string() }.into()),
    }
    let slug = card.strip_prefix("avalon/mission/").unwrap_or_default();
    let base = slug.trim_end_matches(|c: char| c.is_ascii_digit()).trim_end_matches('-');
    match base {
        "success" => Ok(MissionCard::Success),
        "fail" => Ok(MissionCard::Fail),
        _ => Err(AvalonError::NotAMissionCard { card: card.to_string() }.into()),
    }
}
