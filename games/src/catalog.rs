//! The card catalog: every tagged card and tile of the five games, with its
//! names in Italian and English and the facts known about it.
//!
//! The catalog ships as data, one JSON file per game in `games/data/catalog/`,
//! embedded in the binary. [`Catalog::builtin`] parses and checks each one
//! once, when its game's cards are first asked for.
//!
//! # Card ids
//!
//! A card id is `<game>/<kind>/<slug>`: the game's prefix
//! ([`GameKind::card_prefix`]), the kind of card (`role`, `white`, `event`…)
//! and a slug of lowercase letters, digits and dashes. Physical duplicates get
//! one id each, numbered from 1: the data file writes the card once with
//! `"copies": N` and the catalog holds `<id>-1` … `<id>-N`
//! (`avalon/role/servant-1` … `servant-5`). Each id fits on a tag
//! ([`CardId::MAX_LEN`] characters).
//!
//! # The data files
//!
//! ```json
//! { "game": "soc", "about": "…", "cards": [
//!   { "id": "soc/black/black-knight-5", "kind": "black", "copies": 2,
//!     "facts": { "value": 5 }, "count_note": "…", "note": "…", "uncertain": false } ] }
//! ```
//!
//! `facts` holds what the rules texts and `GAMES.md` say about a card (values,
//! sides, quests). `uncertain` marks a card whose contents or count are not
//! known for sure; the notes say what is missing. Numbers nobody could confirm
//! (Camelot Legends' skills, Nottingham's commission values…) are not in the
//! catalog: the owner enters them, and they are stored in the journal's
//! database.
//!
//! # Names
//!
//! A card's name and what it does are words like any other: they are in
//! the message catalogs (`words/lang/<lang>/LC_MESSAGES/tavola.po`), as
//! `card.<game>.<kind>.<slug>` and `….summary` ([`message_id`]). The tests
//! fail on a card without its name in every language (names are looked up
//! in the compiled catalogs: nothing is parsed for them).

use crate::{GameKind, Lang, Msg};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The built-in data files, one per playable game, in [`GameKind::ALL`]
/// order: the registry's list ([`crate::registry::CATALOG_SOURCES`]).
pub use crate::registry::CATALOG_SOURCES as BUILTIN_SOURCES;

/// Most copies one entry of a data file may stand for.
pub const MAX_COPIES: u16 = 99;

/// One physical card (or tile, token, pawn) that can carry a tag.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Card {
    /// The id written on its tag (`soc/black/black-knight-5-1`).
    pub id: String,
    /// The game it belongs to.
    pub game: GameKind,
    /// The kind of card: the id's middle part (`black`).
    pub kind: String,
    /// The id without the copy number (`soc/black/black-knight-5`); the id
    /// itself for a card without copies.
    pub base: String,
    /// Which copy this is (1-based), for cards that come in several copies.
    pub copy: Option<u16>,
    /// How many copies of this card the box holds (1 for a single card).
    pub copies: u16,
    /// Known facts: printed values, sides, quests, limits.
    pub facts: Map<String, Value>,
    /// A remark on how many of these cards there are.
    pub count_note: Option<String>,
    /// Any other remark (what is missing, where a fact comes from).
    pub note: Option<String>,
    /// True when the card's contents or count are not known for sure.
    pub uncertain: bool,
}

impl Card {
    /// The message naming the card: `card.<game>.<kind>.<slug>` of its
    /// data file's entry (copies share their name), in the message
    /// catalogs with every other word Tavola says.
    pub fn name_msg(&self) -> Msg {
        Msg::new(message_id(&self.base))
    }

    /// The name in `lang`.
    pub fn name(&self, lang: Lang) -> String {
        lang.text(&self.name_msg())
    }

    /// The message saying what the card does (`….summary`), if the
    /// catalogs have one.
    pub fn summary_msg(&self) -> Option<Msg> {
        let id = format!("{}.summary", message_id(&self.base));
        Lang::En.translation(&id, None).is_some().then(|| Msg::new(id))
    }

    /// What the card does, in `lang`, if the catalogs say.
    pub fn summary(&self, lang: Lang) -> Option<String> {
        self.summary_msg().map(|m| lang.text(&m))
    }

    /// The id's last part (`black-knight-5-1`).
    pub fn slug(&self) -> &str {
        self.id.rsplit('/').next().unwrap_or_default()
    }

    /// A fact, as stored.
    pub fn fact(&self, key: &str) -> Option<&Value> {
        self.facts.get(key)
    }

    /// A whole-number fact (`value`, `lancelot`, `dragon`…).
    pub fn fact_int(&self, key: &str) -> Option<i64> {
        self.fact(key)?.as_i64()
    }

    /// A text fact (`side`, `quest`…).
    pub fn fact_str(&self, key: &str) -> Option<&str> {
        self.fact(key)?.as_str()
    }

    /// A yes/no fact; a missing fact is `false`.
    pub fn fact_flag(&self, key: &str) -> bool {
        self.fact(key).and_then(Value::as_bool).unwrap_or(false)
    }
}

/// Why a data file was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CatalogError {
    /// The file is not valid JSON of the catalog's shape.
    #[error("catalog file of {}: {message}", .game.card_prefix())]
    Json {
        /// The game whose file it is.
        game: GameKind,
        /// What the parser said.
        message: String,
    },
    /// The file says it belongs to another game.
    #[error("catalog file for {} says it is for “{found}”", .expected.card_prefix())]
    WrongGame {
        /// The game the file was loaded for.
        expected: GameKind,
        /// What its `game` field says.
        found: String,
    },
    /// An id is not of the form `<game>/<kind>/<slug>` for its game.
    #[error("card id “{id}”: {reason}")]
    BadId {
        /// The id.
        id: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The `kind` field differs from the id's middle part.
    #[error("card id “{id}” has kind “{kind}”, which is not its middle part")]
    KindMismatch {
        /// The id.
        id: String,
        /// The `kind` field.
        kind: String,
    },
    /// `copies` is 0 or above [`MAX_COPIES`].
    #[error("card “{id}” has {copies} copies (1 to {MAX_COPIES} allowed)")]
    BadCopies {
        /// The id.
        id: String,
        /// The value.
        copies: u16,
    },
    /// Two cards have the same id.
    #[error("card id “{0}” is used twice")]
    Duplicate(String),
    /// The same game was given twice.
    #[error("catalog of {} given twice", .0.card_prefix())]
    DuplicateGame(GameKind),
}

/// A data file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    game: String,
    #[serde(default)]
    #[allow(dead_code)]
    about: Option<String>,
    cards: Vec<Entry>,
}

/// One entry of a data file: a card, or a run of identical copies.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    id: String,
    kind: String,
    #[serde(default)]
    copies: Option<u16>,
    #[serde(default)]
    facts: Map<String, Value>,
    #[serde(default)]
    count_note: Option<String>,
    #[serde(default)]
    note: Option<String>,
    #[serde(default)]
    uncertain: bool,
}

/// The message id of a card's name: `card.` and the data file's id with
/// dots for slashes and underscores for dashes (`avalon/role/merlin` →
/// `card.avalon.role.merlin`).
pub fn message_id(base: &str) -> String {
    format!("card.{}", base.replace('/', ".").replace('-', "_"))
}

/// The longest card id a tag holds (the reader's `CardId::MAX_LEN`; a test
/// in the app keeps the two equal).
pub const MAX_ID_LEN: usize = 64;

/// A card id as it was given, to be said back: cut after [`MAX_ID_LEN`]
/// characters (no card's id is longer), with an ellipsis.
pub fn as_given(id: &str) -> String {
    match id.char_indices().nth(MAX_ID_LEN) {
        Some((at, _)) => format!("{}…", &id[..at]),
        None => id.to_string(),
    }
}

/// Checks the shape of a card id for `game`.
fn check_id(game: GameKind, id: &str) -> Result<(), CatalogError> {
    let bad = |reason| Err(CatalogError::BadId { id: id.to_string(), reason });
    let parts: Vec<&str> = id.split('/').collect();
    if parts.len() != 3 {
        return bad("it must have three parts, <game>/<kind>/<slug>");
    }
    if parts[0] != game.card_prefix() {
        return bad("it does not start with its game's prefix");
    }
    let slug_ok = |s: &str| {
        !s.is_empty()
            && !s.starts_with('-')
            && !s.ends_with('-')
            && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    };
    if !slug_ok(parts[1]) || !slug_ok(parts[2]) {
        return bad("kind and slug are lowercase letters, digits and inner dashes");
    }
    if id.len() > MAX_ID_LEN {
        return bad("it does not fit on a tag (64 characters at most)");
    }
    Ok(())
}

/// Parses one game's data file into its cards, copies expanded, each checked.
pub fn parse_file(game: GameKind, json: &str) -> Result<Vec<Card>, CatalogError> {
    let file: File = serde_json::from_str(json).map_err(|e| CatalogError::Json { game, message: e.to_string() })?;
    if file.game != game.card_prefix() {
        return Err(CatalogError::WrongGame { expected: game, found: file.game });
    }
    let mut cards = Vec::new();
    for e in file.cards {
        check_id(game, &e.id)?;
        if e.id.split('/').nth(1) != Some(e.kind.as_str()) {
            return Err(CatalogError::KindMismatch { id: e.id, kind: e.kind });
        }
        let numbers: Vec<Option<u16>> = match e.copies {
            None => vec![None],
            Some(n) if n == 0 || n > MAX_COPIES => return Err(CatalogError::BadCopies { id: e.id, copies: n }),
            Some(n) => (1..=n).map(Some).collect(),
        };
        for copy in numbers {
            let id = match copy {
                Some(c) => format!("{}-{c}", e.id),
                None => e.id.clone(),
            };
            check_id(game, &id)?;
            cards.push(Card {
                id,
                game,
                kind: e.kind.clone(),
                base: e.id.clone(),
                copy,
                copies: e.copies.unwrap_or(1),
                facts: e.facts.clone(),
                count_note: e.count_note.clone(),
                note: e.note.clone(),
                uncertain: e.uncertain,
            });
        }
    }
    Ok(cards)
}

/// One game's cards, as its data file lists them, looked up by id.
#[derive(Debug, Clone, Default)]
struct GameCards {
    cards: Vec<Card>,
    index: HashMap<String, usize>,
}

impl GameCards {
    /// The cards indexed; an id twice is refused.
    fn new(cards: Vec<Card>) -> Result<GameCards, CatalogError> {
        let mut index = HashMap::with_capacity(cards.len());
        for (i, c) in cards.iter().enumerate() {
            if index.insert(c.id.clone(), i).is_some() {
                return Err(CatalogError::Duplicate(c.id.clone()));
            }
        }
        Ok(GameCards { cards, index })
    }
}

/// Every card of the games, looked up by id.
///
/// The built-in catalog reads a game's data file when that game's cards are
/// first asked for: a table that plays Avalon never parses Camelot Legends'
/// cards, and start-up parses none. Ids are unique across games because each
/// starts with its game's prefix.
#[derive(Debug, Clone)]
pub struct Catalog {
    /// Each game's cards once read, by position in [`GameKind::ALL`].
    games: [OnceLock<GameCards>; GameKind::COUNT],
    /// The data files still to read when asked for (the built-in ones); a
    /// game without one has no cards.
    sources: [Option<&'static str>; GameKind::COUNT],
}

fn game_index(game: GameKind) -> usize {
    GameKind::ALL.iter().position(|g| *g == game).unwrap_or_default()
}

impl Catalog {
    /// The catalog shipped with Tavola; each game's file is parsed and
    /// checked on first use.
    pub fn builtin() -> &'static Catalog {
        static BUILTIN: OnceLock<Catalog> = OnceLock::new();
        BUILTIN.get_or_init(Catalog::unread)
    }

    /// The built-in files, none read yet.
    fn unread() -> Catalog {
        let mut sources = [None; GameKind::COUNT];
        for (game, json) in BUILTIN_SOURCES {
            sources[game_index(game)] = Some(json);
        }
        Catalog { games: Default::default(), sources }
    }

    /// A catalog from data files, one per game (any games, any order), all
    /// parsed now: every id checked against its game's prefix and unique.
    pub fn from_sources(sources: &[(GameKind, &str)]) -> Result<Catalog, CatalogError> {
        let games: [OnceLock<GameCards>; GameKind::COUNT] = Default::default();
        for (game, json) in sources {
            let cards = GameCards::new(parse_file(*game, json)?)?;
            if games[game_index(*game)].set(cards).is_err() {
                return Err(CatalogError::DuplicateGame(*game));
            }
        }
        for slot in &games {
            let _ = slot.set(GameCards::default());
        }
        Ok(Catalog { games, sources: [None; GameKind::COUNT] })
    }

    /// One game's cards, its data file read the first time.
    fn game(&self, game: GameKind) -> &GameCards {
        let i = game_index(game);
        self.games[i].get_or_init(|| match self.sources[i] {
            // The data files are checked by the unit tests; a broken file
            // cannot reach a release.
            Some(json) => parse_file(game, json)
                .and_then(GameCards::new)
                .unwrap_or_else(|e| panic!("the built-in card catalog is invalid: {e}")),
            None => GameCards::default(),
        })
    }

    /// The card with this id.
    pub fn get(&self, id: &str) -> Option<&Card> {
        let cards = self.game(GameKind::of_card(id)?);
        cards.index.get(id).map(|&i| &cards.cards[i])
    }

    /// True if the id is a known card.
    pub fn contains(&self, id: &str) -> bool {
        self.get(id).is_some()
    }

    /// The name of a card in `lang`. An id without its copy number
    /// (`soc/black/saxons`, what a screen's button for "a Saxons card"
    /// sends) is named as its copies are: they share one name.
    pub fn name(&self, id: &str, lang: Lang) -> Option<String> {
        self.get(id).or_else(|| self.copies_of(id).next()).map(|c| c.name(lang))
    }

    /// What to call a card in messages: its name in `lang`, or the id
    /// itself for an id the catalog does not know.
    pub fn label(&self, id: &str, lang: Lang) -> String {
        self.name(id, lang).unwrap_or_else(|| as_given(id))
    }

    /// All cards of one game, in the order of its data file.
    pub fn by_game(&self, game: GameKind) -> &[Card] {
        &self.game(game).cards
    }

    /// The cards of one kind of one game (`soc`, `white`).
    pub fn by_kind<'a>(&'a self, game: GameKind, kind: &'a str) -> impl Iterator<Item = &'a Card> + 'a {
        self.by_game(game).iter().filter(move |c| c.kind == kind)
    }

    /// All copies of a card by its id without copy number
    /// (`avalon/role/servant` gives `servant-1` … `servant-5`; a single card
    /// gives itself).
    pub fn copies_of<'a>(&'a self, base: &'a str) -> impl Iterator<Item = &'a Card> + 'a {
        let game = GameKind::of_card(base);
        let cards = game.map(|g| self.by_game(g)).unwrap_or_default();
        cards.iter().filter(move |c| c.base == base)
    }

    /// Every card, game after game (every game's file read).
    pub fn iter(&self) -> impl Iterator<Item = &Card> {
        GameKind::ALL.into_iter().flat_map(|g| self.by_game(g))
    }

    /// How many cards the catalog holds.
    pub fn len(&self) -> usize {
        GameKind::ALL.into_iter().map(|g| self.by_game(g).len()).sum()
    }

    /// True if the catalog holds no card.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether a game's cards have been read yet.
    pub fn is_loaded(&self, game: GameKind) -> bool {
        self.games[game_index(game)].get().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::avalon::Role;
    use std::collections::HashSet;

    fn cat() -> &'static Catalog {
        Catalog::builtin()
    }

    fn count(game: GameKind, kind: &str) -> usize {
        cat().by_kind(game, kind).count()
    }

    fn copies(base: &str) -> usize {
        cat().copies_of(base).count()
    }

    #[test]
    fn builtin_catalog_loads_and_every_id_is_a_valid_tag_id() {
        assert!(!cat().is_empty());
        for c in cat().iter() {
            assert_eq!(GameKind::of_card(&c.id), Some(c.game), "{}", c.id);
            assert!(c.id.starts_with(&format!("{}/{}/", c.game.card_prefix(), c.kind)), "{}", c.id);
            assert_eq!(cat().get(&c.id), Some(c));
        }
    }

    #[test]
    fn no_id_is_used_twice() {
        let mut seen = HashSet::new();
        for c in cat().iter() {
            assert!(seen.insert(c.id.as_str()), "duplicate {}", c.id);
        }
        assert_eq!(seen.len(), cat().len());
    }

    #[test]
    fn every_card_has_its_name_and_summary_in_every_language() {
        for c in cat().iter() {
            let name = message_id(&c.base);
            let summary = format!("{name}.summary");
            let has_summary = Lang::En.catalog().get(&summary).is_some();
            for lang in Lang::ALL {
                let text = lang.catalog().translation(&name, None);
                assert!(text.is_some_and(|t| !t.trim().is_empty()), "{} has no name in {lang:?}", c.id);
                assert_eq!(lang.catalog().get(&summary).is_some(), has_summary, "{}: summary in {lang:?}", c.id);
            }
            assert_eq!(c.summary_msg().is_some(), has_summary);
        }
    }

    #[test]
    fn the_games_are_grouped_and_complete() {
        let total: usize = GameKind::ALL.iter().map(|g| cat().by_game(*g).len()).sum();
        assert_eq!(total, cat().len());
        for g in GameKind::ALL {
            assert!(cat().by_game(g).iter().all(|c| c.game == g));
        }
    }

    #[test]
    fn avalon_counts() {
        let g = GameKind::Avalon;
        let base_roles = cat().by_kind(g, "role").filter(|c| !c.fact_flag("promo")).count();
        assert_eq!(base_roles, 14);
        assert_eq!(count(g, "role"), 16);
        assert_eq!(copies("avalon/role/servant"), 5);
        assert_eq!(copies("avalon/role/minion"), 3);
        assert_eq!(count(g, "loyalty"), 2);
        assert_eq!(count(g, "token"), 2);
        assert_eq!(count(g, "lancelot-deck"), 5);
        for id in [
            "avalon/role/merlin",
            "avalon/role/percival",
            "avalon/role/assassin",
            "avalon/role/mordred",
            "avalon/role/morgana",
            "avalon/role/oberon",
            "avalon/role/servant-1",
            "avalon/role/servant-5",
            "avalon/role/minion-1",
            "avalon/role/minion-3",
            "avalon/role/lancelot-good",
            "avalon/role/lancelot-evil",
            "avalon/loyalty/good",
            "avalon/loyalty/evil",
            "avalon/token/lady-of-the-lake",
            "avalon/token/excalibur",
        ] {
            assert!(cat().contains(id), "{id}");
        }
        assert!(!cat().contains("avalon/role/servant"));
        assert!(!cat().contains("avalon/role/servant-6"));
    }

    #[test]
    fn avalon_role_cards_map_to_the_engines_roles() {
        let mut seen = HashSet::new();
        for c in cat().by_kind(GameKind::Avalon, "role") {
            let role = Role::from_card(&c.id).unwrap_or_else(|| panic!("{} is no role", c.id));
            assert_eq!(c.base, format!("avalon/role/{}", role.slug()));
            assert_eq!(c.copy.is_none(), role.is_unique(), "{}", c.id);
            let side = if role.side() == crate::avalon::Side::Good { "good" } else { "evil" };
            assert_eq!(c.fact_str("side"), Some(side), "{}", c.id);
            seen.insert(role);
        }
        assert_eq!(seen.len(), Role::ALL.len(), "every role has a card");
        for role in Role::ALL {
            let ids = cat().by_kind(GameKind::Avalon, "role").filter(|c| Role::from_card(&c.id) == Some(role));
            let n = ids.count();
            let want = match role {
                Role::LoyalServant => 5,
                Role::Minion => 3,
                _ => 1,
            };
            assert_eq!(n, want, "{role:?}");
        }
    }

    #[test]
    fn shadows_over_camelot_matches_the_manifest() {
        let g = GameKind::ShadowsOverCamelot;
        assert_eq!(count(g, "white"), 84);
        assert_eq!(count(g, "black"), 76);
        assert_eq!(count(g, "loyalty"), 8);
        assert_eq!(copies("soc/loyalty/loyal"), 7);
        assert!(cat().contains("soc/loyalty/loyal-7") && cat().contains("soc/loyalty/traitor"));
        assert_eq!(count(g, "knight"), 8);
        assert!(cat().contains("soc/knight/arthur") && cat().contains("soc/knight/bedivere"));
        for (v, n) in [(1, 14), (2, 12), (3, 10), (4, 8), (5, 7)] {
            assert_eq!(copies(&format!("soc/white/fight-{v}")), n);
        }
        assert_eq!(copies("soc/white/grail"), 18);
        assert_eq!(copies("soc/white/merlin"), 7);
        let white_special = cat().by_kind(g, "white").filter(|c| c.fact_flag("special")).count();
        assert_eq!(white_special, 15);
        for (v, n) in [(1, 5), (3, 3), (5, 2), (7, 1)] {
            assert_eq!(copies(&format!("soc/black/black-knight-{v}")), n);
        }
        for (l, d, n) in [(1, 5, 4), (3, 7, 3), (5, 9, 3), (7, 11, 1)] {
            assert_eq!(copies(&format!("soc/black/lancelot-dragon-{l}-{d}")), n);
        }
        for (base, n) in [("excalibur", 15), ("despair", 15), ("picts", 4), ("saxons", 4), ("mercenaries", 4)] {
            assert_eq!(copies(&format!("soc/black/{base}")), n, "{base}");
        }
        assert_eq!(copies("soc/black/morgan"), 5);
        assert_eq!(copies("soc/black/desolation"), 2);
        let black_special = cat().by_kind(g, "black").filter(|c| c.fact_flag("special")).count();
        assert_eq!(black_special, 12);
        for id in ["soc/black/saxons-1", "soc/black/saxons-4", "soc/black/black-knight-5-1", "soc/white/fight-3-7"] {
            assert!(cat().contains(id), "{id}");
        }
    }

    #[test]
    fn a_card_named_without_its_copy_number_is_named_as_its_copies() {
        // The black card's button sends "a Saxons card", not one copy: the
        // narration says "Saxons", never the id.
        for lang in Lang::ALL {
            assert_eq!(cat().label("soc/black/saxons", lang), cat().label("soc/black/saxons-1", lang));
            assert!(!cat().label("soc/black/saxons", lang).contains('/'));
        }
        assert_eq!(cat().label("soc/black/nothing-like-it", Lang::En), "soc/black/nothing-like-it");
    }

    #[test]
    fn soc_values_are_facts() {
        let c = cat();
        assert_eq!(c.get("soc/black/black-knight-5-1").and_then(|c| c.fact_int("value")), Some(5));
        assert_eq!(c.get("soc/white/fight-3-7").and_then(|c| c.fact_int("value")), Some(3));
        let ld = c.get("soc/black/lancelot-dragon-3-7-2").expect("card");
        assert_eq!((ld.fact_int("lancelot"), ld.fact_int("dragon")), (Some(3), Some(7)));
        assert_eq!(ld.copy, Some(2));
        assert_eq!(ld.copies, 3);
        assert!(c.get("soc/black/morgan-3").is_some_and(|c| c.uncertain && c.count_note.is_some()));
        assert_eq!(c.get("soc/knight/kay").map(|k| k.fact_int("life_start")), Some(Some(4)));
    }

    #[test]
    fn camelot_legends_has_every_named_card() {
        let g = GameKind::CamelotLegends;
        assert_eq!(count(g, "character"), 60);
        assert_eq!(count(g, "event"), 34);
        assert_eq!(count(g, "final"), 3);
        assert_eq!(count(g, "special"), 3);
        assert_eq!(count(g, "location"), 3);
        for c in cat().by_kind(g, "character").chain(cat().by_kind(g, "event")).chain(cat().by_kind(g, "special")) {
            assert!(c.summary_msg().is_some(), "{} needs its effect", c.id);
            assert!(c.copy.is_none());
        }
        let bidding = cat().by_kind(g, "event").filter(|c| c.fact_str("event_type") == Some("bidding")).count();
        let heraldic = cat().by_kind(g, "event").filter(|c| c.fact_str("event_type") == Some("heraldic")).count();
        assert_eq!((bidding, heraldic), (3, 4));
        // Only the events whose type the rules text states are typed; the
        // others' type and location are card facts the owner enters.
        let located: Vec<&str> = cat()
            .by_kind(g, "event")
            .filter(|c| c.fact_str("event_type") == Some("location"))
            .map(|c| c.slug())
            .collect();
        assert_eq!(
            located,
            [
                "irish-alliance",
                "lady-of-the-lake",
                "sword-in-the-stone",
                "the-black-knight",
                "the-questing-beast",
                "theft-of-excalibur"
            ]
        );
        let placed = cat().by_kind(g, "event").filter(|c| c.fact_str("location").is_some()).count();
        assert_eq!(placed, 2, "the Black Knight and the Theft of Excalibur, both in the Forest");
        // Every card but Camelot's tile has numbers printed only on it.
        let certain: Vec<&str> = cat().by_game(g).iter().filter(|c| !c.uncertain).map(|c| c.id.as_str()).collect();
        assert_eq!(certain, ["legends/location/camelot"]);
        assert!(cat().by_game(g).iter().all(|c| c.note.is_some()));
        assert_eq!(cat().name("legends/character/sir-percival", Lang::It), Some("Ser Parsifal".into()));
        assert_eq!(cat().name("legends/special/high-king", Lang::En), Some("High King".into()));
    }

    #[test]
    fn nottingham_counts() {
        let g = GameKind::Nottingham;
        assert_eq!(count(g, "item"), 84);
        let values: Vec<i64> = cat()
            .by_kind(g, "item")
            .filter(|c| c.copy == Some(1))
            .map(|c| c.fact_int("value").expect("value"))
            .collect();
        assert_eq!(values, (7..=13).collect::<Vec<_>>());
        assert!(cat().by_kind(g, "item").all(|c| c.copies == 12));
        assert_eq!(count(g, "commission"), 8);
        assert_eq!(count(g, "ambush"), 13);
        assert!(cat().by_kind(g, "ambush").any(|c| c.uncertain));
        assert!(cat().contains("nottingham/pawn/sheriff"));
    }

    #[test]
    fn king_arthurs_knights_counts() {
        let g = GameKind::KingArthursKnights;
        assert_eq!(count(g, "knight"), 4);
        assert_eq!(count(g, "tent"), 4);
        assert_eq!(count(g, "location"), 8);
        assert_eq!(count(g, "action"), 16);
        assert_eq!(count(g, "quest"), 14);
        assert_eq!(count(g, "virtue"), 18);
        let numbers: Vec<i64> = cat().by_kind(g, "quest").map(|c| c.fact_int("number").expect("number")).collect();
        assert_eq!(numbers, (1..=14).collect::<Vec<_>>());
        let letters = |l: &str| cat().by_kind(g, "action").filter(|c| c.fact_str("letter") == Some(l)).count();
        assert_eq!(
            [letters("E"), letters("A"), letters("T"), letters("G"), letters("Q"), letters("P")],
            [4, 2, 2, 2, 2, 4]
        );
        assert!(cat().by_kind(g, "virtue").all(|c| c.uncertain));
    }

    #[test]
    fn lookups() {
        let c = cat();
        assert_eq!(c.name("avalon/role/merlin", Lang::It), Some("Merlino".into()));
        assert_eq!(c.name("avalon/role/merlin", Lang::En), Some("Merlin".into()));
        assert_eq!(c.name("avalon/role/nobody", Lang::En), None);
        let servant = c.get("avalon/role/servant-3").expect("servant");
        assert_eq!((servant.base.as_str(), servant.copy, servant.copies), ("avalon/role/servant", Some(3), 5));
        assert_eq!(servant.slug(), "servant-3");
        assert!(servant.summary(Lang::It).is_some());
        assert_eq!(c.copies_of("avalon/role/merlin").count(), 1);
        assert_eq!(c.copies_of("nowhere/x/y").count(), 0);
        assert!(std::ptr::eq(Catalog::builtin(), Catalog::builtin()), "parsed once");
    }

    #[test]
    fn a_games_cards_are_read_when_first_asked_for() {
        let c = Catalog::unread();
        assert!(GameKind::ALL.iter().all(|g| !c.is_loaded(*g)), "nothing read before it is asked for");
        assert_eq!(c.name("avalon/role/merlin", Lang::En), Some("Merlin".into()));
        assert!(!c.contains("soc/role/merlin"));
        let read: Vec<GameKind> = GameKind::ALL.into_iter().filter(|g| c.is_loaded(*g)).collect();
        assert_eq!(read, [GameKind::Avalon, GameKind::ShadowsOverCamelot]);
        assert_eq!(c.len(), cat().len());
        assert!(GameKind::ALL.iter().all(|g| c.is_loaded(*g)));
        assert_eq!(
            c.iter().map(|card| &card.id).collect::<Vec<_>>(),
            cat().iter().map(|card| &card.id).collect::<Vec<_>>()
        );
    }

    fn one(json: &str) -> Result<Catalog, CatalogError> {
        Catalog::from_sources(&[(GameKind::Avalon, json)])
    }

    fn file(cards: &str) -> String {
        format!(r#"{{ "game": "avalon", "cards": [ {cards} ] }}"#)
    }

    const OK: &str = r#"{ "id": "avalon/role/merlin", "kind": "role" }"#;

    #[test]
    fn a_small_file_loads() {
        let c = one(&file(OK)).expect("valid");
        assert_eq!(c.len(), 1);
        assert!(c.by_game(GameKind::Nottingham).is_empty());
    }

    #[test]
    fn bad_files_are_refused_with_the_reason() {
        let dup = format!("{OK}, {OK}");
        assert_eq!(one(&file(&dup)).unwrap_err(), CatalogError::Duplicate("avalon/role/merlin".into()));
        // A run of copies running into a single card's id.
        let clash = r#"{ "id": "avalon/role/servant", "kind": "role", "copies": 2 },
                       { "id": "avalon/role/servant-2", "kind": "role" }"#;
        assert!(matches!(one(&file(clash)), Err(CatalogError::Duplicate(id)) if id == "avalon/role/servant-2"));
        let prefix = r#"{ "id": "soc/role/merlin", "kind": "role" }"#;
        assert!(matches!(one(&file(prefix)), Err(CatalogError::BadId { .. })));
        let parts = r#"{ "id": "avalon/merlin", "kind": "role" }"#;
        assert!(matches!(one(&file(parts)), Err(CatalogError::BadId { .. })));
        let upper = r#"{ "id": "avalon/role/Merlin", "kind": "role" }"#;
        assert!(matches!(one(&file(upper)), Err(CatalogError::BadId { .. })));
        let long = format!(r#"{{ "id": "avalon/role/{}", "kind": "role" }}"#, "x".repeat(60));
        assert!(matches!(one(&file(&long)), Err(CatalogError::BadId { .. })));
        let kind = r#"{ "id": "avalon/role/merlin", "kind": "token" }"#;
        assert!(matches!(one(&file(kind)), Err(CatalogError::KindMismatch { .. })));
        let old = r#"{ "id": "avalon/role/merlin", "kind": "role", "name_en": "Merlin" }"#;
        assert!(matches!(one(&file(old)), Err(CatalogError::Json { .. })), "names live in the message catalogs");
        let zero = r#"{ "id": "avalon/role/merlin", "kind": "role", "copies": 0 }"#;
        assert!(matches!(one(&file(zero)), Err(CatalogError::BadCopies { .. })));
        let typo = r#"{ "id": "avalon/role/merlin", "kind": "role", "cpies": 2 }"#;
        assert!(matches!(one(&file(typo)), Err(CatalogError::Json { .. })));
        let game = OK.replace("avalon", "soc");
        assert!(matches!(
            one(&format!(r#"{{ "game": "soc", "cards": [ {game} ] }}"#)),
            Err(CatalogError::WrongGame { .. })
        ));
        let twice = file(OK);
        assert_eq!(
            Catalog::from_sources(&[(GameKind::Avalon, &twice), (GameKind::Avalon, &twice)]).unwrap_err(),
            CatalogError::DuplicateGame(GameKind::Avalon)
        );
        let e = one(&file(&dup)).unwrap_err().to_string();
        assert!(e.contains("avalon/role/merlin"), "{e}");
    }
}
