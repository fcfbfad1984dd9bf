//! The full game's changes to a company's totals (the second stage of the
//! game), as functions of their own: the introductory engine does not apply
//! them yet.
//!
//! The order follows the glossary: every bonus to a character's value is
//! added first (the kings' to the others in their company, the abilities
//! counting alliance companions, the heraldic event in force, Excalibur);
//! a doubling applies to the sum (Sir Sagramore's note: modifiers "vanno
//! sommati prima di raddoppiare");
//! the company's values are then added up, and the Round Table's bonus goes
//! to the company's totals (The Round Table: "al totale di ogni
//! compagnia").
//!
//! Readings: the Round Table's "+2 al valore combinato totale di qualsiasi
//! caratteristica" is taken as +2 to each skill's total; knights with the
//! grey shield or an emblem the text does not name count for no alliance.

use super::cards::{CharacterFacts, Skill};
use crate::catalog::Catalog;

/// One member of a company, as the modifiers see it.
#[derive(Debug, Clone, Copy)]
pub struct Member<'a> {
    /// The card id.
    pub card: &'a str,
    /// Its printed facts.
    pub facts: &'a CharacterFacts,
    /// It holds Excalibur.
    pub excalibur: bool,
}

/// A doubling in force for a turn: a member's skill doubled (Sir
/// Sagramore's own Combat, Princess Isolde's or Nascien's on a knight).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Doubling<'a> {
    /// The member.
    pub card: &'a str,
    /// The skill.
    pub skill: Skill,
}

/// The skill a king adds +1 to for every other member of his company
/// ("Aggiunge +1 ... di tutti gli altri Personaggi nella sua stessa
/// Compagnia").
pub fn king_bonus(card: &str) -> Option<Skill> {
    Some(match card.strip_prefix("legends/character/")? {
        "king-bagdemagus" => Skill::Diplomacy,
        "king-ban" => Skill::Chivalry,
        "king-lot" => Skill::Combat,
        "king-mark" => Skill::Cunning,
        "king-pelles" => Skill::Psyche,
        "king-pellinore" => Skill::Adventure,
        _ => return None,
    })
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
/// and Chivalry with another De Ganis knight).
fn companion_bonus(me: &Member<'_>, company: &[Member<'_>]) -> [i32; 6] {
    let others = |alliance: &str| {
        company.iter().filter(|m| m.card != me.card && m.facts.is_knight() && m.facts.in_alliance(alliance)).count()
            as i32
    };
    let mut out = [0; 6];
    let mut add = |s: Skill, n: i32| out[s as usize] += n;
    match me.card.strip_prefix("legends/character/").unwrap_or_default() {
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
        _ => {}
    }
    out
}

/// Each member's values after every modifier, in the company's order.
pub fn member_values(
    company: &[Member<'_>],
    heraldic: Option<&(String, Skill, i32)>,
    doubled: &[Doubling<'_>],
) -> Vec<[i32; 6]> {
    company
        .iter()
        .map(|me| {
            let mut v: [i32; 6] = std::array::from_fn(|i| i32::from(me.facts.skills[i]));
            for other in company.iter().filter(|m| m.card != me.card) {
                if let Some(s) = king_bonus(other.card) {
                    v[s as usize] += 1;
                }
            }
            for (i, b) in companion_bonus(me, company).into_iter().enumerate() {
                v[i] += b;
            }
            if let Some((alliance, skill, bonus)) = heraldic {
                if me.facts.is_knight() && me.facts.in_alliance(alliance) {
                    v[*skill as usize] += bonus;
                }
            }
            // Excalibur: "+2 al valore della sua caratteristica
            // Combattimento".
            if me.excalibur {
                v[Skill::Combat as usize] += 2;
            }
            // Doubling comes last, once per skill.
            for s in Skill::ALL {
                if doubled.iter().any(|d| d.card == me.card && d.skill == s) {
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
/// then +2 to each total when the Round Table is in a victory points zone
/// and the company has three alliances.
pub fn company_totals(
    company: &[Member<'_>],
    heraldic: Option<&(String, Skill, i32)>,
    doubled: &[Doubling<'_>],
    round_table: bool,
) -> [i32; 6] {
    let mut out = [0; 6];
    for v in member_values(company, heraldic, doubled) {
        for (t, x) in out.iter_mut().zip(v) {
            *t += x;
        }
    }
    if round_table && three_alliances(company) {
        for t in &mut out {
            *t += 2;
        }
    }
    out
}
