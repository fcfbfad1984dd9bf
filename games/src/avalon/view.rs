//! What everybody at the table may see of an Avalon game, and what the
//! narrator says after each event.

use super::roles::{self, Role, Side};
use super::{Avalon, AvalonOptions, EndReason, Event, LancelotVariant, LoyaltyCard, MissionCard, Phase, MISSIONS};
use crate::{Cue, Seat, Sound};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The public view of one mission on the track.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissionView {
    /// Team size.
    pub size: usize,
    /// Fail cards needed to fail it.
    pub fails_needed: u8,
    /// Success cards, once played.
    pub successes: Option<u8>,
    /// Fail cards, once played.
    pub fails: Option<u8>,
    /// Whether it succeeded, once played.
    pub succeeded: Option<bool>,
}

/// The phase as the screen shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum PhaseView {
    /// Nothing set up.
    Lobby,
    /// Seats tap their character cards in turn.
    RoleScan {
        /// The seat whose card is awaited.
        next: Seat,
        /// Cards tapped so far.
        done: usize,
    },
    /// The narrator reads the night.
    Night,
    /// The leader picks a team.
    TeamBuilding {
        /// Team size needed (for the first mission still open when the
        /// leader chooses missions).
        team_size: usize,
        /// Missions the leader may choose (0-based), when choosing missions.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        open_missions: Vec<u8>,
    },
    /// Everybody votes.
    TeamVote {
        /// The proposed team.
        team: Vec<Seat>,
        /// Who has voted (never how).
        voted: Vec<Seat>,
        /// Who has not voted yet.
        missing: Vec<Seat>,
        /// Who would hold Excalibur.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        excalibur: Option<Seat>,
    },
    /// The team plays mission cards.
    Mission {
        /// The team.
        team: Vec<Seat>,
        /// Who has played (never what).
        played: Vec<Seat>,
        /// Team members still to play.
        missing: Vec<Seat>,
        /// Who holds Excalibur.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        excalibur: Option<Seat>,
        /// The team member the host named to lay their card on the reader
        /// (a pad button that died).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reader: Option<Seat>,
    },
    /// Every card is down: Excalibur's holder may switch one other member's
    /// card, or let them stand.
    Excalibur {
        /// The holder.
        holder: Seat,
        /// The members whose card may be switched.
        targets: Vec<Seat>,
    },
    /// The Lady of the Lake's holder chooses whom to examine.
    Lady {
        /// The holder.
        holder: Seat,
        /// The players who may be examined.
        targets: Vec<Seat>,
    },
    /// Tavola does not know the roles: the examined player hands the
    /// holder a loyalty card, or taps it on the reader.
    LadyCard {
        /// The holder.
        holder: Seat,
        /// The player examined.
        target: Seat,
    },
    /// One player looks at something alone: everybody else looks away, the
    /// screen shows it only in a hidden panel the viewer touches.
    Private {
        /// Who may look.
        viewer: Seat,
        /// Whose card or loyalty it is.
        about: Seat,
        /// What kind of thing is shown (never the thing itself).
        what: PrivateKind,
    },
    /// The Assassin names Merlin.
    Assassination,
    /// The table confirms whether the named player was Merlin.
    ConfirmMerlin {
        /// The player named.
        target: Seat,
    },
    /// The game is over.
    Ended {
        /// Why.
        reason: EndReason,
        /// Who won.
        winner: Side,
    },
}

/// What a private reveal is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PrivateKind {
    /// The loyalty examined by the Lady of the Lake.
    Loyalty,
    /// The mission card Excalibur switched, as it was played.
    MissionCard,
}

/// The content of a private reveal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum Revealed {
    /// A loyalty.
    Loyalty(Side),
    /// A mission card.
    MissionCard(MissionCard),
}

/// What the hidden panel shows to the one player allowed to look.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrivateReveal {
    /// Who may look.
    pub viewer: Seat,
    /// Whose card or loyalty it is.
    pub about: Seat,
    /// The content.
    pub shows: Revealed,
}

impl PrivateReveal {
    /// The panel's words; `about` names the player whose card it is.
    pub fn msg(&self, about: &str) -> crate::Msg {
        use tavola_words::msg;
        let name = about;
        match self.shows {
            Revealed::Loyalty(Side::Good) => msg!("avalon.reveal.loyal_good", name),
            Revealed::Loyalty(Side::Evil) => msg!("avalon.reveal.loyal_evil", name),
            Revealed::MissionCard(MissionCard::Success) => msg!("avalon.reveal.played_success", name),
            Revealed::MissionCard(_) => msg!("avalon.reveal.played_fail", name),
        }
    }

    /// The panel's words in `lang`.
    pub fn text(&self, lang: crate::Lang, about: &str) -> String {
        lang.text(&self.msg(about))
    }
}

/// The Lady of the Lake on the screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LadyView {
    /// Who holds her.
    pub holder: Seat,
    /// Everybody who held her (none can be examined).
    pub former: Vec<Seat>,
    /// Examinations done.
    pub uses: u8,
}

/// The Lancelots on the screen (public: the loyalty cards are face up).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LancelotView {
    /// The variant.
    pub variant: LancelotVariant,
    /// The cards laid out at setup (variant 2 only).
    pub laid_out: Vec<LoyaltyCard>,
    /// The cards that took effect so far.
    pub turned: Vec<LoyaltyCard>,
    /// Whether the Lancelots are on each other's starting side now.
    pub switched: bool,
}

/// Everything the screen may show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AvalonView {
    /// Players at the table.
    pub players: usize,
    /// Display name per seat.
    pub names: Vec<String>,
    /// The characters in play (public: the table chose them).
    pub role_set: Vec<Role>,
    /// Whether Tavola knows who has which character.
    pub roles_known: bool,
    /// The phase.
    pub phase: PhaseView,
    /// The current leader.
    pub leader: Option<Seat>,
    /// The mission being played (0-based).
    pub mission: u8,
    /// The mission track.
    pub missions: Vec<MissionView>,
    /// Teams rejected in this round.
    pub rejections: u8,
    /// The last team vote, seat by seat, once revealed.
    #[serde(with = "crate::core::seat_map::option")]
    pub last_votes: Option<BTreeMap<Seat, bool>>,
    /// Missions won by good and by evil.
    pub score: (usize, usize),
    /// The player the Assassin named.
    pub named_as_merlin: Option<Seat>,
    /// Every seat's character, shown only once the game is over and only
    /// when Tavola knows them.
    #[serde(with = "crate::core::seat_map::option")]
    pub roles_revealed: Option<BTreeMap<Seat, Role>>,
    /// Every seat's side at the end (a Lancelot may have switched), with
    /// the roles.
    #[serde(default, with = "crate::core::seat_map::option", skip_serializing_if = "Option::is_none")]
    pub sides_revealed: Option<BTreeMap<Seat, Side>>,
    /// The optional rules in play.
    pub options: AvalonOptions,
    /// The Lady of the Lake, when in play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lady: Option<LadyView>,
    /// The Lancelots, when in play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lancelot: Option<LancelotView>,
}

pub(super) fn view(g: &Avalon) -> AvalonView {
    let players = g.players();
    let phase = match &g.phase {
        Phase::Lobby => PhaseView::Lobby,
        Phase::RoleScan => PhaseView::RoleScan { next: g.next_to_scan().unwrap_or(Seat(0)), done: g.roles.len() },
        Phase::Night => PhaseView::Night,
        Phase::TeamBuilding => {
            let choose = g.options().choose_missions;
            let next = g.check_mission(None).unwrap_or(g.mission);
            PhaseView::TeamBuilding {
                team_size: g.team_size(next),
                open_missions: if choose { g.open_missions() } else { Vec::new() },
            }
        }
        Phase::TeamVote { team, ballot, excalibur } => PhaseView::TeamVote {
            team: team.clone(),
            voted: ballot.answered().collect(),
            missing: ballot.missing(),
            excalibur: *excalibur,
        },
        Phase::Mission { team, ballot, excalibur: Some(holder), .. } if ballot.is_complete() => {
            PhaseView::Excalibur { holder: *holder, targets: team.iter().copied().filter(|s| s != holder).collect() }
        }
        Phase::Mission { team, ballot, excalibur, reader } => PhaseView::Mission {
            team: team.clone(),
            played: ballot.answered().iter().copied().collect(),
            missing: ballot.missing(),
            excalibur: *excalibur,
            reader: *reader,
        },
        Phase::ExcaliburReveal { holder, target, .. } => {
            PhaseView::Private { viewer: *holder, about: *target, what: PrivateKind::MissionCard }
        }
        Phase::Lady => {
            let lady = g.lady.as_ref();
            PhaseView::Lady {
                holder: lady.map_or(Seat(0), |l| l.holder),
                targets: Seat::all(players).filter(|s| lady.is_some_and(|l| !l.former.contains(s))).collect(),
            }
        }
        Phase::LadyCard { target } => {
            PhaseView::LadyCard { holder: g.lady.as_ref().map_or(Seat(0), |l| l.holder), target: *target }
        }
        Phase::LadyReveal { target, .. } => PhaseView::Private {
            viewer: g.lady.as_ref().map_or(Seat(0), |l| l.holder),
            about: *target,
            what: PrivateKind::Loyalty,
        },
        Phase::Assassination => PhaseView::Assassination,
        Phase::ConfirmMerlin { target } => PhaseView::ConfirmMerlin { target: *target },
        Phase::Ended { reason } => PhaseView::Ended { reason: *reason, winner: reason.winner() },
    };
    let missions = (0..MISSIONS)
        .map(|i| {
            let r = g.results[i];
            MissionView {
                size: if players > 0 { roles::team_size(players, i) } else { 0 },
                fails_needed: roles::fails_needed(players, i),
                successes: r.map(|r| r.successes),
                fails: r.map(|r| r.fails),
                succeeded: r.map(|r| r.succeeded),
            }
        })
        .collect();
    AvalonView {
        players,
        names: Seat::all(players).map(|s| g.name(s)).collect(),
        role_set: g.role_set().map(|s| s.roles().to_vec()).unwrap_or_default(),
        roles_known: g.roles_known,
        phase,
        leader: g.setup.as_ref().map(|_| g.leader),
        mission: g.mission,
        missions,
        rejections: g.rejections,
        last_votes: g.last_votes.clone(),
        score: g.score(),
        named_as_merlin: g.named_as_merlin,
        roles_revealed: (g.is_over_internal() && g.roles_known).then(|| g.roles.clone()),
        sides_revealed: (g.is_over_internal() && g.roles_known)
            .then(|| Seat::all(players).filter_map(|s| g.allegiance(s).map(|a| (s, a))).collect()),
        options: g.options(),
        lady: g.lady.as_ref().map(|l| LadyView {
            holder: l.holder,
            former: l.former.iter().copied().collect(),
            uses: l.uses,
        }),
        lancelot: g.options().lancelot.map(|variant| LancelotView {
            variant,
            laid_out: if variant == LancelotVariant::V2 { g.loyalty_deck.clone() } else { Vec::new() },
            turned: g.loyalty_turned.clone(),
            switched: g.switched,
        }),
    }
}

impl Avalon {
    pub(super) fn is_over_internal(&self) -> bool {
        matches!(self.phase, Phase::Ended { .. })
    }

    fn leader_cue(&self) -> Cue {
        if self.options().choose_missions {
            return Cue::new("avalon.round.leader_chooses")
                .arg("round", self.round())
                .arg("leader", self.said_name(self.leader));
        }
        let size = roles::team_size(self.players(), usize::from(self.mission));
        Cue::new("avalon.round.leader")
            .arg("leader", self.said_name(self.leader))
            .arg("mission", self.mission + 1)
            .arg("size", size)
    }
}

pub(super) fn cues(g: &Avalon, event: &Event) -> Vec<Cue> {
    match event {
        Event::SetUp { .. } | Event::RoleRecorded { .. } => {
            g.next_to_scan().map(|s| vec![Cue::new("avalon.scan.next").arg("name", g.said_name(s))]).unwrap_or_default()
        }
        Event::RoleScanSkipped => vec![Cue::new("avalon.scan.skipped")],
        Event::NightBegan => g.night_script().into_iter().map(|s| s.cue).collect(),
        // The host may end the night before the script is over: the day
        // starts with the leader's line, not with the rest of the night.
        Event::NightEnded => {
            let mut cues = vec![g.leader_cue().interrupting()];
            if let Some(l) = &g.lady {
                cues.push(Cue::new("avalon.lady.starts").arg("holder", g.said_name(l.holder)));
            }
            cues
        }
        Event::TeamProposed { mission, excalibur, .. } => {
            let mut cues = Vec::new();
            if g.options().choose_missions {
                let size = roles::team_size(g.players(), usize::from(*mission));
                cues.push(Cue::new("avalon.round.mission_chosen").arg("mission", mission + 1).arg("size", size));
            }
            if let Some(h) = excalibur {
                cues.push(Cue::new("avalon.excalibur.given").arg("holder", g.said_name(*h)));
            }
            cues.push(Cue::new("avalon.vote.open"));
            cues
        }
        Event::HostAnswered { seat } => vec![Cue::new("avalon.host.answered").arg("name", g.said_name(*seat))],
        Event::ExcaliburUsed { holder, target: Some(target), .. } => vec![
            Cue::new("avalon.excalibur.used").arg("holder", g.said_name(*holder)).arg("target", g.said_name(*target)),
            Cue::new("avalon.private.look_away").arg("name", g.said_name(*holder)),
        ],
        Event::ExcaliburUsed { holder, target: None, .. } => {
            vec![Cue::new("avalon.excalibur.kept").arg("holder", g.said_name(*holder))]
        }
        Event::LadyExamined { holder, target, loyalty } => {
            let mut cues = vec![Cue::new("avalon.lady.examines")
                .arg("holder", g.said_name(*holder))
                .arg("target", g.said_name(*target))];
            if loyalty.is_some() {
                cues.push(Cue::new("avalon.private.look_away").arg("name", g.said_name(*holder)));
            } else {
                cues.push(
                    Cue::new("avalon.lady.card")
                        .arg("target", g.said_name(*target))
                        .arg("holder", g.said_name(*holder)),
                );
            }
            cues
        }
        Event::LoyaltyShown { target, .. } => {
            let holder = g.lady.as_ref().map_or(Seat(0), |l| l.holder);
            vec![
                Cue::new("avalon.lady.card_tapped").arg("target", g.said_name(*target)),
                Cue::new("avalon.private.look_away").arg("name", g.said_name(holder)),
            ]
        }
        Event::LadyPassed { holder } => vec![Cue::new("avalon.lady.passed").arg("holder", g.said_name(*holder))],
        Event::LoyaltyCardTurned { round, card } => {
            let id = match card {
                LoyaltyCard::NoChange => "avalon.lancelot.no_change",
                LoyaltyCard::Switch => "avalon.lancelot.switch",
            };
            vec![Cue::new(id).arg("round", round)]
        }
        Event::VoteCast { .. } => vec![],
        Event::MissionCardAwaited { seat } => vec![Cue::new("avalon.mission.reader").arg("name", g.said_name(*seat))],
        Event::MissionCountedByHand { .. } => vec![Cue::new("avalon.mission.by_hand")],
        Event::MissionCardPlayed { .. } => match &g.phase {
            Phase::Mission { ballot, excalibur: Some(h), .. } if ballot.is_complete() => {
                vec![Cue::new("avalon.excalibur.decide").arg("holder", g.said_name(*h))]
            }
            _ => vec![],
        },
        Event::VotesRevealed { votes, approved } => {
            let yes = votes.values().filter(|&&v| v).count();
            let no = votes.len() - yes;
            if *approved {
                vec![Cue::new("avalon.vote.approved").arg("yes", yes).arg("no", no).sound(Sound::Chime)]
            } else {
                vec![Cue::new("avalon.vote.rejected")
                    .arg("yes", yes)
                    .arg("no", no)
                    .arg("rejected", g.rejections)
                    .sound(Sound::Chime)]
            }
        }
        Event::MissionShuffled { order, .. } => order.iter().enumerate().map(|(i, &card)| turn_cue(i, card)).collect(),
        Event::MissionRevealed { mission, fails, succeeded, .. } => {
            let id = if *succeeded { "avalon.mission.succeeded" } else { "avalon.mission.failed" };
            let mut cues = vec![Cue::new(id).arg("mission", mission + 1).arg("fails", fails)];
            if let (Phase::Lady, Some(l)) = (&g.phase, &g.lady) {
                cues.push(Cue::new("avalon.lady.choose").arg("holder", g.said_name(l.holder)));
            }
            cues
        }
        Event::LeaderPassed { .. } => vec![g.leader_cue()],
        Event::AssassinationBegan => vec![Cue::new("avalon.assassin.begin")],
        Event::MerlinNamed { target, .. } => {
            vec![Cue::new("avalon.assassin.named").arg("target", g.said_name(*target))]
        }
        Event::GameEnded { reason } => {
            let id = match reason {
                EndReason::MerlinSurvived => "avalon.end.merlin_survived",
                EndReason::ThreeFailures => "avalon.end.three_failures",
                EndReason::FiveRejections => "avalon.end.five_rejections",
                EndReason::MerlinAssassinated => "avalon.end.merlin_assassinated",
            };
            let mut cues = vec![Cue::new(id).pause(2_000)];
            cues.extend(reveal(g));
            cues
        }
    }
}

/// The narrated reveal after the result: every player's character in seat
/// order when Tavola knows them, then who Merlin was. Without known roles
/// there is nothing true to say beyond the result.
fn reveal(g: &Avalon) -> Vec<Cue> {
    if !g.roles_known {
        return Vec::new();
    }
    let mut cues = vec![Cue::new("avalon.reveal.begin").pause(1_000)];
    cues.extend(g.end_reveal().into_iter().map(|(_, _, cue)| cue));
    if g.switched {
        cues.push(Cue::new("avalon.reveal.lancelots_switched").pause(800));
    }
    if let Some((merlin, _)) = g.roles.iter().find(|(_, r)| **r == Role::Merlin) {
        cues.push(Cue::new("avalon.reveal.merlin_was").arg("name", g.said_name(*merlin)));
    }
    cues
}

/// The beat after each mission card turned over, before the next.
pub const TURN_BEAT_MS: u32 = 900;

/// The most cards a mission has (the largest team).
pub const MOST_CARDS: usize = 5;

/// The narrator's line for the card turned over in `position` (0-based)
/// of a mission's shuffled cards: "First card: success."
pub fn turn_cue(position: usize, card: MissionCard) -> Cue {
    let card = match card {
        MissionCard::Success => "success",
        MissionCard::Fail => "fail",
    };
    Cue::new(format!("avalon.turn.{}.{card}", position.min(MOST_CARDS - 1) + 1)).pause(TURN_BEAT_MS).sound(Sound::Drum)
}

impl Avalon {
    /// The end's reveal, one player after the other in seat order: the
    /// seat, its character and the narrator's line naming it. Empty until
    /// the game is over, and when Tavola does not know the roles.
    pub fn end_reveal(&self) -> Vec<(Seat, Role, Cue)> {
        if !self.is_over_internal() || !self.roles_known {
            return Vec::new();
        }
        self.roles
            .iter()
            .map(|(&seat, &role)| {
                let cue = Cue::new(format!("avalon.reveal.{}", role.slug())).arg("name", self.said_name(seat));
                (seat, role, cue.pause(800))
            })
            .collect()
    }
}
