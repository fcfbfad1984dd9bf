//! The knights: who they are, their life and hands, their relics, and what
//! happens when one falls.
//!
//! Powers that change the turn's shape are applied by the engine:
//! - Percival may peek at the top black card before his evil choice
//!   ([`super::Command::Peek`], once per turn);
//! - Galahad plays one special white card per turn without spending his
//!   heroic action;
//! - Gawain draws three white cards at the Round Table instead of two;
//! - Kay, when a fight he is in ends (a fight quest or a siege engine), may
//!   add one fight card after the black cards or the die are shown;
//! - Tristan, starting his turn in Camelot, leaves it once for free;
//! - Palamedes gains life each time a quest is won (the amount is data,
//!   `palamedes_life_per_won_quest`, because nobody could confirm it).
//!
//! Arthur's and Bedivere's powers trade or show cards and change nothing
//! Tavola keeps: the players apply them.

use super::quests::Place;
use super::Event;
use crate::core::Track;
use crate::Seat;
use serde::{Deserialize, Serialize};

/// A knight's shield.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Knight {
    /// King Arthur (starts the game).
    Arthur,
    /// Sir Galahad.
    Galahad,
    /// Sir Gawain.
    Gawain,
    /// Sir Kay.
    Kay,
    /// Sir Palamedes.
    Palamedes,
    /// Sir Percival.
    Percival,
    /// Sir Tristan.
    Tristan,
    /// Sir Bedivere (the promo eighth knight).
    Bedivere,
}

impl Knight {
    /// Every knight, Bedivere last.
    pub const ALL: [Knight; 8] = [
        Knight::Arthur,
        Knight::Galahad,
        Knight::Gawain,
        Knight::Kay,
        Knight::Palamedes,
        Knight::Percival,
        Knight::Tristan,
        Knight::Bedivere,
    ];

    /// The knight's catalog id (`soc/knight/arthur`).
    pub fn card(self) -> String {
        let slug = serde_json::to_value(self).ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default();
        format!("soc/knight/{slug}")
    }
}

/// A relic won on a quest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Relic {
    /// Excalibur.
    Excalibur,
    /// The Holy Grail: it can save one knight from death, once.
    Grail,
    /// Lancelot's Armor.
    LancelotsArmor,
}

impl tavola_words::Said for Relic {
    /// The relic's name, without an article (`soc.relic.grail`: "Grail").
    fn msg(&self) -> tavola_words::Msg {
        match self {
            Relic::Excalibur => tavola_words::msg!("soc.relic.excalibur"),
            Relic::Grail => tavola_words::msg!("soc.relic.grail"),
            Relic::LancelotsArmor => tavola_words::msg!("soc.relic.lancelots_armor"),
        }
    }
}

/// Which side a loyalty card puts a knight on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The Round Table.
    Loyal,
    /// The forces of evil (the traitor).
    Evil,
}

/// One knight at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnightState {
    /// Whose shield.
    pub knight: Knight,
    /// Life points.
    pub life: Track,
    /// White cards in hand, as far as Tavola can count them.
    pub hand: u8,
    /// Where the figure stands; `None` once dead or exposed as the traitor.
    pub place: Option<Place>,
    /// Still in the game.
    pub alive: bool,
    /// Relics held.
    pub relics: Vec<Relic>,
    /// Has accused another knight.
    pub accused: bool,
    /// Exposed as the traitor.
    pub exposed: bool,
}

impl KnightState {
    /// A knight at the start: at the Round Table with a full hand.
    pub fn new(knight: Knight, life: i32, max: i32, hand: u8) -> Self {
        KnightState {
            knight,
            life: Track::new(life, 0, max),
            hand,
            place: Some(Place::Camelot),
            alive: true,
            relics: Vec::new(),
            accused: false,
            exposed: false,
        }
    }

    /// Alive and still playing for the Round Table as far as the table
    /// knows (not exposed).
    pub fn active(&self) -> bool {
        self.alive && !self.exposed
    }
}

/// The seats of the knights on `place`, alive and not exposed.
pub(super) fn on_place(knights: &[KnightState], place: Place) -> Vec<Seat> {
    knights
        .iter()
        .enumerate()
        .filter(|(_, k)| k.active() && k.place == Some(place))
        .map(|(i, _)| Seat(i as u8))
        .collect()
}

impl tavola_words::Said for Knight {
    /// The knight's name as the table says it (`soc.knight.arthur`; the
    /// same in both languages but for the King).
    fn msg(&self) -> tavola_words::Msg {
        tavola_words::Msg::new(match self {
            Knight::Arthur => "soc.knight.arthur",
            Knight::Galahad => "soc.knight.galahad",
            Knight::Gawain => "soc.knight.gawain",
            Knight::Kay => "soc.knight.kay",
            Knight::Palamedes => "soc.knight.palamedes",
            Knight::Percival => "soc.knight.percival",
            Knight::Tristan => "soc.knight.tristan",
            Knight::Bedivere => "soc.knight.bedivere",
        })
    }
}

impl super::Soc {
    /// A knight's life and hand, and death.
    pub(super) fn apply_knights(&mut self, event: &Event) {
        match event {
            Event::LifeChanged { seat, delta } => {
                if let Some(k) = self.knights.get_mut(seat.index()) {
                    k.life.add(*delta);
                }
            }
            Event::HandChanged { seat, delta } => {
                if let Some(k) = self.knights.get_mut(seat.index()) {
                    k.hand = (i32::from(k.hand) + delta).clamp(0, 255) as u8;
                }
            }
            Event::Dying { seat } => self.dying.push(*seat),
            Event::GrailDrunk { seat, holder } => {
                self.dying.retain(|s| s != seat);
                let to = self.rules().life.grail_rescue_to;
                if let Some(k) = self.knights.get_mut(holder.index()) {
                    k.relics.retain(|&r| r != Relic::Grail);
                }
                if let Some(k) = self.knights.get_mut(seat.index()) {
                    k.life.value = to.clamp(k.life.min, k.life.max);
                }
                if let Some(t) = self.turn.as_mut().filter(|t| t.seat == *seat) {
                    t.doomed = false;
                }
            }
            Event::KnightDied { seat } => {
                self.dying.retain(|s| s != seat);
                if let Some(k) = self.knights.get_mut(seat.index()) {
                    k.alive = false;
                    k.life.value = 0;
                    k.hand = 0;
                    k.place = None;
                    k.relics.clear();
                }
            }
            _ => {}
        }
    }
}
