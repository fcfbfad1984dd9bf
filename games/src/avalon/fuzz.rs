//! Random commands for Avalon's property tests.

use super::{Avalon, AvalonOptions, Command, LancelotVariant, MissionCard, Phase, Role, RoleSet, Setup};
use crate::testkit::Fuzz;
use crate::{GameRng, Seat};

impl Fuzz for Avalon {
    fn random_command(&self, rng: &mut GameRng) -> Command {
        let players = self.players();
        // One command in ten is anything at all, to exercise the refusals.
        if rng.below(10) == 0 {
            return wild(rng, players);
        }
        let seat = |rng: &mut GameRng| Seat(rng.below(players.max(1)) as u8);
        match &self.phase {
            Phase::Lobby => {
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
            Phase::RoleScan => {
                if rng.below(30) == 0 {
                    return Command::SkipRoleScan;
                }
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
            Phase::Night => Command::EndNight,
            Phase::TeamBuilding => {
                let open = self.open_missions();
                let mission = if self.options().choose_missions && !open.is_empty() && rng.below(4) != 0 {
                    Some(open[rng.below(open.len())])
                } else if rng.below(20) == 0 {
                    Some(rng.below(6) as u8)
                } else {
                    None
                };
                let m = mission.or_else(|| self.options().choose_missions.then(|| open.first().copied()).flatten());
                let size = super::roles::team_size(players, usize::from(m.unwrap_or(self.mission)));
                let mut all: Vec<Seat> = Seat::all(players).collect();
                rng.shuffle(&mut all);
                let size = if rng.below(8) == 0 { size + 1 } else { size };
                let team: Vec<Seat> = all.into_iter().take(size).collect();
                let excalibur = if self.options().excalibur && rng.below(10) != 0 {
                    let others: Vec<Seat> = team.iter().copied().filter(|&s| s != self.leader).collect();
                    others.get(rng.below(others.len().max(1))).copied()
                } else if rng.below(20) == 0 {
                    Some(seat(rng))
                } else {
                    None
                };
                Command::ProposeTeam { team, mission, excalibur }
            }
            Phase::TeamVote { ballot, .. } => {
                let missing = ballot.missing();
                let s =
                    if rng.below(6) == 0 || missing.is_empty() { seat(rng) } else { missing[rng.below(missing.len())] };
                if rng.below(8) == 0 {
                    return Command::HostAnswer { seat: s, approve: rng.below(2) == 0 };
                }
                Command::Vote { seat: s, approve: rng.below(3) != 0 }
            }
            Phase::Mission { ballot, team, excalibur } => {
                if ballot.is_complete() {
                    let others: Vec<Seat> = team.iter().copied().filter(|&s| Some(s) != *excalibur).collect();
                    let target = match rng.below(4) {
                        0 => None,
                        1 => Some(seat(rng)),
                        _ => others.get(rng.below(others.len().max(1))).copied(),
                    };
                    return Command::UseExcalibur { target };
                }
                let missing = ballot.missing();
                let s =
                    if rng.below(6) == 0 || missing.is_empty() { seat(rng) } else { missing[rng.below(missing.len())] };
                if rng.below(20) == 0 {
                    return Command::HostAnswer { seat: s, approve: true };
                }
                let card = if rng.below(3) == 0 { MissionCard::Fail } else { MissionCard::Success };
                Command::PlayMission { seat: s, card }
            }
            Phase::Lady => {
                let open: Vec<Seat> =
                    Seat::all(players).filter(|s| self.lady().is_some_and(|l| !l.former.contains(s))).collect();
                let target = if rng.below(6) == 0 || open.is_empty() { seat(rng) } else { open[rng.below(open.len())] };
                Command::LadyExamine { target }
            }
            Phase::LadyCard { .. } => match rng.below(4) {
                0 => Command::RevealSeen,
                1 => Command::RoleCard { card: "avalon/loyalty/good".into() },
                2 => Command::RoleCard { card: "avalon/loyalty/evil".into() },
                _ => Command::RoleCard { card: "avalon/role/merlin".into() },
            },
            Phase::ExcaliburReveal { .. } | Phase::LadyReveal { .. } => {
                if rng.below(10) == 0 {
                    Command::EndNight
                } else {
                    Command::RevealSeen
                }
            }
            Phase::Assassination => Command::Assassinate { target: seat(rng) },
            Phase::ConfirmMerlin { .. } => Command::ConfirmMerlin { was_merlin: rng.below(2) == 0 },
            Phase::Ended { .. } => Command::EndNight,
        }
    }
}

fn wild(rng: &mut GameRng, players: usize) -> Command {
    let seat = Seat(rng.below(players + 3) as u8);
    match rng.below(12) {
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
        _ => Command::ConfirmMerlin { was_merlin: true },
    }
}

fn basic_set() -> RoleSet {
    // Five players with no optional role is always legal.
    RoleSet::from_roles(vec![Role::Merlin, Role::LoyalServant, Role::LoyalServant, Role::Assassin, Role::Minion])
        .expect("the basic five-player set is legal")
}
