//! A player's turn: the initial placing, characters laid and played,
//! drawn and moved, the actions counted and the turn passed.

use super::cards::is_character;
use super::modifiers::Boost;
use super::Choice;
use super::{
    abilities, effects, err, texts, Command, Draft, Event, Gone, Legends, LegendsError, Location, Mode, Phase, Res,
    Seat, Special,
};
use super::{ACTIONS, HAND, MAX_COMPANY};
use crate::catalog::Catalog;
use crate::CommonError;
use crate::Legal;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

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
    /// Changes from optional abilities, for this turn.
    #[serde(default)]
    pub boosts: Vec<Boost>,
    /// Characters whose optional ability was used this turn.
    #[serde(default)]
    pub used: Vec<String>,
    /// Characters discarded at the end of this turn.
    #[serde(default)]
    pub to_discard: Vec<String>,
    /// One action only this turn (Sir Turquin's capture).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub one_action: bool,
    /// Lady Lunete's offer: a knight just played into her company here, a
    /// lady may join this location as part of the same action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lunete: Option<Location>,
    /// Lady Ettard was just played from the hand: her spell may follow.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ettard: bool,
    /// Sir Balin's offer: the location event his company just completed,
    /// which he may be discarded with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub balin: Option<String>,
    /// Sir Priamus has saved a character in this turn ("Una volta per ogni
    /// turno di un avversario").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub priamus: bool,
    /// The Feast of Pentecost was completed: a third action.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub feast: bool,
    /// The Mysterious Damosel was just completed: a lady from the hand may
    /// go to the Forest, spending no action.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub damosel: bool,
}

impl Draft {
    /// An action spent: after the last the turn passes.
    pub(super) fn after_action(&mut self, seat: Seat) {
        if let Phase::Turn(t) = &self.sim.phase {
            let spell = t.ettard && !self.sim.spell_targets(t, texts::ETTARD).is_empty();
            if t.actions >= self.sim.actions_allowed(seat) && t.lunete.is_none() && !spell {
                self.end_turn(seat);
            }
        }
    }

    /// The characters marked for the end of the turn are discarded, then
    /// the next player's turn begins.
    pub(super) fn end_turn(&mut self, seat: Seat) {
        self.discard_marked();
        let to = self.sim.next(seat);
        self.emit(Event::TurnPassed { to });
        // Sir Lamorak: "All'inizio del tuo turno di gioco, scarta Ser
        // Lamorak se nella sua stessa locazione si trovano almeno due
        // Cavalieri dell'alleanza Orkney", before the draw.
        if let Some((owner, l)) = self.sim.where_is(abilities::LAMORAK).filter(|(s, _)| *s == to) {
            let orkney = Seat::all(self.sim.players())
                .flat_map(|s| self.sim.company(s, l))
                .filter(|c| *c != abilities::LAMORAK)
                .filter(|c| self.sim.facts.characters.get(*c).is_some_and(|f| f.is_knight() && f.in_alliance("orkney")))
                .count();
            if orkney >= 2 && owner == to {
                self.emit(Event::Discarded { cards: vec![abilities::LAMORAK.into()], why: Gone::CardText });
            }
        }
    }

    /// "alla fine del turno": the characters an ability marked leave the
    /// table (before the count, when the final event ends the game).
    pub(super) fn discard_marked(&mut self) {
        if let Phase::Turn(t) = &self.sim.phase {
            let cards: Vec<String> = t.to_discard.iter().filter(|c| self.sim.where_is(c).is_some()).cloned().collect();
            if !cards.is_empty() {
                self.emit(Event::Discarded { cards, why: Gone::EndOfTurn });
            }
        }
    }
}

impl Legends {
    /// The actions of `seat`'s turn: two, three while its High King stands
    /// at Camelot ("La Carta Speciale High King").
    pub fn actions_allowed(&self, seat: Seat) -> u8 {
        // Sir Turquin's capture: one action, "anche se controlla la Carta
        // Speciale High King".
        if matches!(&self.phase, Phase::Turn(t) if t.seat == seat && t.one_action) {
            return 1;
        }
        let king = self.specials.get(&Special::HighKing).and_then(|c| self.where_is(c));
        let feast = match &self.phase {
            Phase::Turn(t) if t.seat == seat => effects::feast(t),
            _ => 0,
        };
        ACTIONS + u8::from(king == Some((seat, Location::Camelot))) + feast
    }

    /// The turn, once its event is drawn and nothing waits.
    pub(super) fn turn_open(&self) -> Res<&Turn> {
        self.started()?;
        let Phase::Turn(t) = &self.phase else { return Err(err(LegendsError::StillPlacing)) };
        if !t.drawn {
            return Err(err(LegendsError::DrawFirst));
        }
        if self.auction.is_some() {
            return Err(err(LegendsError::BiddingOpen));
        }
        if self.grant.is_some() {
            return Err(err(LegendsError::GrantFirst));
        }
        if self.companion_due {
            return Err(err(LegendsError::CompanionFirst));
        }
        if !self.forfeits.is_empty() {
            return Err(err(LegendsError::ForfeitFirst));
        }
        if self.black_knight.is_some() {
            return Err(err(LegendsError::CoverFirst));
        }
        Ok(t)
    }

    /// The turn, once its event is drawn, with an action left.
    pub(super) fn acting(&self) -> Res<&Turn> {
        let t = self.turn_open()?;
        if t.actions >= self.actions_allowed(t.seat) {
            return Err(err(LegendsError::NoActionLeft));
        }
        Ok(t)
    }

    /// Who may lay a character now: the player placing, or the player
    /// whose turn has an action left.
    pub(super) fn layer(&self) -> Res<Seat> {
        match &self.phase {
            Phase::Placing { seat, .. } => Ok(*seat),
            // Lady Lunete's offer outlasts the turn's last action.
            Phase::Turn(Turn { lunete: Some(_), .. }) => self.turn_open().map(|t| t.seat),
            _ => self.acting().map(|t| t.seat),
        }
    }

    /// Whether `card` may be laid by `seat` to be played: a character of
    /// the introductory game, known, not on the table, with a card in hand.
    pub(super) fn check_character(&self, seat: Seat, card: &str) -> Res<()> {
        if !is_character(card) || Catalog::builtin().get(card).is_none() {
            return Err(err(LegendsError::NotACharacter { card: card.to_string() }));
        }
        if self.where_is(card).is_some() || self.is_captive(card) {
            return Err(err(LegendsError::InPlay { card: card.to_string() }));
        }
        // A card met without its facts: the table asks for them.
        let Some(facts) = self.facts.characters.get(card) else {
            return Err(CommonError::FactsNeeded { cards: vec![card.to_string()] }.into());
        };
        self.check_level(card, &facts.level)?;
        if self.players[seat.index()].hand == 0 {
            return Err(err(LegendsError::HandEmpty));
        }
        Ok(())
    }

    /// Whether a card of `level` belongs to the game played: "mettete da
    /// parte quelle con l'icona Blu e Rossa" (introductory); the red cards
    /// only in the advanced game.
    pub(super) fn check_level(&self, card: &str, level: &str) -> Res<()> {
        match self.mode() {
            m if m.takes(level) => Ok(()),
            Mode::Introductory => Err(err(LegendsError::NotIntroductory { card: card.to_string() })),
            _ => Err(err(LegendsError::AdvancedCard { card: card.to_string() })),
        }
    }

    /// The locations where `seat`'s company has room for `n` more
    /// ("limite di 6 Personaggi per Compagnia").
    pub(super) fn room(&self, seat: Seat, location: Location, n: usize) -> bool {
        self.company(seat, location).len() + n <= MAX_COMPANY
    }

    /// The turn's commands: a character laid and played, drawn or moved; the turn ended.
    pub(super) fn decide_turn(&self, c: &Command, d: &mut Draft) -> Res<()> {
        match c {
            Command::Lay { card } => {
                let seat = self.layer()?;
                self.check_character(seat, card)?;
                if !self.playable().into_iter().any(|l| self.room(seat, l, 1)) {
                    return Err(err(LegendsError::CompaniesFull));
                }
                if let Some(at) = self.lunete_only() {
                    if !self.is_lady(card) {
                        return Err(err(LegendsError::LuneteLadyOnly { location: at }));
                    }
                }
                d.emit(Event::Laid { seat, card: card.clone() });
            }
            Command::Play { location } => {
                let seat = self.layer()?;
                let Some(card) = self.laid.clone() else { return Err(err(LegendsError::NothingLaid)) };
                self.check_character(seat, &card)?;
                self.check_open(*location)?;
                if *location == Location::IsleOfAvalon {
                    return Err(err(LegendsError::IsleNoPlay));
                }
                // "va rispettato il limite di 6 Personaggi per Compagnia".
                if !self.room(seat, *location, 1) {
                    return Err(err(LegendsError::CompanyFull { location: *location }));
                }
                let free = self.lunete_free(&card, *location);
                if let Some(at) = self.lunete_only().filter(|_| !free) {
                    return Err(err(LegendsError::LuneteLadyOnly { location: at }));
                }
                let lunete = !free && self.lunete_opens(seat, &card, *location);
                d.emit(Event::Played { seat, card, location: *location, free, lunete });
                match self.phase {
                    // "ciascun giocatore ... giocherà un personaggio
                    // iniziale": then the first player's turn.
                    Phase::Placing { after: 0, .. } => d.emit(Event::TurnPassed { to: self.first }),
                    Phase::Placing { .. } => {}
                    _ => d.after_action(seat),
                }
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
                self.check_open(*to)?;
                self.check_isle(seat, cards, from, *to)?;
                if !self.room(seat, *to, cards.len()) {
                    return Err(err(LegendsError::CompanyFull { location: *to }));
                }
                self.check_guard(seat, cards, *to)?;
                self.check_bewitched(cards)?;
                let free = self.agloval_free(t, cards) || self.potion_free(t, cards);
                d.emit(Event::Moved { seat, cards: cards.clone(), from, to: *to, free });
                d.after_action(seat);
            }
            Command::EndTurn => {
                let t = self.turn_open()?;
                d.end_turn(t.seat);
            }
            _ => return Err(CommonError::NotNow.into()),
        }
        Ok(())
    }

    /// Characters played, drawn and moved; the turn passed; the game ended.
    pub(super) fn apply_turn(&mut self, e: &Event) {
        match e {
            Event::Played { seat, card, location, free, lunete } => {
                if let Some(c) = self.company_mut(*seat, *location) {
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
                    Phase::Turn(t) => {
                        if !*free {
                            t.actions += 1;
                        }
                        t.lunete = lunete.then_some(*location);
                        t.ettard = card == texts::ETTARD;
                    }
                    _ => {}
                }
            }
            Event::CharacterDrawn { seat } => {
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.hand = (p.hand + 1).min(HAND);
                }
                self.character_deck = self.character_deck.saturating_sub(1);
                if let Phase::Turn(t) = &mut self.phase {
                    t.actions += 1;
                    t.lunete = None;
                    t.ettard = false;
                }
            }
            Event::Moved { seat, cards, from, to, free } => {
                let pair = self.is_pair(cards);
                if *to == Location::IsleOfAvalon && !self.isle_crossed.contains(seat) {
                    self.isle_crossed.push(*seat);
                }
                if let Some(c) = self.company_mut(*seat, *from) {
                    c.retain(|x| !cards.contains(x));
                }
                if let Some(c) = self.company_mut(*seat, *to) {
                    c.extend(cards.iter().cloned());
                }
                if let Phase::Turn(t) = &mut self.phase {
                    if *free {
                        t.used.push(if pair { Special::LovePotion.card() } else { abilities::AGLOVAL.to_string() });
                    } else {
                        t.actions += 1;
                    }
                    t.lunete = None;
                    t.ettard = false;
                }
            }
            Event::TurnPassed { to } => {
                self.laid = None;
                // With the event deck empty, there is nothing to draw.
                self.phase = Phase::Turn(Turn {
                    seat: *to,
                    drawn: self.event_deck == 0,
                    completed: Vec::new(),
                    actions: 0,
                    boosts: Vec::new(),
                    used: Vec::new(),
                    to_discard: Vec::new(),
                    one_action: false,
                    lunete: None,
                    ettard: false,
                    balin: None,
                    priamus: false,
                    feast: false,
                    damosel: false,
                });
                // Nimue's spell lasts "fino all'inizio del tuo prossimo
                // turno".
                self.silenced.retain(|s| s.until != *to);
            }
            Event::GameEnded { reason } => {
                self.laid = None;
                self.phase = Phase::Over { reason: *reason };
            }
            _ => {}
        }
    }
}

impl Legends {
    /// What the turn's player may do once the event is drawn; the seat that
    /// may lay a character, if any.
    pub(super) fn legal_turn(&self, t: &Turn, out: &mut Vec<Legal<Command, Choice>>) -> Option<Seat> {
        let seat = t.seat;
        // Lady Ettard's spell, as she is played.
        if t.ettard {
            for target in self.spell_targets(t, texts::ETTARD) {
                out.push(Legal::Exact(Command::Spell { card: texts::ETTARD.into(), target }));
            }
        }
        if t.actions == 0 && t.completed.is_empty() {
            self.abilities(t, out);
            self.threats(t, out);
            self.spells_and_crowns(t, out);
        }
        if self.check_renounce(t, texts::BALIN).is_ok() {
            out.push(Legal::Exact(Command::Renounce { card: texts::BALIN.into() }));
        }
        if t.actions == 0 {
            for l in self.open_places().into_iter().filter(|l| !t.completed.contains(l)) {
                for e in &self.places[l as usize].events {
                    if self.shortfall(seat, l, e).is_none() {
                        out.push(Legal::Exact(Command::Complete { card: e.clone() }));
                    }
                }
            }
        }
        if t.actions < self.actions_allowed(seat) {
            if self.players[seat.index()].hand < HAND && self.character_deck > 0 {
                out.push(Legal::Exact(Command::DrawCharacter));
            }
            self.moves(seat, out);
            for to in Location::ALL {
                if self.check_hunt(to).is_ok() {
                    out.push(Legal::Exact(Command::Hunt { to }));
                }
            }
            Some(seat)
        } else {
            // Lady Lunete's offer: a lady in the same action.
            t.lunete.map(|_| seat)
        }
    }

    /// Every move of one or two of `seat`'s characters from one location
    /// to another with room.
    pub(super) fn moves(&self, seat: Seat, out: &mut Vec<Legal<Command, Choice>>) {
        let open = self.open_places();
        for from in open.iter().copied() {
            let company = self.company(seat, from);
            let mut groups: Vec<Vec<String>> = company.iter().map(|c| vec![c.clone()]).collect();
            for (i, a) in company.iter().enumerate() {
                for b in &company[i + 1..] {
                    groups.push(vec![a.clone(), b.clone()]);
                }
            }
            for to in open.iter().copied().filter(|&t| t != from) {
                for g in &groups {
                    let stays = self.check_bewitched(g).is_err() || self.check_isle(seat, g, from, to).is_err();
                    if self.room(seat, to, g.len()) && self.check_guard(seat, g, to).is_ok() && !stays {
                        out.push(Legal::Exact(Command::Move { cards: g.clone(), to }));
                    }
                }
            }
        }
    }
}
