//! Random commands for the property tests, drawn from what `legal` lists.
//! The card facts here are test values, not the owner's cards: random
//! virtue cards (enough of value 1 for the deal), random reaches, random
//! quests within the declared ranges.

use super::cards::{self, Quest, Virtue, VirtueCard, ACTION_CARDS, OUTSIDE, QUESTS};
use super::legal::Choice;
use super::{Command, Facts, Kak, Phase, Setup};
use crate::testkit::Fuzz;
use crate::{GameRng, Legal, Seat};

/// Test facts: three value-1 cards of each virtue, six more of value 2
/// (random virtues), random reaches 2 to 4, random quests asking one or
/// two virtues for 3 to 8 points — not a real box.
pub fn test_facts(rng: &mut GameRng) -> Facts {
    let mut faces: Vec<VirtueCard> =
        Virtue::ALL.iter().flat_map(|&v| [VirtueCard { virtue: v, value: 1 }; 3]).collect();
    while faces.len() < cards::VIRTUE_CARDS {
        faces.push(VirtueCard { virtue: Virtue::ALL[rng.below(4)], value: 2 });
    }
    rng.shuffle(&mut faces);
    let virtues = cards::virtue_cards().zip(faces).collect();
    let horses = cards::horse_cards().map(|h| (h.to_string(), 2 + rng.below(3) as u8)).collect();
    let quests = QUESTS
        .iter()
        .map(|q| {
            let mut needs = [0u8; 4];
            for _ in 0..1 + rng.below(2) {
                needs[rng.below(4)] = 1 + rng.below(2) as u8;
            }
            let location = format!("kak/location/{}", OUTSIDE[rng.below(OUTSIDE.len())]);
            (q.to_string(), Quest { location, needs, points: 3 + rng.below(6) as u8 })
        })
        .collect();
    Facts { virtues, horses, quests, names: Default::default() }
}

fn any_card(rng: &mut GameRng) -> String {
    match rng.below(6) {
        0 => QUESTS[rng.below(QUESTS.len())].to_string(),
        1 => ACTION_CARDS[rng.below(ACTION_CARDS.len())].0.to_string(),
        2 => format!("kak/virtue/card-{}", 1 + rng.below(19)),
        3 => cards::locations().nth(rng.below(8)).unwrap_or_default(),
        4 => "avalon/role/merlin".to_string(),
        _ => "nottingham/item/gold-1".to_string(),
    }
}

impl Kak {
    /// The acting seat's hand (the fuzzer may look: it plays every seat).
    fn hand_of(&self) -> Vec<(String, VirtueCard)> {
        let Some(seat) = self.acting() else { return Vec::new() };
        self.players[seat.index()].hand.iter().filter_map(|c| Some((c.clone(), self.virtue_of(c)?))).collect()
    }
}

impl Fuzz for Kak {
    fn fill(&self, command: &Command, choice: &Choice, rng: &mut GameRng) -> Command {
        match choice {
            Choice::Setup => {
                let n = 2 + rng.below(3);
                let mut knights: Vec<String> = cards::knights().collect();
                rng.shuffle(&mut knights);
                knights.truncate(n);
                let mut ring: Vec<String> = cards::locations().collect();
                rng.shuffle(&mut ring);
                // Now and then the ring is left to the reader.
                if rng.below(3) == 0 {
                    ring.clear();
                }
                let mut facts = test_facts(rng);
                // Now and then quests and horses are learned during the game.
                if rng.below(3) == 0 {
                    facts.quests.retain(|_, _| rng.below(2) == 0);
                    facts.horses.retain(|_, _| rng.below(2) == 0);
                }
                Command::Setup(Setup { knights, names: Vec::new(), ring, facts })
            }
            Choice::Reveal => {
                let deck: Vec<&String> = self.deck.iter().collect();
                let card = if deck.is_empty() || rng.below(10) == 0 {
                    any_card(rng)
                } else {
                    deck[rng.below(deck.len())].clone()
                };
                Command::Reveal { card }
            }
            Choice::Book => {
                let books: Vec<String> =
                    self.hand_of().into_iter().filter(|(_, v)| v.virtue == Virtue::Book).map(|(c, _)| c).collect();
                let card = if books.is_empty() || rng.below(8) == 0 {
                    any_card(rng)
                } else {
                    books[rng.below(books.len())].clone()
                };
                Command::Court { card }
            }
            Choice::QuestCards { quest } => {
                let mut hand = self.hand_of();
                hand.sort_by_key(|c| std::cmp::Reverse(c.1.value));
                let mut cards = Vec::new();
                if let Some(q) = self.facts.quests.get(quest) {
                    for v in Virtue::ALL {
                        let mut sum = 0;
                        for (c, f) in hand.iter().filter(|(_, f)| f.virtue == v) {
                            if sum >= q.needs[v.index()] {
                                break;
                            }
                            sum += f.value;
                            cards.push(c.clone());
                        }
                    }
                }
                if rng.below(8) == 0 {
                    cards.push(any_card(rng));
                }
                Command::Quest { quest: quest.clone(), cards }
            }
            Choice::Ride { horse } => {
                let to = cards::locations().nth(rng.below(8)).unwrap_or_default();
                Command::Ride { horse: horse.clone(), to }
            }
            Choice::Bid { seat } => {
                let hand: Vec<&String> = self.players[seat.index()].hand.iter().collect();
                let mut cards = Vec::new();
                for c in hand {
                    let bids = self.virtue_of(c).is_some_and(|v| v.virtue.bids());
                    if (bids || rng.below(10) == 0) && rng.below(2) == 0 {
                        cards.push(c.clone());
                    }
                }
                if rng.below(10) == 0 {
                    cards.push(any_card(rng));
                }
                Command::Bid { seat: *seat, cards }
            }
            Choice::Facts => {
                // What is not known yet (a known fact is never re-learned
                // otherwise).
                let mut f = test_facts(rng);
                f.virtues.clear();
                f.quests.retain(|q, _| !self.facts.quests.contains_key(q));
                f.horses.retain(|h, _| !self.facts.horses.contains_key(h));
                if rng.below(10) == 0 {
                    // Now and then a fact in force, changed: refused.
                    f.quests = test_facts(rng).quests;
                }
                let _ = command;
                Command::Learn { facts: f }
            }
        }
    }

    fn wild(&self, rng: &mut GameRng) -> Command {
        let seat = Seat(rng.below(5) as u8);
        match rng.below(11) {
            0 => Command::Reveal { card: any_card(rng) },
            1 => Command::Pick { card: any_card(rng) },
            2 => Command::Train { card: any_card(rng) },
            3 => Command::RoundTable { quest: any_card(rng) },
            4 => Command::Court { card: any_card(rng) },
            5 => Command::Quest { quest: any_card(rng), cards: vec![any_card(rng)] },
            6 => Command::Ride { horse: any_card(rng), to: any_card(rng) },
            7 => Command::EndTurn,
            8 => Command::BidDown { seat },
            9 => Command::Bid { seat, cards: vec![any_card(rng)] },
            _ => Command::Setup(Setup::placeholder()),
        }
    }

    /// A virtue card trained stands for any card alike in the pile.
    fn same(&self, listed: &Command, given: &Command) -> bool {
        match (listed, given) {
            (Command::Train { card: a }, Command::Train { card: b }) => {
                a == b
                    || (cards::is_virtue_card(b)
                        && self.virtue_of(a).is_some()
                        && self.virtue_of(a) == self.virtue_of(b))
            }
            _ => listed == given,
        }
    }

    fn weight(&self, legal: &Legal<Command, Choice>) -> u32 {
        match legal.command() {
            Command::Learn { .. } => {
                // Learning matters when a quest or a horse waits for it.
                let missing = self.facts.quests.len() < QUESTS.len() || self.facts.horses.len() < 4;
                u32::from(missing && matches!(self.phase, Phase::Refill | Phase::Actions { .. }))
            }
            Command::Train { .. } => 10,
            Command::EndTurn => 1,
            // Peeking at the hand: an open command that would be refused
            // is drawn now and then, one that scores often.
            Command::Court { .. } => {
                if self.hand_of().iter().any(|(_, v)| v.virtue == Virtue::Book) {
                    30
                } else {
                    1
                }
            }
            Command::Quest { quest, .. } => {
                let mut have = [0u8; 4];
                for (_, v) in self.hand_of() {
                    have[v.virtue.index()] += v.value;
                }
                let ok = self.facts.quests.get(quest).is_some_and(|q| (0..4).all(|i| have[i] >= q.needs[i]));
                if ok {
                    30
                } else {
                    1
                }
            }
            // Random play scores slowly: the fuzzer rides towards its
            // quests and picks what scores, so that games end.
            Command::Ride { to, .. } => {
                let seat = self.acting().unwrap_or_default();
                let goal = self.players[seat.index()]
                    .quests
                    .iter()
                    .any(|q| self.facts.quests.get(q).is_some_and(|q| q.location == *to));
                if goal {
                    30
                } else if to == cards::CAMELOT {
                    10
                } else {
                    1
                }
            }
            Command::Pick { card } => match super::Action::of_card(card) {
                Some(super::Action::Quest | super::Action::Court) => 8,
                Some(super::Action::Horse | super::Action::RoundTable | super::Action::Training(_)) => 5,
                _ => 2,
            },
            _ => 3,
        }
    }
}
