//! The owner's card facts on the screen: the form for one card (the table's
//! `facts_form`: a card the game waits for, or one the owner opened), a
//! whole kind of card as one table (the eighteen virtue cards), and
//! Settings → Card facts (a game's cards, what still lacks its numbers, a
//! card laid on the reader opening its form).
//!
//! The form only collects what the owner types; the table checks every value
//! against the game's declared ranges and says what is wrong
//! (`Touch::SetFacts`).
//!
//! ## The keypad
//!
//! The numbers are typed in one go, card in hand: each digit goes into the
//! field at the cursor, and the cursor moves on by itself as soon as no
//! further digit could keep the number within the field's range (a space
//! of the Sheriff's path, 2 to 8, takes one digit; a requirement, 6 to 18,
//! takes "1" and waits for a second). A digit that cannot follow a number
//! already whole starts the next field (a field of 0 to 12: "1 3" is 1,
//! then 3). "→" ends a number early (1 where 12 could follow, or a list
//! ended); "⌫" takes back the last digit, or clears the field at the
//! cursor, or else the one before. A choice is typed by the number beside
//! each option (1 Sword, 2 Lance…), and a list of numbers grows as it is
//! typed. "−" types −1 at once where −1 is the least a field takes (a
//! skill), else starts a negative number. A digit the field cannot take is
//! refused with its range, and nothing changes.
//!
//! A value the rules make certain comes filled in (`FormField::given`: a
//! character's gender, the level every card of the introductory game
//! bears): shown so, passed over by the cursor both ways, and the owner's
//! once touched (its name tapped and typed over, a choice or a stepper).

use super::{Controller, Overlay};
use crate::games::facts::{self, CardFacts, FactKind};
use crate::games::{GameKind, Lang};
use crate::table::{FactForm, FormField, TableView, Touch};
use crate::{AppWindow, FactCardRow, FactCell, FactField, FactRow, FactsUi};
use serde_json::Value;
use slint::{ComponentHandle, Model, SharedString};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use tavola_words::msg;

/// The most fields a kind may have to be typed as a table (one column
/// each beside the card's name, at 800 pixels).
const TABLE_FIELDS: usize = 4;

/// What the screen holds of the card facts pages.
#[derive(Debug, Default)]
pub(super) struct FactsScreen {
    /// The card being edited (with the rest of its kind in a table).
    editing: Option<Editing>,
    /// What was typed on a card's form and left unsaved ("Not now"), by
    /// card: its form comes back with it, after a restart too (they are
    /// kept in the journal's settings as [`DRAFTS`]).
    drafts: HashMap<String, Vec<Value>>,
    /// `drafts` was read from the journal.
    drafts_read: bool,
    /// The game chosen in Settings → Card facts.
    game: Option<GameKind>,
    /// Bumped by every change the screen makes to what it shows.
    rev: u64,
    /// The owner asked for one card at a time: a game waiting for several
    /// cards of a kind shows them one by one until no form is up.
    single: bool,
    /// What `FactsUi` was last filled from: filled again only when it
    /// changes (the table's loop refreshes fifty times a second).
    shown: Option<Shown>,
}

/// The journal's setting that keeps the drafts, so that a restart (or a
/// power cut) loses nothing typed.
const DRAFTS: &str = "facts.drafts";

/// What `FactsUi` shows depends on.
#[derive(Debug, Clone, PartialEq)]
struct Shown {
    form: Option<FactForm>,
    blocks: bool,
    lang: Lang,
    deck: bool,
    rev: u64,
    inputs: u64,
}

/// A place the keypad types into: a card's row, its field, and the item
/// of a list (`None`: a number or a choice; a list's length: a new item).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Slot {
    row: usize,
    field: usize,
    item: Option<usize>,
}

/// One card on the form: its values as typed, and as they were when it
/// came up (a draft, or what is known).
#[derive(Debug, Clone)]
struct Row {
    card: String,
    name: String,
    values: Vec<Value>,
    given: Vec<Value>,
}

/// The form being typed.
#[derive(Debug)]
struct Editing {
    /// The card the table shows the form of.
    card: String,
    /// Its kind's fields.
    fields: Vec<FormField>,
    /// The cards on the form: the card alone, or every card of its kind.
    rows: Vec<Row>,
    /// Shown as a table (one row a card).
    table: bool,
    /// Where the next digit goes (`None`: everything typed).
    cursor: Option<Slot>,
    /// By field, the card's own value is still the one the rules gave it
    /// (filled in, not typed): the cursor passes it by. Never in a table.
    filled: Vec<bool>,
    /// The digits typed into the field at the cursor so far.
    typed: String,
    /// What the keypad or the table's Save has to say ("from 2 to 8").
    note: String,
}

/// What a digit typed makes of the number at the cursor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Typed {
    /// A number of the range, and no further digit could keep it there.
    Whole(i64),
    /// A number of the range that a further digit could make another (1
    /// where 10 to 12 may follow).
    Open(i64),
    /// Not a number of the range yet, but the start of one ("1" of 6 to 18).
    Start,
    /// Neither.
    Refused,
}

/// What the digits `typed` make within `min..=max`.
fn judge(typed: &str, min: i64, max: i64) -> Typed {
    if max < min || max - min > 10_000 {
        return Typed::Refused;
    }
    let (mut exact, mut longer) = (None, false);
    for n in min..=max {
        let s = n.to_string();
        if s == typed {
            exact = Some(n);
        } else if s.starts_with(typed) {
            longer = true;
        }
    }
    match (exact, longer) {
        (Some(n), false) => Typed::Whole(n),
        (Some(n), true) => Typed::Open(n),
        (None, true) => Typed::Start,
        (None, false) => Typed::Refused,
    }
}

/// The games whose cards carry facts.
fn games_with_facts() -> Vec<GameKind> {
    GameKind::ALL.into_iter().filter(|g| !g.fact_kinds().is_empty()).collect()
}

/// The value a field starts from: what is known, else nothing (a list
/// starts empty, a number unset).
fn start_value(field: &FormField) -> Value {
    match (&field.value, field.kind.as_str()) {
        (Some(v), _) => v.clone(),
        (None, "ints") => Value::Array(Vec::new()),
        (None, _) => Value::Null,
    }
}

/// The values `known` gives a card's `fields`, else nothing.
fn known_values(fields: &[FormField], known: Option<&CardFacts>) -> Vec<Value> {
    fields
        .iter()
        .map(|f| match known.and_then(|k| k.get(&f.key)) {
            Some(v) => v.clone(),
            None => start_value(&FormField { value: None, ..f.clone() }),
        })
        .collect()
}

/// A card's values as the table takes them, by field.
fn card_facts(fields: &[FormField], values: &[Value]) -> CardFacts {
    fields.iter().zip(values).map(|(f, v)| (f.key.clone(), v.clone())).collect()
}

/// True when nothing is typed in `values` (every number and choice unset,
/// every list empty).
fn blank(values: &[Value]) -> bool {
    values.iter().all(|v| v.is_null() || v.as_array().is_some_and(Vec::is_empty) || v.as_str() == Some(""))
}

/// A number stepped by `delta` within `min..=max`. An unset one ("?")
/// counts as nothing where nothing is a value (a skill: "+" gives 1, "−"
/// gives −1), else starts at the end of the range it is stepped from (a
/// path's space, 2 to 6: "+" gives 2).
fn unset_step(n: Option<i64>, delta: i64, min: i64, max: i64) -> i64 {
    match n {
        Some(n) => (n + delta).clamp(min, max),
        None if (min..=max).contains(&0) => delta.clamp(min, max),
        None if delta > 0 => min,
        None => max,
    }
}

/// The kind a card's facts are of, and the cards of that kind in catalog
/// order, when it can be typed as a table: numbers and choices only, few
/// enough to stand side by side, and more than one card.
fn table_cards(card: &str) -> Option<Vec<String>> {
    let game = GameKind::of_card(card)?;
    let kind: &FactKind = facts::kind_of(game.fact_kinds(), card)?;
    let simple =
        kind.fields.iter().all(|f| matches!(f.kind, facts::FieldKind::Int { .. } | facts::FieldKind::Choice { .. }));
    if !simple || kind.fields.len() > TABLE_FIELDS {
        return None;
    }
    let cards = crate::catalog::Catalog::builtin();
    let same: Vec<String> = facts::cards_with_facts(game.fact_kinds(), cards, game)
        .filter(|(_, k)| std::ptr::eq(*k, kind))
        .map(|(c, _)| c.id.clone())
        .collect();
    (same.len() > 1).then_some(same)
}

impl Editing {
    /// The form for `form`'s card alone, from `draft` if one was kept.
    fn single(form: &FactForm, draft: Option<&Vec<Value>>) -> Editing {
        let given: Vec<Value> = form.fields.iter().map(start_value).collect();
        let values = draft.filter(|d| d.len() == given.len()).cloned().unwrap_or_else(|| given.clone());
        // A draft that changed a value given keeps it as typed.
        let filled = form.fields.iter().zip(&values).map(|(f, v)| f.given && f.value.as_ref() == Some(v)).collect();
        let row = Row { card: form.card.clone(), name: form.name.clone(), values, given };
        let mut e = Editing {
            card: form.card.clone(),
            fields: form.fields.clone(),
            rows: vec![row],
            table: false,
            cursor: None,
            filled,
            typed: String::new(),
            note: String::new(),
        };
        e.cursor = e.first_open(0);
        e
    }

    /// Every card of `form`'s kind (`cards`) in a table, each from its draft or
    /// what `known` holds; the cursor on `form`'s card.
    fn table(
        form: &FactForm,
        cards: &[String],
        known: &crate::games::FactBook,
        drafts: &HashMap<String, Vec<Value>>,
        lang: Lang,
    ) -> Editing {
        let rows: Vec<Row> = cards
            .iter()
            .map(|card| {
                let given = known_values(&form.fields, known.get(card));
                let values =
                    drafts.get(card).filter(|d| d.len() == given.len()).cloned().unwrap_or_else(|| given.clone());
                Row { card: card.clone(), name: crate::table::card_title(card, lang), values, given }
            })
            .collect();
        let at = rows.iter().position(|r| r.card == form.card).unwrap_or(0);
        let mut e = Editing {
            card: form.card.clone(),
            fields: form.fields.clone(),
            rows,
            table: true,
            cursor: None,
            filled: vec![false; form.fields.len()],
            typed: String::new(),
            note: String::new(),
        };
        e.cursor = e.first_open(at);
        e
    }

    /// The row of the card the table shows the form of.
    fn own_row(&self) -> usize {
        self.rows.iter().position(|r| r.card == self.card).unwrap_or(0)
    }

    /// The places the keypad types into, in order: row by row, field by
    /// field, a list's items and then its new one.
    fn slots(&self) -> Vec<Slot> {
        let mut out = Vec::new();
        let rows: Vec<usize> = if self.table { (0..self.rows.len()).collect() } else { vec![self.own_row()] };
        for row in rows {
            for (field, f) in self.fields.iter().enumerate() {
                match f.kind.as_str() {
                    "int" | "choice" => out.push(Slot { row, field, item: None }),
                    "ints" => {
                        let len = self.rows[row].values[field].as_array().map_or(0, Vec::len);
                        let most = f.len.map_or(usize::MAX, |(_, most)| most);
                        out.extend((0..len.min(most)).map(|i| Slot { row, field, item: Some(i) }));
                        if len < most {
                            out.push(Slot { row, field, item: Some(len) });
                        }
                    }
                    _ => {}
                }
            }
        }
        out
    }

    /// The first place of `row` with nothing in it, else its first place
    /// (a known card's form: the cursor at its start).
    fn first_open(&self, row: usize) -> Option<Slot> {
        let slots: Vec<Slot> = self.slots().into_iter().filter(|s| s.row == row).collect();
        slots.iter().copied().find(|s| self.value_at(*s).is_none()).or_else(|| slots.first().copied())
    }

    /// The numbers a place takes: a number's range, a choice's options
    /// counted from 1.
    fn range(&self, s: Slot) -> (i64, i64) {
        let f = &self.fields[s.field];
        match f.kind.as_str() {
            "choice" => (1, f.options.len() as i64),
            _ => (f.min.unwrap_or(0), f.max.unwrap_or(0)),
        }
    }

    /// The number at a place (a choice's: its option's, from 1).
    fn value_at(&self, s: Slot) -> Option<i64> {
        let f = &self.fields[s.field];
        let v = &self.rows[s.row].values[s.field];
        match (f.kind.as_str(), s.item) {
            ("choice", _) => {
                let code = v.as_str()?;
                f.options.iter().position(|(c, _)| c == code).map(|i| i as i64 + 1)
            }
            (_, Some(i)) => v.as_array().and_then(|a| a.get(i)).and_then(Value::as_i64),
            (_, None) => v.as_i64(),
        }
    }

    /// True when the cursor passes `s` by: a value the rules gave, not
    /// touched since.
    fn passed_by(&self, s: Slot) -> bool {
        !self.table && self.filled.get(s.field).copied().unwrap_or(false)
    }

    /// The owner took field `field` over: a value given is theirs now.
    fn unfill(&mut self, field: usize) {
        if let Some(f) = self.filled.get_mut(field) {
            *f = false;
        }
    }

    /// Puts `n` at a place (`None`: clears it; a list's item taken out).
    fn set(&mut self, s: Slot, n: Option<i64>) {
        self.unfill(s.field);
        let f = &self.fields[s.field];
        let v = &mut self.rows[s.row].values[s.field];
        match (f.kind.as_str(), s.item) {
            ("choice", _) => {
                let option = n.and_then(|n| usize::try_from(n - 1).ok()).and_then(|i| f.options.get(i));
                *v = option.map_or(Value::Null, |(code, _)| Value::String(code.clone()));
            }
            (_, Some(i)) => {
                if let Some(items) = v.as_array_mut() {
                    match n {
                        Some(n) if i < items.len() => items[i] = Value::from(n),
                        Some(n) if i == items.len() => items.push(Value::from(n)),
                        None if i < items.len() => {
                            items.remove(i);
                        }
                        _ => {}
                    }
                }
            }
            (_, None) => *v = n.map_or(Value::Null, Value::from),
        }
    }

    /// The place after the cursor (`None`: none left), values given
    /// passed by.
    fn after(&self, s: Slot) -> Option<Slot> {
        let slots = self.slots();
        let at = slots.iter().position(|x| *x == s)?;
        slots[at + 1..].iter().copied().find(|x| !self.passed_by(*x))
    }

    /// The place before the cursor (the last one when the cursor is past
    /// them all), values given passed by.
    fn before(&self, s: Option<Slot>) -> Option<Slot> {
        let slots = self.slots();
        let end = match s {
            None => slots.len(),
            Some(s) => slots.iter().position(|x| *x == s)?,
        };
        slots[..end].iter().rev().copied().find(|x| !self.passed_by(*x))
    }

    fn refuse(&mut self, s: Slot, lang: Lang) {
        let (min, max) = self.range(s);
        let name = capital(&self.fields[s.field].name);
        self.note = lang.text(&msg!("ui.facts.key.refused", field = name.as_str(), min, max));
    }

    /// A digit typed.
    fn digit(&mut self, d: char, lang: Lang) {
        let Some(s) = self.cursor else {
            self.note = lang.text(&msg!("ui.facts.key.all_typed"));
            return;
        };
        let (min, max) = self.range(s);
        let typed = format!("{}{d}", self.typed);
        match judge(&typed, min, max) {
            Typed::Whole(n) => {
                self.set(s, Some(n));
                self.typed.clear();
                self.cursor = self.after(s);
            }
            Typed::Open(n) => {
                self.set(s, Some(n));
                self.typed = typed;
            }
            Typed::Start => {
                // A number not whole yet leaves nothing behind it: Save would
                // otherwise keep the old one unseen.
                if s.item.is_none() {
                    self.set(s, None);
                }
                self.typed = typed;
            }
            Typed::Refused => {
                // The number before was whole: the digit starts the next place.
                if matches!(judge(&self.typed, min, max), Typed::Open(_)) {
                    self.typed.clear();
                    self.cursor = self.after(s);
                    self.digit(d, lang);
                } else {
                    self.refuse(s, lang);
                }
            }
        }
    }

    /// "−": −1 at once where it is the least the field takes (no other
    /// number could follow the sign: a skill), else a negative number
    /// starts, where the field allows one.
    fn minus(&mut self, lang: Lang) {
        let Some(s) = self.cursor else { return };
        let (min, max) = self.range(s);
        if !self.typed.is_empty() || judge("-", min, max) != Typed::Start {
            return self.refuse(s, lang);
        }
        if min == -1 {
            self.set(s, Some(-1));
            self.cursor = self.after(s);
            return;
        }
        if s.item.is_none() {
            self.set(s, None);
        }
        self.typed = "-".to_string();
    }

    /// "→": the number at the cursor ends here; on to the next place.
    fn next(&mut self, lang: Lang) {
        let Some(s) = self.cursor else { return };
        let (min, max) = self.range(s);
        if !self.typed.is_empty() && !matches!(judge(&self.typed, min, max), Typed::Open(_)) {
            return self.refuse(s, lang);
        }
        self.typed.clear();
        // A list ended: on to the field after it.
        let mut next = self.after(s);
        while let Some(n) = next.filter(|n| n.row == s.row && n.field == s.field && s.item.is_some()) {
            next = self.after(n);
        }
        self.cursor = next;
    }

    /// "⌫": the last digit taken back; else the place at the cursor
    /// cleared; else the one before it.
    fn back(&mut self) {
        if let Some(s) = self.cursor.filter(|_| !self.typed.is_empty()) {
            self.typed.pop();
            let (min, max) = self.range(s);
            match judge(&self.typed, min, max) {
                Typed::Whole(n) | Typed::Open(n) => self.set(s, Some(n)),
                _ if s.item.is_none() => self.set(s, None),
                _ => {}
            }
            return;
        }
        match self.cursor {
            Some(s) if self.value_at(s).is_some() => self.set(s, None),
            at => {
                if let Some(before) = self.before(at) {
                    self.set(before, None);
                    // A list's last item taken out: the cursor on its new one.
                    self.cursor = Some(before);
                }
            }
        }
    }
}

impl Controller {
    /// The page of the card facts, if one is up: the form takes the screen
    /// over everything but the hardware pages.
    pub(super) fn facts_page(&self, view: &TableView) -> Option<crate::Page> {
        if view.facts_form.is_some() {
            return Some(crate::Page::FactsForm);
        }
        (self.overlay == Some(Overlay::CardFacts)).then_some(crate::Page::FactsDeck)
    }

    /// Opens Settings → Card facts: cards laid on the reader open their form.
    pub(super) fn open_card_facts(&mut self) {
        self.overlay = Some(Overlay::CardFacts);
        let game = self.facts_screen.game.or_else(|| games_with_facts().first().copied());
        self.facts_screen.game = game;
        self.touch(Touch::FactsEntry { game });
    }

    /// Leaves Settings → Card facts: cards go to the game again.
    pub(super) fn close_card_facts(&mut self) {
        self.touch(Touch::FactsEntry { game: None });
    }

    /// Keeps what was typed and not saved as the drafts of its cards (a
    /// card saved since, with those very values, needs none).
    fn keep_drafts(&mut self) {
        self.read_drafts();
        let Some(e) = self.facts_screen.editing.take() else { return };
        let before = self.facts_screen.drafts.clone();
        let known = self.booted.table.session.facts();
        for row in e.rows {
            let saved = known.get(&row.card).is_some_and(|k| {
                let typed = card_facts(&e.fields, &row.values);
                typed.iter().all(|(key, v)| v.is_null() || k.get(key) == Some(v))
            });
            if saved || row.values == row.given {
                self.facts_screen.drafts.remove(&row.card);
            } else {
                self.facts_screen.drafts.insert(row.card, row.values);
            }
        }
        if self.facts_screen.drafts != before {
            self.write_drafts();
        }
    }

    /// Reads the drafts kept in the journal, once.
    fn read_drafts(&mut self) {
        if std::mem::replace(&mut self.facts_screen.drafts_read, true) {
            return;
        }
        let Some(path) = &self.booted.journal else { return };
        let Ok(opened) = crate::journal::Journal::open(path) else { return };
        if let Ok(Some(kept)) = opened.journal.setting::<HashMap<String, Vec<Value>>>(DRAFTS) {
            for (card, values) in kept {
                self.facts_screen.drafts.entry(card).or_insert(values);
            }
        }
    }

    /// Keeps the drafts in the journal. One that cannot be written costs
    /// only the drafts after a restart; they stay while Tavola runs.
    fn write_drafts(&self) {
        let Some(path) = &self.booted.journal else { return };
        let Ok(mut opened) = crate::journal::Journal::open(path) else { return };
        let drafts = &self.facts_screen.drafts;
        let _ = if drafts.is_empty() {
            opened.journal.remove_setting(DRAFTS).map(|_| ())
        } else {
            opened.journal.set_setting(DRAFTS, drafts)
        };
    }

    /// The form being typed, brought in line with the table's: started
    /// afresh (from a draft) when another card's form comes up, kept when
    /// the card is one of the table's rows; `None` when no form is up.
    fn facts_editing(&mut self, view: &TableView) -> Option<&mut Editing> {
        let Some(form) = view.facts_form.as_ref() else {
            self.keep_drafts();
            self.facts_screen.single = false;
            return None;
        };
        let same = self.facts_screen.editing.as_ref().is_some_and(|e| {
            e.card == form.card
                || (e.table && e.rows.iter().any(|r| r.card == form.card) && e.fields.len() == form.fields.len())
        });
        if same {
            let e = self.facts_screen.editing.as_mut()?;
            e.card = form.card.clone();
            return Some(e);
        }
        self.keep_drafts();
        let fresh = Editing::single(form, self.facts_screen.drafts.get(&form.card));
        self.facts_screen.editing = Some(fresh);
        // A game waiting for several cards of a kind that reads as a table
        // asks for them all on one screen.
        if view.facts_block_game && !self.facts_screen.single {
            let known = self.booted.table.session.facts();
            let missing =
                table_cards(&form.card).map_or(0, |cards| cards.iter().filter(|c| known.get(c).is_none()).count());
            if missing > 1 {
                self.facts_as_table(view, true);
            }
        }
        self.facts_screen.editing.as_mut()
    }

    /// Runs `act` on the form being typed, if one is up.
    fn with_editing(&mut self, act: impl FnOnce(&mut Editing, Lang)) {
        let view = self.view();
        let lang = view.lang;
        if let Some(e) = self.facts_editing(&view) {
            e.note.clear();
            act(e, lang);
        }
        self.facts_screen.rev += 1;
    }

    /// Shows the form's card with the rest of its kind as a table (`on`),
    /// or alone; what was typed stays.
    fn facts_as_table(&mut self, view: &TableView, on: bool) {
        let Some(form) = view.facts_form.as_ref() else { return };
        let cards = if on { table_cards(&form.card) } else { None };
        if on && cards.is_none() {
            return;
        }
        self.keep_drafts();
        self.facts_screen.single = !on;
        let e = match cards {
            Some(cards) => {
                let known = self.booted.table.session.facts();
                Editing::table(form, &cards, known, &self.facts_screen.drafts, view.lang)
            }
            None => Editing::single(form, self.facts_screen.drafts.get(&form.card)),
        };
        self.facts_screen.editing = Some(e);
        self.facts_screen.rev += 1;
    }

    fn facts_key(&mut self, key: &str) {
        self.with_editing(|e, lang| match key {
            "back" => e.back(),
            "next" => e.next(lang),
            "-" => e.minus(lang),
            d => {
                if let Some(d) = d.chars().next().filter(char::is_ascii_digit) {
                    e.digit(d, lang);
                }
            }
        });
    }

    /// The cursor put on a place (a field tapped; `item` −1 for a number or a
    /// choice, a list's new item when it is a list).
    fn facts_focus(&mut self, row: usize, field: usize, item: i32) {
        self.with_editing(|e, _| {
            let Some(r) = e.rows.get(row) else { return };
            let Some(v) = r.values.get(field) else { return };
            let item = match (e.fields[field].kind.as_str(), usize::try_from(item).ok()) {
                ("ints", Some(i)) => Some(i),
                ("ints", None) => Some(v.as_array().map_or(0, Vec::len)),
                _ => None,
            };
            let s = Slot { row, field, item };
            if e.slots().contains(&s) {
                e.cursor = Some(s);
                e.typed.clear();
            }
        });
    }

    fn facts_step(&mut self, field: usize, item: i32, delta: i64) {
        self.with_editing(|e, _| {
            e.unfill(field);
            let row = e.own_row();
            let (Some(f), Some(v)) = (e.fields.get(field), e.rows[row].values.get_mut(field)) else { return };
            let (min, max) = (f.min.unwrap_or(0), f.max.unwrap_or(0));
            let bump = |n: Option<i64>| unset_step(n, delta, min, max);
            if item < 0 {
                *v = Value::from(bump(v.as_i64()));
            } else if let Some(x) = v.as_array_mut().and_then(|a| a.get_mut(item as usize)) {
                *x = Value::from(bump(x.as_i64()));
            }
            e.typed.clear();
            let item = usize::try_from(item).ok();
            e.cursor = Some(Slot { row, field, item });
        });
    }

    fn facts_list(&mut self, field: usize, add: bool) {
        self.with_editing(|e, _| {
            e.unfill(field);
            let row = e.own_row();
            let (Some(f), Some(v)) = (e.fields.get(field), e.rows[row].values.get_mut(field)) else { return };
            let most = f.len.map_or(usize::MAX, |(_, most)| most);
            if let Some(items) = v.as_array_mut() {
                if add && items.len() < most {
                    // A new space starts as the one before it (tracks repeat numbers).
                    let next = items.last().cloned().unwrap_or_else(|| Value::from(f.min.unwrap_or(0)));
                    items.push(next);
                } else if !add {
                    items.pop();
                }
                let len = items.len();
                e.typed.clear();
                e.cursor = Some(Slot { row, field, item: Some(len.min(most)) });
                if !e.slots().contains(&Slot { row, field, item: Some(len) }) {
                    e.cursor = e.slots().into_iter().find(|s| s.row == row && s.field > field);
                }
            }
        });
    }

    fn facts_pick(&mut self, field: usize, option: usize) {
        self.with_editing(|e, _| {
            e.unfill(field);
            let row = e.own_row();
            let (Some(f), Some(v)) = (e.fields.get(field), e.rows[row].values.get_mut(field)) else { return };
            match f.kind.as_str() {
                "flag" => *v = Value::Bool(option == 1),
                _ => {
                    if let Some((code, _)) = f.options.get(option) {
                        *v = Value::String(code.clone());
                    }
                }
            }
            // On to what follows the choice.
            e.typed.clear();
            let s = Slot { row, field, item: None };
            e.cursor = if e.slots().contains(&s) { e.after(s) } else { e.cursor };
        });
    }

    /// An optional field's value taken away (a second coat of arms the card
    /// does not bear after all).
    fn facts_clear(&mut self, field: usize) {
        self.with_editing(|e, _| {
            let row = e.own_row();
            if e.fields.get(field).is_some_and(|f| f.optional) {
                e.unfill(field);
                e.rows[row].values[field] = Value::Null;
                e.typed.clear();
            }
        });
    }

    fn facts_text(&mut self, field: usize, text: &str) {
        self.with_editing(|e, _| {
            e.unfill(field);
            let row = e.own_row();
            if let Some(v) = e.rows[row].values.get_mut(field) {
                *v = Value::String(text.to_string());
            }
        });
    }

    /// Sends what was typed; the table answers with the range of a value
    /// out of it (the message line) or takes the card. A table's rows are
    /// checked first, all of them: one refused names its card, and none is
    /// sent.
    fn facts_save(&mut self) {
        let view = self.view();
        let lang = view.lang;
        self.facts_screen.rev += 1;
        let Some(e) = self.facts_editing(&view) else { return };
        let sends: Vec<(String, CardFacts)> = if e.table {
            let kinds = GameKind::of_card(&e.card).map(|g| g.fact_kinds()).unwrap_or_default();
            let catalog = crate::catalog::Catalog::builtin();
            let mut sends = Vec::new();
            let mut refused = None;
            for (i, row) in e.rows.iter().enumerate() {
                // A row as it came, or left blank, is not for saving.
                if row.values == row.given || blank(&row.values) {
                    continue;
                }
                let facts = card_facts(&e.fields, &row.values);
                match facts::check(kinds, catalog, &row.card, &facts) {
                    Ok(_) => sends.push((row.card.clone(), facts)),
                    Err(why) => {
                        use tavola_words::Said;
                        refused = Some((i, row.name.clone(), why.text(lang)));
                        break;
                    }
                }
            }
            if let Some((i, card, why)) = refused {
                e.note = lang.text(&msg!("ui.facts.table.refused", row = i + 1, card = card.as_str(), why));
                e.cursor = e.first_open(i);
                e.typed.clear();
                return;
            }
            if sends.is_empty() {
                e.note = lang.text(&msg!("ui.facts.table.nothing"));
                return;
            }
            sends
        } else {
            let row = &e.rows[e.own_row()];
            vec![(row.card.clone(), card_facts(&e.fields, &row.values))]
        };
        for (card, facts) in sends {
            self.touch(Touch::SetFacts { card, facts });
        }
        // The rows the table took are as given now; the others keep what
        // was typed.
        let known = self.booted.table.session.facts();
        if let Some(e) = self.facts_screen.editing.as_mut() {
            for row in &mut e.rows {
                if let Some(k) = known.get(&row.card) {
                    let typed = card_facts(&e.fields, &row.values);
                    if typed.iter().all(|(key, v)| v.is_null() || k.get(key) == Some(v)) {
                        row.given = row.values.clone();
                    }
                }
            }
        }
    }

    /// "Not now" or "Cancel": the form goes, what was typed stays as a
    /// draft of its card.
    fn facts_cancel(&mut self) {
        self.keep_drafts();
        self.facts_screen.rev += 1;
        self.touch(Touch::OpenFacts { card: None });
    }

    fn facts_open_card(&mut self, i: usize) {
        let Some(game) = self.facts_screen.game else { return };
        let cards = crate::catalog::Catalog::builtin();
        let card = facts::cards_with_facts(game.fact_kinds(), cards, game).nth(i).map(|(c, _)| c.id.clone());
        if let Some(card) = card {
            self.touch(Touch::OpenFacts { card: Some(card) });
        }
    }

    fn facts_choose_game(&mut self, i: usize) {
        if let Some(game) = games_with_facts().get(i).copied() {
            self.facts_screen.game = Some(game);
            self.facts_screen.rev += 1;
            self.touch(Touch::FactsEntry { game: Some(game) });
        }
    }

    /// Copies the form and the list of cards into `FactsUi`, when what they
    /// show changed since the last time.
    pub(super) fn refresh_facts(&mut self, window: &AppWindow, view: &TableView) {
        let lang = view.lang;
        // Bring the form in line first: a form that came or went changes rev.
        let had = self.facts_screen.editing.as_ref().map(|e| e.card.clone());
        let has = self.facts_editing(view).map(|e| e.card.clone());
        if had != has {
            self.facts_screen.rev += 1;
        }
        let shown = Shown {
            form: view.facts_form.clone(),
            blocks: view.facts_block_game,
            lang,
            deck: self.overlay == Some(Overlay::CardFacts),
            rev: self.facts_screen.rev,
            inputs: self.inputs,
        };
        if self.facts_screen.shown.as_ref() == Some(&shown) {
            return;
        }
        self.facts_screen.shown = Some(shown);
        let ui = window.global::<FactsUi<'_>>();
        ui.set_blocks_game(view.facts_block_game);
        if let Some(e) = self.facts_screen.editing.as_ref() {
            fill_form(&ui, e, lang);
        }
        if self.overlay == Some(Overlay::CardFacts) {
            let games = games_with_facts();
            let titles: Vec<SharedString> = games.iter().map(|g| g.title().into()).collect();
            super::set_model(&ui.get_games(), titles, |m| ui.set_games(m));
            let index = self.facts_screen.game.and_then(|g| games.iter().position(|x| *x == g));
            ui.set_game_index(index.map_or(-1, |i| i as i32));
            let known = self.booted.table.session.facts();
            let mut rows = Vec::new();
            if let Some(game) = self.facts_screen.game {
                let cards = crate::catalog::Catalog::builtin();
                for (c, _) in facts::cards_with_facts(game.fact_kinds(), cards, game) {
                    let given = known.get(&c.id);
                    let summary = given.map(|f| summary(&c.id, f, lang)).unwrap_or_default();
                    let name = crate::table::card_title(&c.id, lang);
                    rows.push(FactCardRow { name: name.into(), summary: summary.into(), known: given.is_some() });
                }
            }
            let missing = rows.iter().filter(|r| !r.known).count();
            let text = lang.text(&msg!("ui.facts.missing", count = missing, total = rows.len()));
            ui.set_missing_text(text.into());
            super::set_model(&ui.get_cards(), rows, |m| ui.set_cards(m));
        }
    }
}

/// The form being typed into `FactsUi`: its card's fields (the form) and
/// every row (the table), the cursor, what the keypad said.
fn fill_form(ui: &FactsUi<'_>, e: &Editing, lang: Lang) {
    let own = e.own_row();
    let row = &e.rows[own];
    ui.set_card_name(row.name.clone().into());
    ui.set_note(e.note.clone().into());
    ui.set_table(e.table);
    let others = table_cards(&e.card).map_or(0, |c| c.len());
    ui.set_table_label(if others > 1 {
        lang.text(&msg!("ui.facts.table.open", cards = others)).into()
    } else {
        SharedString::new()
    });
    let cursor = e.cursor;
    let fields_before = ui.get_fields();
    let fields: Vec<FactField> = e
        .fields
        .iter()
        .zip(row.values.iter())
        .enumerate()
        .map(|(i, (f, v))| {
            let at = cursor.filter(|s| s.row == own && s.field == i);
            let typed = if at.is_some() { e.typed.as_str() } else { "" };
            let filled = !e.table && e.filled.get(i).copied().unwrap_or(false);
            field_item(f, v, lang, fields_before.row_data(i), at, typed, filled)
        })
        .collect();
    super::set_model(&ui.get_fields(), fields, |m| ui.set_fields(m));
    let columns: Vec<SharedString> =
        if e.table { e.fields.iter().map(|f| capital(&f.name).into()).collect() } else { Vec::new() };
    super::set_model(&ui.get_columns(), columns, |m| ui.set_columns(m));
    let before = ui.get_rows();
    let rows: Vec<FactRow> = if e.table {
        e.rows
            .iter()
            .enumerate()
            .map(|(r, row)| {
                let cells: Vec<FactCell> = e
                    .fields
                    .iter()
                    .zip(row.values.iter())
                    .enumerate()
                    .map(|(i, (f, v))| {
                        let here = cursor == Some(Slot { row: r, field: i, item: None });
                        let text = if here && !e.typed.is_empty() { format!("{}…", e.typed) } else { shown(f, v) };
                        FactCell { text: text.into(), current: here }
                    })
                    .collect();
                let current = cursor.is_some_and(|s| s.row == r);
                let cells = super::nested(before.row_data(r).map(|b| b.cells), cells);
                FactRow {
                    name: row.name.clone().into(),
                    cells,
                    current,
                    saved: row.values == row.given && !blank(&row.values),
                }
            })
            .collect()
    } else {
        Vec::new()
    };
    super::set_model(&ui.get_rows(), rows, |m| ui.set_rows(m));
    ui.set_cursor_row(cursor.map_or(-1, |s| s.row as i32));
}

/// A card's facts in a line (`22 · 14`), choices by their names.
fn summary(card: &str, f: &CardFacts, lang: Lang) -> String {
    let form = crate::table::fact_form(card, &crate::games::FactBook::new(), lang);
    let Some(form) = form else { return String::new() };
    form.fields.iter().filter_map(|field| f.get(&field.key).map(|v| shown(field, v))).collect::<Vec<_>>().join(" · ")
}

/// A value as the form shows it.
fn shown(f: &FormField, v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(code) => {
            f.options.iter().find(|(c, _)| c == code).map_or_else(|| code.clone(), |(_, n)| n.clone())
        }
        Value::Array(items) => items.iter().map(Value::to_string).collect::<Vec<_>>().join(" "),
        Value::Bool(b) => if *b { "✓" } else { "✗" }.to_string(),
        other => other.to_string(),
    }
}

/// A field's name starting a line on the form (mid-sentence in messages).
fn capital(name: &str) -> String {
    let mut name = name.chars();
    name.next().map(|c| c.to_uppercase().chain(name).collect()).unwrap_or_default()
}

/// One field as `FactsUi` shows it; its lists in the models of the field
/// shown in its place before (`before`, see `nested`); `at` the cursor
/// when it is on this field, with the digits `typed` there so far;
/// `filled` its value the one the rules gave.
fn field_item(
    f: &FormField,
    v: &Value,
    lang: Lang,
    before: Option<FactField>,
    at: Option<Slot>,
    typed: &str,
    filled: bool,
) -> FactField {
    let hint = match (f.min, f.max, f.len, f.kind.as_str()) {
        (Some(min), Some(max), Some((few, most)), "ints") => {
            lang.text(&msg!("ui.facts.list_range", min, max, few = few, most = most))
        }
        (Some(min), Some(max), _, _) => lang.text(&msg!("ui.facts.range", min, max)),
        _ => String::new(),
    };
    let selected = match (f.kind.as_str(), v) {
        ("flag", Value::Bool(b)) => i32::from(*b),
        (_, Value::String(code)) => f.options.iter().position(|(c, _)| c == code).map_or(-1, |i| i as i32),
        _ => -1,
    };
    // Each option with the number the keypad types it by.
    let options: Vec<SharedString> =
        f.options.iter().enumerate().map(|(i, (_, name))| format!("{} {name}", i + 1).into()).collect();
    let values: Vec<i32> =
        v.as_array().map(|a| a.iter().filter_map(Value::as_i64).map(|n| n as i32).collect()).unwrap_or_default();
    FactField {
        name: capital(&f.name).into(),
        kind: f.kind.clone().into(),
        value: shown(f, v).into(),
        hint: hint.into(),
        options: super::nested(before.as_ref().map(|b| b.options.clone()), options),
        selected,
        values: super::nested(before.map(|b| b.values), values),
        min: f.min.unwrap_or(0) as i32,
        max: f.max.unwrap_or(0) as i32,
        optional: f.optional,
        current: at.is_some(),
        current_item: at.and_then(|s| s.item).map_or(-1, |i| i as i32),
        typed: typed.into(),
        filled,
    }
}

/// Connects the `FactsUi` callbacks.
pub(super) fn wire<W: Fn(&dyn Fn(&mut Controller)) + ?Sized + 'static>(
    window: &AppWindow,
    _ctrl: &Rc<RefCell<Controller>>,
    with: Rc<W>,
) {
    let ui = window.global::<FactsUi<'_>>();
    let idx = |i: i32| usize::try_from(i).unwrap_or(usize::MAX);
    {
        let with = with.clone();
        ui.on_step(move |field, item, delta| with(&|c| c.facts_step(idx(field), item, i64::from(delta))));
    }
    {
        let with = with.clone();
        ui.on_pick(move |field, option| with(&|c| c.facts_pick(idx(field), idx(option))));
    }
    {
        let with = with.clone();
        ui.on_edit_text(move |field, text| with(&|c| c.facts_text(idx(field), &text)));
    }
    {
        let with = with.clone();
        ui.on_add_item(move |field| with(&|c| c.facts_list(idx(field), true)));
    }
    {
        let with = with.clone();
        ui.on_remove_item(move |field| with(&|c| c.facts_list(idx(field), false)));
    }
    {
        let with = with.clone();
        ui.on_key(move |key| with(&|c| c.facts_key(&key)));
    }
    {
        let with = with.clone();
        ui.on_focus(move |row, field, item| with(&|c| c.facts_focus(idx(row), idx(field), item)));
    }
    {
        let with = with.clone();
        ui.on_clear(move |field| with(&|c| c.facts_clear(idx(field))));
    }
    {
        let with = with.clone();
        ui.on_as_table(move |on| {
            with(&|c| {
                let view = c.view();
                c.facts_as_table(&view, on);
            })
        });
    }
    {
        let with = with.clone();
        ui.on_save(move || with(&|c| c.facts_save()));
    }
    {
        let with = with.clone();
        ui.on_cancel(move || with(&|c| c.facts_cancel()));
    }
    {
        let with = with.clone();
        ui.on_choose_game(move |i| with(&|c| c.facts_choose_game(idx(i))));
    }
    {
        let with = with.clone();
        ui.on_open_card(move |i| with(&|c| c.facts_open_card(idx(i))));
    }
    ui.on_open_page(move || with(&|c| c.open_card_facts()));
}

#[cfg(test)]
mod tests {
    use super::{judge, unset_step, Editing, Slot, Typed};
    use crate::games::Lang;
    use crate::table::{FactForm, FormField};

    /// A form of numbers from `min` to `max`, the ones in `given` filled in.
    fn numbers(min: i64, max: i64, given: &[Option<i64>]) -> Editing {
        let fields = given
            .iter()
            .enumerate()
            .map(|(i, g)| FormField {
                key: format!("n{i}"),
                name: format!("n{i}"),
                kind: "int".into(),
                min: Some(min),
                max: Some(max),
                len: None,
                options: Vec::new(),
                optional: false,
                value: g.map(Into::into),
                given: g.is_some(),
            })
            .collect();
        Editing::single(&FactForm { card: "test/card/x".into(), name: "X".into(), fields }, None)
    }

    fn at(e: &Editing) -> Option<usize> {
        e.cursor.map(|s| s.field)
    }

    #[test]
    fn minus_is_minus_one_at_once_where_nothing_lower_could_follow() {
        // A skill, −1 to 6: "−" is −1 and the cursor moves on.
        let mut e = numbers(-1, 6, &[None, None]);
        e.minus(Lang::En);
        assert_eq!(e.value_at(Slot { row: 0, field: 0, item: None }), Some(-1));
        assert_eq!(at(&e), Some(1));
        // −5 to 5: "−" waits for its digit.
        let mut e = numbers(-5, 5, &[None, None]);
        e.minus(Lang::En);
        assert_eq!((e.typed.as_str(), at(&e)), ("-", Some(0)));
        e.digit('3', Lang::En);
        assert_eq!(e.value_at(Slot { row: 0, field: 0, item: None }), Some(-3));
        // 0 to 6: refused.
        let mut e = numbers(0, 6, &[None]);
        e.minus(Lang::En);
        assert!(!e.note.is_empty());
    }

    #[test]
    fn the_cursor_passes_a_value_given_by_until_the_owner_changes_it() {
        let mut e = numbers(1, 6, &[None, Some(4), None]);
        assert_eq!(at(&e), Some(0));
        e.digit('2', Lang::En);
        assert_eq!(at(&e), Some(2), "the given 4 passed by");
        e.back();
        e.back();
        assert_eq!(e.value_at(Slot { row: 0, field: 1, item: None }), Some(4), "⌫ passes it by too");
        assert_eq!(at(&e), Some(0));
        // Typed over: the owner's, then passed by no more.
        e.cursor = Some(Slot { row: 0, field: 1, item: None });
        e.digit('5', Lang::En);
        assert!(!e.filled[1]);
        e.cursor = Some(Slot { row: 0, field: 0, item: None });
        e.digit('1', Lang::En);
        assert_eq!(at(&e), Some(1));
    }

    #[test]
    fn a_number_not_given_yet_steps_from_nothing_where_nothing_is_a_value() {
        // A skill that may be −1: "+" on "?" gives 1, not the range's −1.
        assert_eq!(unset_step(None, 1, -1, 6), 1);
        assert_eq!(unset_step(None, -1, -1, 6), -1);
        // A path's space, 2 to 6: "+" starts at 2, "−" at 6.
        assert_eq!(unset_step(None, 1, 2, 6), 2);
        assert_eq!(unset_step(None, -1, 2, 6), 6);
        // A number given steps within the range.
        assert_eq!(unset_step(Some(6), 1, 2, 6), 6);
        assert_eq!(unset_step(Some(3), -1, 2, 6), 2);
    }

    #[test]
    fn a_digit_ends_a_number_once_no_further_digit_keeps_it_in_range() {
        // A space of the path, 2 to 8: one digit each; 9 and 0 refused.
        assert_eq!(judge("4", 2, 8), Typed::Whole(4));
        assert_eq!(judge("9", 2, 8), Typed::Refused);
        assert_eq!(judge("0", 2, 8), Typed::Refused);
        // 0 to 12: "1" may become 10 to 12, "13" cannot be.
        assert_eq!(judge("1", 0, 12), Typed::Open(1));
        assert_eq!(judge("12", 0, 12), Typed::Whole(12));
        assert_eq!(judge("13", 0, 12), Typed::Refused);
        assert_eq!(judge("0", 0, 12), Typed::Whole(0));
        // A requirement, 6 to 18: "1" waits for its second digit.
        assert_eq!(judge("1", 6, 18), Typed::Start);
        assert_eq!(judge("14", 6, 18), Typed::Whole(14));
        assert_eq!(judge("7", 6, 18), Typed::Whole(7));
        // A skill, −1 to 6.
        assert_eq!(judge("-", -1, 6), Typed::Start);
        assert_eq!(judge("-1", -1, 6), Typed::Whole(-1));
        assert_eq!(judge("-2", -1, 6), Typed::Refused);
    }
}
