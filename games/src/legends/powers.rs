//! The characters' abilities and texts used in a turn: the optional
//! abilities, strikes, wards, spells, the High King crowned, events
//! scrapped, raids, Sir Dagonet's place, recalls and summons, Sir Balin's
//! sacrifice and its forfeits, Sir Lambegus' and Sir Priamus' rescues.

use super::{abilities, err, texts, Command, Draft, Event, Legends, LegendsError, Location, Phase, Res, Seat, Special};
use super::{Choice, Skill, Turn};
use crate::CommonError;
use crate::Legal;
use serde::{Deserialize, Serialize};

/// Sir Lambegus' or Sir Priamus' offer for a character of their company
/// discarded in an opponent's turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rescue {
    /// Sir Lambegus or Sir Priamus.
    pub by: String,
    /// Their player.
    pub seat: Seat,
    /// The character discarded.
    pub card: String,
    /// Where it stood.
    pub location: Location,
    /// The special cards it held.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub specials: Vec<Special>,
}

/// A man's text negated by Nimue ("vengono negati fino all'inizio del tuo
/// prossimo turno").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Silence {
    /// The man.
    pub card: String,
    /// Nimue's player: the negation ends when that player's turn begins.
    pub until: Seat,
}

/// A knight warded from opposing characters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ward {
    /// Whose knight.
    pub seat: Seat,
    /// The knight.
    pub card: String,
    /// Lady Lyonesse's card (while she is in play) or Siege Perilous' (while
    /// it is in the player's zone: the knight cannot be discarded).
    pub by: String,
}

impl Draft {
    /// Sir Balin's sacrifice: a player asked whose zone holds a single
    /// event discards it at once.
    pub(super) fn forfeit_single(&mut self) {
        while let Some(seat) = self.sim.forfeit_due() {
            match self.sim.players[seat.index()].zone.as_slice() {
                [one] => {
                    let lost = one.clone();
                    self.emit(Event::Forfeited { seat, lost });
                }
                _ => break,
            }
        }
    }
}

impl Legends {
    /// An ability or a card's text used.
    pub(super) fn decide_powers(&self, c: &Command, d: &mut Draft) -> Res<()> {
        match c {
            Command::Use { card, target, skill } => {
                let t = self.turn_open()?;
                let u = self.check_use(t, card, target.as_deref(), *skill)?;
                let seat = t.seat;
                let (boosts, discard) = self.use_effects(card, *skill, u);
                d.emit(Event::AbilityUsed { seat, card: card.clone(), boosts, discard });
            }
            Command::Strike { card, target } => {
                let t = self.turn_open()?;
                let seat = t.seat;
                let blow = self.check_strike(t, card, target)?;
                d.emit(Event::Struck { seat, card: card.clone(), target: target.clone(), blow });
            }
            Command::Ward { card, target } => {
                let t = self.turn_open()?;
                let seat = t.seat;
                self.check_ward(t, card, target)?;
                d.emit(Event::Warded { seat, card: target.clone(), by: card.clone() });
            }
            Command::Spell { card, target } => {
                let t = self.turn_open()?;
                let seat = t.seat;
                self.check_spell(t, card, target)?;
                d.emit(Event::Spelled { seat, card: card.clone(), target: target.clone() });
                // Lady Ettard's spell may follow the turn's last action.
                d.after_action(seat);
            }
            Command::Crown { card, event } => {
                let t = self.turn_open()?;
                let seat = t.seat;
                let knight = self.check_crown(t, card, event.as_deref())?;
                d.emit(Event::Crowned { seat, by: card.clone(), knight, spent: event.clone() });
            }
            Command::Scrap { card, event } => {
                let t = self.turn_open()?;
                self.check_scrap(t, card, event)?;
                d.emit(Event::Scrapped { card: card.clone(), scrapped: event.clone() });
            }
            Command::Raid { card, seat } => {
                let t = self.turn_open()?;
                let by = t.seat;
                self.check_raid(t, card, *seat)?;
                d.emit(Event::Raided { seat: by, card: card.clone(), from: *seat });
            }
            Command::Replace { target } => {
                let seat = self.check_replace(target)?;
                let bid = self.auction.as_ref().is_some_and(|a| a.dagonet.is_some());
                let card = if bid { texts::DAGONET.to_string() } else { self.laid.clone().unwrap_or_default() };
                d.emit(Event::Replaced { seat, card, target: target.clone() });
                if bid {
                    d.close_auction_if_done();
                } else {
                    d.after_action(seat);
                }
            }
            Command::Recall { card } => {
                let t = self.turn_open()?;
                let seat = t.seat;
                self.check_recall(t, card)?;
                d.emit(Event::Recalled { seat, card: card.clone() });
            }
            Command::Summon { card, target } => {
                let t = self.turn_open()?;
                let seat = t.seat;
                let (from, to) = self.check_summon(t, card, target)?;
                d.emit(Event::Summoned { seat, card: card.clone(), target: target.clone(), from, to });
            }
            Command::Renounce { card } => {
                let t = self.turn_open()?;
                let seat = t.seat;
                let event = self.check_renounce(t, card)?;
                d.emit(Event::Renounced { seat, card: card.clone(), lost: event });
                d.forfeit_single();
            }
            Command::Rescue { take } => {
                self.started()?;
                let Some(r) = self.rescue() else { return Err(err(LegendsError::NoRescue)) };
                if *take {
                    self.check_rescue(r)?;
                }
                d.emit(Event::Rescued { rescue: r.clone(), taken: *take });
            }
            Command::Forfeit { event } => {
                self.started()?;
                let Some(seat) = self.forfeit_due() else { return Err(err(LegendsError::NoForfeitDue)) };
                if !self.players[seat.index()].zone.contains(event) {
                    return Err(err(LegendsError::NotInZone { card: event.clone() }));
                }
                d.emit(Event::Forfeited { seat, lost: event.clone() });
                d.forfeit_single();
            }
            _ => return Err(CommonError::NotNow.into()),
        }
        Ok(())
    }

    /// An ability or a card's text used.
    pub(super) fn apply_powers(&mut self, e: &Event) {
        match e {
            Event::AbilityUsed { card, boosts, discard, .. } => {
                if let Phase::Turn(t) = &mut self.phase {
                    t.used.push(card.clone());
                    t.boosts.extend(boosts.iter().cloned());
                    t.to_discard
                        .extend(discard.iter().filter(|c| !t.to_discard.contains(c)).cloned().collect::<Vec<_>>());
                }
            }
            Event::Scrapped { card, scrapped: event } => {
                if let Phase::Turn(t) = &mut self.phase {
                    t.used.push(card.clone());
                }
                for p in &mut self.places {
                    p.events.retain(|e| e != event);
                }
                self.discarded.push(event.clone());
                for c in self.with_partners(std::slice::from_ref(card)) {
                    if let Some((_, l)) = self.where_is(&c) {
                        self.take_off(&c, l);
                    }
                    self.character_discard.push(c);
                }
            }
            Event::Spelled { seat, card, target } => {
                let at = self.where_is(card).map(|(_, l)| l);
                if let Phase::Turn(t) = &mut self.phase {
                    if card == texts::ETTARD {
                        t.ettard = false;
                    } else {
                        t.used.push(card.clone());
                    }
                }
                if card == texts::ETTARD {
                    self.bewitched = at.map(|l| (target.clone(), l));
                } else {
                    self.silenced.push(Silence { card: target.clone(), until: *seat });
                }
            }
            Event::Crowned { seat, by, knight, spent } => {
                if let Phase::Turn(t) = &mut self.phase {
                    t.used.push(by.clone());
                }
                self.specials.insert(Special::HighKing, knight.clone());
                if by == texts::ARTHUR {
                    self.arthur_crowned = true;
                }
                if let Some(e) = spent {
                    if let Some(p) = self.players.get_mut(seat.index()) {
                        p.zone.retain(|z| z != e);
                    }
                    self.discarded.push(e.clone());
                }
                if by == texts::ARCHBISHOP {
                    if let Some((_, l)) = self.where_is(by) {
                        self.take_off(by, l);
                    }
                    self.character_discard.push(by.clone());
                }
            }
            Event::Struck { card, target, blow, seat } => {
                if let Phase::Turn(t) = &mut self.phase {
                    t.used.push(card.clone());
                }
                let place = self.where_is(card).map(|(_, l)| l);
                let struck = self.where_is(target);
                let mut gone = vec![];
                match blow {
                    abilities::Blow::Both => gone.extend([target.clone(), card.clone()]),
                    abilities::Blow::Struck => gone.push(target.clone()),
                    abilities::Blow::Lure => {
                        // He joins her company; she is discarded.
                        if let (Some((owner, l)), Some(here)) = (struck, place) {
                            if let Some(c) = self.company_mut(owner, l) {
                                c.retain(|x| x != target);
                            }
                            if let Some(c) = self.company_mut(*seat, here) {
                                c.push(target.clone());
                            }
                        }
                        gone.push(card.clone());
                    }
                    abilities::Blow::Capture => {
                        if let Some((_, l)) = struck {
                            self.take_off(target, l);
                            self.prisoners.push(target.clone());
                        }
                        if let Phase::Turn(t) = &mut self.phase {
                            t.one_action = true;
                        }
                    }
                }
                for c in self.with_partners(&gone) {
                    if let Some((_, l)) = self.where_is(&c) {
                        self.take_off(&c, l);
                    }
                    self.character_discard.push(c);
                }
            }
            Event::Warded { seat, card, by } => {
                if let Phase::Turn(t) = &mut self.phase {
                    if by != abilities::SIEGE_PERILOUS {
                        t.used.push(by.clone());
                    }
                }
                self.wards.push(Ward { seat: *seat, card: card.clone(), by: by.clone() });
            }
            _ => {}
        }
    }
}

impl Legends {
    /// Every threat the turn's player may carry out now, and Lady
    /// Lyonesse's ward.
    pub(super) fn threats(&self, t: &Turn, out: &mut Vec<Legal<Command, Choice>>) {
        for l in self.open_places() {
            let mine = self.company(t.seat, l);
            for card in mine {
                if abilities::threat(card).is_some() {
                    for s in Seat::all(self.players()).filter(|s| *s != t.seat) {
                        for target in self.company(s, l) {
                            if self.check_strike(t, card, target).is_ok() {
                                out.push(Legal::Exact(Command::Strike { card: card.clone(), target: target.clone() }));
                            }
                        }
                    }
                }
                if card == abilities::LYONESSE {
                    for target in mine {
                        if self.check_ward(t, card, target).is_ok() {
                            out.push(Legal::Exact(Command::Ward { card: card.clone(), target: target.clone() }));
                        }
                    }
                }
            }
        }
    }

    /// Nimue's spells, and King Arthur's and the Archbishop's ways to the
    /// High King, in the optional abilities' phase.
    pub(super) fn spells_and_crowns(&self, t: &Turn, out: &mut Vec<Legal<Command, Choice>>) {
        for target in self.spell_targets(t, texts::NIMUE) {
            out.push(Legal::Exact(Command::Spell { card: texts::NIMUE.into(), target }));
        }
        for card in [texts::MORGAUSE, texts::BREUNIS] {
            for from in Seat::all(self.players()) {
                if self.check_raid(t, card, from).is_ok() {
                    out.push(Legal::Exact(Command::Raid { card: card.into(), seat: from }));
                }
            }
        }
        if self.check_recall(t, texts::HELLAWES).is_ok() {
            out.push(Legal::Exact(Command::Recall { card: texts::HELLAWES.into() }));
        }
        for target in self.summons(t) {
            out.push(Legal::Exact(Command::Summon { card: texts::BRAGWAINE.into(), target }));
        }
        for event in self.scraps(t) {
            out.push(Legal::Exact(Command::Scrap { card: texts::COTE_MALE_TAILE.into(), event }));
        }
        if self.check_crown(t, texts::ARTHUR, None).is_ok() {
            out.push(Legal::Exact(Command::Crown { card: texts::ARTHUR.into(), event: None }));
        }
        for e in &self.players[t.seat.index()].zone {
            if self.check_crown(t, texts::ARCHBISHOP, Some(e)).is_ok() {
                out.push(Legal::Exact(Command::Crown { card: texts::ARCHBISHOP.into(), event: Some(e.clone()) }));
            }
        }
    }

    /// Every use of an optional ability the turn's player may make now.
    pub(super) fn abilities(&self, t: &Turn, out: &mut Vec<Legal<Command, Choice>>) {
        for l in self.open_places() {
            let company = self.company(t.seat, l);
            for card in company {
                let Some(a) = abilities::ability(card) else { continue };
                let targets: Vec<Option<String>> = match a.target {
                    abilities::Target::Own => vec![None],
                    abilities::Target::Knight => company.iter().filter(|c| *c != card).cloned().map(Some).collect(),
                };
                let skills: Vec<Option<Skill>> = match a.choices().as_slice() {
                    [] => vec![None],
                    many => many.iter().copied().map(Some).collect(),
                };
                for target in &targets {
                    for skill in &skills {
                        if self.check_use(t, card, target.as_deref(), *skill).is_ok() {
                            out.push(Legal::Exact(Command::Use {
                                card: card.clone(),
                                target: target.clone(),
                                skill: *skill,
                            }));
                        }
                    }
                }
            }
        }
    }
}
