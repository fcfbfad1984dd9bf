//! Random commands for the property tests, drawn from what `legal` lists.
//! The card facts here are test values, not the owner's cards: a random
//! path of the board's range, random points with the single pawn's higher.

use super::items::{item_ambush_cards, Colour, Commission, Facts, Item, Points};
use super::legal::Choice;
use super::{Command, Nottingham, Setup};
use crate::testkit::Fuzz;
use crate::{GameRng, Legal, Seat};

/// Test facts: a random path of 8 to 16 spaces valued 2 to 8, random
/// commission points, random item pairs (never Gold) — not a real board.
pub fn test_facts(rng: &mut GameRng) -> Facts {
    let spaces = 8 + rng.below(9);
    let path = (0..spaces).map(|_| 2 + rng.below(7) as u8).collect();
    let commissions = Commission::ALL
        .into_iter()
        .map(|c| {
            let shared = 10 + rng.below(15) as u8;
            (c, Points { alone: shared + 1 + rng.below(30 - usize::from(shared)) as u8, shared })
        })
        .collect();
    let no_gold: Vec<Item> = Item::ALL.into_iter().filter(|&i| i != Item::Gold).collect();
    let ambush_items = item_ambush_cards()
        .map(|card| {
            let a = rng.below(no_gold.len());
            let b = (a + 1 + rng.below(no_gold.len() - 1)) % no_gold.len();
            (card, [no_gold[a], no_gold[b]])
        })
        .collect();
    Facts { path, commissions, ambush_items }
}

fn item(rng: &mut GameRng) -> Item {
    Item::ALL[rng.below(Item::ALL.len())]
}

fn ambush_card(rng: &mut GameRng) -> String {
    match rng.below(13) {
        n @ 0..=6 => Colour::ALL[n].ambush_card(),
        n => format!("nottingham/ambush/items-{}", n - 6),
    }
}

impl Fuzz for Nottingham {
    fn fill(&self, command: &Command, choice: &Choice, rng: &mut GameRng) -> Command {
        match (choice, command) {
            (Choice::Setup, _) => {
                let n = 3 + rng.below(5);
                let mut colours = Colour::ALL.to_vec();
                rng.shuffle(&mut colours);
                colours.truncate(n);
                let mut facts = test_facts(rng);
                // Now and then points and pairs are learned during the game.
                if rng.below(3) == 0 {
                    facts.commissions.clear();
                    facts.ambush_items.clear();
                }
                Command::Setup(Setup { colours, names: Vec::new(), first: Seat(rng.below(n) as u8), facts })
            }
            (Choice::Drawn, _) => Command::Draw { item: item(rng) },
            (Choice::Trade { most }, _) => Command::Trade {
                item: item(rng),
                count: 3 + rng.below(usize::from(most.saturating_sub(2)).max(1)) as u8,
            },
            (Choice::AmbushCard { by }, _) => {
                let seat = if by.is_empty() || rng.below(4) == 0 { None } else { Some(by[rng.below(by.len())]) };
                Command::Spring { seat, card: ambush_card(rng) }
            }
            (Choice::HandCount { most, .. }, Command::CorrectHand { seat, .. }) => {
                Command::CorrectHand { seat: *seat, cards: rng.below(usize::from(*most) + 1) as u8 }
            }
            (Choice::HandCount { .. }, other) => other.clone(),
            (Choice::Facts, _) => Command::Learn { facts: test_facts(rng) },
            // One of the first copies, so that a card read twice happens.
            (Choice::Lay, _) => {
                Command::Lay { card: format!("nottingham/item/{}-{}", item(rng).slug(), 1 + rng.below(3)) }
            }
        }
    }

    fn wild(&self, rng: &mut GameRng) -> Command {
        let seat = Seat(rng.below(9) as u8);
        match rng.below(12) {
            10 => Command::Lay { card: format!("nottingham/item/{}-1", item(rng).slug()) },
            11 => Command::TakeBack,
            0 => Command::Draw { item: item(rng) },
            1 => Command::Act,
            2 => Command::Keep,
            3 => Command::Take { from: seat, defended: rng.below(2) == 0 },
            4 => Command::Trade { item: item(rng), count: rng.below(12) as u8 },
            5 => Command::Complete { commission: Commission::ALL[rng.below(4)] },
            6 => Command::Spring { seat: Some(seat), card: ambush_card(rng) },
            7 => Command::Barter { from: Some(seat), cards: rng.below(4) as u8 },
            8 => Command::Announce { seat },
            _ => Command::EndTurn,
        }
    }

    fn weight(&self, legal: &Legal<Command, Choice>) -> u32 {
        match legal.command() {
            Command::CorrectHand { .. } => 0,
            Command::Learn { .. } => 1,
            Command::EndTurn => 3,
            Command::Trade { .. } | Command::Complete { .. } => 6,
            Command::Spring { .. } => 4,
            Command::Lay { .. } => 3,
            Command::TakeBack => 1,
            _ => 2,
        }
    }
}
