//! Random commands for Avalon's property tests: drawn from what `legal`
//! lists, the open ones (the setup, a character card, a team) filled with
//! values a table would give, now and then wrong ones, and a share of wild
//! commands that must be refused without harm.

use super::{Avalon, AvalonOptions, Choice, Command, LancelotVariant, MissionCard, Role, RoleSet, Setup};
use crate::testkit::Fuzz;
use crate::{GameRng, Legal, Seat};

impl Fuzz for Avalon {
    fn fill(&self, command: &Command, choice: &Choice, rng: &mut GameRng) -> Command {
        let players = self.players();
        let seat = |rng: &mut GameRng| Seat(rng.below(players.max(1)) as u8);
        match (choice, command) {
            (Choice::Setup, _) => {
                let players = 5 + rng.below(6);
                let mut optional: Vec<Role> = Role::OPTIONAL.into_iter().filter(|_| rng.below(2) == 0).collect();
                let lancelot = match rng.below(6) {
                    0 => Some(LancelotVariant::V1),
                    1 => Some(LancelotVariant::V2),
                    2 => Some(LancelotVariant::V3),
                    _ => None,
                };
                if lancelot.is_some() {
                    optional.extend(Role::LANCELOTS);
                }
                let roles = RoleSet::standard(players, &optional)
                    .or_else(|_| RoleSet::standard(players, &optional[optional.len().saturating_sub(2)..]))
                    .or_else(|_| RoleSet::standard(players, &[]));
                match roles {
                    Ok(roles) => {
                        let options = AvalonOptions {
                            lady_of_the_lake: rng.below(2) == 0,
                            excalibur: rng.below(2) == 0,
                            choose_missions: rng.below(2) == 0,
                            // Now and then a variant without the Lancelots, refused.
                            lancelot: if roles.has_lancelots() || rng.below(20) == 0 { lancelot } else { None },
                            merlin_sees_evil_lancelot: rng.below(2) == 0,
                        };
                        Command::Setup(Setup {
                            names: (0..rng.below(players + 1)).map(|i| format!("P{i}")).collect(),
                            roles,
                            scan_roles: rng.below(2) == 0,
                            first_leader: (rng.below(2) == 0).then(|| Seat(rng.below(players) as u8)),
                            options,
                        })
                    }
                    Err(_) => Command::SkipRoleScan,
                }
            }
            (Choice::RoleCard, _) => {
                // Deal the remaining cards of the set; sometimes a wrong one.
                let set = self.role_set().map(|s| s.roles().to_vec()).unwrap_or_default();
                let role = set[rng.below(set.len().max(1)).min(set.len().saturating_sub(1))];
                let card = if role.is_unique() {
                    format!("avalon/role/{}", role.slug())
                } else {
                    format!("avalon/role/{}-{}", role.slug(), 1 + rng.below(5))
                };
                Command::RoleCard { card }
            }
            (Choice::Team { size, excalibur: holders, .. }, command) => {
                let mission = match command {
                    Command::ProposeTeam { mission, .. } if rng.below(20) != 0 => *mission,
                    _ => Some(rng.below(6) as u8),
                };
                let mut all: Vec<Seat> = Seat::all(players).collect();
                rng.shuffle(&mut all);
                let size = if rng.below(8) == 0 { size + 1 } else { *size };
                let team: Vec<Seat> = all.into_iter().take(size).collect();
                let excalibur = match holders {
                    Some(holders) if rng.below(10) != 0 => {
                        let may: Vec<Seat> = team.iter().copied().filter(|s| holders.contains(s)).collect();
                        may.get(rng.below(may.len().max(1))).copied()
                    }
                    _ if rng.below(20) == 0 => Some(seat(rng)),
                    _ => None,
                };
                Command::ProposeTeam { team, mission, excalibur }
            }
            (Choice::MissionCard { .. }, _) => {
                // The player's own card; now and then another kind of card.
                let card = ["avalon/mission/success-1", "avalon/mission/fail-2", "avalon/role/merlin"][rng.below(3)];
                Command::MissionCardTag { card: card.into() }
            }
            (Choice::MissionCounts { cards }, _) => {
                // Now and then a count that does not add up.
                let total = if rng.below(8) == 0 { cards + 1 } else { *cards };
                let fails = rng.below(total.min(2) + 1) as u8;
                Command::MissionCounts { successes: total as u8 - fails, fails }
            }
        }
    }

    fn wild(&self, rng: &mut GameRng) -> Command {
        wild(rng, self.players())
    }

    /// Teams are approved and missions succeed more often than not; the
    /// host answers for a seat now and then, and the character cards are
    /// seldom left untapped.
    fn weight(&self, legal: &Legal<Command, Choice>) -> u32 {
        match legal.command() {
            Command::RoleCard { .. } => 30,
            Command::Vote { approve: true, .. } => 8,
            Command::Vote { approve: false, .. } => 4,
            Command::PlayMission { card: MissionCard::Success, .. } => 4,
            Command::PlayMission { card: MissionCard::Fail, .. } => 2,
            _ => 1,
        }
    }
}

fn wild(rng: &mut GameRng, players: usize) -> Command {
    let seat = Seat(rng.below(players + 3) as u8);
    match rng.below(16) {
        0 => Command::Setup(Setup { first_leader: Some(seat), ..Setup::new(basic_set()) }),
        1 => Command::RoleCard {
            card: ["soc/black/saxons", "avalon/role/merlin", "avalon/role/nobody", "x"][rng.below(4)].into(),
        },
        2 => Command::SkipRoleScan,
        3 => Command::EndNight,
        4 => Command::ProposeTeam { team: vec![seat, seat], mission: None, excalibur: None },
        5 => Command::Vote { seat, approve: true },
        6 => Command::PlayMission { seat, card: MissionCard::Fail },
        7 => Command::Assassinate { target: seat },
        8 => Command::UseExcalibur { target: Some(seat) },
        9 => Command::LadyExamine { target: seat },
        10 => Command::RevealSeen,
        11 => Command::HostAnswer { seat, approve: true },
        12 => Command::MissionByReader { seat },
        13 => {
            Command::MissionCardTag { card: ["avalon/mission/fail-1", "avalon/mission/nothing"][rng.below(2)].into() }
        }
        14 => Command::MissionCounts { successes: rng.below(6) as u8, fails: rng.below(3) as u8 },
        _ => Command::ConfirmMerlin { was_merlin: true },
    }
}

fn basic_set() -> RoleSet {
    // Five players with no optional role is always legal.
    RoleSet::from_roles(vec![Role::Merlin, Role::LoyalServant, Role::LoyalServant, Role::Assassin, Role::Minion])
        .expect("the basic five-player set is legal")
}
