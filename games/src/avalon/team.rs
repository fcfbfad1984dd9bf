//! Each round: the Lancelots' loyalty cards turned, the leader's team
//! proposed, the team vote, the leader passed.

use super::{Avalon, AvalonError, EndReason, Event, LancelotVariant, Phase, MAX_REJECTIONS};
use crate::core::{AnonymousBallot, BallotRefusal, OpenBallot};
use crate::{CommonError, RuleError, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A card of the Lancelots' loyalty deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LoyaltyCard {
    /// Nothing changes.
    NoChange,
    /// The two Lancelots change sides.
    Switch,
}

/// The loyalty deck: three "no change", two "switch".
pub const LOYALTY_DECK: [LoyaltyCard; 5] =
    [LoyaltyCard::NoChange, LoyaltyCard::NoChange, LoyaltyCard::NoChange, LoyaltyCard::Switch, LoyaltyCard::Switch];

impl Avalon {
    /// The events that open round `round` (1-based) with `leader`: the
    /// Lancelots' loyalty card for that round, if one takes effect.
    pub(super) fn round_start(&self, round: u8) -> Vec<Event> {
        let card = match self.options().lancelot {
            Some(LancelotVariant::V1) if round >= 3 => self.loyalty_deck.get(usize::from(round - 3)),
            Some(LancelotVariant::V2) if round >= 1 => self.loyalty_deck.get(usize::from(round - 1)),
            _ => None,
        };
        card.map(|&card| vec![Event::LoyaltyCardTurned { round, card }]).unwrap_or_default()
    }

    /// The leader passes and the next round starts (`played` missions done).
    pub(super) fn next_round(&self, played: usize) -> Vec<Event> {
        let mut events = vec![Event::LeaderPassed { leader: self.leader.next(self.players()) }];
        events.extend(self.round_start(played as u8 + 1));
        events
    }

    pub(super) fn decide_team(
        &self,
        team: &[Seat],
        mission: Option<u8>,
        excalibur: Option<Seat>,
    ) -> Result<Vec<Event>, RuleError> {
        let options = self.options();
        let mission = self.check_mission(mission)?;
        let needed = self.team_size(mission);
        let mut seen = BTreeSet::new();
        for &s in team {
            self.check_seat(s)?;
            if !seen.insert(s) {
                return Err(AvalonError::DuplicateMember { seat: s }.into());
            }
        }
        if team.len() != needed {
            return Err(AvalonError::TeamSize { needed, given: team.len() }.into());
        }
        match (options.excalibur, excalibur) {
            (false, Some(_)) => return Err(AvalonError::ExcaliburOff.into()),
            (true, None) => return Err(AvalonError::ExcaliburNeeded.into()),
            (true, Some(h)) if h == self.leader => return Err(AvalonError::ExcaliburToLeader.into()),
            (true, Some(h)) if !seen.contains(&h) => return Err(AvalonError::ExcaliburNotOnTeam { seat: h }.into()),
            _ => {}
        }
        let team = seen.into_iter().collect();
        Ok(vec![Event::TeamProposed { leader: self.leader, mission, team, excalibur }])
    }

    /// Why `seat` cannot answer the team vote now.
    pub(super) fn check_vote(&self, ballot: &OpenBallot<bool>, seat: Seat) -> Result<(), RuleError> {
        self.check_seat(seat)?;
        ballot.can_cast(seat).map_err(|r| refusal(r, seat))
    }

    pub(super) fn decide_vote(
        &self,
        ballot: &OpenBallot<bool>,
        seat: Seat,
        approve: bool,
    ) -> Result<Vec<Event>, RuleError> {
        self.check_vote(ballot, seat)?;
        let mut events = vec![Event::VoteCast { seat, approve: Some(approve) }];
        let mut after = ballot.clone();
        after.cast(seat, approve);
        if let Some(votes) = after.revealed() {
            let yes = votes.values().filter(|&&v| v).count();
            let approved = yes * 2 > votes.len();
            events.push(Event::VotesRevealed { votes: votes.clone(), approved });
            if approved {
                // The mission starts; nothing else happens now.
            } else if self.rejections + 1 >= MAX_REJECTIONS {
                events.push(Event::GameEnded { reason: EndReason::FiveRejections });
            } else {
                events.push(Event::LeaderPassed { leader: self.leader.next(self.players()) });
            }
        }
        Ok(events)
    }

    /// A team proposed, a vote cast, the votes revealed, a loyalty card turned.
    pub(super) fn apply_team(&mut self, event: &Event) {
        match event {
            Event::TeamProposed { team, mission, excalibur, .. } => {
                self.mission = *mission;
                self.phase = Phase::TeamVote {
                    team: team.clone(),
                    ballot: OpenBallot::new(Seat::all(self.players())),
                    excalibur: *excalibur,
                };
            }
            Event::VoteCast { seat, approve } => {
                if let (Phase::TeamVote { ballot, .. }, Some(v)) = (&mut self.phase, approve) {
                    ballot.cast(*seat, *v);
                }
            }
            Event::VotesRevealed { votes, approved } => {
                self.last_votes = Some(votes.clone());
                if *approved {
                    if let Phase::TeamVote { team, excalibur, .. } = &self.phase {
                        let team = team.clone();
                        let excalibur = *excalibur;
                        let switchable: Vec<Seat> =
                            team.iter().copied().filter(|&s| excalibur.is_some_and(|h| h != s)).collect();
                        let ballot = AnonymousBallot::with_sealable(team.iter().copied(), 2, switchable);
                        self.phase = Phase::Mission { team, ballot, excalibur, reader: None };
                    }
                } else {
                    self.rejections += 1;
                    self.phase = Phase::TeamBuilding;
                }
            }
            Event::LoyaltyCardTurned { card, .. } => {
                self.loyalty_turned.push(*card);
                if *card == LoyaltyCard::Switch {
                    self.switched = !self.switched;
                }
            }
            _ => {}
        }
    }
}

pub(super) fn refusal(r: BallotRefusal, seat: Seat) -> RuleError {
    match r {
        BallotRefusal::NotEligible => CommonError::NotAsked { seat }.into(),
        BallotRefusal::AlreadyCast => CommonError::AlreadyAnswered { seat }.into(),
    }
}
