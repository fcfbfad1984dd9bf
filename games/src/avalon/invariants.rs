//! The invariants every state keeps (the fuzzers and tests check them
//! after every event).

use super::{roles, Avalon, EndReason, LancelotVariant, LoyaltyCard, Phase, Role, RoleSet, Setup};
use super::{LOYALTY_DECK, MAX_REJECTIONS, MISSIONS};
use crate::Seat;

impl Avalon {
    /// The checks behind [`crate::Game::check_invariants`].
    pub(super) fn invariants(&self) -> Result<(), String> {
        let players = self.players();
        let Some(setup) = &self.setup else {
            return if self.phase == Phase::Lobby { Ok(()) } else { Err("phase without setup".into()) };
        };
        if !(roles::MIN_PLAYERS..=roles::MAX_PLAYERS).contains(&players) {
            return Err(format!("{players} players"));
        }
        if RoleSet::from_roles(setup.roles.roles().to_vec()).as_ref() != Ok(&setup.roles) {
            return Err("illegal role set".into());
        }
        if setup.roles.has_lancelots() != setup.options.lancelot.is_some() {
            return Err("Lancelot variant without both Lancelots, or the reverse".into());
        }
        if self.leader.index() >= players {
            return Err("leader not at the table".into());
        }
        if self.rejections > MAX_REJECTIONS {
            return Err(format!("{} rejections", self.rejections));
        }
        for role in Role::ALL {
            if self.roles.values().filter(|&&r| r == role).count() > setup.roles.count(role) {
                return Err(format!("too many {role:?} recorded"));
            }
        }
        if self.roles_known != (self.roles.len() == players) {
            return Err("roles_known disagrees with the roles recorded".into());
        }
        let (good, evil) = self.score();
        if good > 3 || evil > 3 {
            return Err(format!("score {good}-{evil}"));
        }
        let played = good + evil;
        self.check_missions(setup, played)?;
        self.lady_holds(setup, played)?;
        self.check_lancelots(setup)?;
        self.check_phase(setup, good, evil, played)
    }

    /// The missions played: in order (or as chosen), each with its team's cards.
    fn check_missions(&self, setup: &Setup, played: usize) -> Result<(), String> {
        let players = self.players();
        let over = matches!(self.phase, Phase::Ended { .. } | Phase::Assassination | Phase::ConfirmMerlin { .. });
        if setup.options.choose_missions {
            // Once every mission is played the game ends with the next event.
            if !over && self.first_open().is_some() && self.results[usize::from(self.mission)].is_some() {
                return Err(format!("mission {} in play again", self.mission));
            }
            if self.results[4].is_some() && played < 3 {
                return Err("the fifth mission before two others".into());
            }
        } else {
            if self.results.iter().take(played).any(Option::is_none) {
                return Err("missions played out of order".into());
            }
            if usize::from(self.mission) != played.min(MISSIONS - 1) {
                return Err(format!("mission {} after {played} played", self.mission));
            }
        }
        for (i, r) in self.results.iter().enumerate() {
            if let Some(r) = r {
                if usize::from(r.successes + r.fails) != roles::team_size(players, i) {
                    return Err(format!("mission {i} has {} cards", r.successes + r.fails));
                }
                if r.succeeded != (r.fails < roles::fails_needed(players, i)) {
                    return Err(format!("mission {i} result disagrees with its cards"));
                }
            }
        }
        Ok(())
    }

    /// The Lady of the Lake: held at the table, used once per mission from the second.
    fn lady_holds(&self, setup: &Setup, played: usize) -> Result<(), String> {
        let players = self.players();
        match (&self.lady, setup.options.lady_of_the_lake) {
            (None, false) => {}
            (Some(l), true) => {
                if !l.former.contains(&l.holder) || l.former.iter().any(|s| s.index() >= players) {
                    return Err("Lady of the Lake held outside the table".into());
                }
                let passed = l.former.len() as u8 - 1;
                // Between the examination and the token passing, one use more.
                let ok = match self.phase {
                    Phase::LadyReveal { .. } | Phase::LadyCard { .. } => l.uses == passed + 1,
                    Phase::Lady => l.uses == passed || l.uses == passed + 1,
                    _ => l.uses == passed,
                };
                if l.uses > 3 || !ok {
                    return Err(format!("Lady used {} times, passed {passed} times", l.uses));
                }
                if usize::from(l.uses) > played.saturating_sub(1) {
                    return Err(format!("Lady used {} times after {played} missions", l.uses));
                }
            }
            _ => return Err("Lady of the Lake disagrees with the setup".into()),
        }
        Ok(())
    }

    /// The Lancelots' loyalty deck and the cards turned from it.
    fn check_lancelots(&self, setup: &Setup) -> Result<(), String> {
        match setup.options.lancelot {
            Some(LancelotVariant::V1 | LancelotVariant::V2) => {
                let mut sorted = self.loyalty_deck.clone();
                sorted.sort_by_key(|c| *c as u8);
                if sorted != LOYALTY_DECK {
                    return Err("the loyalty deck is not 3 no-change and 2 switch cards".into());
                }
            }
            _ if !self.loyalty_deck.is_empty() => return Err("a loyalty deck without variant 1 or 2".into()),
            _ => {}
        }
        if !self.loyalty_deck.starts_with(&self.loyalty_turned) {
            return Err("loyalty cards turned out of the deck's order".into());
        }
        let switches = self.loyalty_turned.iter().filter(|&&c| c == LoyaltyCard::Switch).count();
        if self.switched != (switches % 2 == 1) {
            return Err("the Lancelots' side disagrees with the cards turned".into());
        }
        Ok(())
    }

    /// What the phase holds agrees with the table (teams, ballots, the end).
    fn check_phase(&self, setup: &Setup, good: usize, evil: usize, played: usize) -> Result<(), String> {
        let players = self.players();
        match &self.phase {
            Phase::TeamVote { team, ballot, excalibur } => {
                if team.len() != roles::team_size(players, usize::from(self.mission)) {
                    return Err("team of the wrong size".into());
                }
                if ballot.eligible().len() != players {
                    return Err("vote ballot without every seat".into());
                }
                check_excalibur(setup, team, *excalibur, self.leader)?;
            }
            Phase::Mission { team, ballot, excalibur, reader } => {
                if reader.is_some_and(|s| !team.contains(&s) || ballot.answered().contains(&s)) {
                    return Err(format!("the reader awaits {reader:?}, not a member still to play"));
                }
                if ballot.eligible().iter().copied().collect::<Vec<_>>() != *team {
                    return Err("mission ballot is not the team".into());
                }
                if ballot.total() != ballot.answered().len() {
                    return Err("mission ballot count".into());
                }
                if excalibur.is_none() && ballot.unsettled() {
                    return Err("cards held apart without Excalibur".into());
                }
                if good >= 3 || evil >= 3 {
                    return Err("mission after the end".into());
                }
                check_excalibur(setup, team, *excalibur, self.leader)?;
            }
            Phase::ExcaliburReveal { holder, target, successes, fails, .. }
                if holder == target
                    || usize::from(successes + fails) != roles::team_size(players, usize::from(self.mission)) =>
            {
                return Err("Excalibur's reveal does not match the team".into());
            }
            Phase::Lady | Phase::LadyReveal { .. } | Phase::LadyCard { .. }
                if self.lady.is_none() || !(2..=4).contains(&played) =>
            {
                return Err(format!("Lady of the Lake after {played} missions"));
            }
            Phase::LadyCard { .. } if self.roles_known => {
                return Err("a loyalty card asked for while Tavola knows the roles".into());
            }
            Phase::Assassination | Phase::ConfirmMerlin { .. } if good < 3 => {
                return Err("assassination before three successes".into());
            }
            Phase::Ended { reason } => {
                let ok = match reason {
                    EndReason::ThreeFailures => evil == 3,
                    EndReason::FiveRejections => self.rejections == MAX_REJECTIONS,
                    EndReason::MerlinAssassinated | EndReason::MerlinSurvived => good == 3,
                };
                if !ok {
                    return Err(format!("ended by {reason:?} with score {good}-{evil}"));
                }
            }
            _ => {}
        }
        Ok(())
    }
}

fn check_excalibur(setup: &Setup, team: &[Seat], holder: Option<Seat>, leader: Seat) -> Result<(), String> {
    match (setup.options.excalibur, holder) {
        (false, None) => Ok(()),
        (true, Some(h)) if h != leader && team.contains(&h) => Ok(()),
        _ => Err(format!("Excalibur with {holder:?} for team {team:?} led by {leader}")),
    }
}
