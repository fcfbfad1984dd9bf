//! What everybody at the table may see of an Avalon game, and what the
//! narrator says after each event.

use super::night::night_script;
use super::roles::{self, Role, Side};
use super::{Avalon, EndReason, Event, Phase, MISSIONS};
use crate::games::{Cue, Seat};
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
        /// Team size needed.
        team_size: usize,
    },
    /// Everybody votes.
    TeamVote {
        /// The proposed team.
        team: Vec<Seat>,
        /// Who has voted (never how).
        voted: Vec<Seat>,
        /// Who has not voted yet.
        missing: Vec<Seat>,
    },
    /// The team plays mission cards.
    Mission {
        /// The team.
        team: Vec<Seat>,
        /// Who has played (never what).
        played: Vec<Seat>,
        /// Team members still to play.
        missing: Vec<Seat>,
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
    #[serde(with = "crate::games::core::seat_map::option")]
    pub last_votes: Option<BTreeMap<Seat, bool>>,
    /// Missions won by good and by evil.
    pub score: (usize, usize),
    /// The player the Assassin named.
    pub named_as_merlin: Option<Seat>,
    /// Every seat's character, shown only once the game is over and only
    /// when Tavola knows them.
    #[serde(with = "crate::games::core::seat_map::option")]
    pub roles_revealed: Option<BTreeMap<Seat, Role>>,
}

pub(super) fn view(g: &Avalon) -> AvalonView {
    let players = g.players();
    let phase = match &g.phase {
        Phase::Lobby => PhaseView::Lobby,
        Phase::RoleScan => PhaseView::RoleScan { next: g.next_to_scan().unwrap_or(Seat(0)), done: g.roles.len() },
        Phase::Night => PhaseView::Night,
        Phase::TeamBuilding => PhaseView::TeamBuilding { team_size: roles::team_size(players, usize::from(g.mission)) },
        Phase::TeamVote { team, ballot } => {
            PhaseView::TeamVote { team: team.clone(), voted: ballot.answered().collect(), missing: ballot.missing() }
        }
        Phase::Mission { team, ballot } => PhaseView::Mission {
            team: team.clone(),
            played: ballot.answered().iter().copied().collect(),
            missing: ballot.missing(),
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
    }
}

impl Avalon {
    fn is_over_internal(&self) -> bool {
        matches!(self.phase, Phase::Ended { .. })
    }

    fn leader_cue(&self) -> Cue {
        let size = roles::team_size(self.players(), usize::from(self.mission));
        Cue::new("avalon.round.leader").with(self.name(self.leader)).with(self.mission + 1).with(size)
    }
}

pub(super) fn cues(g: &Avalon, event: &Event) -> Vec<Cue> {
    match event {
        Event::SetUp { .. } | Event::RoleRecorded { .. } => {
            g.next_to_scan().map(|s| vec![Cue::new("avalon.scan.next").with(g.name(s))]).unwrap_or_default()
        }
        Event::RoleScanSkipped => vec![Cue::new("avalon.scan.skipped")],
        Event::NightBegan => g.role_set().map(night_script).unwrap_or_default().into_iter().map(|s| s.cue).collect(),
        // The host may end the night before the script is over: the day
        // starts with the leader's line, not with the rest of the night.
        Event::NightEnded => vec![g.leader_cue().interrupting()],
        Event::TeamProposed { .. } => vec![Cue::new("avalon.vote.open")],
        Event::VoteCast { .. } | Event::MissionCardPlayed { .. } => vec![],
        Event::VotesRevealed { votes, approved } => {
            let yes = votes.values().filter(|&&v| v).count();
            let no = votes.len() - yes;
            if *approved {
                vec![Cue::new("avalon.vote.approved").with(yes).with(no)]
            } else {
                vec![Cue::new("avalon.vote.rejected").with(yes).with(no).with(g.rejections)]
            }
        }
        Event::MissionRevealed { mission, fails, succeeded, .. } => {
            let id = if *succeeded { "avalon.mission.succeeded" } else { "avalon.mission.failed" };
            vec![Cue::new(id).with(mission + 1).with(fails)]
        }
        Event::LeaderPassed { .. } => vec![g.leader_cue()],
        Event::AssassinationBegan => vec![Cue::new("avalon.assassin.begin")],
        Event::MerlinNamed { target, .. } => vec![Cue::new("avalon.assassin.named").with(g.name(*target))],
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
    for (seat, role) in &g.roles {
        cues.push(Cue::new(format!("avalon.reveal.{}", role.slug())).with(g.name(*seat)).pause(800));
    }
    if let Some((merlin, _)) = g.roles.iter().find(|(_, r)| **r == Role::Merlin) {
        cues.push(Cue::new("avalon.reveal.merlin_was").with(g.name(*merlin)));
    }
    cues
}
