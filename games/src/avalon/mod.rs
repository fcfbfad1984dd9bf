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

mod error;
#[cfg(any(test, feature = "testkit"))]
mod fuzz;
mod legal;
pub mod night;
pub mod roles;
mod summary;
mod view;

pub use error::AvalonError;
pub use legal::Choice;
pub use roles::{BalanceItem, BalanceNote, Role, RoleSet, RoleWarning, Side};
pub use view::{
    turn_cue, AvalonView, LadyView, LancelotView, MissionView, PhaseView, PrivateReveal, Revealed, MOST_CARDS,
    TURN_BEAT_MS,
};

use crate::core::{AnonymousBallot, BallotRefusal, OpenBallot};
use crate::{
    Catalog, CommonError, Ctx, Cue, Game, GameEvent, GameKind, GameRng, Legal, Outcome, RuleError, Seat, TimerKind,
    Waiting,
};
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
    /// The optional rules (all off by default).
    #[serde(default)]
    pub options: AvalonOptions,
}

impl Setup {
    /// A setup with this role set, unnamed seats, roles unknown to Tavola,
    /// a first leader by lot and no optional rule.
    pub fn new(roles: RoleSet) -> Setup {
        Setup { names: Vec::new(), roles, scan_roles: false, first_leader: None, options: AvalonOptions::default() }
    }
}

/// The three ways to play with the two Lancelots.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LancelotVariant {
    /// A loyalty card is turned at the start of round 3 and of each round
    /// after: a switch card makes the Lancelots change sides.
    #[serde(alias = "1")]
    V1,
    /// The five loyalty cards are laid out face up at setup, one per round;
    /// Evil Lancelot must play Fail.
    #[serde(alias = "2")]
    V2,
    /// No loyalty cards: the two Lancelots know each other from the night.
    #[serde(alias = "3")]
    V3,
}

/// The optional rules. Every field defaults to the rulebook's plain game, so
/// setups stored before an option existed load unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AvalonOptions {
    /// The Lady of the Lake examines a loyalty after missions 2, 3 and 4.
    #[serde(default)]
    pub lady_of_the_lake: bool,
    /// The leader hands Excalibur to a team member, who may switch one
    /// other member's mission card.
    #[serde(default)]
    pub excalibur: bool,
    /// The leader chooses which mission the team attempts.
    #[serde(default)]
    pub choose_missions: bool,
    /// The Lancelot variant (the role set must hold both Lancelots).
    #[serde(default)]
    pub lancelot: Option<LancelotVariant>,
    /// Whether Evil Lancelot raises his thumb for Merlin in the night. The
    /// rules text has him show himself as an evil agent and says nothing to
    /// hide him from Merlin, so he does by default; some groups hide him,
    /// like Mordred.
    #[serde(default = "yes")]
    pub merlin_sees_evil_lancelot: bool,
}

fn yes() -> bool {
    true
}

impl Default for AvalonOptions {
    fn default() -> Self {
        AvalonOptions {
            lady_of_the_lake: false,
            excalibur: false,
            choose_missions: false,
            lancelot: None,
            merlin_sees_evil_lancelot: true,
        }
    }
}

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

    /// The setup for another game with the same players and characters:
    /// `names` reseats them (by default everyone keeps their seat); the first
    /// leader is drawn by lot again. Only once this game is over.
    pub fn setup_for_next_game(&self, names: Option<Vec<String>>) -> Result<Setup, RuleError> {
        let setup = self.setup.as_ref().ok_or(CommonError::NotStarted)?;
        if !self.is_over_internal() {
            return Err(AvalonError::GameNotOver.into());
        }
        let names = names.unwrap_or_else(|| setup.names.clone());
        if names.len() > setup.roles.players() {
            return Err(AvalonError::TooManyNames { players: setup.roles.players() }.into());
        }
        Ok(Setup { names, first_leader: None, ..setup.clone() })
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
        match (set.has_lancelots(), setup.options.lancelot) {
            (true, None) => return Err(AvalonError::LancelotVariantNeeded.into()),
            (false, Some(_)) => return Err(AvalonError::LancelotsMissing.into()),
            _ => {}
        }
        let first_leader = match setup.first_leader {
            Some(s) if s.index() >= players => return Err(AvalonError::NoSuchLeader { seat: s }.into()),
            Some(s) => s,
            None => Seat(rng.below(players) as u8),
        };
        let loyalty_deck = match setup.options.lancelot {
            Some(LancelotVariant::V1 | LancelotVariant::V2) => {
                let mut deck = LOYALTY_DECK.to_vec();
                rng.shuffle(&mut deck);
                deck
            }
            _ => Vec::new(),
        };
        // The set is stored as checked (in its canonical order).
        let stored = Setup { roles: set, ..setup.clone() };
        let mut events = vec![Event::SetUp { setup: stored, first_leader, loyalty_deck }];
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

    /// The events that open round `round` (1-based) with `leader`: the
    /// Lancelots' loyalty card for that round, if one takes effect.
    fn round_start(&self, round: u8) -> Vec<Event> {
        let card = match self.options().lancelot {
            Some(LancelotVariant::V1) if round >= 3 => self.loyalty_deck.get(usize::from(round - 3)),
            Some(LancelotVariant::V2) if round >= 1 => self.loyalty_deck.get(usize::from(round - 1)),
            _ => None,
        };
        card.map(|&card| vec![Event::LoyaltyCardTurned { round, card }]).unwrap_or_default()
    }

    /// The leader passes and the next round starts (`played` missions done).
    fn next_round(&self, played: usize) -> Vec<Event> {
        let mut events = vec![Event::LeaderPassed { leader: self.leader.next(self.players()) }];
        events.extend(self.round_start(played as u8 + 1));
        events
    }

    fn decide_team(
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
    fn check_vote(&self, ballot: &OpenBallot<bool>, seat: Seat) -> Result<(), RuleError> {
        self.check_seat(seat)?;
        ballot.can_cast(seat).map_err(|r| refusal(r, seat))
    }

    fn decide_vote(&self, ballot: &OpenBallot<bool>, seat: Seat, approve: bool) -> Result<Vec<Event>, RuleError> {
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

    /// Why `seat` cannot play a mission card now.
    fn check_mission_card(&self, ballot: &AnonymousBallot, seat: Seat) -> Result<(), RuleError> {
        self.check_seat(seat)?;
        ballot.can_cast(seat).map_err(|r| match r {
            BallotRefusal::NotEligible => AvalonError::NotOnTeam { seat }.into(),
            BallotRefusal::AlreadyCast => RuleError::from(CommonError::AlreadyAnswered { seat }),
        })
    }

    /// Why `seat` cannot lay a mission card on the reader now: the same
    /// refusals as a press on the pad (not on the team, already played).
    fn check_reader_seat(&self, ballot: &AnonymousBallot, seat: Seat) -> Result<(), RuleError> {
        if ballot.is_complete() {
            return Err(CommonError::NotNow.into());
        }
        self.check_mission_card(ballot, seat)
    }

    /// Why the host cannot enter these counts of the cards played by hand.
    fn check_counts(&self, team: &[Seat], ballot: &AnonymousBallot, successes: u8, fails: u8) -> Result<(), RuleError> {
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

    fn decide_mission_card(
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
    fn mission_end(&self, successes: u8, fails: u8, rng: &mut GameRng) -> Vec<Event> {
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

    /// Whether the Lady of the Lake is used once `played` missions are done.
    fn lady_due(&self, played: usize) -> bool {
        self.lady.as_ref().is_some_and(|l| l.uses < 3) && (2..=4).contains(&played)
    }

    fn decide_excalibur(
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
    fn check_excalibur(
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

    /// Why the Lady of the Lake cannot examine `target`; else her token.
    fn check_lady(&self, target: Seat) -> Result<&LadyToken, RuleError> {
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

    fn decide_lady(&self, target: Seat) -> Result<Vec<Event>, RuleError> {
        let lady = self.check_lady(target)?;
        let loyalty = self.allegiance(target);
        // Without the roles, the loyalty card passes hand to hand (or is
        // tapped on the reader): the next command says which.
        Ok(vec![Event::LadyExamined { holder: lady.holder, target, loyalty }])
    }

    fn decide_loyalty_card(&self, card: &str, target: Seat) -> Result<Vec<Event>, RuleError> {
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

    fn decide_seen(&self, rng: &mut GameRng) -> Result<Vec<Event>, RuleError> {
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

    /// Why the Assassin cannot name `target` (when Tavola knows the roles,
    /// the Assassin themself: a secret).
    fn check_assassination(&self, target: Seat) -> Result<(), RuleError> {
        self.check_seat(target)?;
        let assassin = self.roles.iter().find(|(_, &r)| r == Role::Assassin).map(|(&s, _)| s);
        if self.roles_known && assassin == Some(target) {
            return Err(AvalonError::BadAssassinationTarget { seat: target }.into());
        }
        Ok(())
    }

    fn decide_assassination(&self, target: Seat) -> Result<Vec<Event>, RuleError> {
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
}

/// The mission card a tag names (`avalon/mission/fail-3`), or why it is
/// not one.
fn mission_card_of(card: &str) -> Result<MissionCard, RuleError> {
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

fn other(side: Side) -> Side {
    match side {
        Side::Good => Side::Evil,
        Side::Evil => Side::Good,
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
    type Error = AvalonError;
    type Choice = Choice;
    const KIND: GameKind = GameKind::Avalon;

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
            Event::SetUp { setup, first_leader, loyalty_deck } => {
                self.setup = Some(setup.clone());
                self.leader = *first_leader;
                self.phase = if setup.scan_roles { Phase::RoleScan } else { Phase::Night };
                let players = setup.roles.players();
                if setup.options.lady_of_the_lake && players > 0 {
                    // To the right of the first leader: the seat before it,
                    // clockwise, who will lead last.
                    let holder = first_leader.previous(players);
                    self.lady = Some(LadyToken { holder, former: BTreeSet::from([holder]), uses: 0 });
                }
                self.loyalty_deck = loyalty_deck.clone();
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
            Event::TeamProposed { team, mission, excalibur, .. } => {
                self.mission = *mission;
                self.phase = Phase::TeamVote {
                    team: team.clone(),
                    ballot: OpenBallot::new(Seat::all(self.players())),
                    excalibur: *excalibur,
                };
            }
            Event::HostAnswered { .. } => {}
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
            // The tally that follows replaces the ballot.
            Event::MissionCountedByHand { .. } => {}
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
            // Shown by the screen and the narrator; the tally that follows
            // changes the game.
            Event::MissionShuffled { .. } => {}
            Event::MissionRevealed { mission, successes, fails, succeeded } => {
                if let Some(slot) = self.results.get_mut(usize::from(*mission)) {
                    *slot = Some(MissionResult { successes: *successes, fails: *fails, succeeded: *succeeded });
                }
                self.rejections = 0;
                self.mission = self.first_open().unwrap_or(self.mission);
                // Drop the ballot at once: nothing of it outlives the tally.
                self.phase = if self.lady_due(self.played()) { Phase::Lady } else { Phase::TeamBuilding };
            }
            Event::LadyExamined { target, loyalty, .. } => {
                if let Some(lady) = &mut self.lady {
                    lady.uses += 1;
                }
                self.phase = match loyalty {
                    Some(loyalty) => Phase::LadyReveal { target: *target, loyalty: *loyalty },
                    None => Phase::LadyCard { target: *target },
                };
            }
            Event::LoyaltyShown { target, loyalty } => {
                if let Some(loyalty) = loyalty {
                    self.phase = Phase::LadyReveal { target: *target, loyalty: *loyalty };
                }
            }
            Event::LadyPassed { holder } => {
                if let Some(lady) = &mut self.lady {
                    lady.holder = *holder;
                    lady.former.insert(*holder);
                }
                self.phase = Phase::TeamBuilding;
            }
            Event::LoyaltyCardTurned { card, .. } => {
                self.loyalty_turned.push(*card);
                if *card == LoyaltyCard::Switch {
                    self.switched = !self.switched;
                }
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

    fn legal(&self) -> Vec<Legal<Command, Choice>> {
        self.legal_now()
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
            Phase::TeamBuilding => {
                Some(Waiting { timer: Some((TimerKind::Discussion, key("discussion"))), pad: vec![] })
            }
            Phase::TeamVote { ballot, .. } => {
                let answered: BTreeSet<Seat> = ballot.answered().collect();
                let pad = lights(ballot.eligible(), &|s| answered.contains(&s));
                Some(Waiting { timer: Some((TimerKind::Vote, key("vote"))), pad })
            }
            Phase::Mission { ballot, .. } => {
                let timer = (!ballot.is_complete()).then(|| (TimerKind::Mission, key("mission")));
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

    fn seated_names(event: &Event) -> Option<Vec<String>> {
        let Event::SetUp { setup, .. } = event else { return None };
        let n = setup.roles.players();
        Some((0..n).map(|i| setup.names.get(i).map_or("", |s| s.trim()).to_string()).collect())
    }

    fn next_game(&self, names: Option<Vec<String>>) -> Result<Command, RuleError> {
        self.setup_for_next_game(names).map(Command::Setup)
    }
}

fn check_excalibur(setup: &Setup, team: &[Seat], holder: Option<Seat>, leader: Seat) -> Result<(), String> {
    match (setup.options.excalibur, holder) {
        (false, None) => Ok(()),
        (true, Some(h)) if h != leader && team.contains(&h) => Ok(()),
        _ => Err(format!("Excalibur with {holder:?} for team {team:?} led by {leader}")),
    }
}

#[cfg(test)]
mod tests;
