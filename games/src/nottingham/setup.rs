//! Setting up: the table's choices and the owner's card facts checked; the
//! facts learned; a hand's count set right.

use super::items::{self, COMMISSION_POINTS, MAX_PATH, PATH_VALUES};
use super::{err, AmbushCard, Colour, Event, Facts, Item, Nottingham, NottinghamError, PlayerState, Res, Step, Turn};
use super::{AMBUSH_CARDS, DECK, HAND_AT_START, MAX_PLAYERS, MIN_PLAYERS};
use crate::setup::{SeatChoice, SeatQuestion, SetupAnswers, SetupSpec, TypedField, Unanswered};
use crate::{CommonError, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use tavola_words::msg;

/// The table's choices at setup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// One colour per seat, in the order of play (clockwise).
    pub colours: Vec<Colour>,
    /// Players' names, by seat (empty: the seat's number).
    #[serde(default)]
    pub names: Vec<String>,
    /// Who starts.
    #[serde(default)]
    pub first: Seat,
    /// The owner's card facts known now (the path at least).
    #[serde(default)]
    pub facts: Facts,
}

impl Nottingham {
    pub(super) fn check_setup(&self, s: &Setup) -> Res<()> {
        if self.setup.is_some() {
            return Err(CommonError::AlreadyStarted.into());
        }
        let n = s.colours.len();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
            return Err(err(NottinghamError::PlayerCount { players: n }));
        }
        let distinct: BTreeSet<Colour> = s.colours.iter().copied().collect();
        if distinct.len() != n {
            return Err(err(NottinghamError::ColourTwice));
        }
        if s.names.len() > n {
            return Err(err(NottinghamError::TooManyNames { players: n }));
        }
        if s.first.index() >= n {
            return Err(CommonError::NoSuchSeat { seat: s.first }.into());
        }
        if s.facts.path.is_empty() {
            return Err(CommonError::FactsNeeded { cards: vec![items::PATH_CARD.to_string()] }.into());
        }
        check_facts(&s.facts)
    }

    /// The table set, a hand's count set right.
    pub(super) fn apply_setup(&mut self, e: &Event) {
        match e {
            Event::SetUp { setup, put_away } => {
                let n = setup.colours.len();
                self.players = vec![PlayerState { hand: HAND_AT_START, ..PlayerState::default() }; n];
                self.deck = DECK - HAND_AT_START * n as u8;
                self.discard = 0;
                self.ambush_deck = AMBUSH_CARDS - put_away.len() as u8;
                self.sheriff = 0;
                self.facts = setup.facts.clone();
                self.turn = Some(Turn { seat: setup.first, step: Step::Draw, traded: false, laid: Vec::new() });
                self.setup = Some(setup.clone());
            }
            Event::HandCorrected { seat, cards } => {
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.hand = *cards;
                }
            }
            _ => {}
        }
    }
}

/// Checks facts against the ranges the game knows.
pub(super) fn check_facts(f: &Facts) -> Res<()> {
    if f.path.len() > MAX_PATH {
        return Err(err(NottinghamError::PathTooLong { spaces: f.path.len() }));
    }
    if let Some(&v) = f.path.iter().find(|v| !PATH_VALUES.contains(v)) {
        return Err(err(NottinghamError::PathValue { value: v }));
    }
    for (c, p) in &f.commissions {
        for v in [p.alone, p.shared] {
            if !COMMISSION_POINTS.contains(&v) {
                return Err(err(NottinghamError::CommissionPoints { commission: *c, points: v }));
            }
        }
        // "il valore ... accanto alla pedina singola è maggiore".
        if p.alone <= p.shared {
            return Err(err(NottinghamError::AloneNotHigher { commission: *c }));
        }
    }
    for (card, items) in &f.ambush_items {
        if !matches!(AmbushCard::of_card(card), Some(AmbushCard::Items(_))) {
            return Err(err(NottinghamError::NotAnAmbushCard { card: card.clone() }));
        }
        // No ambush card shows Gold, and each shows two different items
        // ("Note", under "Attivare una carta imboscata").
        if items.contains(&Item::Gold) || items[0] == items[1] {
            return Err(err(NottinghamError::AmbushItems { card: card.clone() }));
        }
    }
    Ok(())
}

/// `learned` added to `facts` (what was known stays unless re-learned).
pub(super) fn merge_facts(facts: &mut Facts, learned: &Facts) {
    if !learned.path.is_empty() {
        facts.path.clone_from(&learned.path);
    }
    facts.commissions.extend(learned.commissions.iter().map(|(k, v)| (*k, *v)));
    facts.ambush_items.extend(learned.ambush_items.iter().map(|(k, v)| (k.clone(), *v)));
}

/// What the setup asks (see [`crate::setup`]): the players and their
/// colours, who starts, and the Sheriff's path as printed on the board
/// (typed; left empty, the path kept from an earlier game, or asked).
pub(super) fn setup_spec(_: &SetupAnswers) -> SetupSpec {
    SetupSpec {
        seat_choice: Some(SeatChoice::colours(&Colour::ALL)),
        seat_question: Some(SeatQuestion::who_starts(msg!("setup.who_starts"), Unanswered::FirstSeat)),
        typed: Some(TypedField {
            title: msg!("setup.nottingham.path"),
            placeholder: msg!("setup.nottingham.path.hint"),
        }),
        ..SetupSpec::new(MIN_PLAYERS..=MAX_PLAYERS, 4, msg!("setup.nottingham.start"))
    }
}

/// The setup command for these answers: the path typed, if any (numbers
/// separated by spaces, commas or semicolons), over the facts kept.
pub(super) fn setup_command(a: &SetupAnswers) -> Result<super::Command, crate::RuleError> {
    let path = a
        .typed
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|w| !w.is_empty())
        .map(|w| w.parse::<u8>().map_err(|_| err(NottinghamError::PathWord { word: w.chars().take(12).collect() })))
        .collect::<Res<Vec<u8>>>()?;
    Ok(super::Command::Setup(Setup {
        colours: a.seats.iter().map(|&i| Colour::ALL[i % Colour::ALL.len()]).collect(),
        names: a.seated_names(),
        first: a.seat.unwrap_or_default(),
        facts: Facts { path, ..Facts::default() },
    }))
}
