//! Random commands for the property tests: drawn from what `legal` lists,
//! the open ones filled with values a table would give (now and then wrong
//! ones), with a share of wild commands that must be refused without harm.

use super::legal::Choice;
use super::quests::QuestId;
use super::{Command, Knight, LoyaltyMode, Setup, Soc};
use crate::testkit::Fuzz;
use crate::{GameRng, Legal, Seat};

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

const SPECIAL_WHITE: [&str; 4] = ["soc/white/heroism", "soc/white/fate", "soc/white/convocation", "soc/white/fight-3"];

fn war(rng: &mut GameRng) -> QuestId {
    [QuestId::Picts, QuestId::Saxons][rng.below(2)]
}

impl Fuzz for Soc {
    fn fill(&self, command: &Command, choice: &Choice, rng: &mut GameRng) -> Command {
        let n = self.players().max(1);
        match (choice, command) {
            (Choice::Setup, _) => {
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
            (Choice::LoyaltyCard, Command::ShowLoyalty { .. }) => {
                let card = ["soc/loyalty/traitor", "soc/loyalty/loyal-2"][rng.below(2)];
                Command::ShowLoyalty { card: card.into() }
            }
            (Choice::LoyaltyCard, _) => {
                let card = if rng.below(5) == 0 {
                    "soc/loyalty/traitor".to_string()
                } else {
                    format!("soc/loyalty/loyal-{}", 1 + rng.below(7))
                };
                Command::LoyaltyCard { card }
            }
            (Choice::BlackCard, _) => Command::BlackCard {
                card: BLACK[rng.below(BLACK.len())].into(),
                face_down: (rng.below(3) != 0).then(|| rng.below(2) == 0),
                war: (rng.below(2) == 0).then(|| war(rng)),
            },
            (Choice::SpecialWhite, _) => {
                Command::PlaySpecial { card: SPECIAL_WHITE[rng.below(SPECIAL_WHITE.len())].into() }
            }
            (Choice::FightCards { values, most }, _) => {
                // Now and then one card more than the hand holds.
                let most = usize::from(*most).clamp(1, 3) + usize::from(rng.below(10) == 0);
                let (low, high) = (usize::from(*values.start()), usize::from(*values.end()));
                let cards = (0..1 + rng.below(most)).map(|_| (low + rng.below(high - low + 1)) as u8).collect();
                Command::SiegeFight { cards }
            }
            (Choice::Merlin { cards, givers }, _) => {
                let mut from = Vec::new();
                if rng.below(5) == 0 {
                    from.extend((0..*cards).map(|_| Seat(rng.below(n + 1) as u8)));
                } else {
                    let mut pool: Vec<Seat> = givers.iter().flat_map(|&(s, k)| (0..k).map(move |_| s)).collect();
                    rng.shuffle(&mut pool);
                    from.extend(pool.into_iter().take(usize::from(*cards)));
                }
                Command::CancelWithMerlin { from }
            }
            (Choice::HandCount { most }, Command::CorrectHand { seat, .. }) => {
                let cards = if rng.below(10) == 0 { rng.below(usize::from(*most) + 5) } else { rng.below(15) };
                Command::CorrectHand { seat: *seat, cards: cards.min(255) as u8 }
            }
            (Choice::HandCount { .. }, other) => other.clone(),
            (Choice::Correction { engines, black, swords, life, .. }, _) => {
                use super::{Correction, Place};
                let seat = Seat(rng.below(n + 1) as u8);
                // Within the tracks the engine names, now and then one past.
                let up_to = |rng: &mut GameRng, top: u8| rng.below(usize::from(top) + 2) as u8;
                let correction = match rng.below(4) {
                    0 => Correction::Life { seat, life: up_to(rng, *life) },
                    1 => Correction::Siege { engines: up_to(rng, *engines) },
                    2 => Correction::Swords { white: up_to(rng, *swords), black: up_to(rng, *black) },
                    _ => Correction::Place { seat, place: Place::ALL[rng.below(Place::ALL.len())] },
                };
                Command::Correct { correction }
            }
        }
    }

    fn wild(&self, rng: &mut GameRng) -> Command {
        let n = self.players().max(1);
        let seat = Seat(rng.below(n + 2) as u8);
        match rng.below(16) {
            0 => Command::BlackCard {
                card: ["avalon/role/merlin", "soc/white/grail-1", "soc/black/nope", "x"][rng.below(4)].into(),
                face_down: None,
                war: None,
            },
            1 => Command::PlayFight { value: rng.below(8) as u8 },
            2 => Command::Accuse { accused: seat },
            3 => Command::Move { to: super::Place::ALL[rng.below(super::Place::ALL.len())] },
            4 => Command::RollDie,
            5 => Command::Kay { value: Some(9) },
            6 => Command::Grail { drink: true },
            7 => Command::LetStand,
            8 => Command::SiegeFight { cards: vec![] },
            9 => Command::DeclareTraitor { seat: Some(seat) },
            10 => Command::PlaceBlack { face_down: true, war: Some(QuestId::Grail) },
            11 => Command::Heal,
            12 => Command::EndTurn,
            13 => Command::Peek,
            14 => Command::LoseLife,
            _ => Command::Sacrifice,
        }
    }

    /// The table plays far more than it corrects a hand or accuses: a
    /// knight mostly does what their place offers rather than travel; the
    /// evil step draws a black card more often than not; the loyalty cards
    /// are seldom left untapped.
    fn weight(&self, legal: &Legal<Command, Choice>) -> u32 {
        match legal.command() {
            Command::CorrectHand { .. } | Command::Correct { .. } | Command::SkipLoyaltyScan => 1,
            Command::Accuse { .. } => 8,
            Command::Move { .. } => 12,
            Command::LoseLife => 30,
            Command::Peek => 40,
            Command::PlaySpecial { .. } | Command::Sacrifice => 60,
            Command::AddSiegeEngine | Command::EndTurn => 120,
            Command::LoyaltyCard { .. }
            | Command::DrawWhite
            | Command::SiegeFight { .. }
            | Command::PlayGrail
            | Command::DiscardForExcalibur
            | Command::PlayFight { .. } => 160,
            Command::BlackCard { .. } => 200,
            _ => 80,
        }
    }

    /// A card that may go face down joins no war, and a Mercenaries card
    /// goes face up: the engine ignores the other value.
    fn same(&self, listed: &Command, given: &Command) -> bool {
        match (listed, given) {
            (Command::PlaceBlack { face_down: a, war: None }, Command::PlaceBlack { face_down: b, .. }) => a == b,
            (Command::PlaceBlack { war: Some(a), .. }, Command::PlaceBlack { war: b, .. }) => Some(*a) == *b,
            _ => listed == given,
        }
    }
}
