//! Setting up: the table's choices checked, the cards put away, the tents
//! and the deal drawn by lot; the ring laid on the reader; the owner's
//! card facts.

use super::cards::{self, CAMELOT, QUESTS};
use super::{dealt_ones, err, Command, Draft, Event, Facts, Kak, KakError, Phase, Player, Res, Virtue};
use super::{MAX_PLAYERS, MIN_PLAYERS, RING};
use crate::catalog::Catalog;
use crate::setup::{LaidCards, SeatChoice, SetupAnswers, SetupSpec};
use crate::{CommonError, GameRng, Named, Seat};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use tavola_words::msg;

/// The table's choices at setup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The knight each seat chose (its card), one per player.
    pub knights: Vec<String>,
    /// Players' names, by seat (empty: the seat's number).
    #[serde(default)]
    pub names: Vec<String>,
    /// The eight locations as laid in the circle, clockwise; empty: they
    /// are laid on the reader one after the other once the cards are dealt
    /// ([`Command::Lay`]).
    pub ring: Vec<String>,
    /// The owner's card facts known now (every virtue card at least).
    #[serde(default)]
    pub facts: Facts,
}

impl Kak {
    pub(super) fn check_setup(&self, s: &Setup) -> Res<()> {
        if self.setup.is_some() {
            return Err(CommonError::AlreadyStarted.into());
        }
        let n = s.knights.len();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
            return Err(err(KakError::PlayerCount { players: n }));
        }
        let all: Vec<String> = cards::knights().collect();
        if let Some(k) = s.knights.iter().find(|k| !all.contains(k)) {
            Self::kak_card(k)?;
            return Err(err(KakError::NotAKnight { card: k.clone() }));
        }
        if s.knights.iter().collect::<BTreeSet<_>>().len() != n {
            return Err(err(KakError::KnightTwice));
        }
        if s.names.len() > n {
            return Err(err(KakError::TooManyNames { players: n }));
        }
        // "Piazzate le carte luogo in circolo".
        let mut seen = BTreeSet::new();
        for l in &s.ring {
            if !cards::is_location(l) {
                Self::kak_card(l)?;
                return Err(err(KakError::NotALocation { card: l.clone() }));
            }
            if !seen.insert(l) {
                return Err(err(KakError::LocationTwice { card: l.clone() }));
            }
        }
        if !s.ring.is_empty() && s.ring.len() != RING {
            return Err(err(KakError::RingSize { count: s.ring.len() }));
        }
        // Every virtue card is needed now: the deal takes those of value 1.
        let missing: Vec<String> = cards::virtue_cards().filter(|c| !s.facts.virtues.contains_key(c)).collect();
        if !missing.is_empty() {
            return Err(CommonError::FactsNeeded { cards: missing }.into());
        }
        let put_away = usize::from(n < 4);
        for v in Virtue::ALL {
            let found = s.facts.virtues.values().filter(|c| c.virtue == v && c.value == 1).count();
            let needed = dealt_ones(n)[v.index()] + put_away;
            if found < needed {
                return Err(err(KakError::TooFewOnes { virtue: v, needed, found }));
            }
        }
        Ok(())
    }

    /// The setup's lots: the cards put away, the tents, the deal.
    pub(super) fn set_up(s: &Setup, rng: &mut GameRng) -> Event {
        let n = s.knights.len();
        let mut removed = Vec::new();
        let mut ones: BTreeMap<Virtue, Vec<String>> = BTreeMap::new();
        for (card, v) in &s.facts.virtues {
            if v.value == 1 {
                ones.entry(v.virtue).or_default().push(card.clone());
            }
        }
        // "Preparazione", at 2 or 3 players: "mettete via" one A, one G, one
        // P and one virtue card of value 1 of each virtue.
        if n < 4 {
            removed.push("kak/action/round-table-2".to_string());
            removed.push("kak/action/court-2".to_string());
            let horses: Vec<&str> = cards::horse_cards().collect();
            removed.push(horses[rng.below(horses.len())].to_string());
            for v in Virtue::ALL {
                let pile = ones.entry(v).or_default();
                let i = rng.below(pile.len());
                removed.push(pile.remove(i));
            }
        }
        // "Preparazione": the value-1 cards "mescolatele e datene 2".
        let mut deal = Vec::new();
        for v in Virtue::ALL {
            let pile = ones.entry(v).or_default();
            for _ in 0..dealt_ones(n)[v.index()] {
                let i = rng.below(pile.len());
                deal.push(pile.remove(i));
            }
        }
        rng.shuffle(&mut deal);
        let dealt = deal.chunks(2).map(<[String]>::to_vec).collect();
        // "Preparazione": "Mescolate le tende".
        let mut tents: Vec<Seat> = Seat::all(n).collect();
        rng.shuffle(&mut tents);
        Event::SetUp { setup: s.clone(), removed, tents, dealt }
    }

    /// Checks the facts given against the declared kinds and the catalog.
    pub(super) fn check_facts(f: &Facts, cards: &Catalog) -> Res<()> {
        crate::facts::check_book(cards::FACTS, cards, &f.to_book())
            .map(|_| ())
            .map_err(|error| err(KakError::BadFacts { error }))
    }

    /// A location of the ring laid.
    pub(super) fn decide_ring(&self, c: &Command, d: &mut Draft) -> Res<()> {
        match (c, &self.phase) {
            // "Piazzate le carte luogo in circolo": laid one after another.
            (Command::Lay { card }, Phase::Ring) => {
                Self::kak_card(card)?;
                if !cards::is_location(card) {
                    return Err(err(KakError::NotALocation { card: card.clone() }));
                }
                if self.setup.as_ref().is_some_and(|s| s.ring.contains(card)) {
                    return Err(err(KakError::LocationTwice { card: card.clone() }));
                }
                d.emit(Event::Laid { card: card.clone() });
            }
            _ => return Err(CommonError::NotNow.into()),
        }
        Ok(())
    }

    /// The table set, a location of the ring laid.
    pub(super) fn apply_setup(&mut self, e: &Event) {
        match e {
            Event::SetUp { setup, removed, tents, dealt } => {
                let n = setup.knights.len();
                let camelot = setup.ring.iter().position(|l| l == CAMELOT).unwrap_or(0);
                self.players = vec![Player { at: camelot, ..Player::default() }; n];
                for (p, cards) in self.players.iter_mut().zip(dealt) {
                    p.hand.clone_from(cards);
                }
                self.facts = setup.facts.clone();
                self.removed.clone_from(removed);
                self.tents.clone_from(tents);
                let held: BTreeSet<&String> = dealt.iter().flatten().collect();
                self.supply = cards::virtue_cards().filter(|c| !removed.contains(c) && !held.contains(c)).collect();
                self.deck = QUESTS.iter().map(|q| q.to_string()).collect();
                self.open.clear();
                self.completed.clear();
                self.actions = self.in_play().map(str::to_string).collect();
                self.round = 0;
                self.awards = 0;
                self.phase = if setup.ring.is_empty() { Phase::Ring } else { Phase::Refill };
                self.setup = Some(setup.clone());
            }
            Event::Laid { card } => {
                if let Some(setup) = self.setup.as_mut() {
                    setup.ring.push(card.clone());
                    // The ring is whole: the knights stand by Camelot.
                    if setup.ring.len() == RING {
                        let camelot = setup.ring.iter().position(|l| l == CAMELOT).unwrap_or(0);
                        for p in &mut self.players {
                            p.at = camelot;
                        }
                        self.phase = Phase::Refill;
                    }
                }
            }
            _ => {}
        }
    }
}

/// What the setup asks (see [`crate::setup`]): the players, each one's
/// knight, and the eight locations as laid in the circle (touched in order
/// now, or laid on the reader once the cards are dealt).
pub(super) fn setup_spec(a: &SetupAnswers) -> SetupSpec {
    let left = RING.saturating_sub(a.laid.len());
    SetupSpec {
        seat_choice: Some(SeatChoice {
            title: msg!("setup.kak.knights"),
            picks: cards::knights().map(|k| Named { name: crate::facts::card_msg(&k), code: k }).collect(),
            distinct: true,
            each: |s| msg!("setup.knight_of_seat", seat = s.number()),
        }),
        laid: Some(LaidCards {
            title: msg!("setup.kak.ring"),
            cards: cards::locations().collect(),
            count: RING,
            hint: match left {
                0 => msg!("setup.kak.ring.whole"),
                RING => msg!("ui.kak.setup.or_reader"),
                _ => msg!("ui.kak.setup.lay", count = left),
            },
        }),
        ..SetupSpec::new(MIN_PLAYERS..=MAX_PLAYERS, 4, msg!("setup.kak.start"))
    }
}

/// The setup command for these answers.
pub(super) fn setup_command(a: &SetupAnswers) -> Result<Command, crate::RuleError> {
    let knights: Vec<String> = cards::knights().collect();
    Ok(Command::Setup(Setup {
        knights: a.seats.iter().filter_map(|&i| knights.get(i).cloned()).collect(),
        names: a.seated_names(),
        ring: a.laid.clone(),
        facts: Facts::default(),
    }))
}
