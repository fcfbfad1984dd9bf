//! What the rules accept now ([`crate::Game::legal`]), from the checks
//! `decide` makes: the screen's buttons and the fuzzers are built from it.
//!
//! The virtue cards in a hand are the player's alone, so the commands that
//! hand some in (the Court's Book, a quest's cards, a bid) are listed open:
//! the player names the cards and `decide` judges them.

use super::cards::{self, Action, ACTION_CARDS};
use super::{Command, Kak, Phase, Setup};
use crate::{Legal, Seat};

/// What an open command leaves to the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// The setup page's choices: knights, names, the ring.
    Setup,
    /// The quest turned face up from the pile.
    Reveal,
    /// The Book handed back at court.
    Book,
    /// The virtue cards handed in for this quest.
    QuestCards {
        /// The quest.
        quest: String,
    },
    /// Where to ride, for a horse whose reach is not known yet.
    Ride {
        /// The horse.
        horse: String,
    },
    /// The Swords and Lances a bidder shows.
    Bid {
        /// Who.
        seat: Seat,
    },
    /// Facts learned for a card the game needs now.
    Facts,
}

impl Kak {
    /// See [`crate::Game::legal`].
    pub(super) fn legal_now(&self) -> Vec<Legal<Command, Choice>> {
        let mut out = Vec::new();
        match &self.phase {
            Phase::Setup => {
                out.push(Legal::Open(Command::Setup(Setup::placeholder()), Choice::Setup));
                return out;
            }
            Phase::Over => return out,
            Phase::Ring => {
                let ring = self.setup.as_ref().map(|s| s.ring.clone()).unwrap_or_default();
                for card in cards::locations().filter(|l| !ring.contains(l)) {
                    out.push(Legal::Exact(Command::Lay { card }));
                }
            }
            Phase::Refill => out.push(Legal::Open(Command::Reveal { card: String::new() }, Choice::Reveal)),
            Phase::Picks { .. } => {
                if let Some(seat) = self.picking() {
                    for (card, _) in ACTION_CARDS {
                        if self.check_pick(seat, card).is_ok() {
                            out.push(Legal::Exact(Command::Pick { card: card.to_string() }));
                        }
                    }
                }
            }
            Phase::Actions { .. } => {
                if let Some(seat) = self.acting() {
                    self.legal_actions(seat, &mut out);
                }
            }
            Phase::Tournament { bidders, down, shown } => {
                for s in bidders {
                    if !down.contains(s) {
                        out.push(Legal::Exact(Command::BidDown { seat: *s }));
                    }
                }
                if down.len() == bidders.len() {
                    for s in bidders {
                        if !shown.contains_key(s) {
                            out.push(Legal::Open(
                                Command::Bid { seat: *s, cards: Vec::new() },
                                Choice::Bid { seat: *s },
                            ));
                        }
                    }
                }
            }
        }
        out.push(Legal::Open(Command::Learn { facts: super::Facts::default() }, Choice::Facts));
        out
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Legal<Command, Choice>>) {
        let p = &self.players[seat.index()];
        let holds =
            |a: Action| p.picked.iter().any(|c| Action::of_card(c) == Some(a)) && self.place_ok(seat, a).is_ok();
        for card in &self.supply {
            if let Some(v) = self.virtue_of(card) {
                if holds(Action::Training(v.virtue)) {
                    out.push(Legal::Exact(Command::Train { card: card.clone() }));
                }
            }
        }
        if holds(Action::RoundTable) {
            for quest in &self.open {
                out.push(Legal::Exact(Command::RoundTable { quest: quest.clone() }));
            }
        }
        if holds(Action::Court) {
            out.push(Legal::Open(Command::Court { card: String::new() }, Choice::Book));
        }
        if holds(Action::Quest) {
            for quest in &p.quests {
                let here =
                    self.facts.quests.get(quest).is_some_and(|q| self.location(seat) == Some(q.location.as_str()));
                if here {
                    out.push(Legal::Open(
                        Command::Quest { quest: quest.clone(), cards: Vec::new() },
                        Choice::QuestCards { quest: quest.clone() },
                    ));
                }
            }
        }
        let mut horses: Vec<&String> = p.picked.iter().filter(|c| Action::of_card(c) == Some(Action::Horse)).collect();
        horses.sort();
        horses.dedup();
        let ring = self.setup.as_ref().map(|s| s.ring.clone()).unwrap_or_default();
        for horse in horses {
            match self.facts.horses.get(horse) {
                Some(&reach) => {
                    for to in &ring {
                        let d = self.distance(seat, to).unwrap_or(0);
                        if d >= 1 && d <= reach {
                            out.push(Legal::Exact(Command::Ride { horse: horse.clone(), to: to.clone() }));
                        }
                    }
                }
                None => out.push(Legal::Open(
                    Command::Ride { horse: horse.clone(), to: String::new() },
                    Choice::Ride { horse: horse.clone() },
                )),
            }
        }
        out.push(Legal::Exact(Command::EndTurn));
    }
}

impl Setup {
    /// Three knights and the ring in the catalog's order: what an open
    /// setup command holds until the setup page fills it in.
    pub fn placeholder() -> Setup {
        Setup {
            knights: cards::knights().take(3).collect(),
            names: Vec::new(),
            ring: cards::locations().collect(),
            facts: super::Facts::default(),
        }
    }
}
