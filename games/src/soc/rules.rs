//! The numbers Shadows over Camelot is played by, as data.
//!
//! `games/data/soc/rules.json` is embedded in the binary. The rules text fixes
//! the life track, the 12 siege engines, the swords, the Grail's seven spaces
//! and the wars' ladder; the quests' outcomes, the Dragon's and Lancelot's
//! black spaces, the river's length and the special black cards' effects come
//! from a reconstruction nobody checked against the printed Book of Quests
//! (`GAMES.md`), so the file lists them under `uncertain` and the owner can
//! correct them there. A game keeps the rules it was set up with (they are
//! written into its setup event), so a correction never changes a game
//! already under way or its replay.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The embedded data file.
pub const RULES_JSON: &str = include_str!("../../data/soc/rules.json");

/// Life points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LifeRules {
    /// Every knight starts with this many.
    pub start: i32,
    /// Nobody heals above this.
    pub max: i32,
    /// Life after drinking from the Grail.
    pub grail_rescue_to: i32,
}

/// White cards in hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandRules {
    /// Cards in hand at the start (five and a Merlin).
    pub start: u8,
    /// Cards drawn at the Round Table.
    pub draw: u8,
    /// Cards Sir Gawain draws there.
    pub gawain_draw: u8,
    /// With this many cards or more, nobody may draw at the Round Table.
    pub limit: u8,
    /// Identical cards discarded to heal one life point.
    pub heal_cards: u8,
}

/// Siege engines around Camelot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SiegeRules {
    /// Camelot falls with this many.
    pub loss_at: u8,
    /// Faces of the siege die.
    pub die: u8,
}

/// Swords on the Round Table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwordRules {
    /// The game ends after the action that brings this many.
    pub end_at: u8,
    /// This many black swords lose the game at once.
    pub black_loss: u8,
    /// White swords a hidden traitor turns black at the final count.
    pub traitor_flips: u8,
    /// White swords added when the traitor is exposed.
    pub exposed_white: u8,
}

/// Accusations: allowed once at least `min_engines` siege engines are
/// around Camelot or `min_swords` swords lie on the Round Table, once per
/// knight per game. The Italian transcript prints these two notes after
/// the sacrifice; in the original layout they belong to the accusation, as
/// the publisher's own presentation of the traitor says ("Once per game,
/// when at least 6 Siege Engines are in play or 6 Swords on the Round Table,
/// you will be able to ... make an accusation": Days of Wonder, Shadows over
/// Camelot, "The Traitor", cdn1.daysofwonder.com/shadowsovercamelot/teaser/
/// en/traitor.html). The sacrifice has no such condition: "Una volta per
/// turno" is its only limit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AccusationRules {
    /// Siege engines needed (either this…).
    #[serde(default = "six")]
    pub min_engines: u8,
    /// …or swords of either colour.
    #[serde(default = "six")]
    pub min_swords: u8,
    /// Each knight accuses once per game.
    pub once_per_knight: bool,
}

fn six() -> u8 {
    6
}

/// The river of the Excalibur quest, counted in spaces from where the sword
/// starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExcaliburRules {
    /// Moves toward the knights that win it.
    pub to_knights: i8,
    /// Moves toward evil that lose it.
    pub to_evil: i8,
}

/// The Grail quest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GrailRules {
    /// Spaces on the track.
    pub spaces: u8,
}

/// The wars against the Picts and the Saxons.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WarRules {
    /// Length of the fight-card ladder (1, 2, … this).
    pub ladder: u8,
    /// Figures on the field that lose the war.
    pub figures: u8,
}

/// What winning or losing a quest brings.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Outcome {
    /// White swords placed.
    pub white: u8,
    /// Black swords placed.
    pub black: u8,
    /// Life for each knight on the quest (negative: lost).
    pub life: i32,
    /// Siege engines added.
    pub siege: u8,
    /// White cards each knight on the quest draws.
    pub cards: u8,
    /// The quest's relic goes to the knight who completed it.
    pub relic: bool,
}

/// One quest's numbers.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct QuestRules {
    /// For a fight quest: the combination the white cards must form, as
    /// the size of each group of equal values (two pairs `[2, 2]`, a full
    /// house `[3, 2]`, three triples `[3, 3, 3]`).
    pub white_pattern: Vec<u8>,
    /// For a fight quest: black spaces; filling them ends the fight.
    pub black_slots: u8,
    /// Won.
    pub won: Outcome,
    /// Lost.
    pub lost: Outcome,
}

/// What a special black card does that Tavola applies itself. Anything else
/// the card says is applied by the players; Tavola records the card.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SpecialRules {
    /// Siege engines added.
    pub siege: u8,
    /// Life the knight who drew it loses.
    pub life_drawer: u8,
    /// Black cards it places on the Grail quest (like Despair).
    pub grail_black: u8,
    /// It stays in play until the end (shown on the board screen).
    pub lasting: bool,
}

/// Everything, as read from `rules.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// Life points.
    pub life: LifeRules,
    /// Hands.
    pub hand: HandRules,
    /// Siege engines.
    pub siege: SiegeRules,
    /// Swords.
    pub swords: SwordRules,
    /// Accusations.
    pub accusation: AccusationRules,
    /// Life Sir Palamedes gains each time a quest is won: 0, the power is in
    /// no rules text (an owner whose character sheet says so sets it).
    pub palamedes_life_per_won_quest: i32,
    /// The river.
    pub excalibur: ExcaliburRules,
    /// The Grail.
    pub grail: GrailRules,
    /// The wars.
    pub wars: WarRules,
    /// Each quest, by its slug (`black-knight`, `lancelot`, `dragon`,
    /// `excalibur`, `grail`, `picts`, `saxons`).
    pub quests: BTreeMap<String, QuestRules>,
    /// Special black cards, by slug (`morgan`, `vivien`…).
    pub specials: BTreeMap<String, SpecialRules>,
}

/// Why a rules file was refused (what the game's refusal `BadRules` says).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// Not JSON of the rules' shape: what the parser said.
    #[error("{0}")]
    Json(String),
    /// The Knights' life does not start between 1 and its most.
    #[error("life: start must be between 1 and max")]
    Life,
    /// The siege or the swords end at nothing.
    #[error("siege and swords need positive limits")]
    Limits,
    /// Excalibur's river or the Grail's track has no space.
    #[error("the river and the Grail need spaces")]
    Spaces,
    /// The wars have no ladder or no figures (or the hand heals nothing).
    #[error("wars need a ladder and figures")]
    Wars,
    /// A quest has no entry (its slug).
    #[error("quest {0} missing")]
    MissingQuest(&'static str),
    /// A fight quest has no pattern or no black spaces (its slug).
    #[error("fight quest {0} needs a pattern and black spaces")]
    FightQuest(&'static str),
}

impl Rules {
    /// The rules shipped with Tavola.
    pub fn builtin() -> &'static Rules {
        static RULES: OnceLock<Rules> = OnceLock::new();
        RULES.get_or_init(|| Rules::parse(RULES_JSON).expect("the embedded Shadows over Camelot rules are valid"))
    }

    /// Reads and checks a rules file.
    pub fn parse(json: &str) -> Result<Rules, RulesError> {
        let rules: Rules = serde_json::from_str(json).map_err(|e| RulesError::Json(e.to_string()))?;
        rules.check()?;
        Ok(rules)
    }

    /// Refuses numbers no game could be played with.
    pub fn check(&self) -> Result<(), RulesError> {
        if self.life.start < 1 || self.life.start > self.life.max || self.life.grail_rescue_to < 1 {
            return Err(RulesError::Life);
        }
        if self.siege.loss_at == 0 || self.siege.die < 2 || self.swords.end_at == 0 || self.swords.black_loss == 0 {
            return Err(RulesError::Limits);
        }
        if self.excalibur.to_knights < 1 || self.excalibur.to_evil < 1 || self.grail.spaces == 0 {
            return Err(RulesError::Spaces);
        }
        if self.wars.ladder == 0 || self.wars.figures == 0 || self.hand.heal_cards == 0 {
            return Err(RulesError::Wars);
        }
        for q in super::quests::QuestId::ALL {
            let r = self.quests.get(q.slug()).ok_or(RulesError::MissingQuest(q.slug()))?;
            if q.is_fight() && (r.white_pattern.is_empty() || r.black_slots == 0) {
                return Err(RulesError::FightQuest(q.slug()));
            }
        }
        Ok(())
    }

    /// One quest's numbers.
    pub fn quest(&self, q: super::quests::QuestId) -> QuestRules {
        self.quests.get(q.slug()).cloned().unwrap_or_default()
    }

    /// A special card's effects (none for a card the file does not list).
    pub fn special(&self, slug: &str) -> SpecialRules {
        self.specials.get(slug).cloned().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_rules_hold_the_rules_text_numbers() {
        let r = Rules::builtin();
        assert_eq!((r.life.start, r.life.max), (4, 6));
        assert_eq!(r.siege.loss_at, 12);
        assert_eq!(r.siege.die, 8);
        assert_eq!((r.swords.end_at, r.swords.black_loss), (12, 7));
        assert_eq!(r.grail.spaces, 7);
        assert_eq!((r.wars.ladder, r.wars.figures), (5, 4));
        assert_eq!(r.hand.limit, 12);
    }

    #[test]
    fn a_rules_file_without_a_quest_is_refused() {
        let mut v: serde_json::Value = serde_json::from_str(RULES_JSON).unwrap();
        v["quests"].as_object_mut().unwrap().remove("grail");
        let err = Rules::parse(&v.to_string()).unwrap_err();
        assert_eq!(err, RulesError::MissingQuest("grail"));
        assert_eq!(err.to_string(), "quest grail missing");
    }
}
