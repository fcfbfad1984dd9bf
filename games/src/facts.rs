//! Card facts: the numbers printed only on the owner's physical cards and
//! board (Nottingham's Sheriff path and commission points, King Arthur's
//! Knights' quests, Camelot Legends' skills…), which no rules text gives.
//!
//! # The shape
//!
//! Each game declares, next to its rules, the facts each kind of card
//! carries ([`Game::FACTS`](crate::Game::FACTS)): a list of [`FactKind`]s,
//! each naming a catalog kind (`commission`), the cards of that kind it
//! applies to, and its [`Field`]s in the order the owner is asked them (as
//! they stand on the physical card, but a field most cards lack last), each
//! with its type and the range the rulebook allows (the source of each
//! range is a comment beside it). What the rules make certain without the
//! owner comes filled in on the form ([`Game::facts_given`](crate::Game::facts_given)).
//!
//! The owner's answers are a [`FactBook`]: card id → field → value. The
//! table keeps it in the journal's database (and a deck file beside it), and
//! hands it to the engines through [`Ctx::facts`](crate::Ctx): a game copies
//! the facts it will use into its setup event, and a fact first needed
//! during the game enters it by an event of the game's own (its
//! [`Game::learn_command`](crate::Game::learn_command)), so that a replay
//! never changes when a fact is corrected later.
//!
//! An engine that meets a card whose facts it needs and does not have
//! refuses with [`CommonError::FactsNeeded`](crate::CommonError): the table
//! asks for them (a form on screen, an output of the headless driver) and
//! goes on once they are given.
//!
//! Every value entered is checked by [`check`]: a value out of range is
//! refused with the range, in the players' words ([`FactError`]).
//!
//! # Ids and words
//!
//! A field's name is the message `facts.<game>.<kind>.<key>`; a choice's
//! option is the message [`option_msg`] of its [`FieldKind::Choice`].

use crate::catalog::Catalog;
use crate::{GameKind, Lang, Msg, Said};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use tavola_words::msg;

/// One card's facts: field → value (a whole number, a list of them, a
/// choice's code, a text or a yes/no).
pub type CardFacts = Map<String, Value>;

/// The type of a field and what the rules allow in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldKind {
    /// A whole number from `min` to `max`.
    Int {
        /// The least allowed.
        min: i64,
        /// The most allowed.
        max: i64,
    },
    /// A list of whole numbers, each from `min` to `max`, with `min_len` to
    /// `max_len` items (a track's spaces).
    Ints {
        /// The least value allowed.
        min: i64,
        /// The most value allowed.
        max: i64,
        /// The fewest items.
        min_len: usize,
        /// The most items.
        max_len: usize,
    },
    /// One of a fixed list of codes (an item, a virtue, a skill).
    Choice {
        /// The codes allowed.
        options: &'static [&'static str],
        /// The messages naming them: `<words>.<option>`, dashes as
        /// underscores ([`option_msg`]).
        words: &'static str,
    },
    /// A short text the owner gives (a name), at most `max_chars`.
    Text {
        /// The most characters.
        max_chars: usize,
    },
    /// Yes or no.
    Flag,
}

/// One field of a kind of card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    /// Its key in a [`CardFacts`] (`alone`).
    pub key: &'static str,
    /// Its type and range.
    pub kind: FieldKind,
    /// A field a card may lack (a character without a second skill).
    pub optional: bool,
}

impl Field {
    /// A required field.
    pub const fn new(key: &'static str, kind: FieldKind) -> Field {
        Field { key, kind, optional: false }
    }

    /// A field a card may lack.
    pub const fn optional(key: &'static str, kind: FieldKind) -> Field {
        Field { key, kind, optional: true }
    }
}

/// When a game cannot go on without a kind's facts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// Before the game starts (the Sheriff's path: no turn can be played
    /// without it). A game with them missing refuses to start and lists
    /// them.
    AtSetup,
    /// When the card first matters (laid on the reader, scored): asked then.
    WhenMet,
}

/// A rule across a card's fields: `Err` with its own words when broken.
pub type Rule = fn(&CardFacts) -> Result<(), Msg>;

/// The facts one kind of card carries, as a game declares them.
#[derive(Debug, Clone, Copy)]
pub struct FactKind {
    /// The catalog kind (`commission`): the id's middle part.
    pub kind: &'static str,
    /// Which cards of the kind carry these facts, by id (`None`: all).
    pub cards: Option<fn(&str) -> bool>,
    /// The fields, in the order they are asked: as they stand on the
    /// physical card, a field most cards lack last.
    pub fields: &'static [Field],
    /// A rule across the fields (the single pawn's side is worth more),
    /// checked after each field's range; the message says what is wrong.
    pub rule: Option<Rule>,
    /// When the game needs them.
    pub need: Need,
}

impl FactKind {
    /// True when `card` (an id of this game) carries these facts.
    pub fn covers(&self, card: &str) -> bool {
        let kind = card.split('/').nth(1).unwrap_or_default();
        kind == self.kind && self.cards.is_none_or(|f| f(card))
    }

    /// A field by key.
    pub fn field(&self, key: &str) -> Option<&Field> {
        self.fields.iter().find(|f| f.key == key)
    }
}

/// Every fact the owner gave: card id → its facts. Serialized as a JSON
/// object of objects, in card order.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct FactBook {
    cards: BTreeMap<String, CardFacts>,
}

/// The empty book, for contexts that know no facts.
pub static NO_FACTS: FactBook = FactBook { cards: BTreeMap::new() };

impl FactBook {
    /// An empty book.
    pub fn new() -> Self {
        FactBook::default()
    }

    /// A card's facts, if given.
    pub fn get(&self, card: &str) -> Option<&CardFacts> {
        self.cards.get(card)
    }

    /// A whole-number fact.
    pub fn int(&self, card: &str, key: &str) -> Option<i64> {
        self.get(card)?.get(key)?.as_i64()
    }

    /// A text or choice fact.
    pub fn text(&self, card: &str, key: &str) -> Option<&str> {
        self.get(card)?.get(key)?.as_str()
    }

    /// A yes/no fact.
    pub fn flag(&self, card: &str, key: &str) -> Option<bool> {
        self.get(card)?.get(key)?.as_bool()
    }

    /// A list of whole numbers.
    pub fn ints(&self, card: &str, key: &str) -> Option<Vec<i64>> {
        self.get(card)?.get(key)?.as_array()?.iter().map(Value::as_i64).collect()
    }

    /// Sets a card's facts (replacing what it had).
    pub fn set(&mut self, card: impl Into<String>, facts: CardFacts) {
        self.cards.insert(card.into(), facts);
    }

    /// Forgets a card's facts; true if it had some.
    pub fn remove(&mut self, card: &str) -> bool {
        self.cards.remove(card).is_some()
    }

    /// Every card with its facts, in id order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &CardFacts)> {
        self.cards.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// The cards of one game.
    pub fn of_game(&self, game: GameKind) -> FactBook {
        self.only(|card| GameKind::of_card(card) == Some(game))
    }

    /// The cards `keep` says yes to.
    pub fn only(&self, keep: impl Fn(&str) -> bool) -> FactBook {
        let cards = self.cards.iter().filter(|(k, _)| keep(k)).map(|(k, v)| (k.clone(), v.clone())).collect();
        FactBook { cards }
    }

    /// How many cards have facts.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// True when no card has facts.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// `other`'s cards added, replacing the same cards' facts here.
    pub fn merge(&mut self, other: &FactBook) {
        self.cards.extend(other.cards.iter().map(|(k, v)| (k.clone(), v.clone())));
    }
}

impl FromIterator<(String, CardFacts)> for FactBook {
    fn from_iter<I: IntoIterator<Item = (String, CardFacts)>>(iter: I) -> Self {
        FactBook { cards: iter.into_iter().collect() }
    }
}

/// What is wrong with facts given for a card. Said in the players' words,
/// naming the card, the field and the range.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FactError {
    /// No card of the catalog has this id.
    UnknownCard {
        /// The id given.
        card: String,
    },
    /// The card carries no facts Tavola asks for.
    NoFacts {
        /// The card.
        card: String,
    },
    /// A field the card's kind does not have.
    UnknownField {
        /// The card.
        card: String,
        /// The key given.
        field: String,
    },
    /// A required field left out.
    Missing {
        /// The card.
        card: String,
        /// The field.
        field: String,
    },
    /// A number outside the rulebook's range.
    OutOfRange {
        /// The card.
        card: String,
        /// The field.
        field: String,
        /// The value given.
        value: i64,
        /// The least allowed.
        min: i64,
        /// The most allowed.
        max: i64,
    },
    /// A list with too few or too many items.
    Length {
        /// The card.
        card: String,
        /// The field.
        field: String,
        /// Items given.
        len: usize,
        /// The fewest.
        min: usize,
        /// The most.
        max: usize,
    },
    /// A choice not among the options.
    NotAnOption {
        /// The card.
        card: String,
        /// The field.
        field: String,
        /// What was given.
        value: String,
    },
    /// A text longer than allowed.
    TooLong {
        /// The card.
        card: String,
        /// The field.
        field: String,
        /// The most characters.
        max: usize,
    },
    /// A value of the wrong type (a text where a number goes).
    WrongType {
        /// The card.
        card: String,
        /// The field.
        field: String,
    },
    /// A rule across the fields is broken.
    Rule {
        /// The card.
        card: String,
        /// What is wrong, as a message id (the rule's own words).
        #[serde(skip)]
        why: Option<Msg>,
    },
}

impl FactError {
    /// A stable code (`out_of_range`): its serde tag.
    pub fn code(&self) -> String {
        serde_json::to_value(self).ok().and_then(|v| v["kind"].as_str().map(str::to_string)).unwrap_or_default()
    }

    /// The card the error is about.
    pub fn card(&self) -> &str {
        use FactError::*;
        match self {
            UnknownCard { card }
            | NoFacts { card }
            | UnknownField { card, .. }
            | Missing { card, .. }
            | OutOfRange { card, .. }
            | Length { card, .. }
            | NotAnOption { card, .. }
            | TooLong { card, .. }
            | WrongType { card, .. }
            | Rule { card, .. } => card,
        }
    }

    /// The field the error is about, if one.
    pub fn field(&self) -> Option<&str> {
        use FactError::*;
        match self {
            UnknownField { field, .. }
            | Missing { field, .. }
            | OutOfRange { field, .. }
            | Length { field, .. }
            | NotAnOption { field, .. }
            | TooLong { field, .. }
            | WrongType { field, .. } => Some(field),
            UnknownCard { .. } | NoFacts { .. } | Rule { .. } => None,
        }
    }
}

/// The message naming a card (its catalog name; copies share theirs).
pub fn card_msg(card: &str) -> Msg {
    match Catalog::builtin().get(card) {
        Some(c) => Msg::new(crate::catalog::message_id(&c.base)),
        // A card no catalog knows is said by its id as given, never by a
        // message key made from it.
        None => tavola_words::msg!("card.as_given", card = crate::catalog::as_given(card)),
    }
}

/// The message naming a choice's option: `<words>.<option>`, dashes as
/// underscores (`card.nottingham.item.copper_coin`).
pub fn option_msg(words: &str, option: &str) -> Msg {
    Msg::new(format!("{words}.{}", option.replace('-', "_")))
}

/// The message naming a field of a card (`facts.<game>.<kind>.<key>`).
pub fn field_msg(card: &str, field: &str) -> Msg {
    let mut parts = card.split('/');
    let game = parts.next().unwrap_or_default();
    let kind = parts.next().unwrap_or_default();
    Msg::new(format!("facts.{game}.{kind}.{field}"))
}

impl Said for FactError {
    fn msg(&self) -> Msg {
        use FactError::*;
        let name = card_msg(self.card());
        let field = |f: &str| field_msg(self.card(), f);
        match self {
            UnknownCard { card } => msg!("facts.unknown_card", card = card.as_str()),
            NoFacts { .. } => msg!("facts.no_facts", card = name),
            UnknownField { field: f, .. } => msg!("facts.unknown_field", card = name, field = f.as_str()),
            Missing { field: f, .. } => msg!("facts.missing", card = name, field = field(f)),
            OutOfRange { field: f, value, min, max, .. } => {
                msg!("facts.out_of_range", card = name, field = field(f), value = *value, min = *min, max = *max)
            }
            Length { field: f, len, min, max, .. } => {
                msg!("facts.length", card = name, field = field(f), count = *len, min = *min, max = *max)
            }
            NotAnOption { field: f, value, .. } => {
                msg!("facts.not_an_option", card = name, field = field(f), value = value.as_str())
            }
            TooLong { field: f, max, .. } => msg!("facts.too_long", card = name, field = field(f), max = *max),
            WrongType { field: f, .. } => msg!("facts.wrong_type", card = name, field = field(f)),
            Rule { why, .. } => match why {
                Some(why) => msg!("facts.rule", card = name, why = why.clone()),
                None => msg!("facts.rule.unsaid", card = name),
            },
        }
    }

    fn text(&self, lang: Lang) -> String {
        lang.text(&self.msg())
    }
}

/// The kind of facts `card` carries in `kinds` (a game's [`Game::FACTS`](crate::Game::FACTS)).
pub fn kind_of<'k>(kinds: &'k [FactKind], card: &str) -> Option<&'k FactKind> {
    kinds.iter().find(|k| k.covers(card))
}

/// Checks `facts` for `card` against its game's declared `kinds` and the
/// catalog: every field present (but optional ones), of its type, within
/// its range, no field the kind lacks, then the kind's rule. Returns the
/// facts as they will be stored.
pub fn check(kinds: &[FactKind], cards: &Catalog, card: &str, facts: &CardFacts) -> Result<CardFacts, FactError> {
    let e_card = || card.to_string();
    if cards.get(card).is_none() {
        return Err(FactError::UnknownCard { card: e_card() });
    }
    let kind = kind_of(kinds, card).ok_or_else(|| FactError::NoFacts { card: e_card() })?;
    if let Some(key) = facts.keys().find(|k| kind.field(k).is_none()) {
        return Err(FactError::UnknownField { card: e_card(), field: key.clone() });
    }
    let mut out = CardFacts::new();
    for f in kind.fields {
        let field = || f.key.to_string();
        let Some(value) = facts.get(f.key).filter(|v| !v.is_null()) else {
            if f.optional {
                continue;
            }
            return Err(FactError::Missing { card: e_card(), field: field() });
        };
        let wrong = || FactError::WrongType { card: e_card(), field: field() };
        match f.kind {
            FieldKind::Int { min, max } => {
                let v = value.as_i64().ok_or_else(wrong)?;
                if !(min..=max).contains(&v) {
                    return Err(FactError::OutOfRange { card: e_card(), field: field(), value: v, min, max });
                }
            }
            FieldKind::Ints { min, max, min_len, max_len } => {
                let items = value.as_array().ok_or_else(wrong)?;
                if !(min_len..=max_len).contains(&items.len()) {
                    return Err(FactError::Length {
                        card: e_card(),
                        field: field(),
                        len: items.len(),
                        min: min_len,
                        max: max_len,
                    });
                }
                for item in items {
                    let v = item.as_i64().ok_or_else(wrong)?;
                    if !(min..=max).contains(&v) {
                        return Err(FactError::OutOfRange { card: e_card(), field: field(), value: v, min, max });
                    }
                }
            }
            FieldKind::Choice { options, .. } => {
                let v = value.as_str().ok_or_else(wrong)?;
                if !options.contains(&v) {
                    return Err(FactError::NotAnOption { card: e_card(), field: field(), value: v.to_string() });
                }
            }
            FieldKind::Text { max_chars } => {
                let v = value.as_str().ok_or_else(wrong)?;
                if v.trim().is_empty() {
                    return Err(FactError::Missing { card: e_card(), field: field() });
                }
                if v.chars().count() > max_chars {
                    return Err(FactError::TooLong { card: e_card(), field: field(), max: max_chars });
                }
            }
            FieldKind::Flag => {
                value.as_bool().ok_or_else(wrong)?;
            }
        }
        let stored = match (f.kind, value) {
            (FieldKind::Text { .. }, Value::String(s)) => Value::String(s.trim().to_string()),
            _ => value.clone(),
        };
        out.insert(f.key.to_string(), stored);
    }
    if let Some(rule) = kind.rule {
        rule(&out).map_err(|why| FactError::Rule { card: e_card(), why: Some(why) })?;
    }
    Ok(out)
}

/// Checks a whole book of one game's facts; the first error found.
pub fn check_book(kinds: &[FactKind], cards: &Catalog, book: &FactBook) -> Result<FactBook, FactError> {
    book.iter().map(|(card, facts)| Ok((card.to_string(), check(kinds, cards, card, facts)?))).collect()
}

/// The cards of `game` that carry facts, in catalog order, with their kind.
pub fn cards_with_facts<'c>(
    kinds: &'c [FactKind],
    cards: &'c Catalog,
    game: GameKind,
) -> impl Iterator<Item = (&'c crate::catalog::Card, &'c FactKind)> + 'c {
    cards.by_game(game).iter().filter_map(move |c| kind_of(kinds, &c.id).map(|k| (c, k)))
}

/// The cards of `game` whose facts `book` still lacks.
pub fn missing<'c>(
    kinds: &'c [FactKind],
    cards: &'c Catalog,
    game: GameKind,
    book: &'c FactBook,
) -> impl Iterator<Item = &'c crate::catalog::Card> + 'c {
    cards_with_facts(kinds, cards, game).filter(move |(c, _)| book.get(&c.id).is_none()).map(|(c, _)| c)
}

/// The facts `book` lacks among those `game` cannot start without.
pub fn missing_at_setup(kinds: &[FactKind], cards: &Catalog, game: GameKind, book: &FactBook) -> Vec<String> {
    cards_with_facts(kinds, cards, game)
        .filter(|(c, k)| k.need == Need::AtSetup && book.get(&c.id).is_none())
        .map(|(c, _)| c.id.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn facts(v: Value) -> CardFacts {
        v.as_object().cloned().unwrap_or_default()
    }

    // Test values only: no real card's numbers.
    const KINDS: &[FactKind] = &[FactKind {
        kind: "commission",
        cards: Some(|c| c.ends_with("-first")),
        fields: &[
            Field::new("alone", FieldKind::Int { min: 10, max: 30 }),
            Field::new("shared", FieldKind::Int { min: 10, max: 30 }),
        ],
        rule: None,
        need: Need::WhenMet,
    }];

    #[test]
    fn a_value_out_of_range_is_refused_with_the_range() {
        let cards = Catalog::builtin();
        let card = "nottingham/commission/five-alike-first";
        let err = check(KINDS, cards, card, &facts(json!({"alone": 31, "shared": 12}))).unwrap_err();
        assert_eq!(
            err,
            FactError::OutOfRange { card: card.into(), field: "alone".into(), value: 31, min: 10, max: 30 }
        );
        let en = err.text(Lang::En);
        assert!(en.contains("10") && en.contains("30") && en.contains("31"), "{en}");
        let it = err.text(Lang::It);
        assert_ne!(en, it);
        assert!(it.contains("10") && it.contains("30"), "{it}");
        assert!(check(KINDS, cards, card, &facts(json!({"alone": 30, "shared": 10}))).is_ok());
        assert!(check(KINDS, cards, card, &facts(json!({"alone": 9, "shared": 10}))).is_err());
    }

    #[test]
    fn missing_unknown_and_mistyped_fields_are_refused() {
        let cards = Catalog::builtin();
        let card = "nottingham/commission/five-alike-first";
        let e = check(KINDS, cards, card, &facts(json!({"alone": 20}))).unwrap_err();
        assert_eq!(e.field(), Some("shared"));
        assert!(matches!(e, FactError::Missing { .. }));
        let e = check(KINDS, cards, card, &facts(json!({"alone": 20, "shared": 11, "colour": 3}))).unwrap_err();
        assert!(matches!(e, FactError::UnknownField { .. }));
        let e = check(KINDS, cards, card, &facts(json!({"alone": "twenty", "shared": 11}))).unwrap_err();
        assert!(matches!(e, FactError::WrongType { .. }));
        let e = check(KINDS, cards, "nottingham/commission/five-alike-second", &facts(json!({}))).unwrap_err();
        assert!(matches!(e, FactError::NoFacts { .. }));
        let e = check(KINDS, cards, "nottingham/nothing/here", &facts(json!({}))).unwrap_err();
        assert!(matches!(e, FactError::UnknownCard { .. }));
    }

    #[test]
    fn the_book_lists_what_is_missing() {
        let cards = Catalog::builtin();
        let mut book = FactBook::new();
        assert_eq!(missing(KINDS, cards, GameKind::Nottingham, &book).count(), 4);
        book.set("nottingham/commission/five-alike-first", facts(json!({"alone": 20, "shared": 11})));
        assert_eq!(missing(KINDS, cards, GameKind::Nottingham, &book).count(), 3);
        assert_eq!(book.int("nottingham/commission/five-alike-first", "shared"), Some(11));
        assert_eq!(book.of_game(GameKind::Avalon).len(), 0);
    }

    /// A value for each field at one end of its range (`high`), the
    /// first option, a short text.
    fn at_ends(kind: &FactKind, high: impl Fn(usize) -> bool, optional: bool) -> CardFacts {
        let mut f = CardFacts::new();
        for (i, field) in kind.fields.iter().enumerate() {
            if field.optional && !optional {
                continue;
            }
            let v = match field.kind {
                FieldKind::Int { min, max } => json!(if high(i) { max } else { min }),
                FieldKind::Ints { min, max, min_len, .. } => json!(vec![if high(i) { max } else { min }; min_len]),
                FieldKind::Choice { options, .. } => json!(options[if high(i) { options.len() - 1 } else { 0 }]),
                FieldKind::Text { .. } => json!("Test"),
                FieldKind::Flag => json!(high(i)),
            };
            f.insert(field.key.to_string(), v);
        }
        f
    }

    #[test]
    fn every_declared_field_refuses_values_out_of_its_range_and_takes_its_ends() {
        let cards = Catalog::builtin();
        let mut checked = 0;
        for game in GameKind::ALL {
            let kinds = game.fact_kinds();
            for kind in kinds {
                let Some((card, _)) = cards_with_facts(kinds, cards, game).find(|(_, k)| std::ptr::eq(*k, kind)) else {
                    panic!("{}: no card of kind {} in the catalog", game.id(), kind.kind)
                };
                let card = card.id.as_str();
                // A value at each end that the kind's rule accepts too.
                let base = [false, true]
                    .into_iter()
                    .flat_map(|opt| {
                        [
                            at_ends(kind, |_| false, opt),
                            at_ends(kind, |_| true, opt),
                            at_ends(kind, |i| i == 0, opt),
                            // Ends taken in turn: two choices of one list
                            // that must differ (a second skill) do.
                            at_ends(kind, |i| i % 2 == 0, opt),
                        ]
                    })
                    .find(|f| check(kinds, cards, card, f).is_ok())
                    .unwrap_or_else(|| panic!("{card}: no set of values at the ends of the ranges is accepted"));
                for field in kind.fields {
                    let with = |v: Value| {
                        let mut f = base.clone();
                        f.insert(field.key.to_string(), v);
                        check(kinds, cards, card, &f)
                    };
                    let key = field.key.to_string();
                    match field.kind {
                        FieldKind::Int { min, max } => {
                            for v in [min - 1, max + 1] {
                                let e = with(json!(v)).unwrap_err();
                                assert_eq!(
                                    e,
                                    FactError::OutOfRange { card: card.into(), field: key.clone(), value: v, min, max }
                                );
                                let said = e.text(Lang::It);
                                assert!(said.contains(&min.to_string()) && said.contains(&max.to_string()), "{said}");
                            }
                        }
                        FieldKind::Ints { min, max, min_len, max_len } => {
                            let e = with(json!(vec![max + 1; min_len])).unwrap_err();
                            assert!(matches!(e, FactError::OutOfRange { value, .. } if value == max + 1), "{e:?}");
                            let e = with(json!(vec![min - 1; min_len])).unwrap_err();
                            assert!(matches!(e, FactError::OutOfRange { value, .. } if value == min - 1), "{e:?}");
                            let e = with(json!(vec![min; max_len + 1])).unwrap_err();
                            assert!(matches!(e, FactError::Length { .. }), "{e:?}");
                        }
                        FieldKind::Choice { .. } => {
                            let e = with(json!("no-such-thing")).unwrap_err();
                            assert!(matches!(e, FactError::NotAnOption { .. }), "{e:?}");
                        }
                        FieldKind::Text { max_chars } => {
                            let e = with(json!("x".repeat(max_chars + 1))).unwrap_err();
                            assert!(matches!(e, FactError::TooLong { .. }), "{e:?}");
                        }
                        FieldKind::Flag => {
                            let e = with(json!(3)).unwrap_err();
                            assert!(matches!(e, FactError::WrongType { .. }), "{e:?}");
                        }
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked >= 5, "every playable game's declared fields are checked ({checked})");
    }

    #[test]
    fn every_declared_field_and_option_has_its_words_in_every_language() {
        let cards = Catalog::builtin();
        for game in GameKind::ALL {
            for (card, kind) in cards_with_facts(game.fact_kinds(), cards, game) {
                for field in kind.fields {
                    let mut ids = vec![field_msg(&card.id, field.key).id];
                    if let FieldKind::Choice { options, words } = field.kind {
                        ids.extend(options.iter().map(|o| option_msg(words, o).id));
                    }
                    for id in ids {
                        for lang in Lang::ALL {
                            assert!(lang.catalog().get(&id).is_some(), "{id} missing in {lang:?}");
                        }
                    }
                }
            }
        }
    }
}
