//! The Resistance: Avalon — Tavola as the full game master.
//!
//! Setup (players, names, role set, optionally every player tapping their
//! character card face down), the narrated night, rounds of team building,
//! team votes on the secret pad and mission cards, the assassination and the
//! end.
//!
//! Secrets: the characters tapped on the reader are secret state, revealed
//! only at the end. Mission cards are collected in an [`AnonymousBallot`]
//! that keeps counts, never which seat played which card; the event carrying
//! one card is transient (never journaled) and shown without its card.

mod error;
mod fuzz;
pub mod night;
pub mod roles;
mod view;

pub use error::AvalonError;
pub use roles::{Role, RoleSet, RoleWarning, Side};
pub use view::{AvalonView, MissionView, PhaseView};

use crate::games::core::{AnonymousBallot, BallotRefusal, OpenBallot};
use crate::games::{CommonError, Cue, Game, GameEvent, GameKind, GameRng, RuleError, Seat};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Missions in a game.
pub const MISSIONS: usize = 5;
/// Rejected teams in one round that hand evil the game.
pub const MAX_REJECTIONS: u8 = 5;

/// How the table starts a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Player names in seat order (clockwise); may be shorter than the
    /// table or empty: unnamed seats are called by number.
    #[serde(default)]
    pub names: Vec<String>,
    /// The characters in play; its size is the number of players.
    pub roles: RoleSet,
    /// Whether every player taps their character card on the reader before
    /// the night, so that Tavola knows the roles.
    #[serde(default)]
    pub scan_roles: bool,
    /// The first leader; `None` draws one by lot.
    #[serde(default)]
    pub first_leader: Option<Seat>,
}

/// A mission card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MissionCard {
    /// Success.
    Success,
    /// Fail.
    Fail,
}

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

/// What the players ask Avalon to do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "cmd", rename_all = "snake_case")]
pub enum Command {
    /// Set the table up.
    Setup(Setup),
    /// A character card was tapped on the reader for the next seat waiting.
    RoleCard {
        /// The card id read from the tag.
        card: String,
    },
    /// Play without Tavola knowing the roles.
    SkipRoleScan,
    /// The night is over (the narrator finished, or the host tapped on).
    EndNight,
    /// The leader proposes a team.
    ProposeTeam {
        /// The members, each once.
        team: Vec<Seat>,
    },
    /// A team vote from the pad.
    Vote {
        /// Who voted.
        seat: Seat,
        /// Approve (true) or reject.
        approve: bool,
    },
    /// A mission card from the pad.
    PlayMission {
        /// Who played it.
        seat: Seat,
        /// The card.
        card: MissionCard,
    },
    /// The Assassin names Merlin.
    Assassinate {
        /// The player named.
        target: Seat,
    },
    /// When Tavola does not know the roles, the table says whether the
    /// player named by the Assassin was Merlin.
    ConfirmMerlin {
        /// True if the named player was Merlin.
        was_merlin: bool,
    },
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The table is set up.
    SetUp {
        /// The setup as given.
        setup: Setup,
        /// The first leader (drawn by lot if the setup named none).
        first_leader: Seat,
    },
    /// A seat's character was read from its card. `role` is `None` in the
    /// public form of the event.
    RoleRecorded {
        /// The seat.
        seat: Seat,
        /// The card's id (`None` in the public form).
        card: Option<String>,
        /// The character (`None` in the public form).
        role: Option<Role>,
    },
    /// The table plays without Tavola knowing the roles.
    RoleScanSkipped,
    /// The night begins: the narrator reads the script.
    NightBegan,
    /// The night is over; the first round starts.
    NightEnded,
    /// The leader proposed a team; the vote opens.
    TeamProposed {
        /// The leader.
        leader: Seat,
        /// The mission (0-based).
        mission: u8,
        /// The members.
        team: Vec<Seat>,
    },
    /// One team vote. `approve` is `None` in the public form until all votes are in.
    VoteCast {
        /// The voter.
        seat: Seat,
        /// The vote.
        approve: Option<bool>,
    },
    /// All votes revealed together.
    VotesRevealed {
        /// Every seat's vote.
        #[serde(with = "crate::games::core::seat_map")]
        votes: BTreeMap<Seat, bool>,
        /// Majority approved (a tie rejects).
        approved: bool,
    },
    /// One mission card, counted anonymously. Transient: never journaled,
    /// and `card` is `None` in the public form.
    MissionCardPlayed {
        /// Who played (public: everybody sees who has played).
        seat: Seat,
        /// The card.
        card: Option<MissionCard>,
    },
    /// The mission cards, shuffled and revealed as counts.
    MissionRevealed {
        /// The mission (0-based).
        mission: u8,
        /// Success cards.
        successes: u8,
        /// Fail cards.
        fails: u8,
        /// Whether the mission succeeded.
        succeeded: bool,
    },
    /// The leader passes clockwise.
    LeaderPassed {
        /// The new leader.
        leader: Seat,
    },
    /// Three missions succeeded: the Assassin may now name Merlin.
    AssassinationBegan,
    /// The Assassin named a player. `hit` is known when Tavola knows the roles.
    MerlinNamed {
        /// The player named.
        target: Seat,
        /// Whether that player is Merlin, if Tavola knows.
        hit: Option<bool>,
    },
    /// The game is over.
    GameEnded {
        /// Why.
        reason: EndReason,
    },
}

impl GameEvent for Event {
    fn redacted(&self) -> Option<Self> {
        Some(match self {
            Event::RoleRecorded { seat, .. } => Event::RoleRecorded { seat: *seat, card: None, role: None },
            Event::VoteCast { seat, .. } => Event::VoteCast { seat: *seat, approve: None },
            Event::MissionCardPlayed { seat, .. } => Event::MissionCardPlayed { seat: *seat, card: None },
            other => other.clone(),
        })
    }

    fn is_transient(&self) -> bool {
        matches!(self, Event::MissionCardPlayed { .. })
    }

    fn blocks_undo(&self) -> bool {
        matches!(
            self,
            Event::VoteCast { .. }
                | Event::VotesRevealed { .. }
                | Event::MissionCardPlayed { .. }
                | Event::MissionRevealed { .. }
                | Event::GameEnded { .. }
        )
    }
}

/// Where the game stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Nothing set up yet.
    #[default]
    Lobby,
    /// Players tap their character cards, seat by seat.
    RoleScan,
    /// The narrator reads the night script.
    Night,
    /// The leader chooses a team.
    TeamBuilding,
    /// Everybody votes on the proposed team.
    TeamVote {
        /// The proposed team.
        team: Vec<Seat>,
        /// The votes so far (secret until complete).
        ballot: OpenBallot<bool>,
    },
    /// The team plays mission cards.
    Mission {
        /// The team.
        team: Vec<Seat>,
        /// The cards so far, as counts (index 0 success, 1 fail).
        ballot: AnonymousBallot,
    },
    /// The Assassin names Merlin.
    Assassination,
    /// Tavola does not know the roles: the table confirms whether the named
    /// player was Merlin.
    ConfirmMerlin {
        /// The player named.
        target: Seat,
    },
    /// The game is over.
    Ended {
        /// Why.
        reason: EndReason,
    },
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

/// The whole game state, secrets included. The screen gets [`AvalonView`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Avalon {
    setup: Option<Setup>,
    phase: Phase,
    /// Characters read from the cards, by seat (secret).
    #[serde(with = "crate::games::core::seat_map")]
    roles: BTreeMap<Seat, Role>,
    /// Card ids already tapped (secret).
    tapped: BTreeSet<String>,
    roles_known: bool,
    leader: Seat,
    /// Mission being played (0-based).
    mission: u8,
    results: [Option<MissionResult>; MISSIONS],
    /// Teams rejected in the current round.
    rejections: u8,
    #[serde(with = "crate::games::core::seat_map::option")]
    last_votes: Option<BTreeMap<Seat, bool>>,
    named_as_merlin: Option<Seat>,
}

impl Avalon {
    /// Players at the table (0 before setup).
    pub fn players(&self) -> usize {
        self.setup.as_ref().map_or(0, |s| s.roles.players())
    }

    /// The current phase (secret parts included; use the view for screens).
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The role set in play.
    pub fn role_set(&self) -> Option<&RoleSet> {
        self.setup.as_ref().map(|s| &s.roles)
    }

    /// Whether Tavola knows every player's character.
    pub fn roles_known(&self) -> bool {
        self.roles_known
    }

    /// A seat's name, or "1", "2"… for an unnamed seat.
    pub fn name(&self, seat: Seat) -> String {
        self.setup
            .as_ref()
            .and_then(|s| s.names.get(seat.index()))
            .filter(|n| !n.trim().is_empty())
            .map_or_else(|| seat.to_string(), |n| n.trim().to_string())
    }

    /// The next seat waiting to tap its character card.
    pub fn next_to_scan(&self) -> Option<Seat> {
        if self.phase != Phase::RoleScan {
            return None;
        }
        Seat::all(self.players()).find(|s| !self.roles.contains_key(s))
    }

    /// The night script for this game's role set.
    pub fn night_script(&self) -> Vec<night::NightStep> {
        self.role_set().map(night::night_script).unwrap_or_default()
    }

    /// Teams rejected in the current round.
    pub fn rejections(&self) -> u8 {
        self.rejections
    }

    /// The mission being played (0-based).
    pub fn mission(&self) -> u8 {
        self.mission
    }

    /// The current leader.
    pub fn leader(&self) -> Seat {
        self.leader
    }

    /// Missions won by good and by evil.
    pub fn score(&self) -> (usize, usize) {
        let good = self.results.iter().flatten().filter(|r| r.succeeded).count();
        let evil = self.results.iter().flatten().filter(|r| !r.succeeded).count();
        (good, evil)
    }

    /// The side a seat plays for, if Tavola knows it.
    fn side_of(&self, seat: Seat) -> Option<Side> {
        self.roles_known.then(|| self.roles.get(&seat).map(|r| r.side())).flatten()
    }

    fn check_seat(&self, seat: Seat) -> Result<(), RuleError> {
        if seat.index() >= self.players() {
            Err(CommonError::NoSuchSeat { seat }.into())
        } else {
            Ok(())
        }
    }

    fn decide_setup(&self, setup: &Setup, rng: &mut GameRng) -> Result<Vec<Event>, RuleError> {
        if self.setup.is_some() {
            return Err(CommonError::AlreadyStarted.into());
        }
        // Re-validate: a set deserialised from outside must still be legal.
        let set = RoleSet::from_roles(setup.roles.roles().to_vec())?;
        let players = set.players();
        if setup.names.len() > players {
            return Err(AvalonError::TooManyNames { players }.into());
        }
        let first_leader = match setup.first_leader {
            Some(s) if s.index() >= players => return Err(AvalonError::NoSuchLeader { seat: s }.into()),
            Some(s) => s,
            None => Seat(rng.below(players) as u8),
        };
        // The set is stored as checked (in its canonical order).
        let mut events = vec![Event::SetUp { setup: Setup { roles: set, ..setup.clone() }, first_leader }];
        if !setup.scan_roles {
            events.push(Event::NightBegan);
        }
        Ok(events)
    }

    fn decide_role_card(&self, card: &str) -> Result<Vec<Event>, RuleError> {
        let Some(seat) = self.next_to_scan() else {
            return Err(CommonError::CardNotExpected { card: card.to_string() }.into());
        };
        match GameKind::of_card(card) {
            Some(GameKind::Avalon) => {}
            Some(_) => return Err(CommonError::WrongGameCard { card: card.to_string() }.into()),
            None => return Err(AvalonError::NotARoleCard { card: card.to_string() }.into()),
        }
        let role = Role::from_card(card).ok_or_else(|| AvalonError::NotARoleCard { card: card.to_string() })?;
        if self.tapped.contains(card) {
            return Err(AvalonError::CardAlreadyTapped { card: card.to_string() }.into());
        }
        let set = self.role_set().ok_or(CommonError::NotStarted)?;
        let taken = self.roles.values().filter(|&&r| r == role).count();
        if taken >= set.count(role) {
            return Err(AvalonError::RoleNotInSet { role }.into());
        }
        let mut events = vec![Event::RoleRecorded { seat, card: Some(card.to_string()), role: Some(role) }];
        if self.roles.len() + 1 == self.players() {
            events.push(Event::NightBegan);
        }
        Ok(events)
    }

    fn decide_team(&self, team: &[Seat]) -> Result<Vec<Event>, RuleError> {
        let needed = roles::team_size(self.players(), usize::from(self.mission));
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
        let team = seen.into_iter().collect();
        Ok(vec![Event::TeamProposed { leader: self.leader, mission: self.mission, team }])
    }

    fn decide_vote(&self, ballot: &OpenBallot<bool>, seat: Seat, approve: bool) -> Result<Vec<Event>, RuleError> {
        self.check_seat(seat)?;
        ballot.can_cast(seat).map_err(|r| refusal(r, seat))?;
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

    fn decide_mission_card(
        &self,
        ballot: &AnonymousBallot,
        seat: Seat,
        card: MissionCard,
    ) -> Result<Vec<Event>, RuleError> {
        self.check_seat(seat)?;
        ballot.can_cast(seat).map_err(|r| match r {
            BallotRefusal::NotEligible => AvalonError::NotOnTeam { seat }.into(),
            BallotRefusal::AlreadyCast => RuleError::from(CommonError::AlreadyAnswered { seat }),
        })?;
        // A good player cannot fail a mission: when Tavola knows the roles,
        // a good player's Fail counts as Success. The pad answers the same.
        let card = if self.side_of(seat) == Some(Side::Good) { MissionCard::Success } else { card };
        let mut events = vec![Event::MissionCardPlayed { seat, card: Some(card) }];
        let mut after = ballot.clone();
        after.cast(seat, card as usize);
        if let Some(counts) = after.counts() {
            let (successes, fails) = (counts[0], counts[1]);
            let succeeded = fails < roles::fails_needed(self.players(), usize::from(self.mission));
            events.push(Event::MissionRevealed { mission: self.mission, successes, fails, succeeded });
            let (mut good, mut evil) = self.score();
            if succeeded {
                good += 1;
            } else {
                evil += 1;
            }
            if evil >= 3 {
                events.push(Event::GameEnded { reason: EndReason::ThreeFailures });
            } else if good >= 3 {
                events.push(Event::AssassinationBegan);
            } else {
                events.push(Event::LeaderPassed { leader: self.leader.next(self.players()) });
            }
        }
        Ok(events)
    }

    fn decide_assassination(&self, target: Seat) -> Result<Vec<Event>, RuleError> {
        self.check_seat(target)?;
        let assassin = self.roles.iter().find(|(_, &r)| r == Role::Assassin).map(|(&s, _)| s);
        if self.roles_known && assassin == Some(target) {
            return Err(AvalonError::BadAssassinationTarget { seat: target }.into());
        }
        let hit = self.roles_known.then(|| self.roles.get(&target) == Some(&Role::Merlin));
        let mut events = vec![Event::MerlinNamed { target, hit }];
        match hit {
            Some(true) => events.push(Event::GameEnded { reason: EndReason::MerlinAssassinated }),
            Some(false) => events.push(Event::GameEnded { reason: EndReason::MerlinSurvived }),
            None => {}
        }
        Ok(events)
    }
}

fn refusal(r: BallotRefusal, seat: Seat) -> RuleError {
    match r {
        BallotRefusal::NotEligible => CommonError::NotAsked { seat }.into(),
        BallotRefusal::AlreadyCast => CommonError::AlreadyAnswered { seat }.into(),
    }
}

impl Game for Avalon {
    type Command = Command;
    type Event = Event;
    type View = AvalonView;
    const KIND: GameKind = GameKind::Avalon;

    fn decide(&self, command: &Command, rng: &mut GameRng) -> Result<Vec<Event>, RuleError> {
        if let Phase::Ended { .. } = self.phase {
            return Err(CommonError::GameOver.into());
        }
        if self.setup.is_none() && !matches!(command, Command::Setup(_)) {
            return Err(CommonError::NotStarted.into());
        }
        match (command, &self.phase) {
            (Command::Setup(setup), _) => self.decide_setup(setup, rng),
            (Command::RoleCard { card }, _) => self.decide_role_card(card),
            (Command::SkipRoleScan, Phase::RoleScan) => Ok(vec![Event::RoleScanSkipped, Event::NightBegan]),
            (Command::EndNight, Phase::Night) => Ok(vec![Event::NightEnded]),
            (Command::ProposeTeam { team }, Phase::TeamBuilding) => self.decide_team(team),
            (Command::Vote { seat, approve }, Phase::TeamVote { ballot, .. }) => {
                self.decide_vote(ballot, *seat, *approve)
            }
            (Command::PlayMission { seat, card }, Phase::Mission { ballot, .. }) => {
                self.decide_mission_card(ballot, *seat, *card)
            }
            (Command::Assassinate { target }, Phase::Assassination) => self.decide_assassination(*target),
            (Command::ConfirmMerlin { was_merlin }, Phase::ConfirmMerlin { .. }) => {
                let reason = if *was_merlin { EndReason::MerlinAssassinated } else { EndReason::MerlinSurvived };
                Ok(vec![Event::GameEnded { reason }])
            }
            (Command::ConfirmMerlin { .. }, _) => Err(AvalonError::NothingToConfirm.into()),
            _ => Err(CommonError::NotNow.into()),
        }
    }

    fn apply(&mut self, event: &Event) {
        match event {
            Event::SetUp { setup, first_leader } => {
                self.setup = Some(setup.clone());
                self.leader = *first_leader;
                self.phase = if setup.scan_roles { Phase::RoleScan } else { Phase::Night };
            }
            Event::RoleRecorded { seat, card, role } => {
                if let (Some(card), Some(role)) = (card, role) {
                    self.roles.insert(*seat, *role);
                    self.tapped.insert(card.clone());
                }
                if self.roles.len() == self.players() {
                    self.roles_known = true;
                }
            }
            Event::RoleScanSkipped => {
                self.roles.clear();
                self.tapped.clear();
                self.roles_known = false;
            }
            Event::NightBegan => self.phase = Phase::Night,
            Event::NightEnded => self.phase = Phase::TeamBuilding,
            Event::TeamProposed { team, .. } => {
                self.phase = Phase::TeamVote { team: team.clone(), ballot: OpenBallot::new(Seat::all(self.players())) };
            }
            Event::VoteCast { seat, approve } => {
                if let (Phase::TeamVote { ballot, .. }, Some(v)) = (&mut self.phase, approve) {
                    ballot.cast(*seat, *v);
                }
            }
            Event::VotesRevealed { votes, approved } => {
                self.last_votes = Some(votes.clone());
                if *approved {
                    if let Phase::TeamVote { team, .. } = &self.phase {
                        let team = team.clone();
                        let ballot = AnonymousBallot::new(team.iter().copied(), 2);
                        self.phase = Phase::Mission { team, ballot };
                    }
                } else {
                    self.rejections += 1;
                    self.phase = Phase::TeamBuilding;
                }
            }
            Event::MissionCardPlayed { seat, card } => {
                if let (Phase::Mission { ballot, .. }, Some(c)) = (&mut self.phase, card) {
                    ballot.cast(*seat, *c as usize);
                }
            }
            Event::MissionRevealed { mission, successes, fails, succeeded } => {
                if let Some(slot) = self.results.get_mut(usize::from(*mission)) {
                    *slot = Some(MissionResult { successes: *successes, fails: *fails, succeeded: *succeeded });
                }
                self.rejections = 0;
                self.mission = self.mission.saturating_add(1).min(MISSIONS as u8 - 1);
                // Drop the ballot at once: nothing of it outlives the tally.
                self.phase = Phase::TeamBuilding;
            }
            Event::LeaderPassed { leader } => self.leader = *leader,
            Event::AssassinationBegan => self.phase = Phase::Assassination,
            Event::MerlinNamed { target, hit } => {
                self.named_as_merlin = Some(*target);
                if hit.is_none() {
                    self.phase = Phase::ConfirmMerlin { target: *target };
                }
            }
            Event::GameEnded { reason } => self.phase = Phase::Ended { reason: *reason },
        }
    }

    fn view(&self) -> AvalonView {
        view::view(self)
    }

    fn cues(&self, event: &Event) -> Vec<Cue> {
        view::cues(self, event)
    }

    fn check_invariants(&self) -> Result<(), String> {
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
        if self.results.iter().take(played).any(Option::is_none) {
            return Err("missions played out of order".into());
        }
        if usize::from(self.mission) != played.min(MISSIONS - 1) {
            return Err(format!("mission {} after {played} played", self.mission));
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
        match &self.phase {
            Phase::TeamVote { team, ballot } => {
                if team.len() != roles::team_size(players, usize::from(self.mission)) {
                    return Err("team of the wrong size".into());
                }
                if ballot.eligible().len() != players {
                    return Err("vote ballot without every seat".into());
                }
            }
            Phase::Mission { team, ballot } => {
                if ballot.eligible().iter().copied().collect::<Vec<_>>() != *team {
                    return Err("mission ballot is not the team".into());
                }
                if ballot.total() != ballot.answered().len() {
                    return Err("mission ballot count".into());
                }
                if good >= 3 || evil >= 3 {
                    return Err("mission after the end".into());
                }
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

    fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Ended { .. })
    }
}

#[cfg(test)]
mod tests;
