//! Camelot Legends — Tavola as the table's calculator, introductory game.
//!
//! The players hold and lay the real cards; Tavola keeps what a table adds
//! up wrong or forgets: every company's combined value in each skill at
//! each location, which events each company can complete, the events on
//! each location (three at most), how many cards each player holds (never
//! which), the decks' counts, each player's victory points and the end.
//!
//! - [`cards`]: skills, locations, colours and the card facts
//!   ([`cards::FACTS`]): every number printed on the cards is the owner's,
//!   learned as each card first appears.
//! - A game is set up ([`Command::Setup`]), each player places an initial
//!   character, then each turn: the event drawn (laid on the reader), events
//!   completed (one per location), two actions (draw a character, play one,
//!   move one or two).
//! - [`modifiers`]: the full game's changes to a company's totals, as
//!   functions of their own (not applied by this engine yet).
//!
//! Readings where the rules text is silent, or where the introductory
//! rules leave a point to the full rules (also for the README):
//! - The introductory game's decks are the white-icon cards the table has
//!   separated; their counts are given at setup (the table counts them
//!   once). A card drawn or laid whose level is not introductory is
//!   refused.
//! - The limit of three events a location, the fourth discarded, is stated
//!   in the full rules ("Eventi di Locazione", "Svolgimento del gioco
//!   normale") and applies here too. The Black Knight's choice to cover a
//!   Forest event is its card's text: not offered yet.
//! - Phase 2 (the cards' optional text) and every character's ability are
//!   the full game's: no total here is changed by them. Special events
//!   are resolved by the players as drawn and discarded; the host sets a
//!   hand's count right when one changes hands ([`Command::CorrectHand`]).
//!   A heraldic event is laid beside the board (its bonus belongs to the
//!   full game); a bidding event, which the introductory rules do not
//!   describe, is discarded without effect.
//! - The special cards are not used in the introductory game ("anche le
//!   tre Carte Speciali ... non saranno utilizzate"): an event that gives
//!   one gives nothing here; an event without victory points scores none.
//! - Completing is optional and happens after the draw, before the first
//!   action; an action (or the end of the turn) closes it. The turn ends
//!   by itself after the second action; a player may end it sooner.
//! - With the event deck empty, turns go on without a draw until the last
//!   event on the table is completed; a table that can complete none any
//!   more ends the game by the host's command ([`Command::EndGame`]), and
//!   the count is made as usual.
//! - Who starts: the holder of the Pendragon reference card, given at setup
//!   or drawn by lot by Tavola (the cards are dealt at random).
//! - A tie for the most victory points shares the victory (the text names
//!   no tie-break).

pub mod cards;
mod error;
#[cfg(any(test, feature = "testkit"))]
mod fuzz;
#[cfg(any(test, feature = "testkit"))]
pub use fuzz::test_facts;
mod legal;
pub mod modifiers;
#[cfg(test)]
mod tests;
mod view;

pub use cards::{CharacterFacts, Colour, EventFacts, EventType, Facts, Location, Requirement, Skill};
pub use error::LegendsError;
pub use legal::Choice;
pub use view::{CompanyView, EventView, LegendsView, PlaceView, PlayerView};

use crate::catalog::Catalog;
use crate::{CommonError, Ctx, Cue, FactBook, Game, GameEvent, GameKind, Legal, Outcome, RuleError, Seat, Waiting};
use cards::{is_character, is_event, INTRODUCTORY, REQUIREMENT, VICTORY_POINTS};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use tavola_words::Said;

/// Players: four reference cards and four colours on the tiles.
pub const MIN_PLAYERS: usize = 2;
/// Most players.
pub const MAX_PLAYERS: usize = 4;
/// Characters dealt to each player, and the most a hand holds
/// ("distribuitene 5 ad ogni giocatore"; "limite di 5 carte in mano").
pub const HAND: u8 = 5;
/// Characters in a company ("non può contenere più di 6 Carte Personaggio").
pub const MAX_COMPANY: usize = 6;
/// Events a location holds ("Ogni locazione può contenere solo 3 eventi").
pub const MAX_EVENTS: usize = 3;
/// Actions a turn ("4. Due Azioni").
pub const ACTIONS: u8 = 2;
/// Characters in the box ("60 Carte Personaggio").
pub const CHARACTERS: u8 = 60;
/// Events in the box ("34 Carte Evento").
pub const EVENTS: u8 = 34;

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
}

/// What the players ask.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "cmd", rename_all = "snake_case")]
pub enum Command {
    /// Set the table up.
    Setup(Setup),
    /// A character from the hand laid on the reader, to be played: its
    /// location follows ([`Command::Play`]).
    Lay {
        /// The character.
        card: String,
    },
    /// The character laid goes to a location (an action, or the initial
    /// character at setup).
    Play {
        /// Where.
        location: Location,
    },
    /// The turn's event, drawn and laid on the reader.
    DrawEvent {
        /// The event.
        card: String,
    },
    /// The player's company completes an event at its location.
    Complete {
        /// The event.
        card: String,
    },
    /// Action: draw a character.
    DrawCharacter,
    /// Action: one or two characters move from one location to another.
    Move {
        /// The characters (one or two, from the same location).
        cards: Vec<String>,
        /// Where to.
        to: Location,
    },
    /// The turn ends (its remaining actions unspent).
    EndTurn,
    /// The host ends a game whose event deck is empty and whose events
    /// nobody can complete any more: the count is made.
    EndGame,
    /// The facts of cards learned now, when the game first needs them.
    Learn {
        /// What was learned.
        facts: Facts,
    },
    /// The host sets a hand's count right.
    CorrectHand {
        /// Whose.
        seat: Seat,
        /// Cards held.
        cards: u8,
    },
}

/// Why an event was discarded as drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Discard {
    /// A fourth event for a full location.
    Fourth,
    /// A special event, resolved by the players.
    Special,
    /// A bidding event (not played in the introductory game).
    Bidding,
}

/// Where an event drawn went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "to", rename_all = "snake_case")]
pub enum Went {
    /// A location event, placed at its location.
    Placed {
        /// Where.
        location: Location,
    },
    /// Discarded as drawn.
    Discarded {
        /// Why.
        why: Discard,
    },
    /// A heraldic event, laid beside the board over the previous one.
    Heraldic,
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The event deck is empty and the last event on the table completed.
    AllCompleted,
    /// The host ended it with the deck empty and events nobody completes.
    Stopped,
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The table is set: five characters dealt to each player.
    SetUp {
        /// The setup, its facts and first player settled.
        setup: Setup,
        /// Who starts.
        first: Seat,
    },
    /// A character laid on the reader, its location awaited.
    Laid {
        /// Who.
        seat: Seat,
        /// The character.
        card: String,
    },
    /// A character played to a location.
    Played {
        /// Whose.
        seat: Seat,
        /// The character.
        card: String,
        /// Where.
        location: Location,
    },
    /// The turn's event drawn, and where it went.
    EventDrawn {
        /// Who.
        seat: Seat,
        /// The event.
        card: String,
        /// Where it went.
        went: Went,
    },
    /// An event completed: to the player's victory points.
    EventCompleted {
        /// Who.
        seat: Seat,
        /// The event.
        card: String,
        /// Where.
        location: Location,
    },
    /// A character drawn (an action).
    CharacterDrawn {
        /// Who.
        seat: Seat,
    },
    /// One or two characters moved (an action).
    Moved {
        /// Whose.
        seat: Seat,
        /// The characters.
        cards: Vec<String>,
        /// From where.
        from: Location,
        /// Where to.
        to: Location,
    },
    /// The next player's turn.
    TurnPassed {
        /// Whose.
        to: Seat,
    },
    /// Facts learned during the game.
    Learned {
        /// The facts.
        facts: Facts,
    },
    /// A hand's count set right.
    HandCorrected {
        /// Whose.
        seat: Seat,
        /// Cards now.
        cards: u8,
    },
    /// The game is over; the count follows from the state.
    GameEnded {
        /// Why.
        reason: EndReason,
    },
}

impl GameEvent for Event {
    fn redacted(&self) -> Option<Self> {
        // Every card Tavola sees is laid face up on the table.
        Some(self.clone())
    }

    fn blocks_undo(&self) -> bool {
        matches!(self, Event::GameEnded { .. })
    }
}

/// One seat.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    /// Cards in hand.
    pub hand: u8,
    /// Events completed, in the victory points zone.
    pub zone: Vec<String>,
}

/// One location: its events and each player's company.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Place {
    /// Events waiting here, in the order they came.
    pub events: Vec<String>,
    /// Each seat's company here.
    pub companies: Vec<Vec<String>>,
}

/// The turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Whose.
    pub seat: Seat,
    /// The event is drawn (or the deck was empty).
    pub drawn: bool,
    /// Locations where an event was completed this turn.
    pub completed: Vec<Location>,
    /// Actions spent.
    pub actions: u8,
}

/// Where the game stands.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Not set up.
    #[default]
    Setup,
    /// Each player in turn places an initial character.
    Placing {
        /// Who places now.
        seat: Seat,
        /// Players still to place after this one.
        after: u8,
    },
    /// A player's turn.
    Turn(Turn),
    /// The game is over.
    Over {
        /// Why.
        reason: EndReason,
    },
}

/// The whole game. Everything here is public: the view shows it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Legends {
    setup: Option<Setup>,
    first: Seat,
    facts: Facts,
    players: Vec<PlayerState>,
    character_deck: u8,
    event_deck: u8,
    places: Vec<Place>,
    /// Events discarded, in order.
    discarded: Vec<String>,
    /// Heraldic events laid, the top one last.
    heraldic: Vec<String>,
    /// The character laid on the reader, its location awaited.
    laid: Option<String>,
    phase: Phase,
}

/// Events being built: each applied to a copy as it is made.
struct Draft {
    sim: Legends,
    events: Vec<Event>,
}

impl Draft {
    fn emit(&mut self, e: Event) {
        self.sim.apply_event(&e);
        self.events.push(e);
    }

    /// "Fine del gioco": the deck empty and the last event on the table
    /// completed (or discarded) — the game ends.
    fn end_if_done(&mut self) {
        if self.sim.event_deck == 0 && self.sim.places.iter().all(|p| p.events.is_empty()) {
            self.emit(Event::GameEnded { reason: EndReason::AllCompleted });
        }
    }

    /// An action spent: after the second the turn passes.
    fn after_action(&mut self, seat: Seat) {
        if let Phase::Turn(t) = &self.sim.phase {
            if t.actions >= ACTIONS {
                self.emit(Event::TurnPassed { to: self.sim.next(seat) });
            }
        }
    }
}

type Res<T> = Result<T, RuleError>;

fn err(e: LegendsError) -> RuleError {
    e.into()
}

impl Legends {
    /// Players at the table (0 before setup).
    pub fn players(&self) -> usize {
        self.players.len()
    }

    /// Each seat's state.
    pub fn player_states(&self) -> &[PlayerState] {
        &self.players
    }

    /// The facts in force.
    pub fn facts(&self) -> &Facts {
        &self.facts
    }

    /// Where the game stands.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// Cards in the event deck and the character deck.
    pub fn decks(&self) -> (u8, u8) {
        (self.event_deck, self.character_deck)
    }

    /// A location's events and companies.
    pub fn place(&self, location: Location) -> Option<&Place> {
        self.places.get(location as usize)
    }

    /// The character laid on the reader, its location awaited.
    pub fn laid(&self) -> Option<&str> {
        self.laid.as_deref()
    }

    /// The seat's colour.
    pub fn colour(&self, seat: Seat) -> Option<Colour> {
        self.setup.as_ref()?.colours.get(seat.index()).copied()
    }

    /// The seat after `seat`, clockwise.
    fn next(&self, seat: Seat) -> Seat {
        Seat(((seat.index() + 1) % self.players().max(1)) as u8)
    }

    /// A seat's company at a location (empty when it has none).
    pub fn company(&self, seat: Seat, location: Location) -> &[String] {
        self.places.get(location as usize).and_then(|p| p.companies.get(seat.index())).map_or(&[], Vec::as_slice)
    }

    /// A company's combined value in each skill, in the rules' order:
    /// the members' printed values added up ("valore combinato").
    pub fn totals(&self, seat: Seat, location: Location) -> [i32; 6] {
        cards::totals(self.company(seat, location).iter().filter_map(|c| self.facts.characters.get(c)))
    }

    /// The first requirement of `event` that the company falls short of,
    /// with its total; `None` when it meets them all.
    fn shortfall(&self, seat: Seat, location: Location, event: &str) -> Option<(Requirement, i32)> {
        let totals = self.totals(seat, location);
        let facts = self.facts.events.get(event)?;
        facts.requirements.iter().find(|r| totals[r.skill as usize] < i32::from(r.needed)).map(|r| {
            let total = totals[r.skill as usize];
            (*r, total)
        })
    }

    /// Where a character is on the table, and whose it is.
    pub fn where_is(&self, card: &str) -> Option<(Seat, Location)> {
        for l in Location::ALL {
            for (s, company) in self.places.get(l as usize)?.companies.iter().enumerate() {
                if company.iter().any(|c| c == card) {
                    return Some((Seat(s as u8), l));
                }
            }
        }
        None
    }

    /// Where an event waits.
    fn event_at(&self, card: &str) -> Option<Location> {
        Location::ALL.into_iter().find(|l| self.places[*l as usize].events.iter().any(|e| e == card))
    }

    /// True when the event card has been drawn in this game.
    fn seen(&self, card: &str) -> bool {
        self.event_at(card).is_some()
            || self.discarded.iter().any(|c| c == card)
            || self.heraldic.iter().any(|c| c == card)
            || self.players.iter().any(|p| p.zone.iter().any(|c| c == card))
    }

    /// Victory points of each seat: the events in its zone.
    pub fn points(&self) -> Vec<u32> {
        self.players
            .iter()
            .map(|p| p.zone.iter().filter_map(|c| self.facts.events.get(c)).map(|e| u32::from(e.victory_points)).sum())
            .collect()
    }

    /// The seats with the most victory points ("chi ha il totale maggiore
    /// vince"); a tie shares the victory.
    pub fn winners(&self) -> Vec<Seat> {
        let points = self.points();
        let best = points.iter().copied().max().unwrap_or(0);
        Seat::all(points.len()).filter(|s| points[s.index()] == best).collect()
    }

    fn seat_ok(&self, seat: Seat) -> Res<()> {
        if seat.index() < self.players() {
            Ok(())
        } else {
            Err(CommonError::NoSuchSeat { seat }.into())
        }
    }

    fn started(&self) -> Res<()> {
        match self.phase {
            Phase::Setup => Err(CommonError::NotStarted.into()),
            Phase::Over { .. } => Err(CommonError::GameOver.into()),
            _ => Ok(()),
        }
    }

    /// The turn, once its event is drawn, with an action left.
    fn acting(&self) -> Res<&Turn> {
        self.started()?;
        let Phase::Turn(t) = &self.phase else { return Err(err(LegendsError::StillPlacing)) };
        if !t.drawn {
            return Err(err(LegendsError::DrawFirst));
        }
        if t.actions >= ACTIONS {
            return Err(err(LegendsError::NoActionLeft));
        }
        Ok(t)
    }

    /// Who may lay a character now: the player placing, or the player
    /// whose turn has an action left.
    fn layer(&self) -> Res<Seat> {
        match &self.phase {
            Phase::Placing { seat, .. } => Ok(*seat),
            _ => self.acting().map(|t| t.seat),
        }
    }

    /// Whether `card` may be laid by `seat` to be played: a character of
    /// the introductory game, known, not on the table, with a card in hand.
    fn check_character(&self, seat: Seat, card: &str) -> Res<()> {
        if !is_character(card) || Catalog::builtin().get(card).is_none() {
            return Err(err(LegendsError::NotACharacter { card: card.to_string() }));
        }
        if self.where_is(card).is_some() {
            return Err(err(LegendsError::InPlay { card: card.to_string() }));
        }
        // A card met without its facts: the table asks for them.
        let Some(facts) = self.facts.characters.get(card) else {
            return Err(CommonError::FactsNeeded { cards: vec![card.to_string()] }.into());
        };
        // "mettete da parte quelle con l'icona Blu e Rossa".
        if facts.level != INTRODUCTORY {
            return Err(err(LegendsError::NotIntroductory { card: card.to_string() }));
        }
        if self.players[seat.index()].hand == 0 {
            return Err(err(LegendsError::HandEmpty));
        }
        Ok(())
    }

    /// The locations where `seat`'s company has room for `n` more
    /// ("limite di 6 Personaggi per Compagnia").
    fn room(&self, seat: Seat, location: Location, n: usize) -> bool {
        self.company(seat, location).len() + n <= MAX_COMPANY
    }

    fn check_setup(&self, s: &Setup) -> Res<()> {
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
        if !(1..=EVENTS).contains(&s.events) {
            return Err(err(LegendsError::EventDeck { cards: s.events }));
        }
        // Five dealt to each, the rest the deck.
        if usize::from(s.characters) < usize::from(HAND) * n || s.characters > CHARACTERS {
            return Err(err(LegendsError::CharacterDeck { cards: s.characters }));
        }
        check_facts(&s.facts)
    }

    fn decide_in(&self, c: &Command, d: &mut Draft, rng: &mut crate::GameRng) -> Res<()> {
        match c {
            Command::Setup(s) => {
                self.check_setup(s)?;
                // "Preparazione": the Pendragon card's holder starts;
                // given, or dealt at random.
                let first = s.first.unwrap_or_else(|| Seat(rng.below(s.colours.len()) as u8));
                d.emit(Event::SetUp { setup: Setup { first: Some(first), ..s.clone() }, first });
            }
            Command::Learn { facts } => {
                if self.setup.is_none() {
                    return Err(CommonError::NotStarted.into());
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
            Command::CorrectHand { seat, cards } => {
                self.started()?;
                self.seat_ok(*seat)?;
                if *cards > HAND {
                    return Err(err(LegendsError::HandCount { cards: *cards }));
                }
                d.emit(Event::HandCorrected { seat: *seat, cards: *cards });
            }
            Command::Lay { card } => {
                let seat = self.layer()?;
                self.check_character(seat, card)?;
                if !Location::ALL.into_iter().any(|l| self.room(seat, l, 1)) {
                    return Err(err(LegendsError::CompaniesFull));
                }
                d.emit(Event::Laid { seat, card: card.clone() });
            }
            Command::Play { location } => {
                let seat = self.layer()?;
                let Some(card) = self.laid.clone() else { return Err(err(LegendsError::NothingLaid)) };
                self.check_character(seat, &card)?;
                // "va rispettato il limite di 6 Personaggi per Compagnia".
                if !self.room(seat, *location, 1) {
                    return Err(err(LegendsError::CompanyFull { location: *location }));
                }
                d.emit(Event::Played { seat, card, location: *location });
                match self.phase {
                    // "ciascun giocatore ... giocherà un personaggio
                    // iniziale": then the first player's turn.
                    Phase::Placing { after: 0, .. } => d.emit(Event::TurnPassed { to: self.first }),
                    Phase::Placing { .. } => {}
                    _ => d.after_action(seat),
                }
            }
            Command::DrawEvent { card } => {
                self.started()?;
                let Phase::Turn(t) = &self.phase else { return Err(err(LegendsError::StillPlacing)) };
                // "1. Pescare una Carta Evento": the active player "DEVE
                // pescare".
                if t.drawn {
                    return Err(err(LegendsError::AlreadyDrawn));
                }
                if !is_event(card) || Catalog::builtin().get(card).is_none() {
                    return Err(err(LegendsError::NotAnEvent { card: card.clone() }));
                }
                if self.seen(card) {
                    return Err(err(LegendsError::EventSeen { card: card.clone() }));
                }
                let Some(facts) = self.facts.events.get(card) else {
                    return Err(CommonError::FactsNeeded { cards: vec![card.clone()] }.into());
                };
                if facts.level != INTRODUCTORY {
                    return Err(err(LegendsError::NotIntroductory { card: card.clone() }));
                }
                let went = match (facts.event_type, facts.location) {
                    (EventType::Location, Some(location)) => {
                        // "Eventi di Locazione" (full rules): "un quarto
                        // evento ... sarà scartato".
                        if self.places[location as usize].events.len() >= MAX_EVENTS {
                            Went::Discarded { why: Discard::Fourth }
                        } else {
                            Went::Placed { location }
                        }
                    }
                    // "1. Pescare una Carta Evento": a special event is
                    // "risolto immediatamente e quindi scartato".
                    (EventType::Special, _) => Went::Discarded { why: Discard::Special },
                    // "ricoprendosi di volta in volta".
                    (EventType::Heraldic, _) => Went::Heraldic,
                    (EventType::Bidding, _) | (EventType::Location, None) => Went::Discarded { why: Discard::Bidding },
                };
                d.emit(Event::EventDrawn { seat: t.seat, card: card.clone(), went });
                d.end_if_done();
            }
            Command::Complete { card } => {
                self.started()?;
                let Phase::Turn(t) = &self.phase else { return Err(err(LegendsError::StillPlacing)) };
                if !t.drawn {
                    return Err(err(LegendsError::DrawFirst));
                }
                // "3. Completare gli Eventi di Locazione": not "dopo
                // aver iniziato la fase delle azioni".
                if t.actions > 0 {
                    return Err(err(LegendsError::ActionsBegun));
                }
                let Some(location) = self.event_at(card) else {
                    return Err(err(LegendsError::EventNotHere { card: card.clone() }));
                };
                // "3. Completare gli Eventi di Locazione": "un solo
                // evento per ogni locazione".
                if t.completed.contains(&location) {
                    return Err(err(LegendsError::LocationDone { location }));
                }
                // "3. Completare gli Eventi di Locazione": with two
                // skills, "entrambi i requisiti".
                if let Some((r, total)) = self.shortfall(t.seat, location, card) {
                    return Err(err(LegendsError::FallsShort {
                        card: card.clone(),
                        skill: r.skill,
                        total,
                        needed: r.needed,
                    }));
                }
                d.emit(Event::EventCompleted { seat: t.seat, card: card.clone(), location });
                d.end_if_done();
            }
            Command::DrawCharacter => {
                let t = self.acting()?;
                // "4. Due Azioni": the "limite di 5 carte in mano".
                if self.players[t.seat.index()].hand >= HAND {
                    return Err(err(LegendsError::HandFull));
                }
                if self.character_deck == 0 {
                    return Err(err(LegendsError::CharacterDeckEmpty));
                }
                d.emit(Event::CharacterDrawn { seat: t.seat });
                d.after_action(t.seat);
            }
            Command::Move { cards, to } => {
                let t = self.acting()?;
                let seat = t.seat;
                // "muovere uno o due dei suoi Personaggi".
                let distinct: BTreeSet<&String> = cards.iter().collect();
                if cards.is_empty() || cards.len() > 2 || distinct.len() != cards.len() {
                    return Err(err(LegendsError::MoveCount));
                }
                let mut from = None;
                for c in cards {
                    match self.where_is(c) {
                        Some((s, l)) if s == seat => {
                            // "entrambi devono iniziare e terminare il
                            // movimento nella stessa locazione".
                            if from.is_some_and(|f| f != l) {
                                return Err(err(LegendsError::MoveFromOnePlace));
                            }
                            from = Some(l);
                        }
                        _ => return Err(err(LegendsError::NotYours { card: c.clone() })),
                    }
                }
                let Some(from) = from else { return Err(err(LegendsError::MoveCount)) };
                if from == *to {
                    return Err(err(LegendsError::SameLocation));
                }
                if !self.room(seat, *to, cards.len()) {
                    return Err(err(LegendsError::CompanyFull { location: *to }));
                }
                d.emit(Event::Moved { seat, cards: cards.clone(), from, to: *to });
                d.after_action(seat);
            }
            Command::EndTurn => {
                self.started()?;
                let Phase::Turn(t) = &self.phase else { return Err(err(LegendsError::StillPlacing)) };
                if !t.drawn {
                    return Err(err(LegendsError::DrawFirst));
                }
                d.emit(Event::TurnPassed { to: self.next(t.seat) });
            }
            Command::EndGame => {
                self.started()?;
                if !matches!(self.phase, Phase::Turn(_)) {
                    return Err(err(LegendsError::StillPlacing));
                }
                if self.event_deck > 0 {
                    return Err(err(LegendsError::EventsLeft { cards: self.event_deck }));
                }
                d.emit(Event::GameEnded { reason: EndReason::Stopped });
            }
        }
        Ok(())
    }

    fn apply_event(&mut self, e: &Event) {
        match e {
            Event::SetUp { setup, first } => {
                let n = setup.colours.len();
                self.players = vec![PlayerState { hand: HAND, zone: Vec::new() }; n];
                self.character_deck = setup.characters.saturating_sub(HAND * n as u8);
                self.event_deck = setup.events;
                self.places = vec![Place { events: Vec::new(), companies: vec![Vec::new(); n] }; Location::ALL.len()];
                self.facts = setup.facts.clone();
                self.first = *first;
                self.phase = Phase::Placing { seat: *first, after: n.saturating_sub(1) as u8 };
                self.setup = Some(setup.clone());
            }
            Event::Laid { card, .. } => self.laid = Some(card.clone()),
            Event::Played { seat, card, location } => {
                if let Some(c) = self.places.get_mut(*location as usize).and_then(|p| p.companies.get_mut(seat.index()))
                {
                    c.push(card.clone());
                }
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.hand = p.hand.saturating_sub(1);
                }
                self.laid = None;
                match &mut self.phase {
                    Phase::Placing { seat: s, after } if *after > 0 => {
                        *after -= 1;
                        *s = Seat(((s.index() + 1) % self.players.len().max(1)) as u8);
                    }
                    Phase::Turn(t) => t.actions += 1,
                    _ => {}
                }
            }
            Event::EventDrawn { card, went, .. } => {
                self.event_deck = self.event_deck.saturating_sub(1);
                if let Phase::Turn(t) = &mut self.phase {
                    t.drawn = true;
                }
                match went {
                    Went::Placed { location } => {
                        if let Some(p) = self.places.get_mut(*location as usize) {
                            p.events.push(card.clone());
                        }
                    }
                    Went::Discarded { .. } => self.discarded.push(card.clone()),
                    Went::Heraldic => self.heraldic.push(card.clone()),
                }
            }
            Event::EventCompleted { seat, card, location } => {
                if let Some(p) = self.places.get_mut(*location as usize) {
                    p.events.retain(|c| c != card);
                }
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.zone.push(card.clone());
                }
                if let Phase::Turn(t) = &mut self.phase {
                    t.completed.push(*location);
                }
            }
            Event::CharacterDrawn { seat } => {
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.hand = (p.hand + 1).min(HAND);
                }
                self.character_deck = self.character_deck.saturating_sub(1);
                if let Phase::Turn(t) = &mut self.phase {
                    t.actions += 1;
                }
            }
            Event::Moved { seat, cards, from, to } => {
                if let Some(c) = self.places.get_mut(*from as usize).and_then(|p| p.companies.get_mut(seat.index())) {
                    c.retain(|x| !cards.contains(x));
                }
                if let Some(c) = self.places.get_mut(*to as usize).and_then(|p| p.companies.get_mut(seat.index())) {
                    c.extend(cards.iter().cloned());
                }
                if let Phase::Turn(t) = &mut self.phase {
                    t.actions += 1;
                }
            }
            Event::TurnPassed { to } => {
                self.laid = None;
                // With the event deck empty, there is nothing to draw.
                self.phase =
                    Phase::Turn(Turn { seat: *to, drawn: self.event_deck == 0, completed: Vec::new(), actions: 0 });
            }
            Event::Learned { facts } => {
                self.facts.characters.extend(facts.characters.iter().map(|(k, v)| (k.clone(), v.clone())));
                self.facts.events.extend(facts.events.iter().map(|(k, v)| (k.clone(), v.clone())));
                self.facts.specials.extend(facts.specials.iter().map(|(k, v)| (k.clone(), *v)));
            }
            Event::HandCorrected { seat, cards } => {
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.hand = *cards;
                }
            }
            Event::GameEnded { reason } => {
                self.laid = None;
                self.phase = Phase::Over { reason: *reason };
            }
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
        if !is_event(card) {
            return Err(err(LegendsError::NotAnEvent { card: card.clone() }));
        }
        let bad = || err(LegendsError::EventFacts { card: card.clone() });
        let in_range = e.requirements.iter().all(|r| REQUIREMENT.contains(&i64::from(r.needed)));
        let points = e.victory_points == 0 || VICTORY_POINTS.contains(&i64::from(e.victory_points));
        let two_skills = e.requirements.len() < 2 || e.requirements[0].skill != e.requirements[1].skill;
        let located = e.event_type != EventType::Location || (e.location.is_some() && !e.requirements.is_empty());
        let level = cards::LEVELS.contains(&e.level.as_str());
        if !in_range || !points || !two_skills || !located || !level || e.requirements.len() > 2 {
            return Err(bad());
        }
    }
    Ok(())
}

impl Game for Legends {
    type Command = Command;
    type Event = Event;
    type View = LegendsView;
    type Error = LegendsError;
    type Choice = Choice;

    const KIND: GameKind = GameKind::CamelotLegends;

    fn decide(&self, command: &Command, ctx: &mut Ctx<'_>) -> Result<Vec<Event>, RuleError> {
        let mut d = Draft { sim: self.clone(), events: Vec::new() };
        // The setup copies the owner's facts known now into its event (the
        // facts the command carries over the book's).
        if let Command::Setup(s) = command {
            let mut facts = Facts::from_book(ctx.facts, ctx.cards);
            facts.characters.extend(s.facts.characters.clone());
            facts.events.extend(s.facts.events.clone());
            facts.specials.extend(s.facts.specials.clone());
            let setup = Setup { facts, ..s.clone() };
            self.decide_in(&Command::Setup(setup), &mut d, &mut ctx.rng)?;
            return Ok(d.events);
        }
        self.decide_in(command, &mut d, &mut ctx.rng)?;
        Ok(d.events)
    }

    fn apply(&mut self, event: &Event) {
        self.apply_event(event);
    }

    fn legal(&self) -> Vec<Legal<Command, Choice>> {
        self.legal_now()
    }

    fn view(&self) -> LegendsView {
        self.view_now()
    }

    fn cues(&self, event: &Event) -> Vec<Cue> {
        view::cues(self, event)
    }

    fn check_invariants(&self) -> Result<(), String> {
        let Some(setup) = &self.setup else { return Ok(()) };
        let mut seen = BTreeSet::new();
        for (l, place) in Location::ALL.into_iter().zip(&self.places) {
            if place.events.len() > MAX_EVENTS {
                return Err(format!("{} events at {l:?}", place.events.len()));
            }
            for e in &place.events {
                let at = self.facts.events.get(e).and_then(|f| f.location);
                if at != Some(l) {
                    return Err(format!("{e} at {l:?}, its location {at:?}"));
                }
            }
            for (s, company) in place.companies.iter().enumerate() {
                if company.len() > MAX_COMPANY {
                    return Err(format!("seat {s} has {} characters at {l:?}", company.len()));
                }
                for c in company {
                    if !self.facts.characters.contains_key(c) {
                        return Err(format!("{c} in play without its facts"));
                    }
                    if !seen.insert(c.clone()) {
                        return Err(format!("{c} twice on the table"));
                    }
                }
            }
        }
        let mut events = BTreeSet::new();
        let all = self
            .places
            .iter()
            .flat_map(|p| &p.events)
            .chain(&self.discarded)
            .chain(&self.heraldic)
            .chain(self.players.iter().flat_map(|p| &p.zone));
        let mut drawn = 0u32;
        for e in all {
            drawn += 1;
            if !events.insert(e) {
                return Err(format!("{e} drawn twice"));
            }
        }
        if drawn + u32::from(self.event_deck) != u32::from(setup.events) {
            return Err(format!("events: {drawn} drawn + {} in the deck != {}", self.event_deck, setup.events));
        }
        if self.players.iter().any(|p| p.hand > HAND) {
            return Err("a hand above five".into());
        }
        // Hands are counts the host may set right: only the deck and the
        // table are held to the cards dealt.
        if seen.len() + usize::from(self.character_deck) > usize::from(setup.characters) {
            return Err(format!("{} in play + {} in the deck > {}", seen.len(), self.character_deck, setup.characters));
        }
        if let Phase::Turn(t) = &self.phase {
            if t.actions > ACTIONS {
                return Err(format!("{} actions in a turn", t.actions));
            }
            let places: BTreeSet<_> = t.completed.iter().collect();
            if places.len() != t.completed.len() {
                return Err("two events completed at one location in a turn".into());
            }
        }
        Ok(())
    }

    fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    fn players(&self) -> usize {
        self.players.len()
    }

    fn player_name(&self, seat: Seat) -> Option<String> {
        let names = &self.setup.as_ref()?.names;
        names.get(seat.index()).map(|n| n.trim()).filter(|n| !n.is_empty()).map(str::to_string)
    }

    fn pad_command(&self, _seat: Seat, _approve: bool) -> Option<Command> {
        None
    }

    /// An event at the turn's draw; a character to be played (at the
    /// initial placing or as an action).
    fn card_command(&self, card: &str, cards: &Catalog) -> Result<Command, RuleError> {
        if cards.get(card).is_some_and(|c| c.game != GameKind::CamelotLegends) {
            return Err(CommonError::WrongGameCard { card: card.to_string() }.into());
        }
        match &self.phase {
            Phase::Turn(Turn { drawn: false, .. }) if is_event(card) => Ok(Command::DrawEvent { card: card.into() }),
            Phase::Placing { .. } | Phase::Turn(Turn { drawn: true, .. }) if is_character(card) => {
                Ok(Command::Lay { card: card.into() })
            }
            _ => Err(CommonError::CardNotExpected { card: card.to_string() }.into()),
        }
    }

    fn die_command(&self) -> Option<Command> {
        None
    }

    fn waiting(&self) -> Option<Waiting> {
        None
    }

    const FACTS: &'static [crate::FactKind] = cards::FACTS;

    fn card_facts(&self) -> Option<FactBook> {
        self.setup.as_ref()?;
        Some(self.facts.to_book())
    }

    fn learn_command(&self, facts: &FactBook) -> Option<Command> {
        self.setup.as_ref()?;
        let mut learned = Facts::from_book(facts, Catalog::builtin());
        learned.characters.retain(|c, _| !self.facts.characters.contains_key(c));
        learned.events.retain(|c, _| !self.facts.events.contains_key(c));
        learned.specials.retain(|c, _| !self.facts.specials.contains_key(c));
        (!learned.is_empty()).then_some(Command::Learn { facts: learned })
    }

    fn outcome(&self) -> Option<Outcome> {
        let Phase::Over { reason } = self.phase else { return None };
        let winners = self.winners();
        let winner = match winners.as_slice() {
            [one] => self.colour(*one).map_or_else(String::new, |c| crate::code(&c)),
            _ => "shared".to_string(),
        };
        Some(Outcome { winner, reason: crate::code(&reason), winners: Some(winners) })
    }

    fn outcome_words(winner: &str, reason: &str) -> Option<crate::OutcomeWords> {
        let title = match winner {
            "shared" => tavola_words::msg!("legends.winner.shared"),
            "" => tavola_words::msg!("legends.winner.unknown"),
            colour => tavola_words::msg!("legends.winner.colour", colour = crate::from_code::<Colour>(colour)?.msg()),
        };
        let reason = match crate::from_code::<EndReason>(reason)? {
            EndReason::AllCompleted => tavola_words::msg!("legends.outcome.all_completed"),
            EndReason::Stopped => tavola_words::msg!("legends.outcome.stopped"),
        };
        Some(crate::OutcomeWords { title, reason })
    }

    fn seated_names(event: &Event) -> Option<Vec<String>> {
        let Event::SetUp { setup, .. } = event else { return None };
        Some((0..setup.colours.len()).map(|i| setup.names.get(i).map_or("", |s| s.trim()).to_string()).collect())
    }
}
