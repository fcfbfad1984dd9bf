//! The owner's card facts on the screen: the form for one card (the table's
//! `facts_form`: a card the game waits for, or one the owner opened), and
//! Settings → Card facts (a game's cards, what still lacks its numbers, a
//! card laid on the reader opening its form).
//!
//! The form only collects what the owner types; the table checks every value
//! against the game's declared ranges and says what is wrong
//! (`Touch::SetFacts`).

use super::{Controller, Overlay};
use crate::games::facts::{self, CardFacts};
use crate::games::{GameKind, Lang};
use crate::table::{FactForm, Touch};
use crate::ui::{AppWindow, FactCardRow, FactField, FactsUi};
use serde_json::Value;
use slint::{ComponentHandle, Model, SharedString};
use std::cell::RefCell;
use std::rc::Rc;
use tavola_words::msg;

/// What the screen holds of the card facts pages.
#[derive(Debug, Default)]
pub(super) struct FactsScreen {
    /// The card being edited and the values typed so far, by field.
    editing: Option<(String, Vec<Value>)>,
    /// The game chosen in Settings → Card facts.
    game: Option<GameKind>,
}

/// The games whose cards carry facts.
fn games_with_facts() -> Vec<GameKind> {
    GameKind::ALL.into_iter().filter(|g| !g.fact_kinds().is_empty()).collect()
}

/// The value a field starts from: what is known, else nothing (a list
/// starts empty, a number unset).
fn start_value(field: &crate::table::FormField) -> Value {
    match (&field.value, field.kind.as_str()) {
        (Some(v), _) => v.clone(),
        (None, "ints") => Value::Array(Vec::new()),
        (None, _) => Value::Null,
    }
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

impl Controller {
    /// The page of the card facts, if one is up: the form takes the screen
    /// over everything but the hardware pages.
    pub(super) fn facts_page(&self, view: &crate::table::TableView) -> Option<crate::ui::Page> {
        if view.facts_form.is_some() {
            return Some(crate::ui::Page::FactsForm);
        }
        (self.overlay == Some(Overlay::CardFacts)).then_some(crate::ui::Page::FactsDeck)
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

    fn facts_form_now(&self) -> Option<FactForm> {
        self.view().facts_form
    }

    /// The typed values, started afresh when another card's form comes up.
    fn facts_values(&mut self) -> Option<(FactForm, &mut Vec<Value>)> {
        let form = self.facts_form_now()?;
        let fresh = self.facts_screen.editing.as_ref().is_none_or(|(card, _)| *card != form.card);
        if fresh {
            let values = form.fields.iter().map(start_value).collect();
            self.facts_screen.editing = Some((form.card.clone(), values));
        }
        let (_, values) = self.facts_screen.editing.as_mut()?;
        Some((form, values))
    }

    fn facts_step(&mut self, field: usize, item: i32, delta: i64) {
        let Some((form, values)) = self.facts_values() else { return };
        let (Some(f), Some(v)) = (form.fields.get(field), values.get_mut(field)) else { return };
        let (min, max) = (f.min.unwrap_or(0), f.max.unwrap_or(0));
        let bump = |n: Option<i64>| unset_step(n, delta, min, max);
        if item < 0 {
            *v = Value::from(bump(v.as_i64()));
        } else if let Some(x) = v.as_array_mut().and_then(|a| a.get_mut(item as usize)) {
            *x = Value::from(bump(x.as_i64()));
        }
    }

    fn facts_list(&mut self, field: usize, add: bool) {
        let Some((form, values)) = self.facts_values() else { return };
        let (Some(f), Some(v)) = (form.fields.get(field), values.get_mut(field)) else { return };
        let most = f.len.map_or(usize::MAX, |(_, most)| most);
        if let Some(items) = v.as_array_mut() {
            if add && items.len() < most {
                // A new space starts as the one before it (tracks repeat numbers).
                let next = items.last().cloned().unwrap_or_else(|| Value::from(f.min.unwrap_or(0)));
                items.push(next);
            } else if !add {
                items.pop();
            }
        }
    }

    fn facts_pick(&mut self, field: usize, option: usize) {
        let Some((form, values)) = self.facts_values() else { return };
        let (Some(f), Some(v)) = (form.fields.get(field), values.get_mut(field)) else { return };
        match f.kind.as_str() {
            "flag" => *v = Value::Bool(option == 1),
            _ => {
                if let Some((code, _)) = f.options.get(option) {
                    *v = Value::String(code.clone());
                }
            }
        }
    }

    fn facts_text(&mut self, field: usize, text: &str) {
        if let Some((_, values)) = self.facts_values() {
            if let Some(v) = values.get_mut(field) {
                *v = Value::String(text.to_string());
            }
        }
    }

    /// Sends what was typed; the table answers with the range of a value
    /// out of it (the message line) or takes the card.
    fn facts_save(&mut self) {
        let Some((form, values)) = self.facts_values() else { return };
        let facts: CardFacts = form.fields.iter().zip(values.iter()).map(|(f, v)| (f.key.clone(), v.clone())).collect();
        self.touch(Touch::SetFacts { card: form.card, facts });
    }

    fn facts_cancel(&mut self) {
        self.facts_screen.editing = None;
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
            self.touch(Touch::FactsEntry { game: Some(game) });
        }
    }

    /// Copies the form and the list of cards into `FactsUi`.
    pub(super) fn refresh_facts(&mut self, window: &AppWindow, lang: Lang) {
        let ui = window.global::<FactsUi<'_>>();
        let view = self.view();
        ui.set_blocks_game(view.facts_block_game);
        match self.facts_values() {
            Some((form, values)) => {
                ui.set_card_name(form.name.clone().into());
                let shown = ui.get_fields();
                let fields: Vec<FactField> = form
                    .fields
                    .iter()
                    .zip(values.iter())
                    .enumerate()
                    .map(|(i, (f, v))| field_item(f, v, lang, shown.row_data(i)))
                    .collect();
                super::set_model(&ui.get_fields(), fields, |m| ui.set_fields(m));
            }
            None => self.facts_screen.editing = None,
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

/// A card's facts in a line (`22 · 14`), choices by their names.
fn summary(card: &str, f: &CardFacts, lang: Lang) -> String {
    let form = crate::table::fact_form(card, &crate::games::FactBook::new(), lang);
    let Some(form) = form else { return String::new() };
    form.fields.iter().filter_map(|field| f.get(&field.key).map(|v| shown(field, v))).collect::<Vec<_>>().join(" · ")
}

/// A value as the form shows it.
fn shown(f: &crate::table::FormField, v: &Value) -> String {
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

/// One field as `FactsUi` shows it; its lists in the models of the field
/// shown in its place before (`before`, see `nested`).
fn field_item(f: &crate::table::FormField, v: &Value, lang: Lang, before: Option<FactField>) -> FactField {
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
    let options: Vec<SharedString> = f.options.iter().map(|(_, name)| name.into()).collect();
    let values: Vec<i32> =
        v.as_array().map(|a| a.iter().filter_map(Value::as_i64).map(|n| n as i32).collect()).unwrap_or_default();
    // A field's name starts a line on the form (mid-sentence in messages).
    let mut name = f.name.chars();
    let name: String = name.next().map(|c| c.to_uppercase().chain(name).collect()).unwrap_or_default();
    FactField {
        name: name.into(),
        kind: f.kind.clone().into(),
        value: shown(f, v).into(),
        hint: hint.into(),
        options: super::nested(before.as_ref().map(|b| b.options.clone()), options),
        selected,
        values: super::nested(before.map(|b| b.values), values),
        min: f.min.unwrap_or(0) as i32,
        max: f.max.unwrap_or(0) as i32,
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
    use super::unset_step;

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
}
