//! The event cards: drawn at the turn's start and placed (or discarded,
//! laid beside the board, bid on), the Black Knight's cover, the location
//! events completed, the introductory game's end.

use super::cards::{is_event, is_final};
use super::full::bidding_terms;
use super::{
    abilities, err, sites, CharacterFacts, Command, Draft, EndReason, Event, EventType, Grant, Legends, LegendsError,
    Location, LoneKnight, Phase, Res, Seat, Skill, Special,
};
use super::{Auction, BLACK_KNIGHT, MAX_EVENTS};
use crate::catalog::Catalog;
use crate::CommonError;
use serde::{Deserialize, Serialize};

/// Why an event was discarded as drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Discard {
    /// A fourth event for a full location.
    Fourth,
    /// A special event, resolved by the players.
    Special,
    /// A bidding event in the introductory game (its rules do not
    /// describe bidding).
    Bidding,
    /// A bidding event nobody bid on, or with a tie for the highest total.
    NoWinner,
    /// Completed, an event whose text gives a special card and is then
    /// discarded.
    Spent,
}

/// Where an event drawn went.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
    /// A bidding event: the bidding opens.
    Bidding {
        /// Characters each player may bid at most.
        max: u8,
        /// The skills whose combined value wins it.
        skills: Vec<Skill>,
    },
    /// The Black Knight with three Forest events waiting: its drawer chooses
    /// to cover one or discard it.
    BlackKnight,
    /// The final event: its own location opens.
    Final,
    /// An advanced card that opens a special location ([`sites`]).
    Site {
        /// The location opened.
        location: Location,
    },
}

impl Draft {
    /// "Fine del gioco e vittoria nel gioco introduttivo": the deck empty
    /// and the last event on the table completed (or discarded) — the
    /// introductory game ends. The full game ends with its final event.
    pub(super) fn end_if_done(&mut self) {
        if self.sim.mode().full() {
            return;
        }
        if self.sim.event_deck == 0 && self.sim.places.iter().all(|p| p.events.is_empty()) {
            self.emit(Event::GameEnded { reason: EndReason::AllCompleted });
        }
    }
}

impl Legends {
    /// The first requirement of `event` that the company falls short of,
    /// with its total; `None` when it meets them all.
    pub(super) fn shortfall(&self, seat: Seat, location: Location, event: &str) -> Option<LegendsError> {
        // An event a single knight completes, by its text.
        if let Some(lone) = LoneKnight::of(event) {
            return self.lone_knights(seat, location, &lone).is_empty().then(|| LegendsError::NoLoneKnight {
                card: event.to_string(),
                skills: lone.skills.clone(),
                total: lone.total,
                lady: lone.lady,
            });
        }
        let totals = self.totals(seat, location);
        // The Castle of Maidens: a total in any one skill.
        if let Some(needed) = sites::any_skill(event) {
            let best = Skill::ALL.into_iter().max_by_key(|s| totals[*s as usize]).unwrap_or(Skill::Combat);
            let total = totals[best as usize];
            return (total < needed).then(|| LegendsError::FallsShort {
                card: event.to_string(),
                skill: best,
                total,
                needed: u8::try_from(needed).unwrap_or(u8::MAX),
            });
        }
        let facts = self.facts.events.get(event)?;
        facts.requirements.iter().find(|r| totals[r.skill as usize] < i32::from(r.needed)).map(|r| {
            LegendsError::FallsShort {
                card: event.to_string(),
                skill: r.skill,
                total: totals[r.skill as usize],
                needed: r.needed,
            }
        })
    }

    /// The knights of `seat`'s company at `location` who alone meet a
    /// single knight's event.
    pub(super) fn lone_knights(&self, seat: Seat, location: Location, lone: &LoneKnight) -> Vec<String> {
        let company = self.company(seat, location);
        let lady = company.iter().any(|c| self.facts.characters.get(c).is_some_and(|f| f.gender == "female"));
        if lone.lady && !lady {
            return Vec::new();
        }
        company
            .iter()
            .filter(|c| self.facts.characters.get(*c).is_some_and(CharacterFacts::is_knight))
            .filter(|c| {
                self.values(c).is_some_and(|v| lone.skills.iter().map(|s| v[*s as usize]).sum::<i32>() >= lone.total)
            })
            .cloned()
            .collect()
    }

    /// The turn's event drawn ("1. Pescare una Carta Evento").
    pub(super) fn decide_draw(&self, c: &Command, d: &mut Draft) -> Res<()> {
        match c {
            Command::DrawEvent { card } => {
                self.started()?;
                let Phase::Turn(t) = &self.phase else { return Err(err(LegendsError::StillPlacing)) };
                // "1. Pescare una Carta Evento": the active player "DEVE
                // pescare".
                if t.drawn {
                    return Err(err(LegendsError::AlreadyDrawn));
                }
                if self.event_deck == 0 {
                    return Err(err(LegendsError::EventDeckEmpty));
                }
                // The final event lies under the others ("disporre tale
                // numero di carte sopra la carta Evento Finale").
                let last = self.mode().full() && self.event_deck == 1;
                let known = Catalog::builtin().get(card).is_some();
                if is_final(card) && known {
                    if !self.mode().full() {
                        return Err(err(LegendsError::NotIntroductory { card: card.clone() }));
                    }
                    if !last {
                        return Err(err(LegendsError::FinalIsLast { cards: self.event_deck - 1 }));
                    }
                } else if !is_event(card) || !known {
                    return Err(err(LegendsError::NotAnEvent { card: card.clone() }));
                } else if last {
                    return Err(err(LegendsError::FinalNow));
                }
                if self.seen(card) {
                    return Err(err(LegendsError::EventSeen { card: card.clone() }));
                }
                // An advanced card that opens a special location: its text
                // is its facts; only the Castle of Maidens' points are asked.
                if let Some(site) = sites::opens(card) {
                    self.check_level(card, "advanced")?;
                    if site == Location::CastleOfMaidens && !self.facts.events.contains_key(card) {
                        return Err(CommonError::FactsNeeded { cards: vec![card.clone()] }.into());
                    }
                    d.emit(Event::EventDrawn { seat: t.seat, card: card.clone(), went: Went::Site { location: site } });
                    d.site_opened(t.seat, site);
                    return Ok(());
                }
                let Some(facts) = self.facts.events.get(card) else {
                    return Err(CommonError::FactsNeeded { cards: vec![card.clone()] }.into());
                };
                if !is_final(card) {
                    self.check_level(card, &facts.level)?;
                }
                let full = self.mode().full();
                let went = match (facts.event_type, facts.location) {
                    _ if is_final(card) => Went::Final,
                    // "La sola eccezione a questa regola è la carta Black
                    // Knight": it may cover a Forest event instead.
                    (EventType::Location, Some(location))
                        if card == BLACK_KNIGHT
                            && location == Location::PerilousForest
                            && self.places[location as usize].events.len() >= MAX_EVENTS =>
                    {
                        Went::BlackKnight
                    }
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
                    (EventType::Bidding, _) if full => {
                        let (max, skills) = bidding_terms(card, facts);
                        Went::Bidding { max, skills }
                    }
                    (EventType::Bidding, _) | (EventType::Location, None) => Went::Discarded { why: Discard::Bidding },
                };
                let special = matches!(went, Went::Discarded { why: Discard::Special });
                d.emit(Event::EventDrawn { seat: t.seat, card: card.clone(), went });
                if special {
                    d.special_drawn(t.seat, card);
                }
                d.end_if_done();
            }
            _ => return Err(CommonError::NotNow.into()),
        }
        Ok(())
    }

    /// An event completed or covered.
    pub(super) fn decide_event_card(&self, c: &Command, d: &mut Draft) -> Res<()> {
        match c {
            Command::Complete { card } => {
                let t = self.turn_open()?;
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
                if let Some(why) = self.shortfall(t.seat, location, card) {
                    return Err(err(why));
                }
                let seat = t.seat;
                let stated = Catalog::builtin().get(card);
                // The special cards come with the full game ("non sono
                // utilizzate nel gioco introduttivo").
                let gives =
                    stated.and_then(|c| c.fact_str("gives")).and_then(Special::of_code).filter(|_| self.mode().full());
                // "Il testo di alcuni Eventi di Locazione indica che la carta
                // deve essere scartata": it gives a special card instead.
                let spent = gives.is_some() && stated.is_some_and(|c| c.fact_flag("discarded_on_completion"));
                d.emit(Event::EventCompleted { seat, card: card.clone(), location, spent });
                // Siege Perilous: "influenza immediatamente il suo Cavaliere
                // con il maggior valore di Forza di Volontà che si trovi a
                // Camelot".
                if card == abilities::SIEGE_PERILOUS {
                    if let Some(knight) = d.sim.siege_knight(seat) {
                        d.emit(Event::Warded { seat, card: knight, by: card.clone() });
                    }
                }
                if let Some(special) = gives {
                    // A knight receives it where the text names one.
                    let knight =
                        stated.is_some_and(|c| c.fact_flag("single_knight")) || card == "legends/event/test-of-amour";
                    let grant = Grant { special, seat, location, knight, lone: LoneKnight::of(card) };
                    let can: Vec<String> = d.sim.grantees(&grant);
                    match can.as_slice() {
                        [] => {}
                        [one] => d.give(special, Some(one.clone())),
                        _ => d.emit(Event::GrantOpened { grant }),
                    }
                }
                // "Non appena si completa l'Evento Finale, il gioco termina
                // immediatamente", the characters due at the end of the
                // turn discarded before the count.
                if location == Location::Final {
                    d.discard_marked();
                    d.emit(Event::GameEnded { reason: EndReason::FinalCompleted });
                } else if location == Location::CastleOfMaidens {
                    d.castle_completed(seat);
                } else {
                    d.completed(seat, card, location);
                    d.end_if_done();
                }
            }
            Command::Cover { card } => {
                self.started()?;
                if self.black_knight.is_none() {
                    return Err(err(LegendsError::NoCover));
                }
                if let Some(c) = card {
                    let forest = self.places.get(Location::PerilousForest as usize);
                    if !forest.is_some_and(|p| p.events.contains(c)) {
                        return Err(err(LegendsError::EventNotHere { card: c.clone() }));
                    }
                }
                d.emit(Event::Covered { card: card.clone() });
            }
            _ => return Err(CommonError::NotNow.into()),
        }
        Ok(())
    }

    /// An event drawn, completed or covered.
    pub(super) fn apply_event_card(&mut self, e: &Event) {
        match e {
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
                    Went::Bidding { max, skills } => {
                        let to = match &self.phase {
                            Phase::Turn(t) => t.seat,
                            _ => Seat(0),
                        };
                        self.auction = Some(Auction {
                            event: card.clone(),
                            max: *max,
                            skills: skills.clone(),
                            bids: vec![Vec::new(); self.players.len()],
                            to,
                            passes: 0,
                            dagonet: None,
                        });
                    }
                    Went::Final => {
                        if let Some(p) = self.places.get_mut(Location::Final as usize) {
                            p.events.push(card.clone());
                        }
                    }
                    Went::BlackKnight => self.black_knight = Some(card.clone()),
                    Went::Site { location } => {
                        if *location == Location::IsleOfAvalon {
                            self.isle = true;
                        } else if let Some(p) = self.places.get_mut(*location as usize) {
                            p.events.push(card.clone());
                        }
                    }
                }
            }
            Event::EventCompleted { seat, card, location, spent } => {
                if let Some(p) = self.places.get_mut(*location as usize) {
                    p.events.retain(|c| c != card);
                    // "solo al completamento del Cavaliere Nero l'evento
                    // sottostante tornerà in gioco".
                    if card == BLACK_KNIGHT {
                        p.events.extend(self.covered.take());
                    }
                }
                if *spent {
                    self.discarded.push(card.clone());
                } else if let Some(p) = self.players.get_mut(seat.index()) {
                    p.zone.push(card.clone());
                }
                let balin = self.balin_offer(*seat, card, *location, *spent);
                if let Phase::Turn(t) = &mut self.phase {
                    t.completed.push(*location);
                    t.balin = balin.then(|| card.clone());
                }
            }
            Event::Covered { card } => {
                self.black_knight = None;
                match card {
                    Some(c) => {
                        // He takes the covered event's place.
                        if let Some(p) = self.places.get_mut(Location::PerilousForest as usize) {
                            if let Some(i) = p.events.iter().position(|e| e == c) {
                                p.events[i] = BLACK_KNIGHT.to_string();
                            }
                        }
                        self.covered = Some(c.clone());
                    }
                    None => self.discarded.push(BLACK_KNIGHT.to_string()),
                }
            }
            _ => {}
        }
    }
}
