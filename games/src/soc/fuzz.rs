//! Random commands for the property tests: mostly moves a table would make,
//! with a share of wrong ones that must be refused without harm.

use super::quests::{Place, QuestId};
use super::{Command, Knight, LoyaltyMode, Pending, Phase, Setup, Soc};
use crate::testkit::Fuzz;
use crate::{GameRng, Seat};

const BLACK: [&str; 16] = [
    "soc/black/black-knight-1-1",
    "soc/black/black-knight-7",
    "soc/black/lancelot-dragon-1-5-2",
    "soc/black/lancelot-dragon-7-11",
    "soc/black/excalibur-3",
    "soc/black/despair-9",
    "soc/black/picts-1",
    "soc/black/saxons-2",
    "soc/black/mercenaries-4",
    "soc/black/morgan-2",
    "soc/black/desolation-1",
    "soc/black/vivien",
    "soc/black/mordred",
    "soc/black/excalibur-1",
    "soc/black/despair-2",
    "soc/black/saxons-1",
];

impl Fuzz for Soc {
    fn random_command(&self, rng: &mut GameRng) -> Command {
        let n = self.players().max(1);
        let seat = |rng: &mut GameRng| {
            let extra = usize::from(rng.below(20) == 0);
            Seat(rng.below(n + extra) as u8)
        };
        if rng.below(12) == 0 {
            return wild(rng, n);
        }
        match &self.phase {
            Phase::Lobby => {
                let count = 3 + rng.below(5);
                let mut knights = Knight::ALL.to_vec();
                rng.shuffle(&mut knights);
                knights.truncate(count);
                let loyalty =
                    [LoyaltyMode::Standard, LoyaltyMode::TraitorAmongUs, LoyaltyMode::NoTraitor][rng.below(3)];
                Command::Setup(Setup {
                    knights,
                    names: vec![],
                    loyalty,
                    scan_loyalty: rng.below(3) != 0,
                    youngest: Some(Seat(rng.below(count) as u8)),
                    rules: None,
                })
            }
            Phase::LoyaltyScan => {
                if rng.below(20) == 0 {
                    return Command::SkipLoyaltyScan;
                }
                let card = if rng.below(5) == 0 {
                    "soc/loyalty/traitor".to_string()
                } else {
                    format!("soc/loyalty/loyal-{}", 1 + rng.below(7))
                };
                Command::LoyaltyCard { card }
            }
            Phase::Ended { .. } => Command::EndTurn,
            Phase::Play => {
                if !self.dying.is_empty() {
                    return Command::Grail { drink: rng.below(2) == 0 };
                }
                if let Some(p) = &self.pending {
                    return match p {
                        Pending::BlackChoice { .. } => Command::PlaceBlack {
                            face_down: rng.below(2) == 0,
                            war: Some([QuestId::Picts, QuestId::Saxons][rng.below(2)]),
                        },
                        Pending::Merlin { .. } => {
                            if rng.below(3) == 0 {
                                Command::CancelWithMerlin { from: (0..3).map(|_| seat(rng)).collect() }
                            } else {
                                Command::LetStand
                            }
                        }
                        Pending::SiegeRoll { .. } => Command::RollDie,
                        Pending::Kay { .. } => {
                            Command::Kay { value: (rng.below(2) == 0).then(|| 1 + rng.below(5) as u8) }
                        }
                        Pending::Accusation { .. } => match rng.below(3) {
                            0 => Command::ConfirmLoyalty { traitor: rng.below(2) == 0 },
                            1 => Command::ShowLoyalty { card: "soc/loyalty/traitor".into() },
                            _ => Command::ShowLoyalty { card: "soc/loyalty/loyal-2".into() },
                        },
                        Pending::TraitorCheck => {
                            Command::DeclareTraitor { seat: (rng.below(2) == 0).then(|| seat(rng)) }
                        }
                    };
                }
                let Some(t) = &self.turn else { return Command::EndTurn };
                if !t.evil_done {
                    return match rng.below(10) {
                        0..=4 => Command::BlackCard {
                            card: BLACK[rng.below(BLACK.len())].into(),
                            face_down: (rng.below(3) != 0).then(|| rng.below(2) == 0),
                            war: (rng.below(2) == 0).then(|| [QuestId::Picts, QuestId::Saxons][rng.below(2)]),
                        },
                        5..=7 => Command::AddSiegeEngine,
                        8 => Command::Peek,
                        _ => Command::LoseLife,
                    };
                }
                if !t.actions.is_empty() && rng.below(3) == 0 {
                    return if rng.below(4) == 0 { Command::Sacrifice } else { Command::EndTurn };
                }
                let place = self.knights[t.seat.index()].place.unwrap_or(Place::Camelot);
                let value = 1 + rng.below(5) as u8;
                match (place, rng.below(8)) {
                    (_, 0) => Command::Move { to: Place::ALL[rng.below(Place::ALL.len())] },
                    (_, 1) => Command::Heal,
                    (_, 2) if rng.below(4) == 0 => Command::Accuse { accused: seat(rng) },
                    (_, 2) => Command::PlaySpecial { card: "soc/white/heroism".into() },
                    (Place::Camelot, 3..=4) => Command::DrawWhite,
                    (Place::Camelot, _) => {
                        Command::SiegeFight { cards: (0..1 + rng.below(3)).map(|_| 1 + rng.below(5) as u8).collect() }
                    }
                    (Place::Grail, _) => Command::PlayGrail,
                    (Place::Excalibur, _) => Command::DiscardForExcalibur,
                    (Place::Picts, _) => Command::PlayFight { value: self.board.picts.ladder + 1 },
                    (Place::Saxons, _) => Command::PlayFight { value: self.board.saxons.ladder + 1 },
                    _ => Command::PlayFight { value },
                }
            }
        }
    }
}

fn wild(rng: &mut GameRng, n: usize) -> Command {
    let seat = Seat(rng.below(n + 2) as u8);
    match rng.below(12) {
        0 => Command::BlackCard {
            card: ["avalon/role/merlin", "soc/white/grail-1", "soc/black/nope", "x"][rng.below(4)].into(),
            face_down: None,
            war: None,
        },
        1 => Command::PlayFight { value: rng.below(8) as u8 },
        2 => Command::Accuse { accused: seat },
        3 => Command::CorrectHand { seat, cards: rng.below(15) as u8 },
        4 => Command::RollDie,
        5 => Command::Kay { value: Some(9) },
        6 => Command::Grail { drink: true },
        7 => Command::LetStand,
        8 => Command::SiegeFight { cards: vec![] },
        9 => Command::DeclareTraitor { seat: Some(seat) },
        10 => Command::PlaceBlack { face_down: true, war: Some(QuestId::Grail) },
        _ => Command::Sacrifice,
    }
}
