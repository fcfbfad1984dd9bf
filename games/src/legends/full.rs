//! The full game's rules beside the turn: where characters may go, the
//! bidding's totals and order, the special cards' holders, and the checks
//! of an optional ability.

use super::cards::Special;
use super::cards::{CharacterFacts, EventFacts, Location, Skill};
use super::modifiers::{self, Boost};
use super::{abilities, err, Auction, Grant, Legends, LegendsError, Protection, Res, Turn, MAX_COMPANY};
use crate::catalog::Catalog;
use crate::Seat;

/// An optional ability's use, checked: whose, which, on whom, where.
pub(super) struct Use {
    seat: Seat,
    ability: abilities::Ability,
    on: String,
    location: Location,
}

impl Legends {
    /// Whether characters may go to `location` now (the final event's only
    /// once drawn).
    pub(super) fn check_open(&self, location: Location) -> Res<()> {
        if self.open_places().contains(&location) {
            Ok(())
        } else if location == Location::Final {
            Err(err(LegendsError::FinalNotDrawn))
        } else {
            Err(err(LegendsError::SiteClosed { location }))
        }
    }

    /// A seat's combined value in the bidding event's skills: its bid
    /// characters as one company ("considerati parte di una stessa
    /// Compagnia"), with the bonuses always on; no optional ability ("non
    /// è possibile usare queste abilità speciali").
    pub(super) fn bid_total(&self, a: &Auction, seat: Seat) -> i32 {
        let totals = modifiers::company_totals(&self.members(&a.bids[seat.index()]), &self.scene(seat, None), &[]);
        a.skills.iter().map(|s| totals[*s as usize]).sum()
    }

    /// The characters who may receive a waiting special card: the
    /// company's members (its knights, where the text names a knight).
    pub(super) fn grantees(&self, g: &Grant) -> Vec<String> {
        if let Some(lone) = &g.lone {
            return self.lone_knights(g.seat, g.location, lone);
        }
        self.company(g.seat, g.location)
            .iter()
            .filter(|c| !g.knight || self.facts.characters.get(*c).is_some_and(CharacterFacts::is_knight))
            .cloned()
            .collect()
    }

    /// Checks an optional ability's use, and gives its changes and who goes
    /// at the end of the turn.
    pub(super) fn check_use(&self, t: &Turn, card: &str, target: Option<&str>, skill: Option<Skill>) -> Res<Use> {
        let seat = t.seat;
        abilities_open(t)?;
        match self.where_is(card) {
            Some((s, _)) if s == seat => {}
            _ => return Err(err(LegendsError::NotYours { card: card.to_string() })),
        }
        let Some(ability) = abilities::ability(card) else {
            return Err(err(LegendsError::NoAbility { card: card.to_string() }));
        };
        if !self.speaks(card) {
            return Err(err(LegendsError::Silenced { card: card.to_string() }));
        }
        // "una sola volta nel suo turno di gioco".
        if t.used.iter().any(|c| c == card) {
            return Err(err(LegendsError::AbilityUsed { card: card.to_string() }));
        }
        let location = self.where_is(card).map_or(Location::Camelot, |(_, l)| l);
        let company = self.company(seat, location);
        let female = |c: &String| self.facts.characters.get(c).is_some_and(|f| f.gender == "female");
        if ability.needs_lady && !company.iter().any(|c| c != card && female(c)) {
            return Err(err(LegendsError::NeedsLady { card: card.to_string() }));
        }
        let on = match (ability.target, target) {
            (abilities::Target::Own, None) => card.to_string(),
            (abilities::Target::Own, Some(x)) if x == card => card.to_string(),
            (abilities::Target::Knight, Some(x)) if x != card && company.iter().any(|c| c == x) => {
                if !self.facts.characters.get(x).is_some_and(CharacterFacts::is_knight) {
                    return Err(err(LegendsError::NotAKnight { card: x.to_string() }));
                }
                x.to_string()
            }
            _ => return Err(err(LegendsError::WrongTarget { card: card.to_string() })),
        };
        if !ability.allows(skill) {
            return Err(err(LegendsError::WrongSkill { card: card.to_string() }));
        }
        Ok(Use { seat, ability, on, location })
    }

    /// What an optional ability checked by [`Legends::check_use`] changes
    /// for the turn, and who goes at the end of it.
    pub(super) fn use_effects(&self, card: &str, skill: Option<Skill>, u: Use) -> (Vec<Boost>, Vec<String>) {
        let Use { seat, ability, on, location } = u;
        let own_cunning = self.values(card).map_or(0, |v| v[Skill::Cunning as usize]);
        let de_gales = self
            .scene(seat, Some(location))
            .here
            .iter()
            .filter(|c| self.facts.characters.get(**c).is_some_and(|f| f.is_knight() && f.in_alliance("de-gales")))
            .count() as i32;
        let change = ability.change(own_cunning, de_gales);
        let skills = match skill {
            Some(s) => vec![s],
            None => Skill::ALL.to_vec(),
        };
        let boosts = skills.into_iter().map(|skill| Boost { card: on.clone(), skill, change }).collect();
        let discard = match ability.cost {
            abilities::Cost::User => vec![card.to_string()],
            abilities::Cost::Target => vec![on],
            abilities::Cost::Both => vec![card.to_string(), on],
        };
        (boosts, discard)
    }
}

/// The next seat clockwise from the one who just spoke that may still bid.
pub(super) fn next_bidder(a: &Auction, players: usize) -> Seat {
    let mut s = a.to;
    for _ in 0..players {
        s = Seat(((s.index() + 1) % players) as u8);
        if a.bids.get(s.index()).is_some_and(|b| b.len() < usize::from(a.max)) {
            return s;
        }
    }
    a.to
}

/// A bidding event's terms: the most characters a player bids and the
/// skills added up, as its text states them (the catalog), else up to a
/// company's size in the skills the owner entered.
pub(super) fn bidding_terms(card: &str, facts: &EventFacts) -> (u8, Vec<Skill>) {
    let stated = Catalog::builtin().get(card);
    let max =
        stated.and_then(|c| c.fact_int("bid_max")).and_then(|n| u8::try_from(n).ok()).unwrap_or(MAX_COMPANY as u8);
    let skills: Vec<Skill> = stated
        .and_then(|c| c.fact("bid_skills"))
        .and_then(|v| v.as_array())
        .map(|a| a.iter().filter_map(|s| s.as_str().and_then(Skill::of_code)).collect())
        .unwrap_or_default();
    let skills = if skills.is_empty() { facts.requirements.iter().map(|r| r.skill).collect() } else { skills };
    (max, skills)
}

impl Legends {
    /// A character's values now, or nothing off the table.
    pub(super) fn value_of(&self, card: &str, skills: &[Skill]) -> i32 {
        self.values(card).map_or(0, |v| skills.iter().map(|s| v[*s as usize]).sum())
    }

    /// What keeps `victim` from `striker`'s ability, if anything: Excalibur
    /// in its hand, Merlin in its company with more Psyche than the
    /// striker, Lady Lyonesse's ward while she is in play, Siege Perilous'
    /// while the card is in the zone (against a discard only).
    pub(super) fn protection(&self, striker: &str, victim: &str, discards: bool) -> Option<Protection> {
        if self.specials.get(&Special::Excalibur).is_some_and(|h| h == victim) {
            return Some(Protection::Excalibur);
        }
        let (owner, location) = self.where_is(victim)?;
        let psyche = |c: &str| self.value_of(c, &[Skill::Psyche]);
        let merlin =
            self.company(owner, location).iter().any(|c| c == abilities::MERLIN) && self.speaks(abilities::MERLIN);
        if merlin && psyche(striker) < psyche(abilities::MERLIN) {
            return Some(Protection::Merlin);
        }
        for w in self.wards.iter().filter(|w| w.card == victim) {
            if w.by == abilities::LYONESSE && self.where_is(abilities::LYONESSE).is_some() {
                return Some(Protection::Lyonesse);
            }
            let kept = self.players.get(w.seat.index()).is_some_and(|p| p.zone.iter().any(|e| e == &w.by));
            if w.by == abilities::SIEGE_PERILOUS && discards && kept {
                return Some(Protection::SiegePerilous);
            }
        }
        None
    }

    /// Checks a threat, and gives what it does.
    pub(super) fn check_strike(&self, t: &Turn, card: &str, target: &str) -> Res<abilities::Blow> {
        let seat = t.seat;
        abilities_open(t)?;
        let location = match self.where_is(card) {
            Some((s, l)) if s == seat => l,
            _ => return Err(err(LegendsError::NotYours { card: card.to_string() })),
        };
        let Some(threat) = abilities::threat(card) else {
            return Err(err(LegendsError::NoAbility { card: card.to_string() }));
        };
        if !self.speaks(card) {
            return Err(err(LegendsError::Silenced { card: card.to_string() }));
        }
        if t.used.iter().any(|c| c == card) {
            return Err(err(LegendsError::AbilityUsed { card: card.to_string() }));
        }
        if let Some(only) = threat.only_at.filter(|l| *l != location) {
            return Err(err(LegendsError::ThreatNotHere { card: card.to_string(), location: only }));
        }
        // "un Personaggio avversario che si trovi nella stessa locazione".
        match self.where_is(target) {
            Some((s, l)) if s != seat && l == location => {}
            _ => return Err(err(LegendsError::NotOpposing { card: target.to_string() })),
        }
        let facts = self.facts.characters.get(target);
        let fits = match threat.victim {
            abilities::Victim::Anyone => true,
            abilities::Victim::Knight => facts.is_some_and(CharacterFacts::is_knight),
            abilities::Victim::Lady => facts.is_some_and(|f| f.gender == "female"),
            abilities::Victim::Man => facts.is_some_and(|f| f.gender == "male"),
        };
        if !fits {
            return Err(err(LegendsError::WrongTarget { card: card.to_string() }));
        }
        if !threat.skills.is_empty() && self.value_of(card, threat.skills) <= self.value_of(target, threat.skills) {
            return Err(err(LegendsError::NotStronger { card: card.to_string(), target: target.to_string() }));
        }
        let discards = matches!(threat.blow, abilities::Blow::Both | abilities::Blow::Struck);
        if let Some(by) = self.protection(card, target, discards) {
            return Err(err(LegendsError::Protected { card: target.to_string(), by }));
        }
        Ok(threat.blow)
    }

    /// Checks Lady Lyonesse's ward: once a game, on a knight of her company.
    pub(super) fn check_ward(&self, t: &Turn, card: &str, target: &str) -> Res<()> {
        abilities_open(t)?;
        let location = match self.where_is(card) {
            Some((s, l)) if s == t.seat => l,
            _ => return Err(err(LegendsError::NotYours { card: card.to_string() })),
        };
        if card != abilities::LYONESSE {
            return Err(err(LegendsError::NoAbility { card: card.to_string() }));
        }
        // "Una volta per partita".
        if self.wards.iter().any(|w| w.by == card) {
            return Err(err(LegendsError::AbilityUsed { card: card.to_string() }));
        }
        if target == card || !self.company(t.seat, location).iter().any(|c| c == target) {
            return Err(err(LegendsError::WrongTarget { card: card.to_string() }));
        }
        if !self.facts.characters.get(target).is_some_and(CharacterFacts::is_knight) {
            return Err(err(LegendsError::NotAKnight { card: target.to_string() }));
        }
        Ok(())
    }

    /// Siege Perilous' knight: the completer's knight at Camelot with the
    /// most Psyche (the first laid of those tied).
    pub(super) fn siege_knight(&self, seat: Seat) -> Option<String> {
        let knights = self
            .company(seat, Location::Camelot)
            .iter()
            .filter(|c| self.facts.characters.get(*c).is_some_and(CharacterFacts::is_knight));
        let mut best: Option<(&String, i32)> = None;
        for k in knights {
            let p = self.value_of(k, &[Skill::Psyche]);
            if best.is_none_or(|(_, b)| p > b) {
                best = Some((k, p));
            }
        }
        best.map(|(k, _)| k.clone())
    }

    /// Sir Agloval's free move: "Una volta per turno, se Agloval si muove
    /// assieme con un altro Cavaliere dell'alleanza De Gales, entrambi
    /// muovono gratuitamente".
    pub(super) fn agloval_free(&self, t: &Turn, cards: &[String]) -> bool {
        let de_gales = |c: &String| {
            c != abilities::AGLOVAL
                && self.facts.characters.get(c).is_some_and(|f| f.is_knight() && f.in_alliance("de-gales"))
        };
        cards.len() == 2
            && self.speaks(abilities::AGLOVAL)
            && cards.iter().any(|c| c == abilities::AGLOVAL)
            && cards.iter().any(de_gales)
            && !t.used.iter().any(|c| c == abilities::AGLOVAL)
    }

    /// Sir Alisander's guard: "Finché si trova nella Foresta, nessun
    /// Cavaliere avversario può muovere in questa locazione a meno che non
    /// abbia un valore di Combattimento superiore" (a move only: a knight
    /// played there from the hand is not stopped, by his note).
    pub(super) fn check_guard(&self, seat: Seat, cards: &[String], to: Location) -> Res<()> {
        let Some((owner, at)) = self.where_is(abilities::ALISANDER) else { return Ok(()) };
        if to != Location::PerilousForest || at != to || owner == seat || !self.speaks(abilities::ALISANDER) {
            return Ok(());
        }
        let guard = self.value_of(abilities::ALISANDER, &[Skill::Combat]);
        for c in cards {
            let knight = self.facts.characters.get(c).is_some_and(CharacterFacts::is_knight);
            if knight && self.value_of(c, &[Skill::Combat]) <= guard {
                return Err(err(LegendsError::Guarded { card: c.clone() }));
            }
        }
        Ok(())
    }
}

/// "2. Usare il testo opzionale delle carte" comes before events are
/// completed and before the actions.
pub(super) fn abilities_open(t: &Turn) -> Res<()> {
    if t.actions > 0 || !t.completed.is_empty() {
        return Err(err(LegendsError::AbilitiesOver));
    }
    Ok(())
}
