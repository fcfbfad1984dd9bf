//! The owner's card facts at the table: asked for when a game meets a card
//! without them, given on a form (or by the headless driver), imported from
//! a deck file, and kept in the journal.
//!
//! When an engine refuses a command with `CommonError::FactsNeeded`, the
//! table keeps the command, says which cards it needs ([`Output::FactsNeeded`],
//! with a [`FactForm`] for each: the fields in the order they are asked on the
//! card, with their ranges), and takes the command again once every card
//! asked for has its facts: the facts enter the game by the game's own
//! learn command, so that its journal replays without the database.
//!
//! A fact given while a game has that card's facts in force is kept for
//! the next game; the game in progress keeps what it started with.

use super::{Notice, Output, Session};
use crate::deck;
use crate::games::facts::{self, CardFacts, FieldKind};
use crate::games::{AnyCommand, AnyGame, CommonError, FactBook, GameKind, Lang, RuleError};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tavola_words::Said;

/// The form for one card's facts: what a screen shows and the headless
/// driver prints.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FactForm {
    /// The card's id.
    pub card: String,
    /// Its name, in the table's language.
    pub name: String,
    /// Its fields, in the order they are asked (a field most cards lack
    /// last).
    pub fields: Vec<FormField>,
}

/// One field of a [`FactForm`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FormField {
    /// The key to give its value under.
    pub key: String,
    /// What it is, in the table's language.
    pub name: String,
    /// `int`, `ints` (a list), `choice`, `text` or `flag`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The least number allowed (`int`, `ints`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    /// The most allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
    /// The fewest and most items of a list, or the most letters of a text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub len: Option<(usize, usize)>,
    /// A choice's options: code and name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<(String, String)>,
    /// The card may lack it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub optional: bool,
    /// The value known now, if any (a correction starts from it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<Value>,
    /// `value` is not the owner's but one the rules make certain for a
    /// card not known yet (`GameKind::facts_given`): shown filled in,
    /// skipped when typing, open to a correction.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub given: bool,
}

/// The form for `card`, with the values `known` gives it; `None` for a
/// card that carries no facts.
pub fn form(card: &str, known: &FactBook, lang: Lang) -> Option<FactForm> {
    form_met(card, known, None, lang)
}

/// The form for `card` as `met_in` (the game in progress) asks for it:
/// a card not known yet comes with the values the rules make certain
/// filled in, what the game played fixes among them.
pub fn form_met(card: &str, known: &FactBook, met_in: Option<&AnyGame>, lang: Lang) -> Option<FactForm> {
    let game = GameKind::of_card(card)?;
    let kind = facts::kind_of(game.fact_kinds(), card)?;
    let given = match known.get(card) {
        Some(_) => CardFacts::new(),
        None => game.facts_given(card, met_in),
    };
    let fields = kind
        .fields
        .iter()
        .map(|f| {
            let (kind, min, max, len, options) = match f.kind {
                FieldKind::Int { min, max } => ("int", Some(min), Some(max), None, Vec::new()),
                FieldKind::Ints { min, max, min_len, max_len } => {
                    ("ints", Some(min), Some(max), Some((min_len, max_len)), Vec::new())
                }
                FieldKind::Choice { options, words } => {
                    let named =
                        options.iter().map(|o| (o.to_string(), lang.text(&facts::option_msg(words, o)))).collect();
                    ("choice", None, None, None, named)
                }
                FieldKind::Text { max_chars } => ("text", None, None, Some((1, max_chars)), Vec::new()),
                FieldKind::Flag => ("flag", None, None, None, Vec::new()),
            };
            FormField {
                key: f.key.to_string(),
                name: lang.text(&facts::field_msg(card, f.key)),
                kind: kind.to_string(),
                min,
                max,
                len,
                options,
                optional: f.optional,
                value: known.get(card).and_then(|k| k.get(f.key)).or_else(|| given.get(f.key)).cloned(),
                given: given.contains_key(f.key),
            }
        })
        .collect();
    Some(FactForm { card: card.to_string(), name: card_title(card, lang), fields })
}

/// The name a card's form and row are titled with: the card's own, and its number where
/// the box holds several copies under one name (the eighteen virtue cards
/// are each "Virtue card"): the owner must know which card is asked.
pub fn card_title(card: &str, lang: Lang) -> String {
    let name = lang.text(&facts::card_msg(card));
    match crate::catalog::Catalog::builtin().get(card).and_then(|c| c.copy) {
        Some(n) => format!("{name} {n}"),
        None => name,
    }
}

impl Session {
    /// The game asked for the facts of `cards` before it can take `cmd`.
    pub(super) fn facts_needed(&mut self, cmd: AnyCommand, cards: Vec<String>, out: &mut Vec<Output>) {
        let Some(game) = self.game.as_ref() else { return };
        let kind = game.kind();
        let missing: Vec<String> = cards.iter().filter(|c| self.facts.get(c).is_none()).cloned().collect();
        if !missing.is_empty() {
            let err = RuleError::from(CommonError::FactsNeeded { cards: missing.clone() });
            self.error(&err, out);
            let forms =
                missing.iter().filter_map(|c| form_met(c, &self.facts, self.game.as_ref(), self.lang)).collect();
            out.push(Output::FactsNeeded { game: kind, cards: forms });
            self.set_awaiting(Some((cmd, missing)), out);
            return;
        }
        // Every card asked for is known (given since the game began): the
        // facts enter the game by its own command, then the command again.
        let known = self.facts.only(|c| cards.iter().any(|x| x == c));
        let learn = game.learn_command(&known);
        self.set_awaiting(None, out);
        let learned_before = self.history.len();
        match learn {
            Some(learn) => self.command(learn, out),
            None => return self.error(&CommonError::FactsNeeded { cards }.into(), out),
        }
        if self.history.len() > learned_before {
            self.command(cmd, out);
        }
    }

    /// Keeps `new` facts (checked already): in the table and the journal.
    /// False when the journal could not store them (said already): the
    /// table's facts are then as they were.
    pub(super) fn keep_facts(&mut self, new: &FactBook, out: &mut Vec<Output>) -> bool {
        match self.store.as_mut().map(|s| s.keep_facts(new)) {
            Some(Err(why)) => {
                self.notice(Notice::NotSaved { why }, out);
                return false;
            }
            Some(Ok(Some(why))) => self.notice(Notice::DeckNotWritten { why }, out),
            _ => {}
        }
        self.facts.merge(new);
        true
    }

    /// The game in progress takes, by its own learn command, the cards of
    /// `given` it has no facts for (a game over whose count waits for
    /// them, or a card it has not met yet); a card it has in force keeps
    /// the game's values. True when the game took some.
    fn teach_game(&mut self, given: &FactBook, out: &mut Vec<Output>) -> bool {
        let Some(game) = self.game.as_ref() else { return false };
        let Some(in_force) = game.card_facts() else { return false };
        let kind = game.kind();
        let new = given.only(|c| in_force.get(c).is_none() && GameKind::of_card(c) == Some(kind));
        let Some(learn) = game.learn_command(&new).filter(|_| !new.is_empty()) else { return false };
        // Only a learn the game takes: a refusal here is no news to the owner.
        let mut ctx = crate::games::Ctx { rng: self.ctx.rng.clone(), cards: self.ctx.cards, facts: &self.facts };
        if game.decide(&learn, &mut ctx).is_err() {
            return false;
        }
        let before = self.history.len();
        self.command(learn, out);
        self.history.len() > before
    }

    /// The owner gives a card's facts (the form, or the headless driver).
    pub(super) fn give_facts(&mut self, card: String, given: CardFacts, out: &mut Vec<Output>) {
        let Some(kind) = GameKind::of_card(&card).filter(|_| self.ctx.cards.contains(&card)) else {
            return self.notice(Notice::UnknownCard { card }, out);
        };
        let checked = match facts::check(kind.fact_kinds(), self.ctx.cards, &card, &given) {
            Ok(f) => f,
            Err(e) => {
                let message = e.text(self.lang);
                self.message = Some(message.clone());
                let code = format!("facts.{}", e.code());
                return out.push(Output::Error { code, message, rule: None });
            }
        };
        let mut one = FactBook::new();
        one.set(card.clone(), checked);
        if !self.keep_facts(&one, out) {
            return;
        }
        if self.facts_open.as_deref() == Some(card.as_str()) {
            self.facts_open = None;
        }
        let waited = self.awaiting_facts.as_ref().is_some_and(|(_, cards)| cards.contains(&card));
        if !waited && self.teach_game(&one, out) {
            self.notice(Notice::FactsLearned { card: facts::card_msg(&card) }, out);
        } else {
            self.notice(Notice::FactsKept { card: facts::card_msg(&card) }, out);
        }
        self.resume_after_facts(out);
    }

    /// A deck file given: checked whole, and what importing it would
    /// change shown; nothing changes until [`Session::confirm_import`].
    pub(super) fn read_deck(&mut self, text: &str, out: &mut Vec<Output>) {
        match deck::parse(text, self.ctx.cards) {
            Err(e) => {
                self.pending_deck = None;
                let message = e.text(self.lang);
                self.message = Some(message.clone());
                out.push(Output::Error { code: e.why.id.to_string(), message, rule: None });
            }
            Ok((game, book)) => {
                let changes = deck::changes(&self.facts, &book);
                let count = changes.len();
                out.push(Output::DeckPreview { game, changes });
                self.pending_deck = Some(book);
                self.notice(Notice::DeckRead { count }, out);
            }
        }
    }

    /// The deck file read last is imported.
    pub(super) fn confirm_import(&mut self, out: &mut Vec<Output>) {
        let Some(book) = self.pending_deck.take() else { return self.notice(Notice::NoDeck, out) };
        let changed = deck::changes(&self.facts, &book);
        let new: FactBook = changed.into_iter().map(|c| (c.card, c.after)).collect();
        let count = new.len();
        if !self.keep_facts(&new, out) {
            return;
        }
        self.notice(Notice::DeckImported { count }, out);
        if self.awaiting_facts.is_none() {
            self.teach_game(&new, out);
        }
        self.resume_after_facts(out);
    }

    /// The form shown now: the card opened by the owner, else the first
    /// card the game waits for (with what the game fixes filled in: a card
    /// opened by the owner may be of any game, or of none in progress).
    pub(super) fn facts_form(&self) -> Option<FactForm> {
        if let Some(card) = &self.facts_open {
            return form(card, &self.facts, self.lang);
        }
        let waiting =
            self.awaiting_facts.as_ref().and_then(|(_, cards)| cards.iter().find(|c| self.facts.get(c).is_none()))?;
        form_met(waiting, &self.facts, self.game.as_ref(), self.lang)
    }

    /// Opens a card's form (`None` closes it, and a game waiting for facts
    /// stops waiting: the card can be laid again later).
    pub(super) fn open_facts(&mut self, card: Option<String>, out: &mut Vec<Output>) {
        match card {
            None => {
                self.facts_open = None;
                self.set_awaiting(None, out);
            }
            Some(card) => {
                let game = GameKind::of_card(&card);
                let wrong_game = self.facts_entry.is_some_and(|g| Some(g) != game);
                if wrong_game || form(&card, &self.facts, self.lang).is_none() {
                    let why = facts::FactError::NoFacts { card: card.clone() };
                    let message = why.text(self.lang);
                    self.message = Some(message.clone());
                    return out.push(Output::Error { code: format!("facts.{}", why.code()), message, rule: None });
                }
                self.facts_open = Some(card);
            }
        }
    }

    /// A command kept for want of facts is taken again once all are given.
    fn resume_after_facts(&mut self, out: &mut Vec<Output>) {
        let ready =
            self.awaiting_facts.as_ref().is_some_and(|(_, cards)| cards.iter().all(|c| self.facts.get(c).is_some()));
        if ready {
            if let Some((cmd, _)) = self.awaiting_facts.clone() {
                self.set_awaiting(None, out);
                self.command(cmd, out);
            }
        }
    }

    /// The game waits for facts (`Some`) or no longer does; kept in the
    /// journal's settings too, so that a game waiting on a form when the
    /// power went comes back waiting ([`Session::await_facts_again`]).
    fn set_awaiting(&mut self, wait: Option<(AnyCommand, Vec<String>)>, out: &mut Vec<Output>) {
        let kind = self.game.as_ref().map(AnyGame::kind);
        let stored = match (&wait, kind) {
            (Some((command, cards)), Some(game)) => {
                let w = FactsWait { game, events: self.history.len(), command: command.clone(), cards: cards.clone() };
                serde_json::to_value(w).unwrap_or_default()
            }
            _ => Value::Null,
        };
        if self.awaiting_facts.is_some() || wait.is_some() {
            self.remember(FACTS_WAIT, stored, out);
        }
        self.awaiting_facts = wait;
    }

    /// A game taken up after a restart waits again for the facts it was
    /// waiting for when the power went (`wait`, read back from the
    /// journal's setting [`FACTS_WAIT`]): the card laid then needs no
    /// second laying. A wait kept for another game, or for this game at
    /// another point, is let go.
    pub fn await_facts_again(&mut self, wait: Option<FactsWait>) {
        let Some(w) = wait else { return };
        let same = self.game.as_ref().map(AnyGame::kind) == Some(w.game) && self.history.len() == w.events;
        let missing: Vec<String> = w.cards.iter().filter(|c| self.facts.get(c).is_none()).cloned().collect();
        if !same || missing.is_empty() {
            return;
        }
        let err = RuleError::from(CommonError::FactsNeeded { cards: missing });
        self.message = Some(err.text(self.lang));
        self.awaiting_facts = Some((w.command, w.cards));
    }
}

/// The journal's setting that keeps a game's wait for card facts.
pub const FACTS_WAIT: &str = "facts_wait";

/// A game's wait for card facts, as kept across a restart: the command
/// the game could not take yet and the cards it asked for, with the game
/// and how many events it had then.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FactsWait {
    /// The game.
    pub game: GameKind,
    /// Its events when it began to wait.
    pub events: usize,
    /// The command kept.
    pub command: AnyCommand,
    /// The cards asked for.
    pub cards: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_form_names_the_copy_it_asks_for_where_copies_share_a_name() {
        let book = FactBook::default();
        let title = |card: &str, lang: Lang| form(card, &book, lang).expect("a form").name;
        assert_eq!(title("kak/virtue/card-7", Lang::En), "Virtue card 7");
        assert_ne!(title("kak/virtue/card-7", Lang::It), title("kak/virtue/card-8", Lang::It));
        // A card of its own keeps its bare name.
        let path = title(crate::games::nottingham::items::PATH_CARD, Lang::En);
        assert!(!path.ends_with(char::is_numeric), "{path}");
    }
}
