//! What the rules accept now ([`crate::Game::legal`]), from the checks
//! `decide` makes: the screen's buttons and the fuzzers are built from it.

use super::cards::Location;
use super::{texts, Command, Legends, Phase, Setup, Turn};
use crate::{Legal, Seat};

/// What an open command leaves to the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// The setup page's choices: colours, names, the first player, the
    /// decks' counts, facts known.
    Setup,
    /// A character from the hand laid on the reader: one of `cards`, the
    /// characters on no table, in no discard pile and in no zone.
    Character {
        /// The characters that may be in a hand now.
        cards: Vec<String>,
    },
    /// The event drawn, laid on the reader: one of `cards`, what the deck
    /// may give now (the final event when it is the last card of a full
    /// game's deck; else an event not seen yet, a card opening a special
    /// location in the advanced game only, a card of a level the game does
    /// not take left out once its facts are known).
    Event {
        /// The events the deck may give now.
        cards: Vec<String>,
    },
    /// A hand's count set right.
    HandCount,
    /// Facts learned for a card the game needs now.
    Facts,
    /// A character from the hand bid, laid on the reader: one of `cards`
    /// (as for [`Choice::Character`]).
    Bid {
        /// The characters that may be in a hand now.
        cards: Vec<String>,
    },
    /// The host's correction of the board, as a card's text says: a
    /// character taken off the table, moved, or a special card given.
    Fix,
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
            mode: super::Mode::default(),
        }
    }
}

impl Legends {
    /// The events the deck may give now (see [`Choice::Event`]).
    fn drawable(&self) -> Vec<String> {
        let catalog = crate::Catalog::builtin();
        // The final event lies under the others: it is the last card of a full game's deck.
        if self.mode().full() && self.event_deck == 1 {
            return catalog.by_kind(crate::GameKind::CamelotLegends, "final").map(|c| c.id.clone()).collect();
        }
        let takes = |card: &str| match super::sites::opens(card) {
            Some(_) => self.mode().takes("advanced"),
            None => self.facts.events.get(card).is_none_or(|f| self.mode().takes(&f.level)),
        };
        catalog
            .by_kind(crate::GameKind::CamelotLegends, "event")
            .map(|c| c.id.clone())
            .filter(|c| !self.seen(c) && takes(c))
            .collect()
    }

    /// The characters that may be in a hand now (see [`Choice::Character`]).
    fn in_hands(&self) -> Vec<String> {
        crate::Catalog::builtin()
            .by_kind(crate::GameKind::CamelotLegends, "character")
            .map(|c| c.id.clone())
            .filter(|c| self.where_is(c).is_none() && !self.seen(c) && self.laid.as_deref() != Some(c.as_str()))
            .collect()
    }

    /// See [`crate::Game::legal`].
    pub(super) fn legal_now(&self) -> Vec<Legal<Command, Choice>> {
        let mut out = Vec::new();
        if self.setup.is_none() {
            out.push(Legal::Open(Command::Setup(Setup::placeholder()), Choice::Setup));
            return out;
        }
        let learn = Legal::Open(Command::Learn { facts: super::Facts::default() }, Choice::Facts);
        if matches!(self.phase, Phase::Over { .. } | Phase::Setup) {
            out.push(learn);
            return out;
        }
        let fixes = match self.legal_waiting(&mut out) {
            Some(fixes) => fixes,
            None => {
                self.legal_play(&mut out);
                true
            }
        };
        if fixes {
            self.fixes(&mut out);
        }
        out.push(Legal::Open(Command::CorrectHand { seat: Seat(0), cards: 0 }, Choice::HandCount));
        out.push(learn);
        out
    }

    /// The moves of a window the game waits on before play goes on (an
    /// auction, the Black Knight's cover, a grant, a rescue, an effect's
    /// choice, a forfeit, a companion), if one is open: `Some(true)` when the
    /// host's fixes are offered beside them, `Some(false)` when not.
    fn legal_waiting(&self, out: &mut Vec<Legal<Command, Choice>>) -> Option<bool> {
        if let Some(a) = self.auction.as_ref().filter(|a| a.dagonet.is_some()) {
            for b in a.bids.iter().flatten() {
                out.push(Legal::Exact(Command::Replace { target: b.clone() }));
            }
            return Some(true);
        }
        if let Some(a) = &self.auction {
            let seat = a.to;
            if a.bids[seat.index()].len() < usize::from(a.max) {
                for l in self.open_places().into_iter().filter(|l| *l != Location::IsleOfAvalon) {
                    // Sir Dagonet is bid only in the place of a character bid.
                    let dagonet_placed = a.bids.iter().any(|b| !b.is_empty());
                    for c in self.company(seat, l).iter().filter(|c| dagonet_placed || *c != texts::DAGONET) {
                        out.push(Legal::Exact(Command::Bid { card: c.clone() }));
                    }
                }
                if self.players[seat.index()].hand > 0 {
                    out.push(Legal::Open(Command::Bid { card: String::new() }, Choice::Bid { cards: self.in_hands() }));
                }
            }
            out.push(Legal::Exact(Command::Pass));
            return Some(true);
        }
        if self.black_knight_waits() {
            if let Some(forest) = self.place(Location::PerilousForest) {
                for e in &forest.events {
                    out.push(Legal::Exact(Command::Cover { card: Some(e.clone()) }));
                }
            }
            out.push(Legal::Exact(Command::Cover { card: None }));
            return Some(true);
        }
        if let Some(g) = &self.grant {
            for c in self.grantees(g) {
                out.push(Legal::Exact(Command::Grant { card: c }));
            }
            return Some(true);
        }
        if let Some(r) = self.rescue() {
            if self.check_rescue(r).is_ok() {
                out.push(Legal::Exact(Command::Rescue { take: true }));
            }
            out.push(Legal::Exact(Command::Rescue { take: false }));
            return Some(false);
        }
        if let Some(p) = self.effect() {
            for a in self.resolutions(p) {
                out.push(Legal::Exact(Command::Resolve { card: a.card, seat: a.seat, to: a.to }));
            }
            return Some(false);
        }
        if let Some(seat) = self.forfeit_due() {
            for e in &self.players[seat.index()].zone {
                out.push(Legal::Exact(Command::Forfeit { event: e.clone() }));
            }
            return Some(true);
        }
        if self.companion_due {
            for c in self.potion_ladies() {
                out.push(Legal::Exact(Command::Companion { card: c }));
            }
            return Some(true);
        }
        None
    }

    /// The moves of play itself: placing the characters, a turn's draw and
    /// actions, its end.
    fn legal_play(&self, out: &mut Vec<Legal<Command, Choice>>) {
        let layer = match &self.phase {
            Phase::Over { .. } | Phase::Setup => None,
            Phase::Placing { seat, .. } => Some(*seat),
            Phase::Turn(Turn { drawn: false, .. }) => {
                out.push(Legal::Open(
                    Command::DrawEvent { card: String::new() },
                    Choice::Event { cards: self.drawable() },
                ));
                None
            }
            Phase::Turn(t) => self.legal_turn(t, out),
        };
        if let Some(seat) = layer {
            if let Some(card) = &self.laid {
                if self.check_character(seat, card).is_ok() {
                    let only = self.lunete_only();
                    let fits = |l: Location| only.is_none_or(|at| at == l && self.lunete_free(card, l));
                    for l in self.playable().into_iter().filter(|l| self.room(seat, *l, 1) && fits(*l)) {
                        out.push(Legal::Exact(Command::Play { location: l }));
                    }
                }
                for target in self.replace_targets() {
                    out.push(Legal::Exact(Command::Replace { target }));
                }
            }
            if self.players[seat.index()].hand > 0 && self.playable().into_iter().any(|l| self.room(seat, l, 1)) {
                out.push(Legal::Open(
                    Command::Lay { card: String::new() },
                    Choice::Character { cards: self.in_hands() },
                ));
            }
        }
        if let Phase::Turn(Turn { drawn: true, .. }) = &self.phase {
            out.push(Legal::Exact(Command::EndTurn));
            if self.event_deck == 0 {
                out.push(Legal::Exact(Command::EndGame));
            }
        }
    }
}
