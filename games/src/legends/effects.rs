//! What the events do, carried out by Tavola: the effects of completing
//! Assassination, Trial by Combat, the Feast of Pentecost, the Truage of
//! Cornwall, the Mysterious Damosel, False Promise, the Villainous Request,
//! the Grand Tournament and the Grail Castle, and the special events Royal
//! Boon, Noble Alliance and Dark Journey as they are drawn; Sir Dinadan's company ignores
//! them in the other players' turns.
//!
//! An effect that needs a choice waits as an [`Effect`] for its player's
//! [`super::Command::Resolve`]; nothing else happens meanwhile. Each is a
//! small function the commands and [`crate::Game::legal`] share.

use super::cards::{Location, Skill};
use super::{abilities, err, Command, Draft, Event, Legends, LegendsError, Phase, Protection, Res, Turn, HAND};
use crate::{CommonError, Seat};
use serde::{Deserialize, Serialize};

/// Assassination: its completer may discard a knight anywhere.
pub const ASSASSINATION: &str = "legends/event/assassination";
/// Trial by Combat: its completer may discard a character in Cornwall.
pub const TRIAL_BY_COMBAT: &str = "legends/event/trial-by-combat";
/// The Feast of Pentecost: a third action this turn.
pub const FEAST: &str = "legends/event/feast-of-pentecost";
/// The Truage of Cornwall: the hand drawn up to five.
pub const TRUAGE: &str = "legends/event/truage-of-cornwall";
/// The Mysterious Damosel: a lady from the hand into the Forest, free.
pub const DAMOSEL: &str = "legends/event/mysterious-damosel";
/// False Promise: the hand exchanged with an opponent's.
pub const FALSE_PROMISE: &str = "legends/event/false-promise";
/// The Villainous Request: a lady of another company in Cornwall taken.
pub const VILLAINOUS_REQUEST: &str = "legends/event/villainous-request";
/// The Grand Tournament: the weakest of every other company at Camelot
/// discarded.
pub const GRAND_TOURNAMENT: &str = "legends/event/grand-tournament";
/// The Grail Castle: the next four events looked at and reordered.
pub const GRAIL_CASTLE: &str = "legends/event/the-grail-castle";
/// Royal Boon: the fullest hand gives a card to the emptiest.
pub const ROYAL_BOON: &str = "legends/event/royal-boon";
/// Dark Journey: each player in turn moves an opposing character.
pub const DARK_JOURNEY: &str = "legends/event/dark-journey";
/// Noble Alliance: the player with the most characters on the table gives
/// one to the player with the fewest.
pub const NOBLE_ALLIANCE: &str = "legends/event/noble-alliance";
/// The Questing Beast: any player may spend an action to move it to another
/// main location.
pub const QUESTING_BEAST: &str = "legends/event/the-questing-beast";
/// The Tournament of Logres: every player's best knight in Combat and
/// Chivalry rides; the best of them go to a main location, the others back
/// to the hand.
pub const LOGRES: &str = "legends/event/tournament-of-logres";
/// Sir Dinadan: his company ignores the events' effects in the other
/// players' turns.
pub const DINADAN: &str = "legends/character/sir-dinadan";

/// The events whose text Tavola carries out, completed, drawn or moved.
pub const CARRIED_OUT: [&str; 14] = [
    ASSASSINATION,
    TRIAL_BY_COMBAT,
    FEAST,
    TRUAGE,
    DAMOSEL,
    FALSE_PROMISE,
    VILLAINOUS_REQUEST,
    GRAND_TOURNAMENT,
    GRAIL_CASTLE,
    ROYAL_BOON,
    NOBLE_ALLIANCE,
    DARK_JOURNEY,
    QUESTING_BEAST,
    LOGRES,
];

/// An event's effect waiting for a player's choice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum Effect {
    /// Assassination: a knight anywhere may be discarded ("può
    /// immediatamente scartare un Cavaliere da qualsiasi locazione").
    Assassination,
    /// Trial by Combat: a character in Cornwall may be discarded.
    TrialByCombat,
    /// The Villainous Request: a lady of another company in Cornwall may
    /// join the company that completed it, at `location`.
    VillainousRequest {
        /// Where the company stands.
        location: Location,
    },
    /// False Promise: the whole hand may be exchanged with an opponent's.
    FalsePromise,
    /// The Grand Tournament: one of the characters tied for the lowest
    /// Combat in this player's company at Camelot is discarded.
    Tournament {
        /// The characters tied.
        tied: Vec<String>,
    },
    /// Royal Boon: the player with the most cards gives one at random to
    /// one of those tied for the fewest ("scegliendo nel caso vi sia
    /// parità").
    RoyalBoon {
        /// Those tied for the fewest.
        to: Vec<Seat>,
    },
    /// Noble Alliance: the player with the most characters on the table
    /// gives one of them to one of those with the fewest; it stays where it
    /// stands.
    NobleAlliance {
        /// Those tied for the fewest.
        to: Vec<Seat>,
    },
    /// Dark Journey: this player moves an opposing character from a main
    /// location to another; then the players after, clockwise from the
    /// drawer.
    DarkJourney {
        /// The players still to move after this one.
        left: Vec<Seat>,
    },
    /// The Tournament of Logres: this player's knights tied for the best
    /// Combat and Chivalry, one of whom rides.
    Champion {
        /// The knights tied.
        tied: Vec<String>,
        /// The champions chosen so far.
        chosen: Vec<String>,
        /// The players still to name theirs after this one.
        left: Vec<Seat>,
    },
    /// The Tournament of Logres: a winner goes to a main location of his
    /// player's choice.
    Winner {
        /// The knight.
        knight: String,
    },
    /// The Castle of Maidens, drawn: this player's lady taken prisoner,
    /// chosen among several; then the players after, clockwise from the
    /// drawer.
    Captive {
        /// The players still to lose a lady after this one.
        left: Vec<Seat>,
    },
    /// The Castle of Maidens, completed: this player moves one of their
    /// characters there to a main location.
    Departure,
}

/// A choice an effect offers: a character, a player, a location, or
/// nothing (an optional effect declined).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Answer {
    /// The character.
    pub card: Option<String>,
    /// The player.
    pub seat: Option<Seat>,
    /// The location.
    pub to: Option<Location>,
}

impl Answer {
    fn card(c: &str) -> Answer {
        Answer { card: Some(c.to_string()), ..Answer::default() }
    }

    fn seat(s: Seat) -> Answer {
        Answer { seat: Some(s), ..Answer::default() }
    }
}

/// An effect and the player who chooses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// Who chooses.
    pub seat: Seat,
    /// What.
    pub effect: Effect,
}

impl Effect {
    /// Whether the player may decline it ("può").
    pub fn optional(&self) -> bool {
        matches!(
            self,
            Effect::Assassination | Effect::TrialByCombat | Effect::VillainousRequest { .. } | Effect::FalsePromise
        )
    }
}

impl Legends {
    /// The effect waiting for its choice.
    pub fn effect(&self) -> Option<&Pending> {
        self.effects.first()
    }

    /// What keeps an event's effect off `card`: Siege Perilous' knight is
    /// never discarded; Sir Dinadan's company ignores the effects in another
    /// player's turn ("Durante il turno di ciascuno degli avversari").
    pub(super) fn event_shield(&self, card: &str, discards: bool) -> Option<Protection> {
        let (owner, location) = self.where_is(card)?;
        let siege = self.wards.iter().any(|w| {
            w.card == card
                && w.by == abilities::SIEGE_PERILOUS
                && self.players.get(w.seat.index()).is_some_and(|p| p.zone.iter().any(|e| e == &w.by))
        });
        if discards && siege {
            return Some(Protection::SiegePerilous);
        }
        let turn = match &self.phase {
            Phase::Turn(t) => t.seat,
            _ => return None,
        };
        let dinadan = self.company(owner, location).iter().any(|c| c == DINADAN) && self.speaks(DINADAN);
        (dinadan && owner != turn).then_some(Protection::Dinadan)
    }

    /// The choices `p` offers (see [`super::Command::Resolve`]).
    pub(super) fn resolutions(&self, p: &Pending) -> Vec<Answer> {
        let mut out: Vec<Answer> = Vec::new();
        let on_table = || {
            self.open_places().into_iter().flat_map(move |l| {
                Seat::all(self.players()).flat_map(move |s| self.company(s, l).iter().map(move |c| (c, s, l)))
            })
        };
        let free = |c: &str, discards: bool| self.event_shield(c, discards).is_none();
        match &p.effect {
            Effect::Assassination => {
                let knights = on_table().filter(|(c, _, _)| self.is_knight(c) && free(c, true));
                out.extend(knights.map(|(c, _, _)| Answer::card(c)));
            }
            Effect::TrialByCombat => {
                let here = on_table().filter(|(c, _, l)| *l == Location::Cornwall && free(c, true));
                out.extend(here.map(|(c, _, _)| Answer::card(c)));
            }
            Effect::VillainousRequest { location } => {
                if self.room(p.seat, *location, 1) {
                    let ladies = on_table().filter(|(c, s, l)| {
                        *l == Location::Cornwall
                            && !(*s == p.seat && l == location)
                            && self.is_lady(c)
                            && free(c, false)
                    });
                    out.extend(ladies.map(|(c, _, _)| Answer::card(c)));
                }
            }
            Effect::FalsePromise => out.extend(Seat::all(self.players()).filter(|s| *s != p.seat).map(Answer::seat)),
            Effect::Tournament { tied } => out.extend(tied.iter().map(|c| Answer::card(c))),
            Effect::RoyalBoon { to } => out.extend(to.iter().map(|s| Answer::seat(*s))),
            Effect::NobleAlliance { to } => {
                for (c, _, _) in on_table().filter(|(_, s, _)| *s == p.seat) {
                    out.extend(to.iter().map(|r| Answer { card: Some(c.clone()), seat: Some(*r), to: None }));
                }
            }
            Effect::Champion { tied, .. } => out.extend(tied.iter().map(|c| Answer::card(c))),
            Effect::Winner { knight } => {
                if let Some((s, from)) = self.where_is(knight) {
                    let to = Location::ALL.into_iter().filter(|l| *l == from || self.room(s, *l, 1));
                    out.extend(to.map(|l| Answer { card: Some(knight.clone()), seat: None, to: Some(l) }));
                }
            }
            Effect::Captive { .. } | Effect::Departure => out.extend(self.site_resolutions(p)),
            Effect::DarkJourney { .. } => {
                // "muovere un Personaggio avversario da una Locazione
                // Principale ad un'altra": as a move, Lady Ettard's spell
                // and Sir Alisander's guard hold.
                let theirs = on_table().filter(|(c, s, l)| *s != p.seat && l.is_main() && free(c, false));
                for (c, s, l) in theirs {
                    let cards = [c.clone()];
                    if self.check_bewitched(&cards).is_err() {
                        continue;
                    }
                    for to in Location::ALL.into_iter().filter(|t| *t != l && self.room(s, *t, 1)) {
                        if self.check_guard(s, &cards, to).is_ok() {
                            out.push(Answer { card: Some(c.clone()), seat: None, to: Some(to) });
                        }
                    }
                }
            }
        }
        if p.effect.optional() {
            out.push(Answer::default());
        }
        out
    }

    /// Checks a choice for the effect waiting.
    pub(super) fn check_resolve(&self, answer: &Answer) -> Res<&Pending> {
        let Some(p) = self.effect() else { return Err(err(LegendsError::NoEffect)) };
        if self.resolutions(p).contains(answer) {
            return Ok(p);
        }
        if let Some(c) = &answer.card {
            if let Some(by) = self.event_shield(c, true) {
                return Err(err(LegendsError::Protected { card: c.to_string(), by }));
            }
        }
        Err(err(LegendsError::WrongChoice))
    }

    /// A choice made: its changes.
    pub(super) fn apply_resolve(&mut self, card: Option<&str>, with: Option<Seat>, to: Option<Location>) {
        if self.effects.is_empty() {
            return;
        }
        let p = self.effects.remove(0);
        if matches!(p.effect, Effect::Captive { .. } | Effect::Departure) {
            if let Some(c) = card {
                self.apply_site(&p, c, to);
            }
            return;
        }
        if let (Effect::DarkJourney { .. } | Effect::Winner { .. }, Some(c), Some(to)) = (&p.effect, card, to) {
            if let Some((owner, l)) = self.where_is(c) {
                if let Some(company) = self.company_mut(owner, l) {
                    company.retain(|x| x != c);
                }
                if let Some(company) = self.company_mut(owner, to) {
                    company.push(c.to_string());
                }
            }
            return;
        }
        match (&p.effect, card, with) {
            (Effect::Assassination | Effect::TrialByCombat | Effect::Tournament { .. }, Some(c), _) => {
                for c in self.with_partners(&[c.to_string()]) {
                    if let Some((_, l)) = self.where_is(&c) {
                        self.take_off(&c, l);
                    }
                    self.character_discard.push(c);
                }
            }
            (Effect::VillainousRequest { location }, Some(c), _) => {
                if let Some((_, l)) = self.where_is(c) {
                    self.take_off(c, l);
                }
                if let Some(company) = self.company_mut(p.seat, *location) {
                    company.push(c.to_string());
                }
            }
            (Effect::FalsePromise, _, Some(other)) => {
                let (a, b) = (p.seat.index(), other.index());
                if a < self.players.len() && b < self.players.len() {
                    let hand = self.players[a].hand;
                    self.players[a].hand = self.players[b].hand;
                    self.players[b].hand = hand;
                }
            }
            (Effect::RoyalBoon { .. }, _, Some(to)) => self.give_card(p.seat, to),
            (Effect::NobleAlliance { .. }, Some(c), Some(to)) => {
                if let Some((_, l)) = self.where_is(c) {
                    self.take_off(c, l);
                    if let Some(company) = self.company_mut(to, l) {
                        company.push(c.to_string());
                    }
                }
            }
            _ => {}
        }
    }

    /// A card of `from`'s hand goes to `to`'s ("ne deve dare una a caso").
    pub(super) fn give_card(&mut self, from: Seat, to: Seat) {
        if let Some(p) = self.players.get_mut(from.index()) {
            p.hand = p.hand.saturating_sub(1);
        }
        if let Some(p) = self.players.get_mut(to.index()) {
            p.hand = (p.hand + 1).min(HAND);
        }
    }

    /// Characters `seat` has on the table.
    fn on_table(&self, seat: Seat) -> usize {
        self.open_places().into_iter().map(|l| self.company(seat, l).len()).sum()
    }

    /// The Grand Tournament: each other company at Camelot, its members with
    /// the lowest Combat (those an event may discard), when it has any.
    fn tournament(&self, seat: Seat, location: Location) -> Vec<(Seat, Vec<String>)> {
        let mut out = Vec::new();
        for s in Seat::all(self.players()) {
            if s == seat && location == Location::Camelot {
                continue;
            }
            let members: Vec<&String> =
                self.company(s, Location::Camelot).iter().filter(|c| self.event_shield(c, true).is_none()).collect();
            let combat = |c: &str| self.values(c).map_or(0, |v| v[Skill::Combat as usize]);
            let Some(low) = members.iter().map(|c| combat(c)).min() else { continue };
            out.push((s, members.into_iter().filter(|c| combat(c) == low).cloned().collect()));
        }
        out
    }

    /// The hand counts for Royal Boon, or Noble Alliance's counts on the
    /// table: the one giver, and those tied for the fewest (none when
    /// several are tied for the most: "l'evento si scarta senza effetti").
    fn giver(&self, counts: &[usize]) -> Option<(Seat, Vec<Seat>)> {
        let most = *counts.iter().max()?;
        let least = *counts.iter().min()?;
        let givers: Vec<usize> = (0..counts.len()).filter(|i| counts[*i] == most).collect();
        if givers.len() != 1 || most == least {
            return None;
        }
        let to = (0..counts.len()).filter(|i| counts[*i] == least).map(|i| Seat(i as u8)).collect();
        Some((Seat(givers[0] as u8), to))
    }
}

impl Draft {
    /// What completing `card` at `location` does at once, and the choices
    /// it opens (the full game and the introductory one alike: the text is
    /// on the card).
    pub(super) fn completed(&mut self, seat: Seat, card: &str, location: Location) {
        let wait = |effect| Event::EffectOpened { pending: Pending { seat, effect } };
        match card {
            ASSASSINATION | TRIAL_BY_COMBAT => {
                let effect = if card == ASSASSINATION { Effect::Assassination } else { Effect::TrialByCombat };
                let p = Pending { seat, effect: effect.clone() };
                // Only an offer with somebody to discard.
                if self.sim.resolutions(&p).len() > 1 {
                    self.emit(wait(effect));
                }
            }
            FEAST => self.emit(Event::ThirdAction { seat }),
            TRUAGE => {
                let hand = self.sim.players[seat.index()].hand;
                let cards = HAND.saturating_sub(hand).min(self.sim.character_deck);
                if cards > 0 {
                    self.emit(Event::HandFilled { seat, cards });
                }
            }
            DAMOSEL => self.emit(Event::DamoselOffered { seat }),
            FALSE_PROMISE if self.sim.players[seat.index()].hand > 0 => self.emit(wait(Effect::FalsePromise)),
            VILLAINOUS_REQUEST => {
                let effect = Effect::VillainousRequest { location };
                if self.sim.resolutions(&Pending { seat, effect: effect.clone() }).len() > 1 {
                    self.emit(wait(effect));
                }
            }
            GRAND_TOURNAMENT => {
                for (s, tied) in self.sim.tournament(seat, location) {
                    match tied.as_slice() {
                        [] => {}
                        [one] => self.emit(Event::Discarded { cards: vec![one.clone()], why: super::Gone::CardText }),
                        _ => self.emit(Event::EffectOpened {
                            pending: Pending { seat: s, effect: Effect::Tournament { tied } },
                        }),
                    }
                }
            }
            _ => {}
        }
    }

    /// What a special event does as it is drawn, where Tavola carries it
    /// out: Royal Boon, Noble Alliance and Dark Journey.
    pub(super) fn special_drawn(&mut self, seat: Seat, card: &str) {
        let n = self.sim.players();
        match card {
            LOGRES => {
                let order = (0..n).map(|i| Seat(((seat.index() + i) % n) as u8)).collect();
                self.champions(Vec::new(), order);
            }
            DARK_JOURNEY => {
                // "Iniziando da chi ha pescato questa carta e proseguendo in
                // senso orario".
                let order = (0..n).map(|i| Seat(((seat.index() + i) % n) as u8)).collect();
                self.journey(order);
            }
            ROYAL_BOON => {
                let hands: Vec<usize> = self.sim.players.iter().map(|p| usize::from(p.hand)).collect();
                let Some((from, to)) = self.sim.giver(&hands) else { return };
                match to.as_slice() {
                    [one] => self.emit(Event::CardGiven { from, to: *one }),
                    _ => self.emit(Event::EffectOpened {
                        pending: Pending { seat: from, effect: Effect::RoyalBoon { to } },
                    }),
                }
            }
            NOBLE_ALLIANCE => {
                let counts: Vec<usize> = Seat::all(n).map(|s| self.sim.on_table(s)).collect();
                if let Some((from, to)) = self.sim.giver(&counts) {
                    self.emit(Event::EffectOpened {
                        pending: Pending { seat: from, effect: Effect::NobleAlliance { to } },
                    });
                }
            }
            _ => {}
        }
    }
}

impl Legends {
    /// A player's knights tied for the best Combat and Chivalry (as they
    /// stand in their companies), those the event may move.
    fn best_knights(&self, seat: Seat) -> Vec<String> {
        // Nobody leaves the Isle of Avalon, for a tournament either.
        let places = self.open_places().into_iter().filter(|l| *l != Location::IsleOfAvalon);
        let mine = places.flat_map(|l| self.company(seat, l).iter());
        let knights: Vec<&String> =
            mine.filter(|c| self.is_knight(c) && self.event_shield(c, false).is_none()).collect();
        let value = |c: &str| self.value_of(c, &[Skill::Combat, Skill::Chivalry]);
        let Some(best) = knights.iter().map(|c| value(c)).max() else { return Vec::new() };
        knights.into_iter().filter(|c| value(c) == best).cloned().collect()
    }
}

impl Draft {
    /// The Tournament of Logres: each player of `order` in turn names a
    /// champion (asked among knights tied); with all named, the best ride
    /// to a main location of their player's choice ("quello (o quelli in
    /// caso di parità)"), the others go back to the hand, discarded over
    /// five.
    pub(super) fn champions(&mut self, mut chosen: Vec<String>, order: Vec<Seat>) {
        for (i, seat) in order.iter().enumerate() {
            match self.sim.best_knights(*seat).as_slice() {
                [] => {}
                [one] => chosen.push(one.clone()),
                tied => {
                    let left = order[i + 1..].to_vec();
                    let effect = Effect::Champion { tied: tied.to_vec(), chosen, left };
                    self.emit(Event::EffectOpened { pending: Pending { seat: *seat, effect } });
                    return;
                }
            }
        }
        let value = |c: &str| self.sim.value_of(c, &[Skill::Combat, Skill::Chivalry]);
        let Some(best) = chosen.iter().map(|c| value(c)).max() else { return };
        let (winners, others): (Vec<String>, Vec<String>) = chosen.into_iter().partition(|c| value(c) == best);
        for c in others {
            let Some((seat, _)) = self.sim.where_is(&c) else { continue };
            if self.sim.players[seat.index()].hand < HAND {
                self.emit(Event::ReturnedToHand { seat, card: c });
            } else {
                self.emit(Event::Discarded { cards: vec![c], why: super::Gone::CardText });
            }
        }
        for knight in winners {
            if let Some((seat, _)) = self.sim.where_is(&knight) {
                self.emit(Event::EffectOpened { pending: Pending { seat, effect: Effect::Winner { knight } } });
            }
        }
    }

    /// Dark Journey: the first of `order` with a character to move is asked;
    /// those with none are passed over.
    pub(super) fn journey(&mut self, order: Vec<Seat>) {
        for (i, seat) in order.iter().enumerate() {
            let effect = Effect::DarkJourney { left: order[i + 1..].to_vec() };
            let p = Pending { seat: *seat, effect };
            if !self.sim.resolutions(&p).is_empty() {
                self.emit(Event::EffectOpened { pending: p });
                return;
            }
        }
    }
}

impl Legends {
    /// Checks the Questing Beast's move, an action: "in una qualsiasi altra
    /// Locazione Principale a sua scelta (purché non violi il limite di 3
    /// Carte Evento per locazione)". Gives where it stands.
    pub(super) fn check_hunt(&self, to: Location) -> Res<Location> {
        self.acting()?;
        if self.lunete_only().is_some() {
            return Err(err(LegendsError::NoActionLeft));
        }
        let Some(from) = self.event_at(QUESTING_BEAST).filter(|l| l.is_main()) else {
            return Err(err(LegendsError::EventNotHere { card: QUESTING_BEAST.to_string() }));
        };
        if !to.is_main() || to == from {
            return Err(err(LegendsError::SameLocation));
        }
        if self.places[to as usize].events.len() >= super::MAX_EVENTS {
            return Err(err(LegendsError::EventsFull { location: to }));
        }
        Ok(from)
    }
}

/// The turn's extra action of the Feast of Pentecost.
pub(super) fn feast(t: &Turn) -> u8 {
    u8::from(t.feast)
}

impl Legends {
    /// An event's effect answered, the Questing Beast hunted.
    pub(super) fn decide_effects(&self, c: &Command, d: &mut Draft) -> Res<()> {
        match c {
            Command::Hunt { to } => {
                let seat = self.acting()?.seat;
                let from = self.check_hunt(*to)?;
                d.emit(Event::Hunted { seat, from, to: *to });
                d.after_action(seat);
            }
            Command::Resolve { card, seat, to } => {
                self.started()?;
                let answer = Answer { card: card.clone(), seat: *seat, to: *to };
                let p = self.check_resolve(&answer)?;
                let effect = p.effect.clone();
                d.emit(Event::Resolved {
                    seat: p.seat,
                    effect: effect.clone(),
                    card: card.clone(),
                    with: *seat,
                    to: *to,
                });
                match effect {
                    Effect::Captive { left } => d.captives(left),
                    Effect::Departure => d.departures(self.next(p.seat)),
                    Effect::DarkJourney { left } => d.journey(left),
                    Effect::Champion { mut chosen, left, .. } => {
                        chosen.extend(card.clone());
                        d.champions(chosen, left);
                    }
                    _ => {}
                }
            }
            _ => return Err(CommonError::NotNow.into()),
        }
        Ok(())
    }

    /// The Questing Beast hunted, the Feast's third action, hands filled, the Damosel's offer.
    pub(super) fn apply_effects(&mut self, e: &Event) {
        match e {
            Event::Hunted { from, to, .. } => {
                let beast = QUESTING_BEAST.to_string();
                if let Some(p) = self.places.get_mut(*from as usize) {
                    p.events.retain(|e| *e != beast);
                }
                if let Some(p) = self.places.get_mut(*to as usize) {
                    p.events.push(beast);
                }
                if let Phase::Turn(t) = &mut self.phase {
                    t.actions += 1;
                    t.lunete = None;
                    t.ettard = false;
                }
            }
            Event::ThirdAction { .. } => {
                if let Phase::Turn(t) = &mut self.phase {
                    t.feast = true;
                }
            }
            Event::HandFilled { seat, cards } => {
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.hand = (p.hand + cards).min(HAND);
                }
                self.character_deck = self.character_deck.saturating_sub(*cards);
            }
            Event::DamoselOffered { .. } => {
                if let Phase::Turn(t) = &mut self.phase {
                    t.damosel = true;
                }
            }
            _ => {}
        }
    }
}
