//! Deck files: one game's card facts (the owner's numbers) as one JSON file
//! that a group can share, import and keep beside the database.
//!
//! ```json
//! {
//!   "format": "tavola-card-facts",
//!   "version": 1,
//!   "game": "nottingham",
//!   "cards": {
//!     "nottingham/commission/five-alike-first": { "alone": 20, "shared": 12 }
//!   }
//! }
//! ```
//!
//! Reading a file checks everything before anything is used: its shape,
//! that every card belongs to its game, and every value against the game's
//! declared fields and ranges ([`crate::games::facts::check`]). The first
//! problem is reported with its line. `docs/card-facts.md` describes the
//! format for people.

use crate::games::facts::{self, CardFacts, FactBook};
use crate::games::{Catalog, GameKind};
use serde_json::{json, Value};
use tavola_words::{msg, Lang, Msg, Said};

/// The `format` every deck file names.
pub const FORMAT: &str = "tavola-card-facts";

/// The version this Tavola writes; a newer file is refused.
pub const VERSION: u64 = 1;

/// Why a deck file was refused, with the line it was found at.
#[derive(Debug, Clone, PartialEq)]
pub struct DeckError {
    /// The line (from 1) where the problem is.
    pub line: usize,
    /// What is wrong.
    pub why: Msg,
}

impl Said for DeckError {
    fn msg(&self) -> Msg {
        msg!("deck.error", line = self.line, why = self.why.clone())
    }

    fn text(&self, lang: Lang) -> String {
        lang.text(&self.msg())
    }
}

/// One game's facts as a deck file's text (cards in id order, a newline
/// at the end). Only facts that [`parse`] takes back are written: a card
/// whose facts its form would refuse (kept by an older Tavola) is left
/// out, so that a file Tavola writes always reads back.
pub fn render(game: GameKind, book: &FactBook) -> String {
    let cards = Catalog::builtin();
    let kinds = game.fact_kinds();
    let readable =
        book.of_game(game).only(|card| book.get(card).is_some_and(|f| facts::check(kinds, cards, card, f).is_ok()));
    let file = json!({
        "format": FORMAT,
        "version": VERSION,
        "game": game.id(),
        "cards": readable,
    });
    let mut text = serde_json::to_string_pretty(&file).unwrap_or_default();
    text.push('\n');
    text
}

/// Reads a deck file: its game and its facts, each checked against the
/// game's declared fields. The first problem refuses the whole file.
pub fn parse(text: &str, cards: &Catalog) -> Result<(GameKind, FactBook), DeckError> {
    let (game, book, mut refused) = parse_each(text, cards)?;
    match refused.is_empty() {
        true => Ok((game, book)),
        false => Err(refused.remove(0)),
    }
}

/// Reads a deck file card by card: its game, the cards that read, and why
/// each other card did not. Only a file that is not a deck file at all
/// (not JSON, another format, a newer version, no game) is refused whole.
pub fn parse_each(text: &str, cards: &Catalog) -> Result<(GameKind, FactBook, Vec<DeckError>), DeckError> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| DeckError { line: e.line().max(1), why: msg!("deck.not_json", detail = e.to_string()) })?;
    let at_top = |why| DeckError { line: 1, why };
    let obj = value.as_object().ok_or_else(|| at_top(msg!("deck.not_a_deck")))?;
    if obj.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(DeckError { line: line_of(text, &["format"]), why: msg!("deck.not_a_deck") });
    }
    match obj.get("version").and_then(Value::as_u64) {
        Some(v) if v <= VERSION => {}
        _ => return Err(DeckError { line: line_of(text, &["version"]), why: msg!("deck.newer") }),
    }
    let name = obj.get("game").and_then(Value::as_str).unwrap_or_default();
    let game = GameKind::from_name(name)
        .ok_or_else(|| DeckError { line: line_of(text, &["game"]), why: msg!("deck.unknown_game", game = name) })?;
    let listed = obj
        .get("cards")
        .and_then(Value::as_object)
        .ok_or_else(|| DeckError { line: line_of(text, &["cards"]), why: msg!("deck.no_cards") })?;
    let kinds = game.fact_kinds();
    let mut book = FactBook::new();
    let mut refused = Vec::new();
    for (card, given) in listed {
        let at = |field: Option<&str>| {
            let mut path = vec!["cards", card.as_str()];
            path.extend(field);
            line_of(text, &path)
        };
        let checked = if GameKind::of_card(card) != Some(game) {
            let why = msg!("deck.wrong_game", card = card.as_str(), game = game.title());
            Err(DeckError { line: at(None), why })
        } else if let Some(given) = given.as_object() {
            facts::check(kinds, cards, card, given)
                .map_err(|e| DeckError { line: at(e.field().filter(|f| given.contains_key(*f))), why: e.msg() })
        } else {
            Err(DeckError { line: at(None), why: msg!("deck.not_facts") })
        };
        match checked {
            Ok(checked) => book.set(card.clone(), checked),
            Err(e) => refused.push(e),
        }
    }
    Ok((game, book, refused))
}

/// What importing `incoming` into `current` would change, card by card:
/// new cards and changed ones (cards only in `current` stay as they are).
pub fn changes(current: &FactBook, incoming: &FactBook) -> Vec<Change> {
    incoming
        .iter()
        .filter(|(card, facts)| current.get(card) != Some(*facts))
        .map(|(card, facts)| Change {
            card: card.to_string(),
            before: current.get(card).cloned(),
            after: facts.clone(),
        })
        .collect()
}

/// One card's facts changed by an import.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Change {
    /// The card.
    pub card: String,
    /// What was known (`None`: a card new to the table).
    pub before: Option<CardFacts>,
    /// What the file says.
    pub after: CardFacts,
}

/// `tavola facts list`: every card of `game` that carries facts, a line
/// each (id, name, the values or "missing"), then how many still lack them.
pub fn list(game: GameKind, known: &FactBook, lang: Lang) -> String {
    let cards = Catalog::builtin();
    let mut out = String::new();
    let mut missing = 0;
    let mut total = 0;
    for (card, _) in facts::cards_with_facts(game.fact_kinds(), cards, game) {
        total += 1;
        let values = match known.get(&card.id) {
            Some(f) => show(f),
            None => {
                missing += 1;
                lang.text(&msg!("deck.missing"))
            }
        };
        out.push_str(&format!("{}\t{}\t{values}\n", card.id, lang.text(&facts::card_msg(&card.id))));
    }
    out.push_str(&lang.text(&msg!("deck.summary", count = missing, total = total)));
    out.push('\n');
    out
}

/// What an import would change, a line per card.
pub fn describe(changes: &[Change], lang: Lang) -> String {
    if changes.is_empty() {
        return format!("{}\n", lang.text(&msg!("deck.no_changes")));
    }
    changes
        .iter()
        .map(|c| {
            let name = lang.text(&facts::card_msg(&c.card));
            match &c.before {
                None => format!("+ {}\t{name}\t{}\n", c.card, show(&c.after)),
                Some(before) => format!("~ {}\t{name}\t{} → {}\n", c.card, show(before), show(&c.after)),
            }
        })
        .collect()
}

/// A card's facts on one line (`alone=20 shared=12`).
fn show(f: &CardFacts) -> String {
    f.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(" ")
}

/// The line (from 1) where the key path `path` stands in `text`: each key
/// is looked for after the one before it; where one is not found, the line
/// of the last found.
fn line_of(text: &str, path: &[&str]) -> usize {
    let mut at = 0;
    for key in path {
        let quoted = serde_json::to_string(key).unwrap_or_default();
        match text[at..].find(&format!("{quoted}:")).or_else(|| text[at..].find(&quoted)) {
            Some(i) => at += i,
            None => break,
        }
    }
    text[..at].matches('\n').count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Test values, not the numbers of a real card.
    fn test_book() -> FactBook {
        let mut book = FactBook::new();
        let obj = |v: Value| v.as_object().cloned().unwrap_or_default();
        book.set("nottingham/board/sheriff-path", obj(json!({"spaces": [3, 5, 7, 4]})));
        book.set("nottingham/commission/five-alike-first", obj(json!({"alone": 22, "shared": 14})));
        book.set("nottingham/ambush/items-2", obj(json!({"first": "pearls", "second": "chest"})));
        book
    }

    #[test]
    fn a_rendered_deck_reads_back_the_same() {
        let text = render(GameKind::Nottingham, &test_book());
        let (game, book) = parse(&text, Catalog::builtin()).unwrap();
        assert_eq!(game, GameKind::Nottingham);
        assert_eq!(book, test_book());
        assert!(text.lines().count() > 10, "one value a line, for people:\n{text}");
    }

    #[test]
    fn a_bad_value_is_refused_with_its_line_and_the_range() {
        let text = render(GameKind::Nottingham, &test_book()).replace("\"shared\": 14", "\"shared\": 31");
        let err = parse(&text, Catalog::builtin()).unwrap_err();
        let line = text.lines().position(|l| l.contains("\"shared\": 31")).unwrap() + 1;
        assert_eq!(err.line, line);
        let said = err.text(Lang::En);
        assert!(said.contains(&line.to_string()) && said.contains("10") && said.contains("30"), "{said}");
        let said = err.text(Lang::It);
        assert!(said.contains(&line.to_string()) && said.contains("30"), "{said}");
    }

    #[test]
    fn malformed_files_and_foreign_cards_are_refused_with_their_line() {
        let cards = Catalog::builtin();
        let text = render(GameKind::Nottingham, &test_book());
        let broken = text.replacen("\"alone\": 22,", "\"alone\": 22", 1);
        assert_eq!(
            parse(&broken, cards).unwrap_err().line,
            1 + broken.lines().position(|l| l.contains("shared")).unwrap()
        );
        let foreign = text.replace("nottingham/ambush/items-2", "soc/white/merlin-1");
        let err = parse(&foreign, cards).unwrap_err();
        assert_eq!(err.line, 1 + foreign.lines().position(|l| l.contains("soc/white")).unwrap());
        assert_eq!(err.why.id, "deck.wrong_game");
        assert_eq!(parse("[]", cards).unwrap_err().why.id, "deck.not_a_deck");
        let newer = text.replace("\"version\": 1", "\"version\": 9");
        assert_eq!(parse(&newer, cards).unwrap_err().why.id, "deck.newer");
    }

    #[test]
    fn changes_list_new_and_changed_cards_only() {
        let current = test_book();
        let mut incoming = test_book();
        let obj = |v: Value| v.as_object().cloned().unwrap_or_default();
        incoming.set("nottingham/commission/five-alike-first", obj(json!({"alone": 23, "shared": 14})));
        incoming.set("nottingham/commission/one-of-each-first", obj(json!({"alone": 25, "shared": 15})));
        let c = changes(&current, &incoming);
        assert_eq!(c.len(), 2);
        assert!(c.iter().any(|c| c.card.ends_with("five-alike-first") && c.before.is_some()));
        assert!(c.iter().any(|c| c.card.ends_with("one-of-each-first") && c.before.is_none()));
    }
}
