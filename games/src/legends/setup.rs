//! Setting up: the table's choices checked and dealt, the owner's card
//! facts checked and learned.

use super::cards::{self, is_character, is_event, is_final, REQUIREMENT, VICTORY_POINTS};
use super::{
    err, sites, Colour, Command, Draft, Event, EventType, Facts, Legends, LegendsError, Location, Mode, Phase, Place,
    PlayerState, Res, Special,
};
use super::{CHARACTERS, EVENTS, HAND, MAX_PLAYERS, MIN_PLAYERS};
use crate::facts::FactError;
use crate::setup::{OptionKind, SeatChoice, SeatQuestion, SetupAnswers, SetupOption, SetupSpec, Unanswered};
use crate::{CommonError, Msg, Seat};
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
    /// Who holds the Pendragon card (`None`: drawn by lot).
    #[serde(default)]
    pub first: Option<Seat>,
    /// Events in the introductory deck (the white-icon events).
    pub events: u8,
    /// Characters in the introductory deck, before the deal.
    pub characters: u8,
    /// The owner's card facts known now.
    #[serde(default)]
    pub facts: Facts,
    /// The introductory, normal or advanced game.
    #[serde(default)]
    pub mode: Mode,
}

impl Legends {
    pub(super) fn check_setup(&self, s: &Setup) -> Res<()> {
        if self.setup.is_some() {
            return Err(CommonError::AlreadyStarted.into());
        }
        let n = s.colours.len();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
            return Err(err(LegendsError::PlayerCount { players: n }));
        }
        if s.colours.iter().collect::<BTreeSet<_>>().len() != n {
            return Err(err(LegendsError::ColourTwice));
        }
        if s.names.len() > n {
            return Err(err(LegendsError::TooManyNames));
        }
        if let Some(first) = s.first {
            if first.index() >= n {
                return Err(CommonError::NoSuchSeat { seat: first }.into());
            }
        }
        // The full game's deck is counted by the table's size.
        if !s.mode.full() && !(1..=EVENTS).contains(&s.events) {
            return Err(err(LegendsError::EventDeck { cards: s.events }));
        }
        // Five dealt to each, the rest the deck.
        if usize::from(s.characters) < usize::from(HAND) * n || s.characters > CHARACTERS {
            return Err(err(LegendsError::CharacterDeck { cards: s.characters }));
        }
        check_facts(&s.facts)?;
        // The special cards' points count in every full game: asked before
        // it starts.
        let missing: Vec<String> = Special::ALL
            .iter()
            .map(|k| k.card())
            .filter(|c| s.mode.full() && !s.facts.specials.contains_key(c))
            .collect();
        if !missing.is_empty() {
            return Err(CommonError::FactsNeeded { cards: missing }.into());
        }
        Ok(())
    }

    /// The setup and the facts learned.
    pub(super) fn decide_setup(&self, c: &Command, d: &mut Draft, rng: &mut crate::GameRng) -> Res<()> {
        match c {
            Command::Setup(s) => {
                self.check_setup(s)?;
                // "Preparazione": the Pendragon card's holder starts;
                // given, or dealt at random.
                let first = s.first.unwrap_or_else(|| Seat(rng.below(s.colours.len()) as u8));
                // "Preparazione del gioco normale e avanzato": the table's
                // number of events over the final event.
                let events = if s.mode.full() { cards::full_deck(s.colours.len()) + 1 } else { s.events };
                d.emit(Event::SetUp { setup: Setup { first: Some(first), events, ..s.clone() }, first });
            }
            Command::Learn { facts } => {
                if self.setup.is_none() {
                    return Err(CommonError::NotStarted.into());
                }
                if facts.is_empty() {
                    return Err(CommonError::NothingToLearn.into());
                }
                check_facts(facts)?;
                // A fact in force stays for the whole game.
                let known = &self.facts;
                let changes = facts.characters.iter().any(|(c, f)| known.characters.get(c).is_some_and(|k| k != f))
                    || facts.events.iter().any(|(c, f)| known.events.get(c).is_some_and(|k| k != f))
                    || facts.specials.iter().any(|(c, f)| known.specials.get(c).is_some_and(|k| k != f));
                if changes {
                    return Err(err(LegendsError::FactInForce));
                }
                d.emit(Event::Learned { facts: facts.clone() });
            }
            _ => return Err(CommonError::NotNow.into()),
        }
        Ok(())
    }

    /// The table set, the facts learned.
    pub(super) fn apply_setup(&mut self, e: &Event) {
        match e {
            Event::SetUp { setup, first } => {
                let n = setup.colours.len();
                self.players = vec![PlayerState { hand: HAND, zone: Vec::new() }; n];
                self.character_deck = setup.characters.saturating_sub(HAND * n as u8);
                self.event_deck = setup.events;
                self.places = vec![Place { events: Vec::new(), companies: vec![Vec::new(); n] }; Location::EVERY.len()];
                self.facts = setup.facts.clone();
                self.first = *first;
                self.phase = Phase::Placing { seat: *first, after: n.saturating_sub(1) as u8 };
                // The facts live in `facts` alone (learned ones join them).
                self.setup = Some(Setup { facts: Facts::default(), ..setup.clone() });
            }
            Event::Learned { facts } => {
                self.facts.characters.extend(facts.characters.iter().map(|(k, v)| (k.clone(), v.clone())));
                self.facts.events.extend(facts.events.iter().map(|(k, v)| (k.clone(), v.clone())));
                self.facts.specials.extend(facts.specials.iter().map(|(k, v)| (k.clone(), *v)));
            }
            _ => {}
        }
    }
}

/// Checks facts against the rulebook's ranges and each other (the same
/// checks as the fact forms, for facts that come with a command).
fn check_facts(f: &Facts) -> Res<()> {
    for (card, c) in &f.characters {
        if !is_character(card) {
            return Err(err(LegendsError::NotACharacter { card: card.clone() }));
        }
        let skills = c.skills.iter().all(|v| cards::SKILL_VALUES.contains(&i64::from(*v)));
        let second = match c.second_alliance.as_deref() {
            None => true,
            Some(a) => cards::ALLIANCES.contains(&a) && !matches!(a, "none" | "grey") && a != c.alliance,
        };
        let choices = cards::ALLIANCES.contains(&c.alliance.as_str())
            && cards::GENDERS.contains(&c.gender.as_str())
            && cards::LEVELS.contains(&c.level.as_str());
        if !skills || !second || !choices {
            return Err(err(LegendsError::CharacterFacts { card: card.clone() }));
        }
    }
    for (card, e) in &f.events {
        // A final event is completed at its own place, and only there.
        let site = e.location.is_some_and(|l| !l.is_main() && l != Location::Final);
        if !(is_event(card) || is_final(card))
            || is_final(card) != (e.location == Some(Location::Final))
            || (site && sites::opens(card) != e.location)
        {
            return Err(err(LegendsError::NotAnEvent { card: card.clone() }));
        }
        // A card Tavola asks nothing for (the Isle of Avalon: its text is
        // all there is) takes no facts.
        if crate::facts::kind_of(cards::FACTS, card).is_none() {
            return Err(err(LegendsError::BadFacts { error: FactError::NoFacts { card: card.clone() } }));
        }
        let bad = || err(LegendsError::EventFacts { card: card.clone() });
        // A card opening a special location: its text is its facts, but
        // for its points.
        if sites::opens(card).is_some() {
            let points = e.victory_points == 0 || VICTORY_POINTS.contains(&i64::from(e.victory_points));
            if !points || !cards::LEVELS.contains(&e.level.as_str()) {
                return Err(bad());
            }
            continue;
        }
        let in_range = e.requirements.iter().all(|r| REQUIREMENT.contains(&i64::from(r.needed)));
        let points = e.victory_points == 0 || VICTORY_POINTS.contains(&i64::from(e.victory_points));
        let two_skills = e.requirements.len() < 2 || e.requirements[0].skill != e.requirements[1].skill;
        // A single knight's event needs no requirement: its text states its
        // total.
        let asked = !e.requirements.is_empty() || cards::single_knight(card);
        let located = e.event_type != EventType::Location || (e.location.is_some() && asked);
        let level = cards::LEVELS.contains(&e.level.as_str());
        if !in_range || !points || !two_skills || !located || !level || e.requirements.len() > 2 {
            return Err(bad());
        }
    }
    // What the game keeps is what the owner's forms would take: kept in the
    // owner's book, it must read back.
    crate::facts::check_book(cards::FACTS, crate::Catalog::builtin(), &f.to_book())
        .map(|_| ())
        .map_err(|error| err(LegendsError::BadFacts { error }))
}

/// What the setup asks (see [`crate::setup`]): the players and their
/// colours, who holds the Pendragon card (or by lot), the game (the
/// introductory, normal or advanced one) and the cards counted in its
/// decks.
pub(super) fn setup_spec(a: &SetupAnswers) -> SetupSpec {
    let mode = mode(a);
    let players = a.players.clamp(MIN_PLAYERS, MAX_PLAYERS);
    let count = |code: &'static str, label: Msg, max: u8| SetupOption {
        code,
        label,
        note: None,
        kind: OptionKind::Count { min: 0, max: i32::from(max), step: 5 },
        // The table counts its white-icon cards once: no number is assumed.
        default: 0,
    };
    let mut options = vec![SetupOption {
        code: "mode",
        label: msg!("setup.legends.mode"),
        note: Some(if mode.full() {
            msg!("ui.legends.full_deck", count = u32::from(cards::full_deck(players)))
        } else {
            msg!("setup.legends.count_white")
        }),
        kind: OptionKind::OneOf(vec![
            msg!("setup.legends.mode.introductory"),
            msg!("setup.legends.mode.normal"),
            msg!("setup.legends.mode.advanced"),
        ]),
        default: 0,
    }];
    if !mode.full() {
        options.push(count("events", msg!("setup.legends.events"), EVENTS));
    }
    options.push(count("characters", msg!("setup.legends.characters"), CHARACTERS));
    SetupSpec {
        seat_choice: Some(SeatChoice::colours(&Colour::ALL)),
        seat_question: Some(SeatQuestion::who_starts(msg!("setup.legends.pendragon"), Unanswered::ByLot)),
        options,
        ..SetupSpec::new(MIN_PLAYERS..=MAX_PLAYERS, 4, msg!("setup.legends.start"))
    }
}

fn mode(a: &SetupAnswers) -> Mode {
    Mode::ALL.get(a.option("mode").max(0) as usize).copied().unwrap_or_default()
}

/// The setup command for these answers.
pub(super) fn setup_command(a: &SetupAnswers) -> Result<Command, crate::RuleError> {
    let byte = |code: &str| u8::try_from(a.option(code).max(0)).unwrap_or(u8::MAX);
    Ok(Command::Setup(Setup {
        colours: a.seats.iter().map(|&i| Colour::ALL[i % Colour::ALL.len()]).collect(),
        names: a.seated_names(),
        first: a.seat,
        events: byte("events"),
        characters: byte("characters"),
        facts: Facts::default(),
        mode: mode(a),
    }))
}
