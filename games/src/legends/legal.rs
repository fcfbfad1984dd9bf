//! What the rules accept now ([`crate::Game::legal`]), from the checks
//! `decide` makes: the screen's buttons and the fuzzers are built from it.

use super::cards::Location;
use super::{Command, Legends, Phase, Setup, Turn, ACTIONS, HAND};
use crate::{Legal, Seat};

/// What an open command leaves to the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// The setup page's choices: colours, names, the first player, the
    /// decks' counts, facts known.
    Setup,
    /// A character from the hand laid on the reader (any character of the
    /// introductory game not on the table).
    Character,
    /// The event drawn, laid on the reader.
    Event,
    /// A hand's count set right.
    HandCount,
    /// Facts learned for a card the game needs now.
    Facts,
}

impl Setup {
    /// A setup with placeholders, for [`crate::Game::legal`].
    pub fn placeholder() -> Setup {
        Setup {
            colours: Vec::new(),
            names: Vec::new(),
            first: None,
            events: 0,
            characters: 0,
            facts: super::Facts::default(),
        }
    }
}

impl Legends {
    /// See [`crate::Game::legal`].
    pub(super) fn legal_now(&self) -> Vec<Legal<Command, Choice>> {
        let mut out = Vec::new();
        if self.setup.is_none() {
            out.push(Legal::Open(Command::Setup(Setup::placeholder()), Choice::Setup));
            return out;
        }
        let learn = Legal::Open(Command::Learn { facts: super::Facts::default() }, Choice::Facts);
        let layer = match &self.phase {
            Phase::Over { .. } | Phase::Setup => {
                out.push(learn);
                return out;
            }
            Phase::Placing { seat, .. } => Some(*seat),
            Phase::Turn(Turn { drawn: false, .. }) => {
                out.push(Legal::Open(Command::DrawEvent { card: String::new() }, Choice::Event));
                None
            }
            Phase::Turn(t) => {
                let seat = t.seat;
                if t.actions == 0 {
                    for l in Location::ALL.into_iter().filter(|l| !t.completed.contains(l)) {
                        for e in &self.places[l as usize].events {
                            if self.shortfall(seat, l, e).is_none() {
                                out.push(Legal::Exact(Command::Complete { card: e.clone() }));
                            }
                        }
                    }
                }
                if t.actions < ACTIONS {
                    if self.players[seat.index()].hand < HAND && self.character_deck > 0 {
                        out.push(Legal::Exact(Command::DrawCharacter));
                    }
                    self.moves(seat, &mut out);
                    Some(seat)
                } else {
                    None
                }
            }
        };
        if let Some(seat) = layer {
            if let Some(card) = &self.laid {
                if self.check_character(seat, card).is_ok() {
                    for l in Location::ALL.into_iter().filter(|l| self.room(seat, *l, 1)) {
                        out.push(Legal::Exact(Command::Play { location: l }));
                    }
                }
            }
            if self.players[seat.index()].hand > 0 && Location::ALL.into_iter().any(|l| self.room(seat, l, 1)) {
                out.push(Legal::Open(Command::Lay { card: String::new() }, Choice::Character));
            }
        }
        if let Phase::Turn(Turn { drawn: true, .. }) = &self.phase {
            out.push(Legal::Exact(Command::EndTurn));
            if self.event_deck == 0 {
                out.push(Legal::Exact(Command::EndGame));
            }
        }
        out.push(Legal::Open(Command::CorrectHand { seat: Seat(0), cards: 0 }, Choice::HandCount));
        out.push(learn);
        out
    }

    /// Every move of one or two of `seat`'s characters from one location
    /// to another with room.
    fn moves(&self, seat: Seat, out: &mut Vec<Legal<Command, Choice>>) {
        for from in Location::ALL {
            let company = self.company(seat, from);
            let mut groups: Vec<Vec<String>> = company.iter().map(|c| vec![c.clone()]).collect();
            for (i, a) in company.iter().enumerate() {
                for b in &company[i + 1..] {
                    groups.push(vec![a.clone(), b.clone()]);
                }
            }
            for to in Location::ALL.into_iter().filter(|&t| t != from) {
                for g in &groups {
                    if self.room(seat, to, g.len()) {
                        out.push(Legal::Exact(Command::Move { cards: g.clone(), to }));
                    }
                }
            }
        }
    }
}
