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
//!
//! Optional rules (each off unless the setup turns it on, see
//! [`AvalonOptions`]): the Lady of the Lake, Excalibur, the three Lancelot
//! variants and choosing missions. Two of them show one player something the
//! others must not see (a loyalty, a mission card): the state then waits in
//! a *private reveal* phase, the public view says only who is looking at
//! what, and [`Avalon::private_reveal`] gives the content to the screen's
//! hidden panel.
//!
//! A pad button that dies during a mission never stops the game, and the
//! host still never plays a card for anybody: the host names the team
//! member ([`Command::MissionByReader`]), who lays their own mission card
//! face down on the reader (the box's Success and Fail cards, tagged; the
//! card read is one more transient mission card, like a press on the pad);
//! or the team plays the mission with the box's cards by hand and the host
//! enters the counts ([`Command::MissionCounts`]): checked against the
//! team's size, tied to no seat, and any cards already given on the pad
//! give way to them.
//!
//! Excalibur and the anonymous ballot: the rules let the holder switch
//! another member's card after every card is down and before the count. So
//! while Excalibur is in play the ballot holds the cards of the members the
//! holder may switch apart, seat by seat, exactly as the face-down cards lie
//! in front of their players, in memory only (the card events stay
//! transient). The holder's choice settles the ballot: every held card is
//! counted, the target's is counted switched, and only the target's original
//! card survives, in the event that shows it to the holder (public form
//! without it). Naming the target before the cards are played would need no
//! held card, but it would tell the target that their card is going to be
//! switched, and change how they play it.

mod end;
mod error;
#[cfg(any(test, feature = "testkit"))]
mod fuzz;
mod invariants;
mod lady;
mod legal;
mod mission;
pub mod night;
pub mod roles;
mod setup;
mod summary;
mod teach;
mod team;
mod view;

pub use end::EndReason;
pub use error::AvalonError;
pub use lady::LadyToken;
pub use legal::Choice;
pub use mission::{MissionCard, MissionResult};
pub use roles::{BalanceItem, BalanceNote, Role, RoleSet, RoleWarning, Side};
pub use setup::{AvalonOptions, LancelotVariant, Setup};
pub use team::{LoyaltyCard, LOYALTY_DECK};
pub use view::{
    turn_cue, AvalonView, LadyView, LancelotView, MissionView, PhaseView, PrivateReveal, Revealed, MOST_CARDS,
    TURN_BEAT_MS,
};

use crate::core::{AnonymousBallot, OpenBallot};
use crate::{
    Catalog, CommonError, Ctx, Cue, Game, GameEvent, GameKind, Legal, Outcome, RuleError, Seat, TimedWindow, Waiting,
};
use mission::mission_card_of;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Missions in a game.
pub const MISSIONS: usize = 5;
/// Rejected teams in one round that hand evil the game.
pub const MAX_REJECTIONS: u8 = 5;

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
        /// The mission it attempts (0-based). Only when choosing missions
        /// is on may it differ from the next mission; `None` is the first
        /// mission not yet played.
        #[serde(default)]
        mission: Option<u8>,
        /// The member the leader hands Excalibur to (with Excalibur on).
        #[serde(default)]
        excalibur: Option<Seat>,
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
    /// Excalibur's holder switches a team member's card, or (`None`) lets
    /// the cards stand.
    UseExcalibur {
        /// The member whose card is switched.
        target: Option<Seat>,
    },
    /// The Lady of the Lake's holder examines a player.
    LadyExamine {
        /// The player examined.
        target: Seat,
    },
    /// The player looking at a private reveal is done; the game goes on.
    RevealSeen,
    /// A team member's pad button died during the mission: they lay their
    /// own mission card face down on the reader, and the host names them
    /// first (the reader cannot tell whose card it is).
    MissionByReader {
        /// The team member laying the card.
        seat: Seat,
    },
    /// A mission card laid on the reader (normally from a tag: the box's
    /// `avalon/mission/success-N` and `avalon/mission/fail-N`), for the
    /// team member the host named.
    MissionCardTag {
        /// The card's id.
        card: String,
    },
    /// The team played the mission with the box's cards by hand, shuffled
    /// and turned over: the host enters how many of each came up. They
    /// replace any card already given on the pad.
    MissionCounts {
        /// Success cards.
        successes: u8,
        /// Fail cards.
        fails: u8,
    },
    /// The host answers for a seat whose player left or whose pad is stuck:
    /// a team vote. Announced to everybody; never a mission card.
    HostAnswer {
        /// The seat answered for.
        seat: Seat,
        /// Approve (true) or reject.
        approve: bool,
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
        /// The Lancelots' loyalty deck as Tavola shuffled it, top card
        /// first. Public in variant 2 (laid out face up), empty in the
        /// public form of variant 1.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        loyalty_deck: Vec<LoyaltyCard>,
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
        /// Who holds Excalibur for this mission.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        excalibur: Option<Seat>,
    },
    /// The host answers for a seat (announced before the answer counts).
    HostAnswered {
        /// The seat answered for.
        seat: Seat,
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
        #[serde(with = "crate::core::seat_map")]
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
    /// The host named the team member who lays their mission card on the
    /// reader (public: everybody sees who is at the reader).
    MissionCardAwaited {
        /// The team member.
        seat: Seat,
    },
    /// The team played its cards by hand; the host entered the counts
    /// (the tally follows).
    MissionCountedByHand {
        /// Success cards.
        successes: u8,
        /// Fail cards.
        fails: u8,
    },
    /// The mission's cards as they are turned over on the screen, one at a
    /// time: shuffled by Tavola from the tally alone, so the order says
    /// nothing of who played which card. Comes just before the tally
    /// ([`Event::MissionRevealed`]); games stored before it existed have
    /// none, and their tally is shown at once.
    MissionShuffled {
        /// The mission (0-based).
        mission: u8,
        /// The cards in the order they are turned.
        order: Vec<MissionCard>,
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
    /// Excalibur's holder decided. With a target, `original` (the target's
    /// card as played) and `counts` (success, fail, after the switch) are
    /// for the holder's eyes and the tally; both are `None` in the public
    /// form.
    ExcaliburUsed {
        /// The holder.
        holder: Seat,
        /// The member whose card was switched, if any.
        target: Option<Seat>,
        /// The target's card before the switch (secret).
        original: Option<MissionCard>,
        /// Success and Fail cards after the switch (secret until the tally).
        counts: Option<[u8; 2]>,
    },
    /// The Lady of the Lake's holder examined a player. `loyalty` is known
    /// when Tavola knows the roles, and is `None` in the public form.
    LadyExamined {
        /// The holder.
        holder: Seat,
        /// The player examined.
        target: Seat,
        /// The examined player's loyalty (secret: for the holder only).
        loyalty: Option<Side>,
    },
    /// The examined player tapped a loyalty card on the reader (when Tavola
    /// does not know the roles). `loyalty` is `None` in the public form.
    LoyaltyShown {
        /// The player examined.
        target: Seat,
        /// The card's side (secret: for the holder only).
        loyalty: Option<Side>,
    },
    /// The Lady of the Lake passes to the player examined.
    LadyPassed {
        /// The new holder.
        holder: Seat,
    },
    /// A card of the Lancelots' loyalty deck takes effect at the start of a
    /// round (turned face up in variant 1, already face up in variant 2).
    LoyaltyCardTurned {
        /// The round (1-based).
        round: u8,
        /// The card.
        card: LoyaltyCard,
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
            Event::SetUp { setup, first_leader, loyalty_deck } => Event::SetUp {
                setup: setup.clone(),
                first_leader: *first_leader,
                loyalty_deck: if setup.options.lancelot == Some(LancelotVariant::V2) {
                    loyalty_deck.clone()
                } else {
                    Vec::new()
                },
            },
            Event::ExcaliburUsed { holder, target, .. } => {
                Event::ExcaliburUsed { holder: *holder, target: *target, original: None, counts: None }
            }
            Event::LadyExamined { holder, target, .. } => {
                Event::LadyExamined { holder: *holder, target: *target, loyalty: None }
            }
            Event::LoyaltyShown { target, .. } => Event::LoyaltyShown { target: *target, loyalty: None },
            Event::RoleRecorded { seat, .. } => Event::RoleRecorded { seat: *seat, card: None, role: None },
            Event::VoteCast { seat, .. } => Event::VoteCast { seat: *seat, approve: None },
            Event::MissionCardPlayed { seat, .. } => Event::MissionCardPlayed { seat: *seat, card: None },
            other => other.clone(),
        })
    }

    fn is_transient(&self) -> bool {
        matches!(self, Event::MissionCardPlayed { .. })
    }

    fn reveals_secrets(&self) -> bool {
        matches!(self, Event::MissionRevealed { .. })
    }

    fn blocks_undo(&self) -> bool {
        matches!(
            self,
            Event::VoteCast { .. }
                | Event::HostAnswered { .. }
                | Event::ExcaliburUsed { .. }
                | Event::LadyExamined { .. }
                | Event::LoyaltyShown { .. }
                | Event::VotesRevealed { .. }
                | Event::MissionCardPlayed { .. }
                | Event::MissionCountedByHand { .. }
                | Event::MissionShuffled { .. }
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
        /// Excalibur's holder, if in play.
        #[serde(default)]
        excalibur: Option<Seat>,
    },
    /// The team plays mission cards; with Excalibur, once every card is
    /// down, the holder decides.
    Mission {
        /// The team.
        team: Vec<Seat>,
        /// The cards so far, as counts (index 0 success, 1 fail); with
        /// Excalibur, the cards the holder may switch are held apart.
        ballot: AnonymousBallot,
        /// Excalibur's holder, if in play.
        #[serde(default)]
        excalibur: Option<Seat>,
        /// The team member the host named to lay their card on the reader.
        #[serde(default)]
        reader: Option<Seat>,
    },
    /// Excalibur's holder looks at the switched card, alone.
    ExcaliburReveal {
        /// The holder.
        holder: Seat,
        /// The member whose card was switched.
        target: Seat,
        /// The card as it was played.
        original: MissionCard,
        /// Success cards after the switch.
        successes: u8,
        /// Fail cards after the switch.
        fails: u8,
    },
    /// The Lady of the Lake's holder chooses whom to examine.
    Lady,
    /// Tavola does not know the roles: the examined player hands the holder
    /// a loyalty card, or taps it on the reader for the covered panel.
    LadyCard {
        /// The player examined.
        target: Seat,
    },
    /// The Lady of the Lake's holder looks at a loyalty, alone.
    LadyReveal {
        /// The player examined.
        target: Seat,
        /// Their loyalty.
        loyalty: Side,
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

/// The whole game state, secrets included. The screen gets [`AvalonView`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Avalon {
    setup: Option<Setup>,
    phase: Phase,
    /// Characters read from the cards, by seat (secret).
    #[serde(with = "crate::core::seat_map")]
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
    #[serde(with = "crate::core::seat_map::option")]
    last_votes: Option<BTreeMap<Seat, bool>>,
    named_as_merlin: Option<Seat>,
    /// The Lady of the Lake, when in play.
    #[serde(default)]
    lady: Option<LadyToken>,
    /// The Lancelots' loyalty deck, top first (secret order in variant 1).
    #[serde(default)]
    loyalty_deck: Vec<LoyaltyCard>,
    /// Loyalty cards that took effect so far, in order.
    #[serde(default)]
    loyalty_turned: Vec<LoyaltyCard>,
    /// Whether the Lancelots are on each other's starting side now.
    #[serde(default)]
    switched: bool,
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

    /// The setup the game started from.
    pub fn setup(&self) -> Option<&Setup> {
        self.setup.as_ref()
    }

    /// The optional rules in play.
    pub fn options(&self) -> AvalonOptions {
        self.setup.as_ref().map(|s| s.options).unwrap_or_default()
    }

    /// Whether Tavola knows every player's character.
    pub fn roles_known(&self) -> bool {
        self.roles_known
    }

    /// How the narration names a seat's player: the name typed at setup,
    /// else "Seat 3" in the listener's language (never a bare number).
    pub fn said_name(&self, seat: Seat) -> tavola_words::Arg {
        crate::seat_name(self.setup.as_ref().map_or(&[][..], |s| &s.names[..]), seat)
    }

    /// A seat's name, or "1", "2"… for an unnamed seat (the screen shows
    /// it on the seat's tile).
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

    /// The night script for this game's role set and options.
    pub fn night_script(&self) -> Vec<night::NightStep> {
        let o = self.options();
        let rules = night::NightRules { lancelot: o.lancelot, merlin_sees_evil_lancelot: o.merlin_sees_evil_lancelot };
        self.role_set().map(|set| night::night_script_with(set, rules)).unwrap_or_default()
    }

    /// Teams rejected in the current round.
    pub fn rejections(&self) -> u8 {
        self.rejections
    }

    /// The mission being played, or (between teams) the next one in order
    /// (0-based).
    pub fn mission(&self) -> u8 {
        self.mission
    }

    /// The round (1-based): missions played so far, plus one.
    pub fn round(&self) -> u8 {
        self.played() as u8 + 1
    }

    /// The current leader.
    pub fn leader(&self) -> Seat {
        self.leader
    }

    /// The Lady of the Lake, when in play.
    pub fn lady(&self) -> Option<&LadyToken> {
        self.lady.as_ref()
    }

    /// Whether the Lancelots have changed sides (an odd number of switch
    /// cards took effect). Public: the loyalty cards are turned face up.
    pub fn lancelots_switched(&self) -> bool {
        self.switched
    }

    /// Missions won by good and by evil.
    pub fn score(&self) -> (usize, usize) {
        let good = self.results.iter().flatten().filter(|r| r.succeeded).count();
        let evil = self.results.iter().flatten().filter(|r| !r.succeeded).count();
        (good, evil)
    }

    fn played(&self) -> usize {
        self.results.iter().flatten().count()
    }

    /// Missions the leader may choose now (0-based): every mission not yet
    /// played, the fifth only after two others. Without choosing missions,
    /// just the next one.
    pub fn open_missions(&self) -> Vec<u8> {
        if !self.options().choose_missions {
            return vec![self.mission];
        }
        (0..MISSIONS as u8).filter(|&m| self.check_mission(Some(m)).is_ok()).collect()
    }

    /// Why a team cannot attempt `mission` (`None`: the mission in order,
    /// or the first not played when the leader chooses); else the mission.
    fn check_mission(&self, mission: Option<u8>) -> Result<u8, RuleError> {
        let choose = self.options().choose_missions;
        match mission {
            None if choose => Ok(self.first_open().unwrap_or(self.mission)),
            None => Ok(self.mission),
            Some(m) if !choose && m != self.mission => {
                Err(AvalonError::MissionsInOrder { mission: self.mission + 1 }.into())
            }
            Some(m) if usize::from(m) >= MISSIONS || self.results[usize::from(m)].is_some() => {
                Err(AvalonError::MissionNotOpen { mission: m.saturating_add(1) }.into())
            }
            Some(m) if m == 4 && self.played() < 2 => Err(AvalonError::FinalMissionLocked.into()),
            Some(m) => Ok(m),
        }
    }

    /// The players a team for `mission` (0-based) needs at this table.
    pub fn team_size(&self, mission: u8) -> usize {
        roles::team_size(self.players(), usize::from(mission))
    }

    fn first_open(&self) -> Option<u8> {
        (0..MISSIONS as u8).find(|&m| self.results[usize::from(m)].is_none())
    }

    /// The side a seat plays for now, if Tavola knows it: its character's
    /// side, the other one for a Lancelot after an odd number of switches.
    pub fn allegiance(&self, seat: Seat) -> Option<Side> {
        let role = self.roles_known.then(|| self.roles.get(&seat)).flatten()?;
        let side = role.side();
        Some(if role.is_lancelot() && self.switched { other(side) } else { side })
    }

    /// What a private reveal shows, for the hidden panel of the one player
    /// allowed to see it: `None` when nobody is looking at anything.
    pub fn private_reveal(&self) -> Option<PrivateReveal> {
        match &self.phase {
            Phase::ExcaliburReveal { holder, target, original, .. } => {
                Some(PrivateReveal { viewer: *holder, about: *target, shows: Revealed::MissionCard(*original) })
            }
            Phase::LadyReveal { target, loyalty } => Some(PrivateReveal {
                viewer: self.lady.as_ref().map_or(Seat(0), |l| l.holder),
                about: *target,
                shows: Revealed::Loyalty(*loyalty),
            }),
            _ => None,
        }
    }

    fn check_seat(&self, seat: Seat) -> Result<(), RuleError> {
        if seat.index() >= self.players() {
            Err(CommonError::NoSuchSeat { seat }.into())
        } else {
            Ok(())
        }
    }
}

fn other(side: Side) -> Side {
    match side {
        Side::Good => Side::Evil,
        Side::Evil => Side::Good,
    }
}

/// The discussion while the leader builds a team.
pub const DISCUSSION: TimedWindow = TimedWindow {
    name: "discussion",
    default_s: 180,
    max_s: 900,
    countdown: "ui.timer.discussion",
    setting: "ui.timer.discussion.setting",
    over: Some("table.timer.discussion_over"),
};

/// The team vote on the pad.
pub const VOTE: TimedWindow = TimedWindow {
    name: "vote",
    default_s: 30,
    max_s: 900,
    countdown: "ui.timer.vote",
    setting: "ui.timer.vote.setting",
    over: None,
};

/// The mission cards on the pad.
pub const MISSION: TimedWindow = TimedWindow {
    name: "mission",
    default_s: 30,
    max_s: 900,
    countdown: "ui.timer.mission",
    setting: "ui.timer.mission.setting",
    over: None,
};

impl Game for Avalon {
    type Command = Command;
    type Event = Event;
    type View = AvalonView;
    type Error = AvalonError;
    type Choice = Choice;
    const KIND: GameKind = GameKind::Avalon;

    const STEPS: &'static [&'static str] = teach::STEPS;

    const WINDOWS: &'static [TimedWindow] = &[DISCUSSION, VOTE, MISSION];

    const LOOK: crate::Look =
        crate::Look { colour: 0x6cc6bc, ground: 0x143533, emblem: include_bytes!("emblem.svg"), short_title: "Avalon" };

    fn step(&self) -> crate::Step {
        self.step_now()
    }

    fn move_words(&self, legal: &Legal<Command, Choice>) -> tavola_words::Msg {
        self.move_words_now(legal)
    }

    fn decide(&self, command: &Command, ctx: &mut Ctx<'_>) -> Result<Vec<Event>, RuleError> {
        let rng = &mut ctx.rng;
        if let Phase::Ended { .. } = self.phase {
            return Err(CommonError::GameOver.into());
        }
        if self.setup.is_none() && !matches!(command, Command::Setup(_)) {
            return Err(CommonError::NotStarted.into());
        }
        match (command, &self.phase) {
            (Command::Setup(setup), _) => self.decide_setup(setup, rng),
            (Command::RoleCard { card }, Phase::LadyCard { target }) => self.decide_loyalty_card(card, *target),
            (Command::RoleCard { card }, _) => self.decide_role_card(card),
            (Command::SkipRoleScan, Phase::RoleScan) => Ok(vec![Event::RoleScanSkipped, Event::NightBegan]),
            (Command::EndNight, Phase::Night) => {
                let mut events = vec![Event::NightEnded];
                events.extend(self.round_start(1));
                Ok(events)
            }
            (Command::ProposeTeam { team, mission, excalibur }, Phase::TeamBuilding) => {
                self.decide_team(team, *mission, *excalibur)
            }
            (Command::Vote { seat, approve }, Phase::TeamVote { ballot, .. }) => {
                self.decide_vote(ballot, *seat, *approve)
            }
            (Command::HostAnswer { seat, approve }, Phase::TeamVote { ballot, .. }) => {
                let mut events = self.decide_vote(ballot, *seat, *approve)?;
                events.insert(0, Event::HostAnswered { seat: *seat });
                Ok(events)
            }
            (Command::HostAnswer { .. }, Phase::Mission { .. }) => Err(AvalonError::HostCannotPlayMission.into()),
            (Command::PlayMission { seat, card }, Phase::Mission { ballot, .. }) => {
                self.decide_mission_card(ballot, *seat, *card, rng)
            }
            (Command::MissionByReader { seat }, Phase::Mission { ballot, .. }) => {
                self.check_reader_seat(ballot, *seat)?;
                Ok(vec![Event::MissionCardAwaited { seat: *seat }])
            }
            (Command::MissionByReader { .. }, _) => Err(AvalonError::NoMissionNow.into()),
            (Command::MissionCardTag { card }, Phase::Mission { ballot, reader, .. }) => {
                let card = mission_card_of(card)?;
                let seat = reader.ok_or(AvalonError::NobodyAtReader)?;
                self.decide_mission_card(ballot, seat, card, rng)
            }
            (Command::MissionCardTag { card }, _) => {
                mission_card_of(card)?;
                Err(AvalonError::NoMissionNow.into())
            }
            (Command::MissionCounts { successes, fails }, Phase::Mission { team, ballot, .. }) => {
                self.check_counts(team, ballot, *successes, *fails)?;
                let mut events = vec![Event::MissionCountedByHand { successes: *successes, fails: *fails }];
                events.extend(self.mission_end(*successes, *fails, rng));
                Ok(events)
            }
            (Command::MissionCounts { .. }, _) => Err(AvalonError::NoMissionNow.into()),
            (Command::UseExcalibur { target }, Phase::Mission { team, ballot, excalibur, .. }) => {
                self.decide_excalibur(team, ballot, *excalibur, *target, rng)
            }
            (Command::LadyExamine { target }, Phase::Lady) => self.decide_lady(*target),
            (Command::RevealSeen, _) => self.decide_seen(rng),
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
            Event::NightBegan => self.phase = Phase::Night,
            Event::NightEnded => self.phase = Phase::TeamBuilding,
            Event::HostAnswered { .. } => {}
            // The tally that follows replaces the ballot.
            Event::MissionCountedByHand { .. } => {}
            // Shown by the screen and the narrator; the tally that follows
            // changes the game.
            Event::MissionShuffled { .. } => {}
            Event::LeaderPassed { leader } => self.leader = *leader,
            Event::AssassinationBegan => self.phase = Phase::Assassination,
            Event::GameEnded { reason } => self.phase = Phase::Ended { reason: *reason },
            Event::SetUp { .. } | Event::RoleRecorded { .. } | Event::RoleScanSkipped => self.apply_setup(event),
            Event::TeamProposed { .. }
            | Event::VoteCast { .. }
            | Event::VotesRevealed { .. }
            | Event::LoyaltyCardTurned { .. } => self.apply_team(event),
            Event::MissionCardPlayed { .. }
            | Event::MissionCardAwaited { .. }
            | Event::ExcaliburUsed { .. }
            | Event::MissionRevealed { .. } => self.apply_mission(event),
            Event::LadyExamined { .. } | Event::LoyaltyShown { .. } | Event::LadyPassed { .. } => {
                self.apply_lady(event)
            }
            Event::MerlinNamed { target, hit } => self.apply_merlin_named(*target, *hit),
        }
    }

    fn legal(&self) -> Vec<Legal<Command, Choice>> {
        self.legal_now()
    }

    fn cards_entering(&self, event: &Event) -> Vec<crate::Lesson> {
        teach::cards_entering(self, event)
    }

    fn card_lesson_ids() -> Vec<(&'static str, String)> {
        teach::card_lesson_ids()
    }

    fn view(&self) -> AvalonView {
        view::view(self)
    }

    fn cues(&self, event: &Event) -> Vec<Cue> {
        view::cues(self, event)
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.invariants()
    }

    fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Ended { .. })
    }

    fn players(&self) -> usize {
        Avalon::players(self)
    }

    fn player_name(&self, seat: Seat) -> Option<String> {
        let names = &self.setup.as_ref()?.names;
        names.get(seat.index()).map(|n| n.trim()).filter(|n| !n.is_empty()).map(str::to_string)
    }

    fn pad_command(&self, seat: Seat, approve: bool) -> Option<Command> {
        match self.phase {
            Phase::TeamVote { .. } => Some(Command::Vote { seat, approve }),
            Phase::Mission { .. } => {
                let card = if approve { MissionCard::Success } else { MissionCard::Fail };
                Some(Command::PlayMission { seat, card })
            }
            _ => None,
        }
    }

    fn card_command(&self, card: &str, _cards: &Catalog) -> Result<Command, RuleError> {
        // A mission card (a dead button's way on); character and loyalty
        // cards: `decide` tells which it wants now.
        if card.starts_with("avalon/mission/") {
            return Ok(Command::MissionCardTag { card: card.to_string() });
        }
        Ok(Command::RoleCard { card: card.to_string() })
    }

    fn die_command(&self) -> Option<Command> {
        None
    }

    fn waiting(&self) -> Option<Waiting> {
        let key = |what: &str| format!("{what}:{}:{}", self.round(), self.rejections());
        let lights = |eligible: &BTreeSet<Seat>, done: &dyn Fn(Seat) -> bool| -> Vec<(Seat, bool)> {
            eligible.iter().map(|&s| (s, done(s))).collect()
        };
        match &self.phase {
            Phase::TeamBuilding => Some(Waiting { timer: Some((&DISCUSSION, key("discussion"))), pad: vec![] }),
            Phase::TeamVote { ballot, .. } => {
                let answered: BTreeSet<Seat> = ballot.answered().collect();
                let pad = lights(ballot.eligible(), &|s| answered.contains(&s));
                Some(Waiting { timer: Some((&VOTE, key("vote"))), pad })
            }
            Phase::Mission { ballot, .. } => {
                let timer = (!ballot.is_complete()).then(|| (&MISSION, key("mission")));
                Some(Waiting { timer, pad: lights(ballot.eligible(), &|s| ballot.answered().contains(&s)) })
            }
            _ => None,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let Phase::Ended { reason } = self.phase else { return None };
        let side = reason.winner();
        let winners =
            self.roles_known.then(|| Seat::all(self.players()).filter(|&s| self.allegiance(s) == Some(side)).collect());
        Some(Outcome { winner: crate::code(&side), reason: crate::code(&reason), winners })
    }

    fn outcome_words(winner: &str, reason: &str) -> Option<crate::OutcomeWords> {
        let title = match crate::from_code::<Side>(winner)? {
            Side::Good => tavola_words::msg!("avalon.winner.good"),
            Side::Evil => tavola_words::msg!("avalon.winner.evil"),
        };
        let reason = match crate::from_code::<EndReason>(reason)? {
            EndReason::MerlinSurvived => tavola_words::msg!("avalon.outcome.merlin_survived"),
            EndReason::ThreeFailures => tavola_words::msg!("avalon.outcome.three_failures"),
            EndReason::FiveRejections => tavola_words::msg!("avalon.outcome.five_rejections"),
            EndReason::MerlinAssassinated => tavola_words::msg!("avalon.outcome.merlin_assassinated"),
        };
        Some(crate::OutcomeWords { title, reason })
    }

    fn summary(&self) -> Option<crate::Summary> {
        self.finished_summary()
    }

    fn reveal(&self, event: &Event) -> Option<crate::Reveal> {
        self.reveal_of(event)
    }

    fn private(&self) -> Option<crate::Private> {
        self.private_now()
    }

    fn cue_id(message: &str) -> Option<String> {
        summary::cue_id(message)
    }

    fn setup_spec(answers: &crate::SetupAnswers) -> crate::SetupSpec {
        setup::setup_spec(answers)
    }

    fn setup_command(answers: &crate::SetupAnswers) -> Result<Command, RuleError> {
        setup::setup_command(answers)
    }

    fn seated_names(event: &Event) -> Option<Vec<String>> {
        let Event::SetUp { setup, .. } = event else { return None };
        let n = setup.roles.players();
        Some((0..n).map(|i| setup.names.get(i).map_or("", |s| s.trim()).to_string()).collect())
    }

    fn next_game(&self, names: Option<Vec<String>>) -> Result<Command, RuleError> {
        self.setup_for_next_game(names).map(Command::Setup)
    }
}

#[cfg(test)]
mod tests;

impl crate::Public for Avalon {
    /// The setup: the players, the characters in play (not who plays
    /// which) and the options.
    type Public<'a> = Option<&'a Setup>;

    fn public(&self) -> Option<&Setup> {
        self.setup()
    }
}
