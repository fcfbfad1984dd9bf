//! Random commands for Avalon's property tests.

use super::{Avalon, Command, MissionCard, Phase, Role, RoleSet, Setup};
use crate::games::testkit::Fuzz;
use crate::games::{GameRng, Seat};

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
                let optional: Vec<Role> = Role::OPTIONAL.into_iter().filter(|_| rng.below(2) == 0).collect();
                let roles = RoleSet::standard(players, &optional).or_else(|_| RoleSet::standard(players, &[]));
                match roles {
                    Ok(roles) => Command::Setup(Setup {
                        names: (0..rng.below(players + 1)).map(|i| format!("P{i}")).collect(),
                        roles,
                        scan_roles: rng.below(2) == 0,
                        first_leader: (rng.below(2) == 0).then(|| Seat(rng.below(players) as u8)),
                    }),
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
                let size = super::roles::team_size(players, usize::from(self.mission));
                let mut all: Vec<Seat> = Seat::all(players).collect();
                rng.shuffle(&mut all);
                let size = if rng.below(8) == 0 { size + 1 } else { size };
                Command::ProposeTeam { team: all.into_iter().take(size).collect() }
            }
            Phase::TeamVote { ballot, .. } => {
                let missing = ballot.missing();
                let s =
                    if rng.below(6) == 0 || missing.is_empty() { seat(rng) } else { missing[rng.below(missing.len())] };
                Command::Vote { seat: s, approve: rng.below(3) != 0 }
            }
            Phase::Mission { ballot, .. } => {
                let missing = ballot.missing();
                let s =
                    if rng.below(6) == 0 || missing.is_empty() { seat(rng) } else { missing[rng.below(missing.len())] };
                let card = if rng.below(3) == 0 { MissionCard::Fail } else { MissionCard::Success };
                Command::PlayMission { seat: s, card }
            }
            Phase::Assassination => Command::Assassinate { target: seat(rng) },
            Phase::ConfirmMerlin { .. } => Command::ConfirmMerlin { was_merlin: rng.below(2) == 0 },
            Phase::Ended { .. } => Command::EndNight,
        }
    }
}

fn wild(rng: &mut GameRng, players: usize) -> Command {
    let seat = Seat(rng.below(players + 3) as u8);
    match rng.below(9) {
        0 => Command::Setup(Setup { names: vec![], roles: basic_set(), scan_roles: false, first_leader: Some(seat) }),
        1 => Command::RoleCard {
            card: ["soc/black/saxons", "avalon/role/merlin", "avalon/role/nobody", "x"][rng.below(4)].into(),
        },
        2 => Command::SkipRoleScan,
        3 => Command::EndNight,
        4 => Command::ProposeTeam { team: vec![seat, seat] },
        5 => Command::Vote { seat, approve: true },
        6 => Command::PlayMission { seat, card: MissionCard::Fail },
        7 => Command::Assassinate { target: seat },
        _ => Command::ConfirmMerlin { was_merlin: true },
    }
}

fn basic_set() -> RoleSet {
    // Five players with no optional role is always legal.
    RoleSet::from_roles(vec![Role::Merlin, Role::LoyalServant, Role::LoyalServant, Role::Assassin, Role::Minion])
        .expect("the basic five-player set is legal")
}
