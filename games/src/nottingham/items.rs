//! The things on Nottingham's cards: the seven items and their actions, the
//! players' colours, the four commissions, and the facts printed only on
//! the owner's cards (the Sheriff's path, the commissions' points, the two
//! items of each two-item ambush card).

use crate::facts::{FactKind, Field, FieldKind, Need};
use crate::FactBook;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use tavola_words::{msg, Msg, Said};

/// An item card: 12 of each in the deck (rules text, "Contenuto della
/// scatola": 84 item cards, 12 for each of the 7 kinds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Item {
    /// Copper coin, 7 points; action Buy.
    CopperCoin,
    /// Silver candlestick, 8; Steal.
    SilverCandlestick,
    /// Gold, 9; Ambush.
    Gold,
    /// Pearls, 10; Rob.
    Pearls,
    /// Jewels, 11; Raid.
    Jewels,
    /// Necklace, 12; Defence (kept in hand, never played on the draw).
    Necklace,
    /// Chest, 13; Barter.
    Chest,
}

/// Cards of each item in the deck.
pub const COPIES: u8 = 12;

/// Item cards in the box.
pub const DECK: u8 = 7 * COPIES;

impl Item {
    /// Every item, by value.
    pub const ALL: [Item; 7] = [
        Item::CopperCoin,
        Item::SilverCandlestick,
        Item::Gold,
        Item::Pearls,
        Item::Jewels,
        Item::Necklace,
        Item::Chest,
    ];

    /// The points printed on the card's money bag (rules text, the table of
    /// items under "Pescare una carta dal mazzo": 7 to 13).
    pub fn value(self) -> u32 {
        match self {
            Item::CopperCoin => 7,
            Item::SilverCandlestick => 8,
            Item::Gold => 9,
            Item::Pearls => 10,
            Item::Jewels => 11,
            Item::Necklace => 12,
            Item::Chest => 13,
        }
    }

    /// The action on the card's banner.
    pub fn action(self) -> Action {
        match self {
            Item::CopperCoin => Action::Buy,
            Item::SilverCandlestick => Action::Steal,
            Item::Gold => Action::Ambush,
            Item::Pearls => Action::Rob,
            Item::Jewels => Action::Raid,
            Item::Necklace => Action::Defence,
            Item::Chest => Action::Barter,
        }
    }

    /// The slug of its cards in the catalog (`nottingham/item/<slug>-<n>`).
    pub fn slug(self) -> &'static str {
        match self {
            Item::CopperCoin => "copper-coin",
            Item::SilverCandlestick => "silver-candlestick",
            Item::Gold => "gold",
            Item::Pearls => "pearls",
            Item::Jewels => "jewels",
            Item::Necklace => "necklace",
            Item::Chest => "chest",
        }
    }

    /// The item a card id of the catalog stands for
    /// (`nottingham/item/gold-7` → Gold).
    pub fn of_card(card: &str) -> Option<Item> {
        let slug = card.strip_prefix("nottingham/item/")?;
        let base = slug.rsplit_once('-').filter(|(_, n)| n.parse::<u8>().is_ok()).map_or(slug, |(b, _)| b);
        Item::ALL.into_iter().find(|i| i.slug() == base)
    }
}

impl Said for Item {
    /// The item's name (`nottingham.item.gold`).
    fn msg(&self) -> Msg {
        match self {
            Item::CopperCoin => msg!("nottingham.item.copper_coin"),
            Item::SilverCandlestick => msg!("nottingham.item.silver_candlestick"),
            Item::Gold => msg!("nottingham.item.gold"),
            Item::Pearls => msg!("nottingham.item.pearls"),
            Item::Jewels => msg!("nottingham.item.jewels"),
            Item::Necklace => msg!("nottingham.item.necklace"),
            Item::Chest => msg!("nottingham.item.chest"),
        }
    }
}

/// An item's action ("Le azioni", at the end of the rules text).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Everyone else offers a card face down; the player takes one offer
    /// (its owner gets the coin) or none (the coin stays).
    Buy,
    /// A random card from an opponent's hand, for the candlestick.
    Steal,
    /// Two ambush cards drawn, one kept face down with the Gold under it.
    Ambush,
    /// A card chosen from an opponent's hand, seen by the player only, for
    /// the pearls.
    Rob,
    /// A card chosen from an opponent's hand laid open, for the jewels.
    Raid,
    /// The Necklace: kept in hand, played against Steal, Rob and Raid.
    Defence,
    /// Everyone else offers one or two cards face up; the player must take
    /// one offer, whose owner gets the chest.
    Barter,
}

impl Action {
    /// The red-banner actions, which the Necklace stops ("Difesa":
    /// Trafugare, Rubare, Rapinare).
    pub fn is_attack(self) -> bool {
        matches!(self, Action::Steal | Action::Rob | Action::Raid)
    }
}

impl Said for Action {
    /// The action's name (`nottingham.action.buy`).
    fn msg(&self) -> Msg {
        match self {
            Action::Buy => msg!("nottingham.action.buy"),
            Action::Steal => msg!("nottingham.action.steal"),
            Action::Ambush => msg!("nottingham.action.ambush"),
            Action::Rob => msg!("nottingham.action.rob"),
            Action::Raid => msg!("nottingham.action.raid"),
            Action::Defence => msg!("nottingham.action.defence"),
            Action::Barter => msg!("nottingham.action.barter"),
        }
    }
}

/// A player's colour (rules text, "Contenuto della scatola": red, yellow,
/// green, blue, purple, white and grey pawns).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    /// Red.
    Red,
    /// Yellow.
    Yellow,
    /// Green.
    Green,
    /// Blue.
    Blue,
    /// Purple.
    Purple,
    /// White.
    White,
    /// Grey.
    Grey,
}

impl Colour {
    /// Every colour, in the box's order.
    pub const ALL: [Colour; 7] =
        [Colour::Red, Colour::Yellow, Colour::Green, Colour::Blue, Colour::Purple, Colour::White, Colour::Grey];

    /// The id of this colour's ambush card (`nottingham/ambush/red`).
    pub fn ambush_card(self) -> String {
        format!("nottingham/ambush/{}", crate::code(&self))
    }
}

impl Said for Colour {
    /// The colour's name (`nottingham.colour.red`).
    fn msg(&self) -> Msg {
        match self {
            Colour::Red => msg!("nottingham.colour.red"),
            Colour::Yellow => msg!("nottingham.colour.yellow"),
            Colour::Green => msg!("nottingham.colour.green"),
            Colour::Blue => msg!("nottingham.colour.blue"),
            Colour::Purple => msg!("nottingham.colour.purple"),
            Colour::White => msg!("nottingham.colour.white"),
            Colour::Grey => msg!("nottingham.colour.grey"),
        }
    }
}

/// A commission: two cards each, completed by two players at most, each
/// once (rules text, "Completare un incarico").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Commission {
    /// One card of each of the 7 items.
    OneOfEach,
    /// 5 cards of one item.
    FiveAlike,
    /// 4 pairs of different items.
    FourPairs,
    /// 3 pairs of different items.
    ThreePairs,
}

impl Commission {
    /// Every commission.
    pub const ALL: [Commission; 4] =
        [Commission::OneOfEach, Commission::FiveAlike, Commission::FourPairs, Commission::ThreePairs];

    /// Cards the combination takes from the hand.
    pub fn cards(self) -> u8 {
        match self {
            Commission::OneOfEach => 7,
            Commission::FiveAlike => 5,
            Commission::FourPairs => 8,
            Commission::ThreePairs => 6,
        }
    }

    /// Whether `cards` (the items laid, in any order) make this
    /// commission ("Completare un incarico": one of each of the seven;
    /// five alike; four pairs of different items; three pairs of
    /// different items).
    pub fn is_made_of(self, cards: &[Item]) -> bool {
        let mut counts = BTreeMap::<Item, usize>::new();
        for i in cards {
            *counts.entry(*i).or_default() += 1;
        }
        let pairs = |n: usize| counts.len() == n && counts.values().all(|&c| c == 2);
        match self {
            Commission::OneOfEach => counts.len() == 7 && counts.values().all(|&c| c == 1),
            Commission::FiveAlike => counts.len() == 1 && cards.len() == 5,
            Commission::FourPairs => pairs(4),
            Commission::ThreePairs => pairs(3),
        }
    }

    /// The slug of its cards in the catalog.
    pub fn slug(self) -> &'static str {
        match self {
            Commission::OneOfEach => "one-of-each",
            Commission::FiveAlike => "five-alike",
            Commission::FourPairs => "four-pairs",
            Commission::ThreePairs => "three-pairs",
        }
    }
}

impl Said for Commission {
    /// The commission in a few words (`nottingham.commission.five_alike`).
    fn msg(&self) -> Msg {
        match self {
            Commission::OneOfEach => msg!("nottingham.commission.one_of_each"),
            Commission::FiveAlike => msg!("nottingham.commission.five_alike"),
            Commission::FourPairs => msg!("nottingham.commission.four_pairs"),
            Commission::ThreePairs => msg!("nottingham.commission.three_pairs"),
        }
    }
}

/// A commission's points: the single-pawn side's (completed by one player
/// only) and the two-pawn side's (completed by two). The rules text gives
/// no numbers, only that the single pawn's is the higher; `GAMES.md` says
/// 10 to 30.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Points {
    /// Completed by one player only.
    pub alone: u8,
    /// Completed by two players: each scores this.
    pub shared: u8,
}

/// The fewest and most points a commission card shows (`GAMES.md`).
pub const COMMISSION_POINTS: std::ops::RangeInclusive<u8> = 10..=30;

/// The values on the Sheriff's path's spaces (`GAMES.md`: 2 to 8).
pub const PATH_VALUES: std::ops::RangeInclusive<u8> = 2..=8;

/// The longest path Tavola accepts: the board's is not known; a bound that
/// no board of this size could pass.
pub const MAX_PATH: usize = 40;

/// The numbers printed only on the owner's cards and board, copied into
/// the game's setup (and learned during the game when first needed), so
/// that a replay never changes when a fact is corrected later.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Facts {
    /// The values of the Sheriff's path, from the space after Nottingham to
    /// the last before it. The game cannot start without them.
    #[serde(default)]
    pub path: Vec<u8>,
    /// Each commission's points, once known (needed at the final count).
    #[serde(default)]
    pub commissions: BTreeMap<Commission, Points>,
    /// The two items of each two-item ambush card, by card id (needed when
    /// the card is sprung).
    #[serde(default)]
    pub ambush_items: BTreeMap<String, [Item; 2]>,
}

/// The catalog card that carries the Sheriff's path (the board).
pub const PATH_CARD: &str = "nottingham/board/sheriff-path";

/// The catalog card of a commission that shows both its values: the
/// first card of the pair (one pawn on its face, two on its back).
pub fn commission_card(c: Commission) -> String {
    format!("nottingham/commission/{}-first", c.slug())
}

/// The items an ambush card may show: every item but Gold ("Note" under
/// "Attivare una carta imboscata": no ambush card shows Gold).
const AMBUSH_ITEM_SLUGS: &[&str] = &["copper-coin", "silver-candlestick", "pearls", "jewels", "necklace", "chest"];

/// The facts Nottingham's cards carry, in the order they stand on them.
///
/// - The Sheriff's path: each space's number, 2 to 8 (`GAMES.md`, "spaces
///   valued 2 to 8"); the board's length is not known, so 1 to
///   [`MAX_PATH`] spaces. The game cannot start without it.
/// - A commission's first card: the single pawn's points, then the two
///   pawns' (`GAMES.md`: 10 to 30); the single pawn's side is worth more
///   (rules text, "Completare una commissione").
/// - A two-item ambush card: its two items, never Gold, two different
///   ones (rules text, "Note" under "Attivare una carta imboscata").
pub const FACTS: &[FactKind] = &[
    FactKind {
        kind: "board",
        cards: None,
        fields: &[Field::new(
            "spaces",
            FieldKind::Ints {
                min: *PATH_VALUES.start() as i64,
                max: *PATH_VALUES.end() as i64,
                min_len: 1,
                max_len: MAX_PATH,
            },
        )],
        rule: None,
        need: Need::AtSetup,
    },
    FactKind {
        kind: "commission",
        cards: Some(|c| c.ends_with("-first")),
        fields: &[
            Field::new(
                "alone",
                FieldKind::Int { min: *COMMISSION_POINTS.start() as i64, max: *COMMISSION_POINTS.end() as i64 },
            ),
            Field::new(
                "shared",
                FieldKind::Int { min: *COMMISSION_POINTS.start() as i64, max: *COMMISSION_POINTS.end() as i64 },
            ),
        ],
        rule: Some(|f| {
            let (alone, shared) = (f.get("alone").and_then(|v| v.as_i64()), f.get("shared").and_then(|v| v.as_i64()));
            match (alone, shared) {
                (Some(a), Some(s)) if a <= s => Err(msg!("facts.nottingham.commission.alone_higher")),
                _ => Ok(()),
            }
        }),
        need: Need::WhenMet,
    },
    FactKind {
        kind: "ambush",
        cards: Some(|c| matches!(AmbushCard::of_card(c), Some(AmbushCard::Items(_)))),
        fields: &[
            Field::new("first", FieldKind::Choice { options: AMBUSH_ITEM_SLUGS, words: "card.nottingham.item" }),
            Field::new("second", FieldKind::Choice { options: AMBUSH_ITEM_SLUGS, words: "card.nottingham.item" }),
        ],
        rule: Some(|f| match (f.get("first"), f.get("second")) {
            (Some(a), Some(b)) if a == b => Err(msg!("facts.nottingham.ambush.two_items")),
            _ => Ok(()),
        }),
        need: Need::WhenMet,
    },
];

impl Item {
    /// The item a catalog slug names (`copper-coin`).
    pub fn of_slug(slug: &str) -> Option<Item> {
        Item::ALL.into_iter().find(|i| i.slug() == slug)
    }
}

impl Facts {
    /// The facts a book gives for Nottingham's cards (a card whose facts
    /// do not read is left out: the book was checked when it was filled).
    pub fn from_book(book: &FactBook) -> Facts {
        let path = book
            .ints(PATH_CARD, "spaces")
            .map(|v| v.into_iter().filter_map(|n| u8::try_from(n).ok()).collect())
            .unwrap_or_default();
        let commissions = Commission::ALL
            .into_iter()
            .filter_map(|c| {
                let card = commission_card(c);
                let points = |k| book.int(&card, k).and_then(|n| u8::try_from(n).ok());
                Some((c, Points { alone: points("alone")?, shared: points("shared")? }))
            })
            .collect();
        let ambush_items = item_ambush_cards()
            .filter_map(|card| {
                let item = |k| book.text(&card, k).and_then(Item::of_slug);
                let items = [item("first")?, item("second")?];
                Some((card, items))
            })
            .collect();
        Facts { path, commissions, ambush_items }
    }

    /// These facts as a book of card facts.
    pub fn to_book(&self) -> FactBook {
        let mut book = FactBook::new();
        let obj = |v: serde_json::Value| v.as_object().cloned().unwrap_or_default();
        if !self.path.is_empty() {
            book.set(PATH_CARD, obj(serde_json::json!({ "spaces": self.path })));
        }
        for (c, p) in &self.commissions {
            book.set(commission_card(*c), obj(serde_json::json!({ "alone": p.alone, "shared": p.shared })));
        }
        for (card, [a, b]) in &self.ambush_items {
            book.set(card.clone(), obj(serde_json::json!({ "first": a.slug(), "second": b.slug() })));
        }
        book
    }

    /// True when nothing is known.
    pub fn is_empty(&self) -> bool {
        self.path.is_empty() && self.commissions.is_empty() && self.ambush_items.is_empty()
    }
}

/// The ids of the six two-item ambush cards.
pub fn item_ambush_cards() -> impl Iterator<Item = String> {
    (1..=6).map(|n| format!("nottingham/ambush/items-{n}"))
}

/// What an ambush card id stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AmbushCard {
    /// A player's colour: any trade of three or more by that player.
    Colour(Colour),
    /// One of the six two-item cards (1 to 6).
    Items(u8),
}

impl AmbushCard {
    /// The ambush card an id names, if it names one.
    pub fn of_card(card: &str) -> Option<AmbushCard> {
        let slug = card.strip_prefix("nottingham/ambush/")?;
        if let Some(n) = slug.strip_prefix("items-").and_then(|n| n.parse::<u8>().ok()) {
            return (1..=6).contains(&n).then_some(AmbushCard::Items(n));
        }
        Colour::ALL.into_iter().find(|c| crate::code(c) == slug).map(AmbushCard::Colour)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Catalog;

    #[test]
    fn every_item_and_ambush_card_of_the_catalog_is_read() {
        let cards = Catalog::builtin();
        let items: Vec<Item> = cards
            .by_kind(crate::GameKind::Nottingham, "item")
            .map(|c| Item::of_card(&c.id).unwrap_or_else(|| panic!("{}", c.id)))
            .collect();
        assert_eq!(items.len(), usize::from(DECK));
        for i in Item::ALL {
            assert_eq!(items.iter().filter(|&&x| x == i).count(), usize::from(COPIES), "{i:?}");
            assert!(cards.get(&format!("nottingham/item/{}-1", i.slug())).is_some());
            let value = cards.get(&format!("nottingham/item/{}-1", i.slug())).and_then(|c| c.fact_int("value"));
            assert_eq!(value, Some(i64::from(i.value())), "the catalog and the engine agree on {i:?}");
        }
        let ambush: Vec<AmbushCard> = cards
            .by_kind(crate::GameKind::Nottingham, "ambush")
            .map(|c| AmbushCard::of_card(&c.id).unwrap_or_else(|| panic!("{}", c.id)))
            .collect();
        assert_eq!(ambush.len(), 13, "7 colours and 6 two-item cards");
        assert!(item_ambush_cards().all(|id| cards.get(&id).is_some()));
        assert_eq!(Item::of_card("nottingham/item/gold"), Some(Item::Gold));
        assert_eq!(Item::of_card("nottingham/ambush/red"), None);
        assert_eq!(AmbushCard::of_card("nottingham/ambush/items-7"), None);
    }
}
