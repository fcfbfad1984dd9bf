//! The things on King Arthur's Knights' cards: the four virtues, the action
//! cards and where each may be used, the locations of the ring, and the
//! facts printed only on the owner's cards (each quest's location, virtues
//! and points; each virtue card's virtue and value; each horse's reach;
//! the names the rules text does not give).

use crate::facts::{CardFacts, FactKind, Field, FieldKind, Need};
use crate::FactBook;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use tavola_words::{msg, Msg, Said};

/// A knightly virtue: the four piles of virtue cards ("Preparazione":
/// spade, lance, draghi, libri).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Virtue {
    /// Strength: the Sword.
    Sword,
    /// Skill: the Lance.
    Lance,
    /// Courage: the Dragon.
    Dragon,
    /// Wisdom: the Book.
    Book,
}

impl Virtue {
    /// Every virtue, in the order of the piles.
    pub const ALL: [Virtue; 4] = [Virtue::Sword, Virtue::Lance, Virtue::Dragon, Virtue::Book];

    /// Its code (`sword`): the facts' option and the catalog's slug part.
    pub fn code(self) -> &'static str {
        match self {
            Virtue::Sword => "sword",
            Virtue::Lance => "lance",
            Virtue::Dragon => "dragon",
            Virtue::Book => "book",
        }
    }

    /// The virtue a code names.
    pub fn of_code(code: &str) -> Option<Virtue> {
        Virtue::ALL.into_iter().find(|v| v.code() == code)
    }

    /// Its place in a [`Needs`] array.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Whether it may be bid in the tournament ("T (Torneo)": Swords and
    /// Lances).
    pub fn bids(self) -> bool {
        matches!(self, Virtue::Sword | Virtue::Lance)
    }
}

impl Said for Virtue {
    /// The virtue's name (`kak.virtue.sword`).
    fn msg(&self) -> Msg {
        match self {
            Virtue::Sword => msg!("kak.virtue.sword"),
            Virtue::Lance => msg!("kak.virtue.lance"),
            Virtue::Dragon => msg!("kak.virtue.dragon"),
            Virtue::Book => msg!("kak.virtue.book"),
        }
    }
}

/// What an action card lets its player do ("Carte Azione").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(tag = "action", content = "virtue", rename_all = "snake_case")]
pub enum Action {
    /// "E": take a virtue card of this virtue from its pile.
    Training(Virtue),
    /// "A": take one of the open quests.
    RoundTable,
    /// "T": take part in the tournament at the end of phase II.
    Tournament,
    /// "G": hand back a Book for 2 points.
    Court,
    /// "Q": complete one quest held.
    Quest,
    /// "P": move the knight along the ring.
    Horse,
}

/// Where an action may be used ("Fase II": "nel corrispondente luogo").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Where {
    /// The yellow wall: at Camelot only.
    Camelot,
    /// The green leaves: anywhere but Camelot.
    Outside,
    /// Both borders: anywhere.
    Anywhere,
}

impl Action {
    /// Where the card may be used ("Carte Azione": "solamente a Camelot",
    /// "al di fuori di Camelot", "in qualsiasi luogo").
    pub fn place(self) -> Where {
        match self {
            Action::Training(_) | Action::RoundTable | Action::Tournament => Where::Camelot,
            Action::Court | Action::Quest => Where::Outside,
            Action::Horse => Where::Anywhere,
        }
    }

    /// The card's entry in the catalog (copies share it).
    pub fn base(self) -> &'static str {
        match self {
            Action::Training(Virtue::Sword) => "kak/action/training-sword",
            Action::Training(Virtue::Lance) => "kak/action/training-lance",
            Action::Training(Virtue::Dragon) => "kak/action/training-dragon",
            Action::Training(Virtue::Book) => "kak/action/training-book",
            Action::RoundTable => "kak/action/round-table",
            Action::Tournament => "kak/action/tournament",
            Action::Court => "kak/action/court",
            Action::Quest => "kak/action/quest",
            Action::Horse => "kak/action/horse",
        }
    }

    /// The action an action card's id stands for (`kak/action/horse-3`).
    pub fn of_card(card: &str) -> Option<Action> {
        ACTION_CARDS.iter().find(|(id, _)| *id == card).map(|(_, a)| *a)
    }
}

impl Said for Action {
    /// The action's name: its card's name in the catalog.
    fn msg(&self) -> Msg {
        Msg::new(crate::catalog::message_id(self.base()))
    }
}

/// The 16 action cards, by id ("Componenti": 4 E, 2 A, 2 T, 2 G, 2 Q, 4 P).
pub const ACTION_CARDS: [(&str, Action); 16] = [
    ("kak/action/training-sword", Action::Training(Virtue::Sword)),
    ("kak/action/training-lance", Action::Training(Virtue::Lance)),
    ("kak/action/training-dragon", Action::Training(Virtue::Dragon)),
    ("kak/action/training-book", Action::Training(Virtue::Book)),
    ("kak/action/round-table-1", Action::RoundTable),
    ("kak/action/round-table-2", Action::RoundTable),
    ("kak/action/tournament-1", Action::Tournament),
    ("kak/action/tournament-2", Action::Tournament),
    ("kak/action/court-1", Action::Court),
    ("kak/action/court-2", Action::Court),
    ("kak/action/quest-1", Action::Quest),
    ("kak/action/quest-2", Action::Quest),
    ("kak/action/horse-1", Action::Horse),
    ("kak/action/horse-2", Action::Horse),
    ("kak/action/horse-3", Action::Horse),
    ("kak/action/horse-4", Action::Horse),
];

/// The horse cards.
pub fn horse_cards() -> impl Iterator<Item = &'static str> {
    ACTION_CARDS.iter().filter(|(_, a)| *a == Action::Horse).map(|(id, _)| *id)
}

/// Camelot's card.
pub const CAMELOT: &str = "kak/location/camelot";

/// The slugs of the locations outside Camelot: where a quest may be
/// (the "Q" action is used only outside Camelot, so no quest lies there).
pub const OUTSIDE: [&str; 7] =
    ["hidden-valley", "wild-forest", "moon-lake", "other-1", "other-2", "other-3", "other-4"];

/// The eight locations' ids ("Componenti": 8 carte luogo).
pub fn locations() -> impl Iterator<Item = String> {
    std::iter::once(CAMELOT.to_string()).chain(OUTSIDE.iter().map(|s| format!("kak/location/{s}")))
}

/// Whether `card` is one of the eight locations.
pub fn is_location(card: &str) -> bool {
    locations().any(|l| l == card)
}

/// The knights' cards ("Componenti": 4 carte cavaliere).
pub fn knights() -> impl Iterator<Item = String> {
    (1..=4).map(|n| format!("kak/knight/knight-{n}"))
}

/// The 14 quest cards, in their numbers' order ("Carte Missione").
pub const QUESTS: [&str; 14] = [
    "kak/quest/wild-boar",
    "kak/quest/black-knight",
    "kak/quest/white-stag",
    "kak/quest/evil-witch",
    "kak/quest/white-unicorn",
    "kak/quest/tree-of-life",
    "kak/quest/dwarves-treasure",
    "kak/quest/fire-dragon",
    "kak/quest/cruel-giant",
    "kak/quest/fountain-of-purity",
    "kak/quest/golden-pheasant",
    "kak/quest/book-of-wisdom",
    "kak/quest/evil-wizard",
    "kak/quest/fair-maiden",
];

/// Virtue cards in the box ("Componenti": 18 carte virtù), each a
/// numbered slot of the catalog whose virtue and value the owner enters.
pub const VIRTUE_CARDS: usize = 18;

/// The virtue cards' ids.
pub fn virtue_cards() -> impl Iterator<Item = String> {
    (1..=VIRTUE_CARDS).map(|n| format!("kak/virtue/card-{n}"))
}

/// Whether `card` is a virtue card.
pub fn is_virtue_card(card: &str) -> bool {
    card.strip_prefix("kak/virtue/card-")
        .and_then(|n| n.parse::<usize>().ok())
        .is_some_and(|n| (1..=VIRTUE_CARDS).contains(&n))
}

/// The values a virtue card shows (`GAMES.md`: "values 1 and 2"; the
/// rules text's "Spada 1", "Libro 2").
pub const VIRTUE_VALUES: std::ops::RangeInclusive<u8> = 1..=2;

/// How far a horse carries a knight (`GAMES.md`: "Horses move 2, 3 or 4
/// locations").
pub const HORSE_REACH: std::ops::RangeInclusive<u8> = 2..=4;

/// The most a quest may ask of one virtue. No source gives the quests'
/// needs (`GAMES.md`, "Unknown"); the rules' example (quest 11) asks one
/// Lance and one Book. Four is a bound no quest of a box with 18 virtue
/// cards valued 1 or 2 should pass, and the owner's card says the rest.
pub const MAX_NEED: u8 = 4;

/// A quest's points. Unknown too (`GAMES.md`); the rules' example gives
/// 3 shields, the Court 2 and the tournament 2. Up to 10, a bound well
/// above the example and well below the 15 to 25 points of the target.
pub const QUEST_POINTS: std::ops::RangeInclusive<u8> = 1..=10;

/// The longest name the owner may give a knight or a location.
pub const MAX_NAME: usize = 40;

/// What a quest asks, by virtue (sword, lance, dragon, book).
pub type Needs = [u8; 4];

/// A virtue card's face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct VirtueCard {
    /// Its virtue.
    pub virtue: Virtue,
    /// Its value, 1 or 2.
    pub value: u8,
}

/// A quest card's facts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quest {
    /// Where it is completed (a location's id, never Camelot).
    pub location: String,
    /// The virtues it asks.
    pub needs: Needs,
    /// Its shields: the points it gives.
    pub points: u8,
}

/// The numbers printed only on the owner's cards, copied into the game's
/// setup (and learned during the game when first needed), so that a
/// replay never changes when a fact is corrected later.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Facts {
    /// Each virtue card's virtue and value, by card id (all needed at
    /// setup: the deal takes the cards of value 1).
    #[serde(default)]
    pub virtues: BTreeMap<String, VirtueCard>,
    /// Each horse's reach, by card id (needed when the horse is ridden).
    #[serde(default)]
    pub horses: BTreeMap<String, u8>,
    /// Each quest's location, needs and points, by card id (needed when
    /// the quest is turned face up).
    #[serde(default)]
    pub quests: BTreeMap<String, Quest>,
    /// Names the owner gave the knights and the unnamed locations.
    #[serde(default)]
    pub names: BTreeMap<String, String>,
}

/// The facts King Arthur's Knights' cards carry, in the order they stand
/// on them.
///
/// - A quest: its location, one of the seven outside Camelot (rules text,
///   "Q (Ricerca)": only outside Camelot, at the quest's location); what it
///   asks of each virtue, 0 to [`MAX_NEED`], at least one above 0 (the
///   example of quest 11; `GAMES.md`: unknown); its points,
///   [`QUEST_POINTS`] (`GAMES.md`: unknown; the example gives 3).
/// - A virtue card: its virtue (the four piles, "Preparazione") and its
///   value, 1 or 2 (`GAMES.md`).
/// - A horse: its reach, 2 to 4 (`GAMES.md`). Only horses carry facts
///   among the action cards.
/// - A knight, and the four locations whose names are not known: the
///   name on the card (the catalog marks them unknown).
pub const FACTS: &[FactKind] = &[
    FactKind {
        kind: "quest",
        cards: None,
        fields: &[
            Field::new("location", FieldKind::Choice { options: &OUTSIDE, words: "card.kak.location" }),
            Field::new("sword", FieldKind::Int { min: 0, max: MAX_NEED as i64 }),
            Field::new("lance", FieldKind::Int { min: 0, max: MAX_NEED as i64 }),
            Field::new("dragon", FieldKind::Int { min: 0, max: MAX_NEED as i64 }),
            Field::new("book", FieldKind::Int { min: 0, max: MAX_NEED as i64 }),
            Field::new("points", FieldKind::Int { min: *QUEST_POINTS.start() as i64, max: *QUEST_POINTS.end() as i64 }),
        ],
        rule: Some(|f| {
            let asks = Virtue::ALL.iter().any(|v| f.get(v.code()).and_then(Value::as_i64).unwrap_or(0) > 0);
            if asks {
                Ok(())
            } else {
                Err(msg!("facts.kak.quest.needs_something"))
            }
        }),
        need: Need::WhenMet,
    },
    FactKind {
        kind: "virtue",
        cards: None,
        fields: &[
            Field::new(
                "virtue",
                FieldKind::Choice { options: &["sword", "lance", "dragon", "book"], words: "kak.virtue" },
            ),
            Field::new(
                "value",
                FieldKind::Int { min: *VIRTUE_VALUES.start() as i64, max: *VIRTUE_VALUES.end() as i64 },
            ),
        ],
        rule: None,
        need: Need::AtSetup,
    },
    FactKind {
        kind: "action",
        cards: Some(|c| c.starts_with("kak/action/horse-")),
        fields: &[Field::new(
            "reach",
            FieldKind::Int { min: *HORSE_REACH.start() as i64, max: *HORSE_REACH.end() as i64 },
        )],
        rule: None,
        need: Need::WhenMet,
    },
    FactKind {
        kind: "knight",
        cards: None,
        fields: &[Field::new("name", FieldKind::Text { max_chars: MAX_NAME })],
        rule: None,
        need: Need::WhenMet,
    },
    FactKind {
        kind: "location",
        cards: Some(|c| c.starts_with("kak/location/other-")),
        fields: &[Field::new("name", FieldKind::Text { max_chars: MAX_NAME })],
        rule: None,
        need: Need::WhenMet,
    },
];

fn int(v: Option<i64>, range: std::ops::RangeInclusive<u8>) -> Option<u8> {
    v.and_then(|n| u8::try_from(n).ok()).filter(|n| range.contains(n))
}

impl Facts {
    /// The facts a book gives for this game's cards (a card whose facts do
    /// not read is left out: the book was checked when it was filled).
    pub fn from_book(book: &FactBook) -> Facts {
        let mut f = Facts::default();
        for card in virtue_cards() {
            let virtue = book.text(&card, "virtue").and_then(Virtue::of_code);
            let value = int(book.int(&card, "value"), VIRTUE_VALUES);
            if let (Some(virtue), Some(value)) = (virtue, value) {
                f.virtues.insert(card, VirtueCard { virtue, value });
            }
        }
        for card in horse_cards() {
            if let Some(reach) = int(book.int(card, "reach"), HORSE_REACH) {
                f.horses.insert(card.to_string(), reach);
            }
        }
        for card in QUESTS {
            let location = book.text(card, "location").filter(|l| OUTSIDE.contains(l));
            let needs: Option<Vec<u8>> =
                Virtue::ALL.iter().map(|v| int(book.int(card, v.code()), 0..=MAX_NEED)).collect();
            let points = int(book.int(card, "points"), QUEST_POINTS);
            if let (Some(location), Some(needs), Some(points)) = (location, needs, points) {
                let needs = [needs[0], needs[1], needs[2], needs[3]];
                if needs.iter().any(|&n| n > 0) {
                    f.quests.insert(
                        card.to_string(),
                        Quest { location: format!("kak/location/{location}"), needs, points },
                    );
                }
            }
        }
        for card in
            knights().chain(OUTSIDE.iter().filter(|s| s.starts_with("other-")).map(|s| format!("kak/location/{s}")))
        {
            if let Some(name) = book.text(&card, "name").map(str::trim).filter(|n| !n.is_empty()) {
                f.names.insert(card, name.to_string());
            }
        }
        f
    }

    /// These facts as a book of card facts.
    pub fn to_book(&self) -> FactBook {
        let mut book = FactBook::new();
        let obj = |v: Value| -> CardFacts { v.as_object().cloned().unwrap_or_default() };
        for (card, v) in &self.virtues {
            book.set(card.clone(), obj(json!({ "virtue": v.virtue.code(), "value": v.value })));
        }
        for (card, reach) in &self.horses {
            book.set(card.clone(), obj(json!({ "reach": reach })));
        }
        for (card, q) in &self.quests {
            let slug = q.location.strip_prefix("kak/location/").unwrap_or(&q.location);
            book.set(
                card.clone(),
                obj(json!({
                    "location": slug,
                    "sword": q.needs[0],
                    "lance": q.needs[1],
                    "dragon": q.needs[2],
                    "book": q.needs[3],
                    "points": q.points,
                })),
            );
        }
        for (card, name) in &self.names {
            book.set(card.clone(), obj(json!({ "name": name })));
        }
        book
    }

    /// The facts the catalog itself gives: quest 11, from the rules' worked
    /// example ("Fange den goldenen Fasan!": the Hidden Valley, a Lance and
    /// a Book, 3 shields).
    pub fn from_catalog(cards: &crate::Catalog) -> Facts {
        let mut f = Facts::default();
        for card in QUESTS {
            let Some(c) = cards.get(card) else { continue };
            let (Some(location), Some(points), Some(needs)) =
                (c.fact_str("location"), c.fact_int("points"), c.fact("needs").and_then(Value::as_object))
            else {
                continue;
            };
            let mut n = [0u8; 4];
            for v in Virtue::ALL {
                n[v.index()] =
                    needs.get(v.code()).and_then(Value::as_u64).and_then(|x| u8::try_from(x).ok()).unwrap_or(0);
            }
            let Ok(points) = u8::try_from(points) else { continue };
            f.quests.insert(card.to_string(), Quest { location: location.to_string(), needs: n, points });
        }
        f
    }

    /// True when nothing is known.
    pub fn is_empty(&self) -> bool {
        self.virtues.is_empty() && self.horses.is_empty() && self.quests.is_empty() && self.names.is_empty()
    }

    /// `learned` added (what was known is replaced by what is learned).
    pub fn merge(&mut self, learned: &Facts) {
        self.virtues.extend(learned.virtues.iter().map(|(k, v)| (k.clone(), *v)));
        self.horses.extend(learned.horses.iter().map(|(k, v)| (k.clone(), *v)));
        self.quests.extend(learned.quests.iter().map(|(k, v)| (k.clone(), v.clone())));
        self.names.extend(learned.names.iter().map(|(k, v)| (k.clone(), v.clone())));
    }

    /// Whether `learned` would change a fact known here.
    pub fn conflicts(&self, learned: &Facts) -> bool {
        learned.virtues.iter().any(|(k, v)| self.virtues.get(k).is_some_and(|x| x != v))
            || learned.horses.iter().any(|(k, v)| self.horses.get(k).is_some_and(|x| x != v))
            || learned.quests.iter().any(|(k, v)| self.quests.get(k).is_some_and(|x| x != v))
            || learned.names.iter().any(|(k, v)| self.names.get(k).is_some_and(|x| x != v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Catalog, GameKind};

    #[test]
    fn every_card_of_the_catalog_is_known_to_the_engine() {
        let cards = Catalog::builtin();
        let actions: Vec<&str> = cards.by_kind(GameKind::KingArthursKnights, "action").map(|c| c.id.as_str()).collect();
        assert_eq!(actions, ACTION_CARDS.iter().map(|(id, _)| *id).collect::<Vec<_>>());
        let quests: Vec<&str> = cards.by_kind(GameKind::KingArthursKnights, "quest").map(|c| c.id.as_str()).collect();
        assert_eq!(quests, QUESTS);
        let locations: Vec<String> =
            cards.by_kind(GameKind::KingArthursKnights, "location").map(|c| c.id.clone()).collect();
        assert_eq!(locations, locations_list());
        assert_eq!(cards.by_kind(GameKind::KingArthursKnights, "virtue").count(), VIRTUE_CARDS);
        assert!(virtue_cards().all(|c| cards.get(&c).is_some() && is_virtue_card(&c)));
        assert!(knights().all(|c| cards.get(&c).is_some()));
        assert!(!is_virtue_card("kak/virtue/card-19"));
    }

    fn locations_list() -> Vec<String> {
        locations().collect()
    }

    #[test]
    fn the_worked_example_of_the_rules_is_the_catalogs_one_quest_with_facts() {
        let f = Facts::from_catalog(Catalog::builtin());
        assert_eq!(f.quests.len(), 1);
        let q = &f.quests["kak/quest/golden-pheasant"];
        assert_eq!(*q, Quest { location: "kak/location/hidden-valley".into(), needs: [0, 1, 0, 1], points: 3 });
        assert_eq!(Facts::from_book(&f.to_book()), f, "a book says what the facts say");
    }
}
