//! Random commands for the property tests, drawn from what `legal` lists.
//! The card facts here are test values, not the owner's cards: random
//! skills from -1 to 6, random requirements from 6 to 18, random points.

use super::cards::{
    CharacterFacts, EventFacts, EventType, Facts, Location, Mode, Requirement, Skill, Special, INTRODUCTORY,
};
use super::legal::Choice;
use super::{Colour, Command, Legends, Setup};
use crate::testkit::Fuzz;
use crate::{Catalog, GameKind, GameRng, Legal, Seat};

/// The ids of the catalog's cards of one kind.
pub fn ids(kind: &str) -> Vec<String> {
    Catalog::builtin().by_kind(GameKind::CamelotLegends, kind).map(|c| c.id.clone()).collect()
}

/// Test facts for a character: random skills, mostly of the introductory
/// game.
pub fn test_character(rng: &mut GameRng) -> CharacterFacts {
    let mut skills = [0i8; 6];
    for s in &mut skills {
        *s = rng.below(8) as i8 - 1;
    }
    let alliances = super::cards::ALLIANCES;
    CharacterFacts {
        skills,
        alliance: alliances[rng.below(alliances.len())].to_string(),
        second_alliance: None,
        gender: if rng.below(3) == 0 { "female" } else { "male" }.to_string(),
        level: if rng.below(12) == 0 { "normal" } else { INTRODUCTORY }.to_string(),
    }
}

/// Test facts for an event: mostly a location event with one or two
/// requirements.
pub fn test_event(rng: &mut GameRng) -> EventFacts {
    let event_type = match rng.below(12) {
        0 => EventType::Special,
        1 => EventType::Heraldic,
        2 => EventType::Bidding,
        _ => EventType::Location,
    };
    let first = Skill::ALL[rng.below(6)];
    let mut requirements = vec![Requirement { skill: first, needed: 6 + rng.below(13) as u8 }];
    if rng.below(3) == 0 {
        let second = Skill::ALL[(first as usize + 1 + rng.below(5)) % 6];
        requirements.push(Requirement { skill: second, needed: 6 + rng.below(13) as u8 });
    }
    EventFacts {
        event_type,
        location: (event_type == EventType::Location).then(|| Location::ALL[rng.below(3)]),
        requirements,
        victory_points: 1 + rng.below(6) as u8,
        level: if rng.below(15) == 0 { "advanced" } else { INTRODUCTORY }.to_string(),
    }
}

/// Test facts for every character and event (or, now and then, some).
pub fn test_facts(rng: &mut GameRng, share: usize) -> Facts {
    let mut f = Facts::default();
    for c in ids("character") {
        let facts = test_character(rng);
        if rng.below(100) < share {
            f.characters.insert(c, facts);
        }
    }
    for e in ids("event") {
        let mut facts = test_event(rng);
        // A single knight's event is a location event: its place is asked.
        if super::cards::single_knight(&e) {
            facts.event_type = EventType::Location;
            // (Its place from its first requirement: no draw of its own, so
            // that the cards after it get the numbers they always had.)
            let at = facts.requirements.first().map_or(0, |r| usize::from(r.needed) % 3);
            facts.location = Some(Location::ALL[at]);
        }
        if rng.below(100) < share {
            f.events.insert(e, facts);
        }
    }
    // The final events: one or two requirements at their own place.
    for e in ids("final") {
        let mut facts = test_event(rng);
        facts.event_type = EventType::Location;
        facts.location = Some(Location::Final);
        facts.level = "normal".into();
        if rng.below(100) < share {
            f.events.insert(e, facts);
        }
    }
    // The special cards' points, which a full game asks before it starts.
    for s in Special::ALL {
        f.specials.insert(s.card(), 1 + rng.below(6) as u8);
    }
    // Only what the owner's forms take: no facts for a card that asks
    // none (the Isle of Avalon).
    let book = f.to_book();
    let cards = Catalog::builtin();
    f.events.retain(|card, _| {
        book.get(card).is_some_and(|b| crate::facts::check(super::cards::FACTS, cards, card, b).is_ok())
    });
    f
}

fn pick(list: &[String], rng: &mut GameRng) -> String {
    list[rng.below(list.len())].clone()
}

impl Fuzz for Legends {
    fn fill(&self, command: &Command, choice: &Choice, rng: &mut GameRng) -> Command {
        match (choice, command) {
            (Choice::Setup, _) => {
                let n = 2 + rng.below(3);
                let mut colours = Colour::ALL.to_vec();
                rng.shuffle(&mut colours);
                colours.truncate(n);
                let share = if rng.below(3) == 0 { 70 } else { 100 };
                Command::Setup(Setup {
                    colours,
                    names: Vec::new(),
                    first: (rng.below(2) == 0).then(|| Seat(rng.below(n) as u8)),
                    events: 4 + rng.below(20) as u8,
                    characters: (5 * n + rng.below(60 - 5 * n + 1)) as u8,
                    facts: test_facts(rng, share),
                    mode: match rng.below(6) {
                        0..=3 => Mode::Introductory,
                        4 => Mode::Normal,
                        _ => Mode::Advanced,
                    },
                })
            }
            (Choice::Character { .. }, _) => {
                let free: Vec<String> =
                    ids("character").into_iter().filter(|c| self.where_is(c).is_none() || rng.below(20) == 0).collect();
                Command::Lay { card: pick(&free, rng) }
            }
            (Choice::Event { .. }, _) => {
                // The final event is the deck's last card.
                let kind =
                    if self.mode().full() && self.decks().0 == 1 && rng.below(10) > 0 { "final" } else { "event" };
                let fresh: Vec<String> =
                    ids(kind).into_iter().filter(|c| !self.seen(c) || rng.below(20) == 0).collect();
                Command::DrawEvent { card: pick(&fresh, rng) }
            }
            (Choice::Bid { .. }, _) => {
                let free: Vec<String> =
                    ids("character").into_iter().filter(|c| self.where_is(c).is_none() || rng.below(20) == 0).collect();
                Command::Bid { card: pick(&free, rng) }
            }
            (Choice::Fix, _) => {
                let on: Vec<String> = ids("character").into_iter().filter(|c| self.where_is(c).is_some()).collect();
                let card = if on.is_empty() { pick(&ids("character"), rng) } else { pick(&on, rng) };
                match rng.below(3) {
                    0 => Command::Remove { card, to_hand: rng.below(2) == 0 },
                    1 => Command::Relocate {
                        card,
                        to: Location::EVERY[rng.below(4)],
                        seat: (rng.below(3) == 0).then(|| Seat(rng.below(4) as u8)),
                    },
                    _ => Command::GiveSpecial {
                        special: Special::ALL[rng.below(3)],
                        card: (rng.below(4) > 0).then_some(card),
                    },
                }
            }
            (Choice::HandCount, _) => {
                Command::CorrectHand { seat: Seat(rng.below(5) as u8), cards: rng.below(7) as u8 }
            }
            // A few cards learned at a time, as a table meets them.
            (Choice::Facts, _) => Command::Learn { facts: test_facts(rng, 5) },
        }
    }

    fn wild(&self, rng: &mut GameRng) -> Command {
        let character = || ids("character");
        match rng.below(16) {
            0 => Command::Lay { card: pick(&character(), rng) },
            1 => Command::Play { location: Location::ALL[rng.below(3)] },
            2 => Command::DrawEvent { card: pick(&ids("event"), rng) },
            3 => Command::Complete { card: pick(&ids("event"), rng) },
            4 => Command::DrawCharacter,
            5 => {
                let n = rng.below(4);
                Command::Move {
                    cards: (0..n).map(|_| pick(&character(), rng)).collect(),
                    to: Location::ALL[rng.below(3)],
                }
            }
            6 if rng.below(2) == 0 => Command::Raid {
                card: pick(&[super::texts::MORGAUSE.to_string(), super::texts::BREUNIS.to_string()], rng),
                seat: Seat(rng.below(4) as u8),
            },
            6 if rng.below(2) == 0 => Command::Replace { target: pick(&character(), rng) },
            6 if rng.below(2) == 0 => Command::Renounce { card: super::texts::BALIN.into() },
            6 if rng.below(2) == 0 => Command::Forfeit { event: pick(&ids("event"), rng) },
            6 if rng.below(2) == 0 => Command::Rescue { take: rng.below(2) == 0 },
            6 if rng.below(2) == 0 => Command::Hunt { to: Location::EVERY[rng.below(4)] },
            6 if rng.below(2) == 0 => Command::Resolve {
                card: (rng.below(2) == 0).then(|| pick(&character(), rng)),
                seat: (rng.below(2) == 0).then(|| Seat(rng.below(4) as u8)),
                to: (rng.below(2) == 0).then(|| Location::ALL[rng.below(3)]),
            },
            6 => Command::EndGame,
            7 => Command::Lay { card: "soc/white/grail-1".into() },
            8 => Command::Complete { card: "legends/character/merlin".into() },
            9 => Command::Bid { card: pick(&character(), rng) },
            10 => Command::Pass,
            11 => Command::Use {
                card: pick(&character(), rng),
                target: (rng.below(2) == 0).then(|| pick(&character(), rng)),
                skill: (rng.below(2) == 0).then(|| Skill::ALL[rng.below(6)]),
            },
            12 => Command::DrawEvent { card: pick(&ids("final"), rng) },
            13 => Command::Strike { card: pick(&character(), rng), target: pick(&character(), rng) },
            14 => Command::Ward { card: "legends/character/lady-lyonesse".into(), target: pick(&character(), rng) },
            15 => match rng.below(6) {
                4 => {
                    Command::Recall { card: pick(&[super::texts::HELLAWES.to_string(), pick(&character(), rng)], rng) }
                }
                5 => Command::Summon { card: super::texts::BRAGWAINE.into(), target: pick(&character(), rng) },
                0 => Command::Companion { card: pick(&character(), rng) },
                1 => Command::Spell {
                    card: pick(&[super::texts::ETTARD.to_string(), super::texts::NIMUE.to_string()], rng),
                    target: pick(&character(), rng),
                },
                2 => Command::Crown {
                    card: pick(&[super::texts::ARTHUR.to_string(), super::texts::ARCHBISHOP.to_string()], rng),
                    event: (rng.below(2) == 0).then(|| pick(&ids("event"), rng)),
                },
                _ => Command::Scrap { card: super::texts::COTE_MALE_TAILE.into(), event: pick(&ids("event"), rng) },
            },
            _ => Command::EndTurn,
        }
    }

    fn weight(&self, legal: &Legal<Command, Choice>) -> u32 {
        match legal.command() {
            Command::CorrectHand { .. } => 0,
            Command::Remove { .. } | Command::Relocate { .. } | Command::GiveSpecial { .. } => 1,
            c if c.is_ability() => 3,
            Command::Replace { .. } => 3,
            Command::Bid { .. } | Command::Pass => 5,
            Command::Grant { .. } | Command::Companion { .. } => 5,
            Command::Learn { .. } => 1,
            Command::EndGame => 1,
            Command::EndTurn => 2,
            Command::Complete { .. } => 20,
            Command::Play { .. } | Command::Lay { .. } => 6,
            Command::DrawEvent { .. } | Command::DrawCharacter => 6,
            _ => 1,
        }
    }

    fn same(&self, listed: &Command, given: &Command) -> bool {
        match (listed, given) {
            (Command::Move { cards: a, to: x }, Command::Move { cards: b, to: y }) => {
                let (mut a, mut b) = (a.clone(), b.clone());
                a.sort();
                b.sort();
                a == b && x == y
            }
            _ => listed == given,
        }
    }
}
