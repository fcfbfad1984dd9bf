//! What the rules accept now ([`crate::Game::legal`]), from the checks
//! `decide` makes: the screen's buttons and the fuzzers are built from it.

use super::items::{Commission, Item};
use super::{Command, Nottingham, Step, Turn, MIN_TRADE};
use crate::{Legal, Seat};

/// What an open command leaves to the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// The setup page's choices: colours, names, the first player, the
    /// Sheriff's path.
    Setup,
    /// The card drawn: any item (laid on the reader or picked).
    Drawn,
    /// An exchange: one item, `MIN_TRADE` to `most` cards.
    Trade {
        /// Cards in hand.
        most: u8,
    },
    /// An ambush card shown, by one of `by`.
    AmbushCard {
        /// Who may spring one now.
        by: Vec<Seat>,
    },
    /// A hand's count set right: it holds `now`; the rules refuse more
    /// than `most` (the whole deck).
    HandCount {
        /// Cards Tavola counts in the hand now.
        now: u8,
        /// The most a hand may be set to.
        most: u8,
    },
    /// Facts learned for a card the game needs now.
    Facts,
    /// A card of the exchange laid on the reader: an item card not laid yet.
    Lay,
}

impl Nottingham {
    /// See [`crate::Game::legal`].
    pub(super) fn legal_now(&self) -> Vec<Legal<Command, Choice>> {
        let mut out = Vec::new();
        if self.setup.is_none() {
            out.push(Legal::Open(Command::Setup(super::Setup::placeholder()), Choice::Setup));
            return out;
        }
        let Some(Turn { seat, step, traded, laid }) = &self.turn else { return out };
        let seat = *seat;
        let exact = |out: &mut Vec<Legal<Command, Choice>>, c: Command| out.push(Legal::Exact(c));
        match step {
            Step::Draw => out.push(Legal::Open(Command::Draw { item: Item::CopperCoin }, Choice::Drawn)),
            Step::Drawn { item } => {
                exact(&mut out, Command::Keep);
                if self.check_act(seat, *item).is_ok() {
                    exact(&mut out, Command::Act);
                }
            }
            Step::Acting { action } => {
                let opponents = Seat::all(self.players()).filter(|&s| s != seat);
                match action {
                    super::Action::Buy => {
                        for s in self.victims(seat) {
                            exact(&mut out, Command::Buy { from: Some(s) });
                        }
                        exact(&mut out, Command::Buy { from: None });
                    }
                    super::Action::Barter => {
                        for s in opponents {
                            for cards in 1..=2 {
                                if self.players[s.index()].hand >= cards {
                                    exact(&mut out, Command::Barter { from: Some(s), cards });
                                }
                            }
                        }
                        if self.victims(seat).next().is_none() {
                            exact(&mut out, Command::Barter { from: None, cards: 1 });
                        }
                    }
                    _ => {
                        for from in self.victims(seat) {
                            exact(&mut out, Command::Target { from });
                            // The same in one command, for a script or the host.
                            for defended in [false, true] {
                                exact(&mut out, Command::Take { from, defended });
                            }
                        }
                    }
                }
            }
            Step::Defence { .. } => {
                for defended in [true, false] {
                    exact(&mut out, Command::Defend { defended });
                }
            }
            Step::Ambushes { open, announced, .. } => {
                let by: Vec<Seat> = match announced {
                    Some(a) => vec![*a],
                    None => open.iter().copied().collect(),
                };
                out.push(Legal::Open(Command::Spring { seat: None, card: String::new() }, Choice::AmbushCard { by }));
                if announced.is_none() {
                    for &s in open {
                        exact(&mut out, Command::Announce { seat: s });
                    }
                }
                for &s in open {
                    if *announced != Some(s) {
                        exact(&mut out, Command::Pass { seat: s });
                    }
                }
                exact(&mut out, Command::CloseAmbushes);
            }
            Step::Free => {
                let hand = self.players[seat.index()].hand;
                if !traded {
                    let items: Vec<Item> = laid.iter().map(|(_, i)| *i).collect();
                    if usize::from(hand) > items.len() {
                        out.push(Legal::Open(Command::Lay { card: String::new() }, Choice::Lay));
                    }
                    match items.first() {
                        // Nothing laid: any exchange the hand allows, named on screen.
                        None if hand >= MIN_TRADE => {
                            let trade = Command::Trade { item: Item::CopperCoin, count: MIN_TRADE };
                            out.push(Legal::Open(trade, Choice::Trade { most: hand.min(super::items::COPIES) }));
                        }
                        None => {}
                        // The cards laid: their exchange, if they are alike.
                        Some(&first) => {
                            let count = items.len() as u8;
                            if (MIN_TRADE..=super::items::COPIES).contains(&count) && items.iter().all(|&i| i == first)
                            {
                                exact(&mut out, Command::Trade { item: first, count });
                            }
                        }
                    }
                    for c in Commission::ALL {
                        let done = self.completed(c);
                        let fits = items.is_empty() || c.is_made_of(&items);
                        if done.len() < 2 && !done.contains(&seat) && hand >= c.cards() && fits {
                            exact(&mut out, Command::Complete { commission: c });
                        }
                    }
                    if !items.is_empty() {
                        exact(&mut out, Command::TakeBack);
                    }
                }
                exact(&mut out, Command::EndTurn);
            }
        }
        for s in Seat::all(self.players()) {
            let now = self.players.get(s.index()).map_or(0, |p| p.hand);
            let choice = Choice::HandCount { now, most: super::items::DECK };
            out.push(Legal::Open(Command::CorrectHand { seat: s, cards: 0 }, choice));
        }
        out.push(Legal::Open(Command::Learn { facts: super::Facts::default() }, Choice::Facts));
        out
    }
}

impl super::Setup {
    /// Three players, red, yellow and green, and a placeholder path: what
    /// an open setup command holds until the setup page fills it in.
    pub fn placeholder() -> super::Setup {
        use super::items::Colour;
        super::Setup {
            colours: vec![Colour::Red, Colour::Yellow, Colour::Green],
            names: Vec::new(),
            first: Seat(0),
            facts: super::Facts::default(),
        }
    }
}
