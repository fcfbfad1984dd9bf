//! What the rules accept now ([`crate::Game::legal`]), from the very checks
//! `decide` makes.

use super::{Avalon, Command, MissionCard, Phase, Role, RoleSet, Setup};
use crate::{Legal, Seat};

/// What a command [`Avalon`]'s `legal` lists as open leaves to the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// The setup page's choices: players, names, characters, options.
    Setup,
    /// A character card laid on the reader for the next seat: which one is
    /// the player's secret; `decide` judges it.
    RoleCard,
    /// The team the leader proposes for a mission.
    Team {
        /// The mission (0-based).
        mission: u8,
        /// Players on the team.
        size: usize,
        /// With Excalibur: the players the leader may hand it to, when
        /// they are on the team.
        excalibur: Option<Vec<Seat>>,
    },
    /// A mission card laid on the reader for the team member the host
    /// named: which card is the player's secret; `decide` judges it.
    MissionCard {
        /// The team member whose card it is.
        seat: Seat,
    },
    /// The counts of the mission cards the team played by hand: as many
    /// Success and Fail cards as `cards` in all.
    MissionCounts {
        /// Cards played: one per team member.
        cards: usize,
    },
}

impl Setup {
    /// The plain five-player game: what an open setup command holds until
    /// the setup page fills it in.
    pub fn placeholder() -> Setup {
        let basic = vec![Role::Merlin, Role::Assassin, Role::LoyalServant, Role::LoyalServant, Role::Minion];
        Setup::new(RoleSet::from_roles(basic).expect("the plain five-player set is legal"))
    }
}

impl Avalon {
    /// See [`crate::Game::legal`].
    pub(super) fn legal_now(&self) -> Vec<Legal<Command, Choice>> {
        let mut out = Vec::new();
        if self.setup.is_none() {
            out.push(Legal::Open(Command::Setup(Setup::placeholder()), Choice::Setup));
            return out;
        }
        let seats = || Seat::all(self.players());
        let exact = |out: &mut Vec<Legal<Command, Choice>>, ok: bool, c: Command| {
            if ok {
                out.push(Legal::Exact(c));
            }
        };
        match &self.phase {
            Phase::Lobby | Phase::Ended { .. } => {}
            Phase::RoleScan => {
                out.push(Legal::Open(Command::RoleCard { card: String::new() }, Choice::RoleCard));
                out.push(Legal::Exact(Command::SkipRoleScan));
            }
            Phase::Night => exact(&mut out, true, Command::EndNight),
            Phase::TeamBuilding => {
                let choose = self.options().choose_missions;
                let leader = self.leader;
                let excalibur = self.options().excalibur.then(|| seats().filter(|&s| s != leader).collect());
                for m in self.open_missions() {
                    if let Ok(mission) = self.check_mission(choose.then_some(m)) {
                        let command =
                            Command::ProposeTeam { team: Vec::new(), mission: choose.then_some(m), excalibur: None };
                        let choice =
                            Choice::Team { mission, size: self.team_size(mission), excalibur: excalibur.clone() };
                        out.push(Legal::Open(command, choice));
                    }
                }
            }
            Phase::TeamVote { ballot, .. } => {
                for seat in seats() {
                    let ok = self.check_vote(ballot, seat).is_ok();
                    for approve in [true, false] {
                        exact(&mut out, ok, Command::Vote { seat, approve });
                    }
                }
                for seat in seats() {
                    let ok = self.check_vote(ballot, seat).is_ok();
                    for approve in [true, false] {
                        exact(&mut out, ok, Command::HostAnswer { seat, approve });
                    }
                }
            }
            Phase::Mission { team, ballot, excalibur, reader } => {
                for target in [None].into_iter().chain(seats().map(Some)) {
                    exact(
                        &mut out,
                        self.check_excalibur(team, ballot, *excalibur, target).is_ok(),
                        Command::UseExcalibur { target },
                    );
                }
                for seat in seats() {
                    let ok = self.check_mission_card(ballot, seat).is_ok();
                    for card in [MissionCard::Success, MissionCard::Fail] {
                        exact(&mut out, ok, Command::PlayMission { seat, card });
                    }
                }
                // A pad button that died: the card on the reader, or the
                // whole mission by hand.
                for seat in seats() {
                    exact(&mut out, self.check_reader_seat(ballot, seat).is_ok(), Command::MissionByReader { seat });
                }
                if let Some(seat) = *reader {
                    let command = Command::MissionCardTag { card: String::new() };
                    out.push(Legal::Open(command, Choice::MissionCard { seat }));
                }
                if self.check_counts(team, ballot, team.len() as u8, 0).is_ok() {
                    let command = Command::MissionCounts { successes: 0, fails: 0 };
                    out.push(Legal::Open(command, Choice::MissionCounts { cards: team.len() }));
                }
            }
            Phase::ExcaliburReveal { .. } | Phase::LadyReveal { .. } => exact(&mut out, true, Command::RevealSeen),
            Phase::Lady => {
                for target in seats() {
                    exact(&mut out, self.check_lady(target).is_ok(), Command::LadyExamine { target });
                }
            }
            Phase::LadyCard { .. } => {
                for card in ["avalon/loyalty/good", "avalon/loyalty/evil"] {
                    exact(&mut out, true, Command::RoleCard { card: card.into() });
                }
                exact(&mut out, true, Command::RevealSeen);
            }
            Phase::Assassination => {
                // Which seat is the Assassin's own is a secret while the
                // game goes on.
                for target in seats() {
                    let command = Command::Assassinate { target };
                    match (self.check_assassination(target).is_ok(), self.roles_known) {
                        (_, true) => out.push(Legal::Secret(command)),
                        (ok, false) => exact(&mut out, ok, command),
                    }
                }
            }
            Phase::ConfirmMerlin { .. } => {
                for was_merlin in [true, false] {
                    exact(&mut out, true, Command::ConfirmMerlin { was_merlin });
                }
            }
        }
        out
    }
}
