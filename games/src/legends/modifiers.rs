//! Changes to a company's totals: every character's ability that is always
//! on, the heraldic event in force, Excalibur, the events kept in a
//! victory points zone, and the optional abilities used this turn
//! ([`Boost`]), each a small function of its own.
//!
//! The order follows the glossary: every bonus to a character's value is
//! added first (the kings' to the others in their company, the abilities
//! counting alliance companions or who stands at the same location, the
//! heraldic event in force, Excalibur, the additions used this turn); a
//! doubling applies to that sum, last (Sir Sagramore's, Princess Isolde's
//! and Nascien's notes: the other modifiers "vanno sommati prima di
//! raddoppiare"); the company's values are then added up, and the bonuses
//! to a company's total go on it (The Round Table: "al totale di ogni
//! compagnia"; Mystic Temptation and The Green Knight: "al valore
//! complessivo ... di ognuna delle tue Compagnie").
//!
//! Readings: the Round Table's "+2 al valore combinato totale di qualsiasi
//! caratteristica" is taken as +2 to each skill's total; knights with the
//! grey shield or an emblem the text does not name count for no alliance;
//! "un Re" (Sir Bedivere) is a character whose name is King.

use super::cards::{CharacterFacts, Location, Skill};
use crate::catalog::Catalog;
use serde::{Deserialize, Serialize};

/// One member of a company, as the modifiers see it.
#[derive(Debug, Clone, Copy)]
pub struct Member<'a> {
    /// The card id.
    pub card: &'a str,
    /// Its printed facts.
    pub facts: &'a CharacterFacts,
    /// It holds Excalibur.
    pub excalibur: bool,
    /// Its text is negated (Nimue): it gives and takes no bonus of its
    /// own text; its skills still count.
    pub silenced: bool,
}

/// A change to one skill of one character for the rest of the turn, from
/// an optional ability ("per un turno").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Boost {
    /// The character whose skill changes.
    pub card: String,
    /// The skill.
    pub skill: Skill,
    /// The change.
    pub change: Change,
}

/// What a boost does to a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Change {
    /// Adds this much.
    Add(i32),
    /// Doubles the value, after every addition.
    Double,
}

/// What a location looks like to the modifiers: who stands there (every
/// player's characters), who is on the table anywhere, and what is in
/// force on the whole table.
#[derive(Debug, Clone, Default)]
pub struct Scene<'a> {
    /// The location.
    pub location: Option<Location>,
    /// Every character at the location, of every player.
    pub here: Vec<&'a str>,
    /// Every character on the table, with its company's location and
    /// seat index, for the abilities that look further ("in gioco in una
    /// Compagnia diversa").
    pub in_play: Vec<(&'a str, Location, usize)>,
    /// The heraldic event in force: alliance, skill, bonus.
    pub heraldic: Option<(String, Skill, i32)>,
    /// The Round Table is in a victory points zone.
    pub round_table: bool,
    /// Additions to every total of this player's companies (events in its
    /// zone).
    pub zone: [i32; 6],
}

fn slug(card: &str) -> &str {
    card.strip_prefix("legends/character/").unwrap_or_default()
}

/// The skill a king adds +1 to for every other member of his company
/// ("Aggiunge +1 ... di tutti gli altri Personaggi nella sua stessa
/// Compagnia").
pub fn king_bonus(card: &str) -> Option<Skill> {
    Some(match slug(card) {
        "king-bagdemagus" => Skill::Diplomacy,
        "king-ban" => Skill::Chivalry,
        "king-lot" => Skill::Combat,
        "king-mark" => Skill::Cunning,
        "king-pelles" => Skill::Psyche,
        "king-pellinore" => Skill::Adventure,
        _ => return None,
    })
}

/// A king: a character whose name is King (Sir Bedivere's "un Re").
pub fn is_king(card: &str) -> bool {
    slug(card).starts_with("king-")
}

/// A heraldic event's bonus, from what the catalog states of it: the
/// alliance, the skill and the bonus ("tutti i Cavalieri dell'alleanza ...
/// aggiungono +2").
pub fn heraldic_bonus(event: &str, cards: &Catalog) -> Option<(String, Skill, i32)> {
    let card = cards.get(event)?;
    if card.fact_str("event_type") != Some("heraldic") {
        return None;
    }
    let skill = Skill::of_code(card.fact_str("skill")?)?;
    Some((card.fact_str("alliance")?.to_string(), skill, i32::try_from(card.fact_int("bonus")?).ok()?))
}

/// A member's bonuses for the alliance companions in its company, by its
/// own text: Sir Agravain (+1 Cunning for each other Orkney member), Sir
/// Gaheris (+1 Adventure for each other Orkney knight), Sir Griflet (+2
/// Combat for each other Steward knight), Sir Dinas (+1 Combat and
/// Diplomacy with another Cornish knight), Sir Ector de Maris (+1 Combat
/// and Chivalry with another De Ganis knight), Sir Bedivere (+1 Diplomacy
/// and Chivalry with a king in his company).
pub fn companion_bonus(me: &Member<'_>, company: &[Member<'_>]) -> [i32; 6] {
    let others = |alliance: &str| {
        company.iter().filter(|m| m.card != me.card && m.facts.is_knight() && m.facts.in_alliance(alliance)).count()
            as i32
    };
    let mut out = [0; 6];
    let mut add = |s: Skill, n: i32| out[s as usize] += n;
    match slug(me.card) {
        "sir-agravain" => add(Skill::Cunning, others("orkney")),
        "sir-gaheris" => add(Skill::Adventure, others("orkney")),
        "sir-griflet" => add(Skill::Combat, 2 * others("steward")),
        "sir-dinas" if others("cornish") > 0 => {
            add(Skill::Combat, 1);
            add(Skill::Diplomacy, 1);
        }
        "sir-ector-de-maris" if others("de-ganis") > 0 => {
            add(Skill::Combat, 1);
            add(Skill::Chivalry, 1);
        }
        "sir-bedivere" if company.iter().any(|m| m.card != me.card && is_king(m.card)) => {
            add(Skill::Diplomacy, 1);
            add(Skill::Chivalry, 1);
        }
        _ => {}
    }
    out
}

/// A member's bonuses for who stands at the same location, of any player,
/// by its own text: Sir Lancelot (+1 to every skill with Guinevere), Sir
/// Lionel (+1 Combat and Adventure with Sir Bors or Sir Lancelot), Sir
/// Owain (+2 Combat with Sir Gawain, +2 Chivalry with Lunete), Sir Palomides
/// (+1 Combat and Cunning with Tristan or Isolde), Sir Tristan (+1 Combat in
/// Cornwall or with Isolde, +3 with both; −4 Psyche while Isolde is in
/// play in another company).
pub fn presence_bonus(me: &Member<'_>, company: &[Member<'_>], scene: &Scene<'_>) -> [i32; 6] {
    let here = |name: &str| scene.here.iter().any(|c| slug(c) == name);
    let mut out = [0; 6];
    let mut add = |s: Skill, n: i32| out[s as usize] += n;
    match slug(me.card) {
        "sir-lancelot" if here("princess-guinevere") => {
            for s in Skill::ALL {
                add(s, 1);
            }
        }
        "sir-lionel" if here("sir-bors") || here("sir-lancelot") => {
            add(Skill::Combat, 1);
            add(Skill::Adventure, 1);
        }
        "sir-owain" => {
            if here("sir-gawain") {
                add(Skill::Combat, 2);
            }
            if here("lady-lunete") {
                add(Skill::Chivalry, 2);
            }
        }
        "sir-palomides" if here("sir-tristan") || here("princess-isolde") => {
            add(Skill::Combat, 1);
            add(Skill::Cunning, 1);
        }
        "sir-tristan" => {
            let cornwall = scene.location == Some(Location::Cornwall);
            match (cornwall, here("princess-isolde")) {
                (true, true) => add(Skill::Combat, 3),
                (true, false) | (false, true) => add(Skill::Combat, 1),
                (false, false) => {}
            }
            let with_him = company.iter().any(|m| slug(m.card) == "princess-isolde");
            let in_play = scene.in_play.iter().any(|(c, _, _)| slug(c) == "princess-isolde");
            if in_play && !with_him {
                add(Skill::Psyche, -4);
            }
        }
        _ => {}
    }
    out
}

/// Each member's values after every modifier, in the company's order.
pub fn member_values(company: &[Member<'_>], scene: &Scene<'_>, boosts: &[Boost]) -> Vec<[i32; 6]> {
    company
        .iter()
        .map(|me| {
            let mut v: [i32; 6] = std::array::from_fn(|i| i32::from(me.facts.skills[i]));
            for other in company.iter().filter(|m| m.card != me.card && !m.silenced) {
                if let Some(s) = king_bonus(other.card) {
                    v[s as usize] += 1;
                }
            }
            let (alliances, presence) = if me.silenced {
                ([0; 6], [0; 6])
            } else {
                (companion_bonus(me, company), presence_bonus(me, company, scene))
            };
            for i in 0..6 {
                v[i] += alliances[i] + presence[i];
            }
            if let Some((alliance, skill, bonus)) = &scene.heraldic {
                if me.facts.is_knight() && me.facts.in_alliance(alliance) {
                    v[*skill as usize] += bonus;
                }
            }
            // Excalibur: "+2 al valore della sua caratteristica
            // Combattimento".
            if me.excalibur {
                v[Skill::Combat as usize] += 2;
            }
            let mine = || boosts.iter().filter(|b| b.card == me.card);
            for b in mine() {
                if let Change::Add(n) = b.change {
                    v[b.skill as usize] += n;
                }
            }
            // Doubling comes last, once per skill.
            for s in Skill::ALL {
                if mine().any(|b| b.skill == s && b.change == Change::Double) {
                    v[s as usize] *= 2;
                }
            }
            v
        })
        .collect()
}

/// True when the company has members of at least three different
/// alliances (the Round Table's condition).
pub fn three_alliances(company: &[Member<'_>]) -> bool {
    let named = |a: &str| !matches!(a, "none" | "grey" | "other");
    let mut seen: Vec<&str> = Vec::new();
    for m in company {
        for a in std::iter::once(m.facts.alliance.as_str()).chain(m.facts.second_alliance.as_deref()) {
            if named(a) && !seen.contains(&a) {
                seen.push(a);
            }
        }
    }
    seen.len() >= 3
}

/// A company's totals with every modifier: the members' values added up,
/// then the zone's bonuses, then +2 to each total when the Round Table is
/// in a victory points zone and the company has three alliances.
pub fn company_totals(company: &[Member<'_>], scene: &Scene<'_>, boosts: &[Boost]) -> [i32; 6] {
    let mut out = [0; 6];
    if company.is_empty() {
        return out;
    }
    for v in member_values(company, scene, boosts) {
        for (t, x) in out.iter_mut().zip(v) {
            *t += x;
        }
    }
    for (t, z) in out.iter_mut().zip(scene.zone) {
        *t += z;
    }
    if scene.round_table && three_alliances(company) {
        for t in &mut out {
            *t += 2;
        }
    }
    out
}

/// The additions an event in a player's victory points zone makes to every
/// total of that player's companies: Mystic Temptation (+2 Psyche), The
/// Green Knight (+2 Adventure).
pub fn zone_bonus(zone: &[String]) -> [i32; 6] {
    let mut out = [0; 6];
    for e in zone {
        match e.strip_prefix("legends/event/").unwrap_or_default() {
            "mystic-temptation" => out[Skill::Psyche as usize] += 2,
            "the-green-knight" => out[Skill::Adventure as usize] += 2,
            _ => {}
        }
    }
    out
}

/// The Round Table's card.
pub const ROUND_TABLE: &str = "legends/event/the-round-table";
