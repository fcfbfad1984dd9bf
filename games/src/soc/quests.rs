//! The quests: their exact state on the board, the white cards the knights
//! play on them, and the moment each one ends.
//!
//! - Black Knight, Lancelot, the Dragon: fight quests. White fight cards
//!   must keep the quest's combination possible (two pairs, a full house,
//!   three triples); the fight ends when the last white or the last black
//!   space is filled, the face-down black cards are revealed together and
//!   the totals compared, ties going to evil. Black Knight and Lancelot
//!   hold one knight at a time.
//! - Excalibur: the sword moves one space toward the knights per white card
//!   discarded, one toward evil per black Excalibur card.
//! - The Grail: white Grail cards fill the spaces from the Grail's end,
//!   Despair from the other; on a full track a Grail card removes the
//!   nearest Despair instead. Seven Grail cards win it, seven black cards
//!   lose it. The rules text does not say what a Despair does on a full
//!   track; Tavola lets it push out the nearest Grail card, the mirror of
//!   the white rule.
//! - Picts and Saxons: fight cards 1, 2, 3, 4, 5 in that order win the war;
//!   the fourth enemy figure on the field loses it.
//!
//! Excalibur, the Grail, Lancelot and the Dragon are played once; the Black
//! Knight and the two wars start again empty after they end.

use super::rules::{Outcome, Rules};
use super::{Draft, Event, Pending, SocError};
use crate::{RuleError, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A quest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum QuestId {
    /// The tournament against the Black Knight.
    BlackKnight,
    /// The quest for Lancelot's Armor.
    Lancelot,
    /// The Dragon (opens once Lancelot's quest is over).
    Dragon,
    /// The quest for Excalibur.
    Excalibur,
    /// The quest for the Holy Grail.
    Grail,
    /// The war against the Picts.
    Picts,
    /// The war against the Saxons.
    Saxons,
}

impl QuestId {
    /// Every quest.
    pub const ALL: [QuestId; 7] = [
        QuestId::BlackKnight,
        QuestId::Lancelot,
        QuestId::Dragon,
        QuestId::Excalibur,
        QuestId::Grail,
        QuestId::Picts,
        QuestId::Saxons,
    ];

    /// The slug used in the rules data and the narration (`black-knight`).
    pub fn slug(self) -> &'static str {
        match self {
            QuestId::BlackKnight => "black-knight",
            QuestId::Lancelot => "lancelot",
            QuestId::Dragon => "dragon",
            QuestId::Excalibur => "excalibur",
            QuestId::Grail => "grail",
            QuestId::Picts => "picts",
            QuestId::Saxons => "saxons",
        }
    }

    /// The quest's name for the players, with its article
    /// (`soc.quest.grail`: "the Holy Grail").
    pub fn msg(self) -> tavola_words::Msg {
        tavola_words::Msg::new(format!("soc.quest.{}", self.slug().replace('-', "_")))
    }

    /// The name starting a sentence (`soc.quest.grail.title`: "The Holy
    /// Grail").
    pub fn title(self) -> tavola_words::Msg {
        tavola_words::Msg::new(format!("soc.quest.{}.title", self.slug().replace('-', "_")))
    }

    /// "On" the quest, the preposition already right (`soc.quest.grail.on`:
    /// "sul Santo Graal", "on the Holy Grail").
    pub fn on(self) -> tavola_words::Msg {
        tavola_words::Msg::new(format!("soc.quest.{}.on", self.slug().replace('-', "_")))
    }

    /// Fight quests (combination of fight cards against black cards).
    pub fn is_fight(self) -> bool {
        matches!(self, QuestId::BlackKnight | QuestId::Lancelot | QuestId::Dragon)
    }

    /// Quests that hold one knight at a time.
    pub fn is_solo(self) -> bool {
        matches!(self, QuestId::BlackKnight | QuestId::Lancelot)
    }

    /// Wars (the fight-card ladder against figures).
    pub fn is_war(self) -> bool {
        matches!(self, QuestId::Picts | QuestId::Saxons)
    }

    /// Quests played once: closed for good when they end.
    pub fn is_once(self) -> bool {
        matches!(self, QuestId::Lancelot | QuestId::Dragon | QuestId::Excalibur | QuestId::Grail)
    }

    /// The relic a won quest gives.
    pub fn relic(self) -> Option<super::Relic> {
        match self {
            QuestId::Excalibur => Some(super::Relic::Excalibur),
            QuestId::Grail => Some(super::Relic::Grail),
            QuestId::Lancelot => Some(super::Relic::LancelotsArmor),
            _ => None,
        }
    }
}

/// Where a knight's figure stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Place {
    /// Camelot: the Round Table and the siege outside the walls (moving
    /// between the two is free).
    Camelot,
    /// The Black Knight.
    BlackKnight,
    /// Lancelot.
    Lancelot,
    /// The Dragon.
    Dragon,
    /// Excalibur.
    Excalibur,
    /// The Grail.
    Grail,
    /// The Picts.
    Picts,
    /// The Saxons.
    Saxons,
}

impl Place {
    /// Every place on the board, Camelot first.
    pub const ALL: [Place; 8] = [
        Place::Camelot,
        Place::BlackKnight,
        Place::Lancelot,
        Place::Dragon,
        Place::Excalibur,
        Place::Grail,
        Place::Picts,
        Place::Saxons,
    ];

    /// The quest at this place (`None` for Camelot).
    pub fn quest(self) -> Option<QuestId> {
        Some(match self {
            Place::Camelot => return None,
            Place::BlackKnight => QuestId::BlackKnight,
            Place::Lancelot => QuestId::Lancelot,
            Place::Dragon => QuestId::Dragon,
            Place::Excalibur => QuestId::Excalibur,
            Place::Grail => QuestId::Grail,
            Place::Picts => QuestId::Picts,
            Place::Saxons => QuestId::Saxons,
        })
    }

    /// "At" the place, the preposition already right (`soc.place.dragon.at`:
    /// "al Drago", "at the Dragon").
    pub fn at(self) -> tavola_words::Msg {
        let slug = self.quest().map_or("camelot".to_string(), |q| q.slug().replace('-', "_"));
        tavola_words::Msg::new(format!("soc.place.{slug}.at"))
    }

    /// The place of a quest.
    pub fn of(q: QuestId) -> Place {
        match q {
            QuestId::BlackKnight => Place::BlackKnight,
            QuestId::Lancelot => Place::Lancelot,
            QuestId::Dragon => Place::Dragon,
            QuestId::Excalibur => Place::Excalibur,
            QuestId::Grail => Place::Grail,
            QuestId::Picts => Place::Picts,
            QuestId::Saxons => Place::Saxons,
        }
    }
}

impl tavola_words::Said for Place {
    /// The place's name on a button or a board tile, without an article
    /// (`soc.place.grail`: "Grail").
    fn msg(&self) -> tavola_words::Msg {
        match self {
            Place::Camelot => tavola_words::msg!("soc.place.camelot"),
            Place::BlackKnight => tavola_words::msg!("soc.place.black_knight"),
            Place::Lancelot => tavola_words::msg!("soc.place.lancelot"),
            Place::Dragon => tavola_words::msg!("soc.place.dragon"),
            Place::Excalibur => tavola_words::msg!("soc.place.excalibur"),
            Place::Grail => tavola_words::msg!("soc.place.grail"),
            Place::Picts => tavola_words::msg!("soc.place.picts"),
            Place::Saxons => tavola_words::msg!("soc.place.saxons"),
        }
    }
}

/// A black card on a fight quest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BlackValue {
    /// Its value on this quest.
    pub value: u8,
    /// Placed face down (its value secret until the fight ends).
    pub face_down: bool,
}

/// A fight quest's cards.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fight {
    /// White fight cards, in the order played.
    pub white: Vec<u8>,
    /// Black cards, in the order placed.
    pub black: Vec<BlackValue>,
}

/// A war's state.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct War {
    /// The last value of the ladder played (0: none yet).
    pub ladder: u8,
    /// Enemy figures on the field.
    pub figures: u8,
}

/// How a quest ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuestResult {
    /// The quest.
    pub quest: QuestId,
    /// Won by the knights.
    pub won: bool,
}

/// Every quest on the board.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// The Black Knight.
    pub black_knight: Fight,
    /// Lancelot.
    pub lancelot: Fight,
    /// The Dragon.
    pub dragon: Fight,
    /// Excalibur's position on the river: 0 at the start, positive toward
    /// the knights.
    pub excalibur: i8,
    /// Grail cards on the Grail track.
    pub grail_white: u8,
    /// Despair and Desolation cards on the Grail track.
    pub grail_black: u8,
    /// The Picts.
    pub picts: War,
    /// The Saxons.
    pub saxons: War,
    /// Quests closed for good.
    pub closed: Vec<QuestId>,
    /// Every quest ended so far, in order.
    pub results: Vec<QuestResult>,
}

impl Board {
    /// Whether the quest can still be played (Dragon: only once Lancelot is over).
    pub fn is_open(&self, q: QuestId) -> bool {
        if self.closed.contains(&q) {
            return false;
        }
        q != QuestId::Dragon || self.closed.contains(&QuestId::Lancelot)
    }

    /// A fight quest's cards.
    pub fn fight(&self, q: QuestId) -> Option<&Fight> {
        match q {
            QuestId::BlackKnight => Some(&self.black_knight),
            QuestId::Lancelot => Some(&self.lancelot),
            QuestId::Dragon => Some(&self.dragon),
            _ => None,
        }
    }

    pub(super) fn fight_mut(&mut self, q: QuestId) -> Option<&mut Fight> {
        match q {
            QuestId::BlackKnight => Some(&mut self.black_knight),
            QuestId::Lancelot => Some(&mut self.lancelot),
            QuestId::Dragon => Some(&mut self.dragon),
            _ => None,
        }
    }

    /// A war.
    pub fn war(&self, q: QuestId) -> Option<&War> {
        match q {
            QuestId::Picts => Some(&self.picts),
            QuestId::Saxons => Some(&self.saxons),
            _ => None,
        }
    }

    pub(super) fn war_mut(&mut self, q: QuestId) -> Option<&mut War> {
        match q {
            QuestId::Picts => Some(&mut self.picts),
            QuestId::Saxons => Some(&mut self.saxons),
            _ => None,
        }
    }

    /// Empties a quest after it ends; closes the ones played once.
    pub(super) fn end(&mut self, q: QuestId, won: bool) {
        self.results.push(QuestResult { quest: q, won });
        if let Some(f) = self.fight_mut(q) {
            *f = Fight::default();
        }
        if let Some(w) = self.war_mut(q) {
            *w = War::default();
        }
        if q.is_once() && !self.closed.contains(&q) {
            self.closed.push(q);
        }
    }
}

/// Whether the values can still grow into `pattern` (group sizes of equal
/// values): no more distinct values than groups, and the groups' sizes,
/// largest first, each within the pattern's.
pub fn fits_pattern(values: &[u8], pattern: &[u8]) -> bool {
    let mut counts: BTreeMap<u8, u8> = BTreeMap::new();
    for &v in values {
        *counts.entry(v).or_default() += 1;
    }
    let mut sizes: Vec<u8> = counts.into_values().collect();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    let mut pattern = pattern.to_vec();
    pattern.sort_unstable_by(|a, b| b.cmp(a));
    sizes.len() <= pattern.len() && sizes.iter().zip(&pattern).all(|(s, p)| s <= p)
}

/// White spaces of a fight quest.
pub fn white_slots(rules: &Rules, q: QuestId) -> usize {
    rules.quest(q).white_pattern.iter().map(|&n| usize::from(n)).sum()
}

/// Fight values allowed on a quest.
pub const FIGHT_VALUES: std::ops::RangeInclusive<u8> = 1..=5;

impl super::Soc {
    /// Checks a white fight card on a fight quest or a war; returns the
    /// reason it cannot go there.
    pub(super) fn check_fight_card(&self, q: QuestId, value: u8) -> Result<(), RuleError> {
        if !FIGHT_VALUES.contains(&value) {
            return Err(SocError::NoSuchFightCard { value }.into());
        }
        let rules = self.rules();
        if let Some(f) = self.board.fight(q) {
            let mut after = f.white.clone();
            after.push(value);
            if !fits_pattern(&after, &rules.quest(q).white_pattern) {
                return Err(SocError::BreaksCombination { quest: q, value }.into());
            }
        } else if let Some(w) = self.board.war(q) {
            if value != w.ladder + 1 {
                return Err(SocError::LadderOrder { needed: w.ladder + 1, value }.into());
            }
        } else {
            return Err(SocError::NoFightHere { quest: q }.into());
        }
        Ok(())
    }
}

impl Draft<'_> {
    /// A white fight card goes on a quest; the quest may end.
    pub(super) fn play_fight(&mut self, seat: Seat, q: QuestId, value: u8) {
        self.emit(Event::WhiteFightPlayed { seat, quest: q, value });
        self.after_quest_change(q, Some(seat));
    }

    /// Looks at a quest after a card went on it and ends it if the rules
    /// say so. `by`: the knight whose action it was, if any.
    pub(super) fn after_quest_change(&mut self, q: QuestId, by: Option<Seat>) {
        let rules = self.sim.rules().clone();
        let board = &self.sim.board;
        if let Some(f) = board.fight(q) {
            let qr = rules.quest(q);
            let full = f.white.len() >= white_slots(&rules, q) || f.black.len() >= usize::from(qr.black_slots);
            if !full {
                return;
            }
            // Kay, in the fight, may add a card once the black cards are
            // shown; he is asked only when it could change the result: the
            // fight is not won already (ties go to evil) and his best card
            // could still win it. The rules text (the knights' powers, Sir
            // Kay) lets him play it once he has seen the black values, so
            // the table knows as much as he does: a card that changes
            // nothing is no choice to ask for.
            let white: u32 = f.white.iter().map(|&v| u32::from(v)).sum();
            let black: u32 = f.black.iter().map(|b| u32::from(b.value)).sum();
            let best = u32::from(*FIGHT_VALUES.end());
            let matters = white <= black && white + best > black;
            if let Some(kay) = self.sim.kay_on(Place::of(q)).filter(|_| matters) {
                self.emit(Event::KayWindowOpened { seat: kay, quest: Some(q), by });
                return;
            }
            self.resolve_fight(q, None, by);
        } else if let Some(w) = board.war(q) {
            if w.ladder >= rules.wars.ladder {
                self.end_quest(q, true, by, None);
            } else if w.figures >= rules.wars.figures {
                self.end_quest(q, false, by, None);
            }
        } else if q == QuestId::Excalibur {
            if board.excalibur >= rules.excalibur.to_knights {
                self.end_quest(q, true, by, None);
            } else if board.excalibur <= -rules.excalibur.to_evil {
                self.end_quest(q, false, by, None);
            }
        } else if q == QuestId::Grail {
            if board.grail_white >= rules.grail.spaces {
                self.end_quest(q, true, by, None);
            } else if board.grail_black >= rules.grail.spaces {
                self.end_quest(q, false, by, None);
            }
        }
    }

    /// Reveals a fight quest's black cards and compares the totals; `kay`
    /// is the card Kay added, if any.
    pub(super) fn resolve_fight(&mut self, q: QuestId, kay: Option<u8>, by: Option<Seat>) {
        let Some(f) = self.sim.board.fight(q) else { return };
        let white: u32 = f.white.iter().map(|&v| u32::from(v)).sum::<u32>() + kay.map_or(0, u32::from);
        let mut black_values: Vec<u8> = f.black.iter().map(|b| b.value).collect();
        // Shown together, in no telling order.
        black_values.sort_unstable();
        let black: u32 = black_values.iter().map(|&v| u32::from(v)).sum();
        self.end_quest(q, white > black, by, Some((white, black, black_values)));
    }

    /// Ends a quest: the result, the knights back to Camelot, the outcome
    /// from the rules data.
    pub(super) fn end_quest(&mut self, q: QuestId, won: bool, by: Option<Seat>, totals: Option<(u32, u32, Vec<u8>)>) {
        let there = super::knights::on_place(&self.sim.knights, Place::of(q));
        let (white_total, black_total, black_values) = totals.unwrap_or_default();
        self.emit(Event::QuestEnded { quest: q, won, knights: there.clone(), white_total, black_total, black_values });
        let rules = self.sim.rules().clone();
        let qr = rules.quest(q);
        let outcome: Outcome = if won { qr.won } else { qr.lost };
        if outcome.white > 0 || outcome.black > 0 {
            self.emit(Event::SwordsPlaced { white: outcome.white, black: outcome.black });
        }
        for &s in &there {
            self.change_life(s, outcome.life);
            if outcome.cards > 0 {
                self.change_hand(s, i32::from(outcome.cards));
            }
        }
        if outcome.siege > 0 {
            self.add_siege(outcome.siege);
        }
        if won && outcome.relic {
            if let Some(relic) = q.relic() {
                let holder = by.filter(|s| there.contains(s)).or_else(|| there.first().copied());
                match holder {
                    Some(seat) => self.emit(Event::RelicWon { seat, relic }),
                    None => self.emit(Event::RelicLost { relic, seat: None }),
                }
            }
        } else if !won {
            if let Some(relic) = q.relic() {
                self.emit(Event::RelicLost { relic, seat: None });
            }
        }
        if won && rules.palamedes_life_per_won_quest != 0 {
            if let Some(p) =
                self.sim.seat_of(super::Knight::Palamedes).filter(|&s| self.sim.knights[s.index()].active())
            {
                self.change_life(p, rules.palamedes_life_per_won_quest);
            }
        }
    }
}

impl super::Soc {
    /// The quests: white cards played, quests ended, swords and relics.
    pub(super) fn apply_quests(&mut self, event: &Event) {
        match event {
            Event::WhiteFightPlayed { quest, value, .. } => {
                if let Some(f) = self.board.fight_mut(*quest) {
                    f.white.push(*value);
                } else if let Some(w) = self.board.war_mut(*quest) {
                    w.ladder = *value;
                }
            }
            Event::GrailWhite { removed_despair, .. } => {
                if *removed_despair {
                    self.board.grail_black = self.board.grail_black.saturating_sub(1);
                } else {
                    self.board.grail_white = self.board.grail_white.saturating_add(1);
                }
            }
            Event::KayWindowOpened { seat, quest, by } => {
                self.pending = Some(Pending::Kay { seat: *seat, quest: *quest, by: *by });
            }
            Event::KayPlayed { .. } => self.pending = None,
            Event::QuestEnded { quest, won, knights, .. } => {
                self.board.end(*quest, *won);
                for s in knights {
                    if let Some(k) = self.knights.get_mut(s.index()) {
                        if k.active() {
                            k.place = Some(Place::Camelot);
                        }
                    }
                }
            }
            Event::SwordsPlaced { white, black } => {
                self.white = self.white.saturating_add(*white);
                self.black = self.black.saturating_add(*black);
            }
            Event::SwordsFlipped { count } => {
                let n = (*count).min(self.white);
                self.white -= n;
                self.black += n;
            }
            Event::RelicWon { seat, relic } => {
                if let Some(k) = self.knights.get_mut(seat.index()) {
                    k.relics.push(*relic);
                }
            }
            Event::RelicLost { relic, seat } => {
                if let Some(k) = seat.and_then(|s| self.knights.get_mut(s.index())) {
                    k.relics.retain(|r| r != relic);
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_accept_only_cards_that_can_still_complete_them() {
        let pairs = [2, 2];
        assert!(fits_pattern(&[3, 3, 5], &pairs));
        assert!(!fits_pattern(&[3, 3, 3], &pairs), "a third 3 cannot make two pairs");
        assert!(!fits_pattern(&[1, 2, 3], &pairs), "three values cannot make two pairs");
        let full_house = [3, 2];
        assert!(fits_pattern(&[4, 4, 4, 2, 2], &full_house));
        assert!(!fits_pattern(&[4, 4, 2, 2, 2, 2], &full_house));
        assert!(!fits_pattern(&[4, 4, 4, 4], &full_house));
        let triples = [3, 3, 3];
        assert!(fits_pattern(&[1, 1, 1, 2, 2, 2, 5, 5, 5], &triples));
        assert!(!fits_pattern(&[1, 2, 3, 4], &triples));
    }
}
