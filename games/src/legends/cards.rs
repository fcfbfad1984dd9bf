//! The things on Camelot Legends' cards: the six skills, the three main
//! locations, the players' colours, and the facts printed only on the
//! owner's cards (each character's skills, alliance, gender and level; each
//! event's type, location, requirement and victory points; the special
//! cards' points), declared in [`FACTS`].

use crate::facts::{CardFacts, FactKind, Field, FieldKind, Need};
use crate::{Catalog, FactBook};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::BTreeMap;
use std::ops::RangeInclusive;
use tavola_words::{msg, Msg, Said};

/// A skill's value on a character card ("Uno sguardo al gioco": "da un
/// minimo di -1 ad un massimo di 6"; the table under "Valori delle
/// caratteristiche" runs from -1 to 6).
pub const SKILL_VALUES: RangeInclusive<i64> = -1..=6;
/// A location event's requirement per skill ("Uno sguardo al gioco":
/// "da un minimo di 6 ad un massimo di 18").
pub const REQUIREMENT: RangeInclusive<i64> = 6..=18;
/// An event's victory points ("Uno sguardo al gioco": "da un minimo di 1
/// ad un massimo di 6"). The text gives no range for the special cards'
/// points: the same range is taken for them.
pub const VICTORY_POINTS: RangeInclusive<i64> = 1..=6;

/// The six skills, in the order the rules list them ("Uno sguardo al
/// gioco": combattimento, diplomazia, avventura, astuzia, cavalleria,
/// forza di volontà).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Skill {
    /// Combat.
    Combat,
    /// Diplomacy.
    Diplomacy,
    /// Adventure.
    Adventure,
    /// Cunning.
    Cunning,
    /// Chivalry.
    Chivalry,
    /// Psyche (willpower).
    Psyche,
}

impl Skill {
    /// Every skill, in the rules' order.
    pub const ALL: [Skill; 6] =
        [Skill::Combat, Skill::Diplomacy, Skill::Adventure, Skill::Cunning, Skill::Chivalry, Skill::Psyche];

    /// The code used in facts (`combat`).
    pub fn code(self) -> &'static str {
        SKILL_CODES[self as usize]
    }

    /// The skill a code names.
    pub fn of_code(code: &str) -> Option<Skill> {
        Skill::ALL.into_iter().find(|s| s.code() == code)
    }
}

/// The skills' codes, in the rules' order.
pub const SKILL_CODES: &[&str] = &["combat", "diplomacy", "adventure", "cunning", "chivalry", "psyche"];

impl Said for Skill {
    /// The skill's name (`legends.skill.combat`).
    fn msg(&self) -> Msg {
        match self {
            Skill::Combat => msg!("legends.skill.combat"),
            Skill::Diplomacy => msg!("legends.skill.diplomacy"),
            Skill::Adventure => msg!("legends.skill.adventure"),
            Skill::Cunning => msg!("legends.skill.cunning"),
            Skill::Chivalry => msg!("legends.skill.chivalry"),
            Skill::Psyche => msg!("legends.skill.psyche"),
        }
    }
}

/// The three main locations ("Le Tessere Locazione": Camelot, la
/// Cornovaglia, la Foresta del Pericolo).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Location {
    /// Camelot.
    Camelot,
    /// Cornwall.
    Cornwall,
    /// The Perilous Forest.
    PerilousForest,
    /// The final event, once drawn: a special location ("Fine del gioco e
    /// vittoria nel gioco normale": "trattata come una locazione
    /// speciale").
    Final,
    /// The Isle of Avalon, an advanced event that opens a special location
    /// where a knight and a lady go together, once a game, and stay.
    IsleOfAvalon,
    /// The Castle of Maidens, an advanced event that opens a special
    /// location holding the ladies taken prisoner until a company frees
    /// them.
    CastleOfMaidens,
}

/// The locations' codes (the tiles' slugs in the catalog).
pub const LOCATION_CODES: &[&str] = &["camelot", "cornwall", "perilous-forest"];

impl Location {
    /// The three main locations, Camelot first.
    pub const ALL: [Location; 3] = [Location::Camelot, Location::Cornwall, Location::PerilousForest];

    /// The main three, the final event's place and the special locations
    /// the advanced cards open ("Locazioni Speciali").
    pub const EVERY: [Location; 6] = [
        Location::Camelot,
        Location::Cornwall,
        Location::PerilousForest,
        Location::Final,
        Location::IsleOfAvalon,
        Location::CastleOfMaidens,
    ];

    /// The tile's slug (`perilous-forest`; `final` for the final event; the
    /// opening card's slug for a special location).
    pub fn code(self) -> &'static str {
        match self {
            Location::Final => "final",
            Location::IsleOfAvalon => "isle-of-avalon",
            Location::CastleOfMaidens => "castle-of-maidens",
            main => LOCATION_CODES[main as usize],
        }
    }

    /// One of the three tiles ("Locazioni Principali").
    pub fn is_main(self) -> bool {
        matches!(self, Location::Camelot | Location::Cornwall | Location::PerilousForest)
    }

    /// The advanced event card that opens this special location.
    pub fn site_card(self) -> Option<&'static str> {
        match self {
            Location::IsleOfAvalon => Some(super::sites::ISLE),
            Location::CastleOfMaidens => Some(super::sites::CASTLE),
            _ => None,
        }
    }

    /// The location a code names.
    pub fn of_code(code: &str) -> Option<Location> {
        Location::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The tile's card id (`legends/location/camelot`).
    pub fn card(self) -> String {
        format!("legends/location/{}", self.code())
    }
}

impl Said for Location {
    /// The tile's name, from the card catalog's words.
    fn msg(&self) -> Msg {
        match (self, self.site_card()) {
            (Location::Final, _) => msg!("legends.location.final"),
            // A special location bears its card's name.
            (_, Some(card)) => Msg::new(crate::catalog::message_id(card)),
            _ => Msg::new(crate::catalog::message_id(&self.card())),
        }
    }
}

/// Which game the table plays ("I. Gioco introduttivo", "II. Gioco normale
/// e avanzato").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// The white-icon cards only, no final event, no special cards.
    #[default]
    Introductory,
    /// White and blue cards, a final event under the deck, the special
    /// cards beside the board.
    Normal,
    /// The normal game with the red cards added.
    Advanced,
}

impl Mode {
    /// The three.
    pub const ALL: [Mode; 3] = [Mode::Introductory, Mode::Normal, Mode::Advanced];

    /// The full rules' game (normal or advanced).
    pub fn full(self) -> bool {
        self != Mode::Introductory
    }

    /// Whether a card of `level` belongs to this game: white alone for the
    /// introductory game, white and blue for the normal, every card for
    /// the advanced.
    pub fn takes(self, level: &str) -> bool {
        match self {
            Mode::Introductory => level == INTRODUCTORY,
            Mode::Normal => level == INTRODUCTORY || level == "normal",
            Mode::Advanced => true,
        }
    }
}

impl Said for Mode {
    /// The game's name (`legends.mode.normal`).
    fn msg(&self) -> Msg {
        match self {
            Mode::Introductory => msg!("legends.mode.introductory"),
            Mode::Normal => msg!("legends.mode.normal"),
            Mode::Advanced => msg!("legends.mode.advanced"),
        }
    }
}

/// The three special cards ("Carte Speciali": High King, Excalibur, Love
/// Potion), held under a character.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Special {
    /// A third action while its holder is at Camelot.
    HighKing,
    /// +2 Combat, and no opposing character's ability touches its holder.
    Excalibur,
    /// Its holder and a chosen companion move together as one.
    LovePotion,
}

impl Special {
    /// The three.
    pub const ALL: [Special; 3] = [Special::HighKing, Special::Excalibur, Special::LovePotion];

    /// The card's slug (`high-king`).
    pub fn code(self) -> &'static str {
        match self {
            Special::HighKing => "high-king",
            Special::Excalibur => "excalibur",
            Special::LovePotion => "love-potion",
        }
    }

    /// The special a slug names.
    pub fn of_code(code: &str) -> Option<Special> {
        Special::ALL.into_iter().find(|s| s.code() == code)
    }

    /// The card's id (`legends/special/high-king`).
    pub fn card(self) -> String {
        format!("legends/special/{}", self.code())
    }
}

impl Said for Special {
    /// The card's name, from the card catalog's words.
    fn msg(&self) -> Msg {
        Msg::new(crate::catalog::message_id(&self.card()))
    }
}

/// Event cards in the normal and advanced games' deck, by players, over
/// the final event (the table under "Preparazione del gioco normale e
/// avanzato": 2 → 17, 3 → 20, 4 → 23).
pub fn full_deck(players: usize) -> u8 {
    match players {
        0..=2 => 17,
        3 => 20,
        _ => 23,
    }
}

/// A player's colour: the sides of the location tiles ("Preparazione del
/// gioco introduttivo": blu, rosso, giallo o verde).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    /// Blue.
    Blue,
    /// Red.
    Red,
    /// Yellow.
    Yellow,
    /// Green.
    Green,
}

impl Colour {
    /// The four sides.
    pub const ALL: [Colour; 4] = [Colour::Blue, Colour::Red, Colour::Yellow, Colour::Green];
}

impl Said for Colour {
    /// The colour's name (`legends.colour.blue`).
    fn msg(&self) -> Msg {
        match self {
            Colour::Blue => msg!("legends.colour.blue"),
            Colour::Red => msg!("legends.colour.red"),
            Colour::Yellow => msg!("legends.colour.yellow"),
            Colour::Green => msg!("legends.colour.green"),
        }
    }
}

/// Gender ("Personaggio femminile", "Personaggio maschio" in the cards'
/// texts).
pub const GENDERS: &[&str] = &["male", "female"];

/// The game level icon ("Preparazione del gioco introduttivo": "Bianco =
/// gioco introduttivo, Blu = gioco normale, Rosso = gioco avanzato").
pub const LEVELS: &[&str] = &["introductory", "normal", "advanced"];

/// The level of the introductory game's cards (the white icon).
pub const INTRODUCTORY: &str = "introductory";

/// A character's alliance: `none` for a character without a shield (not a
/// knight), `grey` for a knight with the grey shield of no alliance
/// ("Alleanza"), the alliances the cards' texts name (Cornish, De Gales,
/// De Ganis, Orkney, Steward), or `other` for an emblem the text does not
/// name.
pub const ALLIANCES: &[&str] = &["none", "grey", "cornish", "de-gales", "de-ganis", "orkney", "steward", "other"];

/// An event's type ("Le Carte Evento": location, heraldic, bidding and
/// special events; the final events are cards of their own).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventType {
    /// Placed on its location's tile, completed by a company there.
    Location,
    /// Laid beside the board, replacing the previous one.
    Heraldic,
    /// Players bid characters on it.
    Bidding,
    /// Resolved as drawn, then discarded.
    Special,
}

/// The event types' codes.
pub const EVENT_TYPES: &[&str] = &["location", "heraldic", "bidding", "special"];

impl EventType {
    /// Every type.
    pub const ALL: [EventType; 4] = [EventType::Location, EventType::Heraldic, EventType::Bidding, EventType::Special];

    /// The type a code names.
    pub fn of_code(code: &str) -> Option<EventType> {
        EventType::ALL.into_iter().find(|t| EVENT_TYPES[*t as usize] == code)
    }

    /// Its code.
    pub fn code(self) -> &'static str {
        EVENT_TYPES[self as usize]
    }
}

impl Said for EventType {
    /// The type's name (`legends.event_type.location`).
    fn msg(&self) -> Msg {
        match self {
            EventType::Location => msg!("legends.event_type.location"),
            EventType::Heraldic => msg!("legends.event_type.heraldic"),
            EventType::Bidding => msg!("legends.event_type.bidding"),
            EventType::Special => msg!("legends.event_type.special"),
        }
    }
}

/// The six skills as fact fields, each from -1 to 6.
const SKILL_FIELD: FieldKind = FieldKind::Int { min: *SKILL_VALUES.start(), max: *SKILL_VALUES.end() };
const REQUIREMENT_FIELD: FieldKind = FieldKind::Int { min: *REQUIREMENT.start(), max: *REQUIREMENT.end() };
const POINTS_FIELD: FieldKind = FieldKind::Int { min: *VICTORY_POINTS.start(), max: *VICTORY_POINTS.end() };
const SKILL_CHOICE: FieldKind = FieldKind::Choice { options: SKILL_CODES, words: "legends.skill" };
const LEVEL_CHOICE: FieldKind = FieldKind::Choice { options: LEVELS, words: "legends.level" };

/// The facts of Camelot Legends' cards, as the owner enters them card in
/// hand, each asked when the card first appears in a game. A kind's fields
/// come in the order they are asked: what nearly every card bears first,
/// what most cards lack last (a second emblem, a second requirement), so
/// that Save ends a card typed as far as it goes.
pub const FACTS: &[FactKind] = &[
    FactKind {
        kind: "character",
        cards: None,
        fields: &[
            Field::new("combat", SKILL_FIELD),
            Field::new("diplomacy", SKILL_FIELD),
            Field::new("adventure", SKILL_FIELD),
            Field::new("cunning", SKILL_FIELD),
            Field::new("chivalry", SKILL_FIELD),
            Field::new("psyche", SKILL_FIELD),
            Field::new("alliance", FieldKind::Choice { options: ALLIANCES, words: "legends.alliance" }),
            Field::new("gender", FieldKind::Choice { options: GENDERS, words: "legends.gender" }),
            Field::new("level", LEVEL_CHOICE),
            // "Alleanza": some knights bear two emblems; most bear one or
            // none.
            Field::optional("second_alliance", FieldKind::Choice { options: ALLIANCES, words: "legends.alliance" }),
        ],
        rule: Some(|f| {
            let first = f.get("alliance").and_then(|v| v.as_str());
            match (first, f.get("second_alliance").and_then(|v| v.as_str())) {
                (_, None) => Ok(()),
                (Some("none" | "grey"), Some(_)) | (_, Some("none" | "grey")) => {
                    Err(msg!("facts.legends.character.two_alliances"))
                }
                (Some(a), Some(b)) if a == b => Err(msg!("facts.legends.character.two_alliances")),
                _ => Ok(()),
            }
        }),
        need: Need::WhenMet,
    },
    FactKind {
        kind: "event",
        cards: Some(|c| !single_knight(c) && super::sites::opens(c).is_none()),
        fields: &[
            // A location event's type line is its place ("Le Carte
            // Evento", "Tipo di evento": "Gli Eventi di Locazione vengono
            // indicati con il nome della locazione in cui vengono
            // posizionati", a "Camelot Event"), and only a location event
            // goes to a tile ("Le Tessere Locazione"): a place typed makes
            // the event a location event, and its type is not asked.
            Field::optional("location", FieldKind::Choice { options: LOCATION_CODES, words: "card.legends.location" }),
            Field::optional("skill", SKILL_CHOICE),
            Field::optional("requirement", REQUIREMENT_FIELD),
            Field::optional("victory_points", POINTS_FIELD),
            Field::new("level", LEVEL_CHOICE),
            // The type of an event without a place: heraldic, bidding or
            // special (the rules text's where it states one).
            Field::optional("event_type", FieldKind::Choice { options: EVENT_TYPES, words: "legends.event_type" }),
            // "Requisiti": "una o più" skills; most events need one.
            Field::optional("second_skill", SKILL_CHOICE),
            Field::optional("second_requirement", REQUIREMENT_FIELD),
        ],
        rule: Some(|f| event_rule(&|k| f.get(k).cloned(), true)),
        need: Need::WhenMet,
    },
    // Sword in the Stone, the Lady of the Lake, the Irish Alliance: location
    // events whose text states the total a single knight reaches (the
    // catalog); their place and level are the card's.
    FactKind {
        kind: "event",
        cards: Some(single_knight),
        fields: &[
            Field::new("location", FieldKind::Choice { options: LOCATION_CODES, words: "card.legends.location" }),
            Field::optional("victory_points", POINTS_FIELD),
            Field::new("level", LEVEL_CHOICE),
        ],
        rule: None,
        need: Need::WhenMet,
    },
    // The Castle of Maidens: its type, place, requirement and level are its
    // text's (the catalog); its points are printed on the card. The Isle of
    // Avalon is never completed: nothing is asked for it.
    FactKind {
        kind: "event",
        cards: Some(|c| super::sites::opens(c) == Some(Location::CastleOfMaidens)),
        fields: &[Field::new("victory_points", POINTS_FIELD)],
        rule: None,
        need: Need::WhenMet,
    },
    // A final event: completed like a location event at its own place.
    FactKind {
        kind: "final",
        cards: None,
        fields: &[
            Field::new("skill", SKILL_CHOICE),
            Field::new("requirement", REQUIREMENT_FIELD),
            Field::optional("victory_points", POINTS_FIELD),
            Field::optional("second_skill", SKILL_CHOICE),
            Field::optional("second_requirement", REQUIREMENT_FIELD),
        ],
        rule: Some(|f| event_rule(&|k| f.get(k).cloned(), false)),
        need: Need::WhenMet,
    },
    FactKind {
        kind: "special",
        cards: None,
        fields: &[Field::new("victory_points", POINTS_FIELD)],
        rule: None,
        need: Need::WhenMet,
    },
];

/// The values of `card`'s facts its form shows filled in (see
/// [`crate::Game::facts_given`]), each one the rules make certain:
///
/// - a character's gender, the catalog's: its name's title (Sir, King,
///   Archbishop; Dame, Lady, Princess, Queen), or for a name without one
///   the rulebook's words about the character ("I Personaggi di Camelot"),
///   each entry's note citing them;
/// - an event's type and location where the rules text states them (the
///   catalog's, which stand over the book anyway: [`Facts::from_book`]),
///   and the requirement the rules' examples give (the Black Knight's
///   Combat 12 in "Uno sguardo al gioco", the Theft of Excalibur's Cunning
///   15 under "Requisiti": the catalog's `rules_example`);
/// - in the introductory game (`played`), the level of every character and
///   event it meets: "Preparazione del gioco introduttivo" sets the blue
///   and red cards aside, so every card in play bears the white icon (one
///   of another level is refused when laid: [`Mode::takes`]).
///
/// A value is given only for a field the card's kind asks, and only as
/// one of its options.
pub fn given(card: &str, played: Option<Mode>) -> CardFacts {
    let mut out = CardFacts::new();
    let Some(kind) = crate::facts::kind_of(FACTS, card) else { return out };
    let stated = Catalog::builtin().get(card);
    let mut give = |key: &str, value: serde_json::Value| {
        let takes = match kind.field(key).map(|f| f.kind) {
            Some(FieldKind::Choice { options, .. }) => value.as_str().is_some_and(|v| options.contains(&v)),
            Some(FieldKind::Int { min, max }) => value.as_i64().is_some_and(|v| (min..=max).contains(&v)),
            _ => false,
        };
        if takes {
            out.insert(key.to_string(), value);
        }
    };
    for key in ["gender", "event_type", "location"] {
        if let Some(v) = stated.and_then(|c| c.fact(key)) {
            give(key, v.clone());
        }
    }
    // The example names one skill and its number: the requirement as a
    // whole, never a second one.
    let example = stated.and_then(|c| c.fact("rules_example")).and_then(serde_json::Value::as_object);
    if let Some((skill, needed)) = example.filter(|e| e.len() == 1).and_then(|e| e.iter().next()) {
        if Skill::of_code(skill).is_some() {
            give("skill", json!(skill));
            give("requirement", needed.clone());
        }
    }
    if played == Some(Mode::Introductory) && (is_character(card) || is_event(card)) {
        give("level", json!(INTRODUCTORY));
    }
    out
}

/// An event a single knight completes, by its text's total (the catalog):
/// no requirement is asked for it.
pub fn single_knight(card: &str) -> bool {
    Catalog::builtin().get(card).is_some_and(|c| c.fact_flag("single_knight"))
}

/// The type an event's facts give it: the one they name, else a location
/// event where they name a place (a location event's type line is its
/// place: see [`FACTS`]); `None` when they name neither.
fn typed_event_type(get: &dyn Fn(&str) -> Option<serde_json::Value>) -> Option<EventType> {
    let code = |k: &str| get(k).and_then(|v| v.as_str().map(str::to_string));
    match code("event_type") {
        Some(t) => EventType::of_code(&t),
        None => code("location").and_then(|l| Location::of_code(&l)).map(|_| EventType::Location),
    }
}

/// The rule across an event's fields (`typed`: its kind asks the type; a
/// final event's is its own): an event without a place names its type; a
/// location event names its location and at least one requirement; a
/// requirement is a skill with its number; a second requirement names
/// another skill. A place beside another type named (a book written when
/// the type was asked first may hold one) is left to the type.
fn event_rule(get: &dyn Fn(&str) -> Option<serde_json::Value>, typed: bool) -> Result<(), Msg> {
    let has = |k: &str| get(k).is_some_and(|v| !v.is_null());
    let event_type = if typed { typed_event_type(get) } else { None };
    if typed && event_type.is_none() {
        return Err(msg!("facts.legends.event.needs_type"));
    }
    let location = event_type == Some(EventType::Location);
    if location && !has("location") {
        return Err(msg!("facts.legends.event.needs_location"));
    }
    if has("skill") != has("requirement") || has("second_skill") != has("second_requirement") {
        return Err(msg!("facts.legends.event.skill_and_number"));
    }
    if location && !has("skill") {
        return Err(msg!("facts.legends.event.needs_requirement"));
    }
    if has("second_skill") && (!has("skill") || get("skill") == get("second_skill")) {
        return Err(msg!("facts.legends.event.second_skill_other"));
    }
    Ok(())
}

/// A character's facts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CharacterFacts {
    /// The six skills, in the rules' order.
    pub skills: [i8; 6],
    /// The alliance (`none`: not a knight).
    pub alliance: String,
    /// A second alliance, for a knight with two emblems.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second_alliance: Option<String>,
    /// `male` or `female`.
    pub gender: String,
    /// `introductory`, `normal` or `advanced`.
    pub level: String,
}

impl CharacterFacts {
    /// One skill's printed value.
    pub fn skill(&self, s: Skill) -> i32 {
        i32::from(self.skills[s as usize])
    }

    /// A knight: a character with a shield ("Alleanza").
    pub fn is_knight(&self) -> bool {
        self.alliance != "none"
    }

    /// True when the knight belongs to `alliance` (the grey shield and
    /// `other` join no alliance a card names).
    pub fn in_alliance(&self, alliance: &str) -> bool {
        !matches!(alliance, "none" | "grey" | "other")
            && (self.alliance == alliance || self.second_alliance.as_deref() == Some(alliance))
    }
}

/// One requirement: a skill and the total a company needs in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Requirement {
    /// The skill.
    pub skill: Skill,
    /// The combined value needed ("maggiore o uguale").
    pub needed: u8,
}

/// An event's facts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventFacts {
    /// Its type.
    pub event_type: EventType,
    /// Where a location event is placed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<Location>,
    /// Its requirements (one or two).
    #[serde(default)]
    pub requirements: Vec<Requirement>,
    /// Its victory points (none on events that are discarded when
    /// completed).
    #[serde(default)]
    pub victory_points: u8,
    /// `introductory`, `normal` or `advanced`.
    pub level: String,
}

/// The facts in force in a game.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Facts {
    /// Characters, by card id.
    #[serde(default)]
    pub characters: BTreeMap<String, CharacterFacts>,
    /// Events, by card id.
    #[serde(default)]
    pub events: BTreeMap<String, EventFacts>,
    /// Special cards' victory points, by card id.
    #[serde(default)]
    pub specials: BTreeMap<String, u8>,
}

/// True for a character card of the game.
pub fn is_character(card: &str) -> bool {
    card.starts_with("legends/character/")
}

/// True for an event card of the game (final events are apart).
pub fn is_event(card: &str) -> bool {
    card.starts_with("legends/event/")
}

/// True for a final event card ("Final" on the back).
pub fn is_final(card: &str) -> bool {
    card.starts_with("legends/final/")
}

impl Facts {
    /// The facts a book gives for Camelot Legends' cards, with what the
    /// catalog states (the Black Knight's type and location) where the
    /// book is silent. A card whose facts do not read is left out.
    pub fn from_book(book: &FactBook, cards: &Catalog) -> Facts {
        let mut out = Facts::default();
        for (card, _) in book.iter() {
            if is_character(card) {
                if let Some(f) = character_from_book(book, card) {
                    out.characters.insert(card.to_string(), f);
                }
            } else if let Some(site) = super::sites::opens(card) {
                if let Some(p) = book.int(card, "victory_points").and_then(|n| u8::try_from(n).ok()) {
                    out.events.insert(card.to_string(), site_facts(site, p));
                }
            } else if is_event(card) {
                if let Some(f) = event_from_book(book, cards, card) {
                    out.events.insert(card.to_string(), f);
                }
            } else if is_final(card) {
                if let Some(f) = final_from_book(book, card) {
                    out.events.insert(card.to_string(), f);
                }
            } else if card.starts_with("legends/special/") {
                if let Some(p) = book.int(card, "victory_points").and_then(|n| u8::try_from(n).ok()) {
                    out.specials.insert(card.to_string(), p);
                }
            }
        }
        out
    }

    /// These facts as a book of card facts.
    pub fn to_book(&self) -> FactBook {
        let mut book = FactBook::new();
        let obj = |v: serde_json::Value| v.as_object().cloned().unwrap_or_default();
        for (card, c) in &self.characters {
            let mut f = obj(json!({ "alliance": c.alliance, "gender": c.gender, "level": c.level }));
            for s in Skill::ALL {
                f.insert(s.code().into(), json!(c.skills[s as usize]));
            }
            if let Some(a) = &c.second_alliance {
                f.insert("second_alliance".into(), json!(a));
            }
            book.set(card.clone(), f);
        }
        for (card, e) in &self.events {
            // A final event's facts are its requirements and points alone.
            // A single knight's event: its place, points and level alone.
            let lone = single_knight(card);
            // A special location's card: its points alone.
            if super::sites::opens(card).is_some() {
                if e.victory_points > 0 {
                    book.set(card.clone(), obj(json!({ "victory_points": e.victory_points })));
                }
                continue;
            }
            let mut f = if is_final(card) {
                serde_json::Map::new()
            } else if lone {
                obj(json!({ "level": e.level }))
            } else {
                obj(json!({ "event_type": e.event_type.code(), "level": e.level }))
            };
            if let Some(l) = e.location.filter(|l| l.is_main()) {
                f.insert("location".into(), json!(l.code()));
            }
            let asked = if lone { &[][..] } else { &e.requirements[..] };
            for (r, (skill, number)) in
                asked.iter().zip([("skill", "requirement"), ("second_skill", "second_requirement")])
            {
                f.insert(skill.into(), json!(r.skill.code()));
                f.insert(number.into(), json!(r.needed));
            }
            if e.victory_points > 0 {
                f.insert("victory_points".into(), json!(e.victory_points));
            }
            book.set(card.clone(), f);
        }
        for (card, p) in &self.specials {
            book.set(card.clone(), obj(json!({ "victory_points": p })));
        }
        book
    }

    /// True when nothing is known.
    pub fn is_empty(&self) -> bool {
        self.characters.is_empty() && self.events.is_empty() && self.specials.is_empty()
    }
}

/// The facts of a card opening a special location: its text's, with the
/// points printed on it.
pub fn site_facts(site: Location, victory_points: u8) -> EventFacts {
    EventFacts {
        event_type: EventType::Location,
        location: Some(site),
        requirements: Vec::new(),
        victory_points,
        level: "advanced".into(),
    }
}

fn character_from_book(book: &FactBook, card: &str) -> Option<CharacterFacts> {
    let mut skills = [0i8; 6];
    for s in Skill::ALL {
        skills[s as usize] = i8::try_from(book.int(card, s.code())?).ok()?;
    }
    Some(CharacterFacts {
        skills,
        alliance: book.text(card, "alliance")?.to_string(),
        second_alliance: book.text(card, "second_alliance").map(str::to_string),
        gender: book.text(card, "gender")?.to_string(),
        level: book.text(card, "level")?.to_string(),
    })
}

/// A final event's facts: its requirements and points, placed at the
/// final event's own location; final events come with the full game.
fn final_from_book(book: &FactBook, card: &str) -> Option<EventFacts> {
    let mut requirements = Vec::new();
    for (skill, number) in [("skill", "requirement"), ("second_skill", "second_requirement")] {
        if let (Some(s), Some(n)) = (book.text(card, skill), book.int(card, number)) {
            requirements.push(Requirement { skill: Skill::of_code(s)?, needed: u8::try_from(n).ok()? });
        }
    }
    if requirements.is_empty() {
        return None;
    }
    let victory_points = book.int(card, "victory_points").and_then(|n| u8::try_from(n).ok()).unwrap_or(0);
    Some(EventFacts {
        event_type: EventType::Location,
        location: Some(Location::Final),
        requirements,
        victory_points,
        level: "normal".into(),
    })
}

fn event_from_book(book: &FactBook, cards: &Catalog, card: &str) -> Option<EventFacts> {
    // What the rules text states (the catalog) stands over the book.
    let stated = cards.get(card);
    let text = |k: &str| stated.and_then(|c| c.fact_str(k)).or_else(|| book.text(card, k));
    // The type named, else a location event's, read from its place.
    let event_type = typed_event_type(&|k| text(k).map(serde_json::Value::from))?;
    let location = text("location").and_then(Location::of_code);
    let mut requirements = Vec::new();
    for (skill, number) in [("skill", "requirement"), ("second_skill", "second_requirement")] {
        if let (Some(s), Some(n)) = (book.text(card, skill), book.int(card, number)) {
            requirements.push(Requirement { skill: Skill::of_code(s)?, needed: u8::try_from(n).ok()? });
        }
    }
    // The book's type overruled by the catalog's may leave a location
    // event without its place or requirement: not read, asked again.
    if event_type == EventType::Location && (location.is_none() || (requirements.is_empty() && !single_knight(card))) {
        return None;
    }
    let victory_points = book.int(card, "victory_points").and_then(|n| u8::try_from(n).ok()).unwrap_or(0);
    Some(EventFacts {
        event_type,
        location,
        requirements,
        victory_points,
        level: book.text(card, "level")?.to_string(),
    })
}
